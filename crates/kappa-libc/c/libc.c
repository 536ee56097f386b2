/* The C library model of kappa: one translation unit, lowered by kappa's own front-end and
   linked into programs that call these functions without defining them. */
#include "ctype.c"
#include "stdlib.c"
#include "string.c"
#include "stdio.c"
#include "format.c"
