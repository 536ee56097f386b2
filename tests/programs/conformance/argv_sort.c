// kappa-expect: property=unreach-call verdict=true
// the characters of argv[1] are sorted by insertion sort, only when argc >= 2; the result is sorted
#include <string.h>
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(int argc, char **argv) {
  if (argc < 2) return 0;
  char buf[8];
  size_t n = strlen(argv[1]);
  if (n > 7) n = 7;
  memcpy(buf, argv[1], n);
  for (size_t i = 1; i < n; i++) {
    char key = buf[i];
    size_t j = i;
    while (j > 0 && buf[j - 1] > key) {
      buf[j] = buf[j - 1];
      j--;
    }
    buf[j] = key;
  }
  for (size_t i = 1; i < n; i++) __VERIFIER_assert(buf[i - 1] <= buf[i]);
  return 0;
}
