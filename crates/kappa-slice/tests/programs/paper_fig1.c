// The running example of section 2 (Fig. 1a): the target is z at the end.
extern int __VERIFIER_nondet_int(void);
int z;

int main(void)
{
    int c, d, flag, x, y;
    c = __VERIFIER_nondet_int();
    if (c)
        flag = 1;
    else
        flag = 0;
    x = 1;
    d = __VERIFIER_nondet_int();
    if (d)
        y = 1;
    else
        y = 2;
    if (flag)
        z = y + x;
    else
        z = x;
    return 0;
}
