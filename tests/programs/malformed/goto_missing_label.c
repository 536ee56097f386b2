// kappa-expect-error: label
// kappa-expect-pos: 8:18
int main(void)
{
    int i = 0;
    while (i < 10) {
        if (i == 5)
            goto done;
        i++;
    }
    return 1;
}
