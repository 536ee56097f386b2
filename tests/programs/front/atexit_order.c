// kappa-expect: property=unreach-call verdict=false
// atexit: handlers run last registered first, at exit() and at the return from main; the
// error needs h2 to run before h1 (trace 21) and is reached on both ways out of main
#include <stdlib.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int trace;
void h1(void) { trace = trace * 10 + 1; if (trace == 21) reach_error(); }
void h2(void) { trace = trace * 10 + 2; }
int main(void) {
  if (atexit(h1) != 0 || atexit(h2) != 0) return 1;
  if (__VERIFIER_nondet_int()) exit(3);
  return 0;
}
