// kappa-expect-error: case
// kappa-expect-pos: 13:5
int main(void)
{
    int x = 2, r = 0;
    switch (x) {
    case 1:
        r = 10;
        break;
    case 2:
        r = 20;
        break;
    case 1:
        r = 30;
        break;
    }
    return r;
}
