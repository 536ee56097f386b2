// The POSE paper's sum (Fig. 1b): a straight-line sum of the val fields of three nodes.
struct sample {
    int val;
    struct sample *next;
};
__attribute__((nonnull(1))) int sum(struct sample *this, struct sample *s0, struct sample *s1, struct sample *s2) {
    int v = s0->val;
    v = v + s1->val;
    v = v + s2->val;
    return v;
}
