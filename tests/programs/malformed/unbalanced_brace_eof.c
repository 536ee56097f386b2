// kappa-expect-error: expected
int main(void)
{
    int i, s = 0;
    for (i = 0; i < 10; i++) {
        s += i;
    return s;
}
