// Buffers of a size read at run time, allocated in a loop (a heap site of symbolic size that may
// run several times), each filled within its size and freed; the property is on a counter.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int allocated;
unsigned char *get_buf(unsigned long n) {
  unsigned char *p = malloc(n);
  if (!p) return 0;
  for (unsigned long i = 0; i < n; i++) p[i] = 0;
  allocated++;
  return p;
}
void put_buf(unsigned char *p) {
  if (p) { allocated--; free(p); }
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  for (int j = 0; j < k && j < 3; j++) {
    unsigned long n = (unsigned long)(__VERIFIER_nondet_int() & 7) + 1;
    unsigned char *b = get_buf(n);
    if (b) { b[n - 1] = 1; put_buf(b); }
  }
  if (allocated != 0) reach_error();
  return 0;
}
