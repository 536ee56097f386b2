// kappa-expect-error: main
int helper(int x)
{
    return x * 3;
}

int other(void)
{
    return helper(4);
}
