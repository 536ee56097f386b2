// kappa-expect-error: expected
// kappa-expect-pos: 6:5
int main(void)
{
    int x = 1
    return x;
}
