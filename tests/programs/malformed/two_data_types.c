// kappa-expect-error: two or more data types
// kappa-expect-pos: 6:9
int main(void)
{
    unsigned int u = 1;
    int int x = 2;
    long long int y = 3;
    unsigned long z = 4;
    short int s = 5;
    long double d = 6;
    signed char c = 7;
    return x + (int) y + (int) z + s + (int) d + c + (int) u;
}
