// kappa-expect-error: continue
// kappa-expect-pos: 8:9
int main(void)
{
    int x = 3;
    switch (x) {
    case 3:
        continue;
    }
    return x;
}
