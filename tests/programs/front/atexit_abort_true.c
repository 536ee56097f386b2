// kappa-expect: property=unreach-call verdict=true
// atexit: handlers do not run at abort() or _exit(), and a handler registered twice runs twice
#include <stdlib.h>
#include <unistd.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int runs;
void h(void) { runs++; }
void check(void) { if (runs != 2) reach_error(); }
int main(void) {
  atexit(check);
  atexit(h);
  atexit(h);
  int x = __VERIFIER_nondet_int();
  if (x == 1) abort();
  if (x == 2) _exit(0);
  if (x == 3) exit(0);
  return 0;
}
