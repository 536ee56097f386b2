// kappa-expect: property=valid-memsafety verdict=true
// unseen (lead, 2026-12-02): memcpy and memset within bounds of a struct and an array
#include <string.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct rec { int id; char name[8]; };
int main(void) {
  struct rec a, b;
  a.id = __VERIFIER_nondet_int();
  memset(a.name, 'x', sizeof a.name);
  memcpy(&b, &a, sizeof a);
  int *arr = malloc(6 * sizeof(int));
  if (!arr) return 0;
  memset(arr, 0, 6 * sizeof(int));
  memcpy(arr + 2, &b.id, sizeof(int));
  int r = arr[2] == a.id && b.name[7] == 'x';
  free(arr);
  return r;
}
