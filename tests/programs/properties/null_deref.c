// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// a lookup returns NULL for keys it does not hold, and the caller dereferences it
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static int table[4] = {3, 5, 7, 11};
int *find(int key) {
  for (int i = 0; i < 4; i++)
    if (table[i] == key) return &table[i];
  return 0;
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  int *p = find(k);
  return *p;
}
