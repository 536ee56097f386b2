// kappa-expect-error: operand
// kappa-expect-pos: 5:13
int main(void)
{
    int x = "str" * 2;
    return x;
}
