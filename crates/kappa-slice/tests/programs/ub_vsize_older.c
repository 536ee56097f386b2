// Two buffers of sizes read at run time from one allocation site: the write goes past the end of
// the older one (its size is not the one the slicer tracks exactly), so it must be listed.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int count;
int main(void) {
  unsigned char *b[2];
  for (int j = 0; j < 2; j++) {
    unsigned long n = j == 0 ? 2 : 8;
    b[j] = malloc(n);
    if (!b[j]) return 0;
    count++;
  }
  b[0][5] = 1;
  if (count != 2) reach_error();
  return 0;
}
