// kappa-expect: property=unreach-call verdict=false
// C89: library functions called with no prototype in the file (no #include): kappa uses its
// model's prototypes and warns, as gcc does (realloc returns a pointer, not an int)
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  char *p = malloc(4);
  if (!p) return 0;
  p = realloc(p, 16);
  if (!p) return 0;
  memset(p, 'a', 15);
  p[15] = 0;
  int n = __VERIFIER_nondet_int();
  if (n >= 0 && n < 15) p[n] = 0;
  if (strlen(p) == 3) reach_error();
  free(p);
  return 0;
}
