#include "cfg.h"

/* Characters of s below c; with STRICT, at most LIMIT of them. */
int count_below(const char *s, int n, char c) {
  int k = 0;
  for (int i = 0; i < n; i++) {
#ifdef STRICT
    if (k == LIMIT)
      break;
#endif
    if (s[i] < c)
      k++;
  }
  return k;
}
