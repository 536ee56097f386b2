// kappa-expect-error: asm
// kappa-expect-pos: 8:9
int main(void)
{
    int i, n = 0;
    for (i = 0; i < 3; i++) {
        n += i;
        __asm__ volatile("nop");
    }
    return n;
}
