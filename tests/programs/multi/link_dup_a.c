/* Linked with link_dup_b.c: `scale` is defined in both files (the linker's "multiple
 * definition"); kappa stops with the position of the second and exit code 2. */
int scale(int v);
int main(void) { return scale(2); }
int scale(int v) { return v * 3; }
