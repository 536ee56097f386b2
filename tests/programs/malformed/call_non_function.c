// kappa-expect-error: function
// kappa-expect-pos: 6:12
int main(void)
{
    int f = 3;
    return f(2);
}
