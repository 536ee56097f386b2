// The promotional example of section 1: the target is z at the end.
extern int __VERIFIER_nondet_int(void);
int z;

int main(void)
{
    int c, p, x;
    c = __VERIFIER_nondet_int();
    if (c)
        p = 1;
    else
        p = 0;
    x = 0;
    if (p)
        x++;
    if (x == 0)
        z = 1;
    return 0;
}
