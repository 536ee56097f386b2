// kappa-expect: verdict=false
/* The bug needs argv[1] to be "x": with argc = 1 only it is unreachable. */
#include <string.h>

extern void reach_error(void);

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "x") == 0)
        reach_error();
    return 0;
}
