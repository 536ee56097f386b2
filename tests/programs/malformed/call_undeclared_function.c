// kappa-expect-error: frobnicate
// kappa-expect-pos: 6:12
int main(void)
{
    int v = 2;
    return frobnicate(v);
}
