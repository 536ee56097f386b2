/* Second definition of link_dup_a.c's `scale`. */
int scale(int v) { return v * 4; }
