// A decision tree over the bits of two nondet words, as a classifier would be: 2^10 leaves.
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
    int leaf = 0;
    for (int k = 0; k < 5; k++) {
        if ((x >> (3 * k)) & 1u) leaf = leaf * 2 + 1; else leaf = leaf * 2;
        if (((x ^ y) >> (5 * k)) & 1u) leaf = leaf * 2 + 1; else leaf = leaf * 2;
    }
    return leaf;
}
