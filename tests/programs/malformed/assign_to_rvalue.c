// kappa-expect-error: lvalue
// kappa-expect-pos: 6:11
int main(void)
{
    int x = 1;
    x + 1 = 5;
    return x;
}
