// kappa-expect-error: operand
// kappa-expect-pos: 11:13
struct s {
    int a;
};

int main(void)
{
    struct s x;
    x.a = 1;
    int y = x + 1;
    return y;
}
