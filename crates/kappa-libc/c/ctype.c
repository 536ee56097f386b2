/* <ctype.h> in the C locale. glibc's macros index the tables behind __ctype_b_loc(),
   __ctype_tolower_loc() and __ctype_toupper_loc() (for c in [-128, 255]); the functions give the
   same answers. */
#include <ctype.h>
#include "ctype_tables.h"

#undef isalnum
#undef isalpha
#undef iscntrl
#undef isdigit
#undef islower
#undef isgraph
#undef isprint
#undef ispunct
#undef isspace
#undef isupper
#undef isxdigit
#undef isblank
#undef isascii
#undef toascii
#undef tolower
#undef toupper

static const unsigned short *__kappa_ctype_b = __kappa_ctype_b_table + 128;
static const int *__kappa_ctype_tolower = __kappa_ctype_tolower_table + 128;
static const int *__kappa_ctype_toupper = __kappa_ctype_toupper_table + 128;

const unsigned short **__ctype_b_loc(void) {
    return &__kappa_ctype_b;
}

const int **__ctype_tolower_loc(void) {
    return &__kappa_ctype_tolower;
}

const int **__ctype_toupper_loc(void) {
    return &__kappa_ctype_toupper;
}

static int __kappa_is(int c, unsigned short bit) {
    return (__kappa_ctype_b[c] & bit) != 0;
}

int isalnum(int c) { return __kappa_is(c, (unsigned short)_ISalnum); }
int isalpha(int c) { return __kappa_is(c, (unsigned short)_ISalpha); }
int iscntrl(int c) { return __kappa_is(c, (unsigned short)_IScntrl); }
int isdigit(int c) { return __kappa_is(c, (unsigned short)_ISdigit); }
int islower(int c) { return __kappa_is(c, (unsigned short)_ISlower); }
int isgraph(int c) { return __kappa_is(c, (unsigned short)_ISgraph); }
int isprint(int c) { return __kappa_is(c, (unsigned short)_ISprint); }
int ispunct(int c) { return __kappa_is(c, (unsigned short)_ISpunct); }
int isspace(int c) { return __kappa_is(c, (unsigned short)_ISspace); }
int isupper(int c) { return __kappa_is(c, (unsigned short)_ISupper); }
int isxdigit(int c) { return __kappa_is(c, (unsigned short)_ISxdigit); }
int isblank(int c) { return __kappa_is(c, (unsigned short)_ISblank); }
int isascii(int c) { return (c & ~0x7f) == 0; }
int toascii(int c) { return c & 0x7f; }

int tolower(int c) {
    return c >= -128 && c < 256 ? __kappa_ctype_tolower[c] : c;
}

int toupper(int c) {
    return c >= -128 && c < 256 ? __kappa_ctype_toupper[c] : c;
}
