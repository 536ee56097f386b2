// GCC's nonnull attribute in its two forms, on a prototype and on a definition: only `a` of
// `first` and `b` of `second` may be null, so only they have null_deref paths.
struct s {
    int v;
};
int first(struct s *a, struct s *b) __attribute__((nonnull(2)));
int first(struct s *a, struct s *b) {
    return a->v + b->v;
}
__attribute__((nonnull)) int both(struct s *a, struct s *b) {
    return a->v - b->v;
}
__attribute__((nonnull(1))) int second(struct s *a, struct s *b) {
    return a->v * b->v;
}
