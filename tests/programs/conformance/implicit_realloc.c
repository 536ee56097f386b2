// kappa-expect: property=valid-memsafety verdict=true
// malloc, realloc and free are used without a prototype (C89 implicit declarations); gcc warns and links the library's functions
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int *a = (int *)malloc(n * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i < n; i++) a[i] = i;
  int *b = (int *)realloc(a, 2 * n * sizeof(int));
  if (!b) { free(a); return 0; }
  for (int i = n; i < 2 * n; i++) b[i] = b[i - n] + n;
  free(b);
  return 0;
}
