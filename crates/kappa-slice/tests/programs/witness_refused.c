// Merging condition (b), the witness check (section 4.1): at the join after the first branch
// the state with c <= 0 implies the interpolant (true: no path below is infeasible under
// c > 0), but the witness of x (c > 5, the path on which x reaches z) is infeasible under
// c <= 0. The state must be explored, not merged: under c <= 0 the slice has z = 0 only.
extern int __VERIFIER_nondet_int(void);
int z;

int main(void)
{
    int c, x, y;
    c = __VERIFIER_nondet_int();
    x = __VERIFIER_nondet_int();
    if (c > 0)
        y = 1;
    else
        y = 2;
    if (c > 5)
        z = x + y - y;
    else
        z = 0;
    return 0;
}
