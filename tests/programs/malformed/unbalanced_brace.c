// kappa-expect-error: expected
// kappa-expect-pos: 10:1
int max(int a, int b)
{
    if (a > b) {
        return a;
    }
    return b;
}
}

int main(void)
{
    return max(1, 2);
}
