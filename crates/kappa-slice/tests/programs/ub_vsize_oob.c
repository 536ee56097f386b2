// Buffers of a size read at run time, allocated in a loop: the write one past the end of the
// most recent buffer is undefined behaviour the slice must list.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int allocated;
int main(void) {
  int k = __VERIFIER_nondet_int();
  for (int j = 0; j < k && j < 3; j++) {
    unsigned long n = (unsigned long)(__VERIFIER_nondet_int() & 7) + 1;
    unsigned char *b = malloc(n);
    if (!b) return 0;
    allocated++;
    b[n] = 1;
    allocated--;
    free(b);
  }
  if (allocated != 0) reach_error();
  return 0;
}
