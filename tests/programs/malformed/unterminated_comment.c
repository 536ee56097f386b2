// kappa-expect-error: comment
// kappa-expect-pos: 5:16
int main(void)
{
    int x = 1; /* this comment never ends
    return x;
}
