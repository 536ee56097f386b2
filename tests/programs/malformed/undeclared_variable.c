// kappa-expect-error: undeclared
// kappa-expect-pos: 6:16
int main(void)
{
    int x = 4;
    return x + y;
}
