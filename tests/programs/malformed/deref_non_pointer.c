// kappa-expect-error: pointer
// kappa-expect-pos: 6:13
int main(void)
{
    int x = 7;
    int y = *x;
    return y;
}
