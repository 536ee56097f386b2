// kappa-expect-error: break
// kappa-expect-pos: 7:9
int main(void)
{
    int x = 3;
    if (x > 2)
        break;
    return x;
}
