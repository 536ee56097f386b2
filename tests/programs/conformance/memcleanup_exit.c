// kappa-expect: property=valid-memcleanup verdict=false
// a block kept in a global is not freed when a helper calls exit(0)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *table;
void finish(int code) { exit(code); }
int main(void) {
  table = malloc(4 * sizeof(int));
  if (!table) return 0;
  table[0] = __VERIFIER_nondet_int();
  if (table[0] == 42) finish(0);
  free(table);
  return 0;
}
