// kappa-expect: verdict=true
// every argument is compared with "-v" within the bound: no path reads past it, so true stands
#include <string.h>
extern void abort(void);
void reach_error(void) { abort(); }
int main(int argc, char **argv) {
  int verbose = 0;
  if (argc > 1 && strcmp(argv[1], "-v") == 0) verbose = 1;
  if (verbose && argc < 2) reach_error();
  return 0;
}
