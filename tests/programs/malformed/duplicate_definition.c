// kappa-expect-error: defin
// kappa-expect-pos: 8:5
int twice(int x)
{
    return 2 * x;
}

int twice(int x)
{
    return x + x;
}

int main(void)
{
    return twice(2);
}
