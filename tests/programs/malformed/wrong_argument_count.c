// kappa-expect-error: argument
// kappa-expect-pos: 10:12
int add(int a, int b)
{
    return a + b;
}

int main(void)
{
    return add(1);
}
