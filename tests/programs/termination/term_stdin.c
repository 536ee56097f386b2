// kappa-expect: property=termination verdict=true
// reading standard input to its end: the read position moves, no state repeats
#include <stdio.h>
int main(void) {
  int c, n = 0;
  while ((c = getchar()) != EOF) n++;
  return n > 0;
}
