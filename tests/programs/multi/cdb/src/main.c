/* A program whose include path and macros come from its compilation database:
 *   kappa verify --compile-commands tests/programs/multi/cdb \
 *     tests/programs/multi/cdb/src/main.c tests/programs/multi/cdb/src/count.c
 * main.c is built with -DLIMIT=3; count.c with -DLIMIT=3 -DSTRICT, which makes count_below
 * stop at the limit. */
#include "cfg.h"

extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);

int main(void) {
  char s[LIMIT + 1];
  for (int i = 0; i < LIMIT + 1; i++)
    s[i] = __VERIFIER_nondet_char();
  int n = count_below(s, LIMIT + 1, 'm');
  if (n > LIMIT)
    reach_error(); /* unreachable only with count.c's -DSTRICT */
  return n;
}
