#include <ctype.h>
#include <stdio.h>
int main(void) {
  const unsigned short *b = *__ctype_b_loc();
  const int *lo = *__ctype_tolower_loc(), *up = *__ctype_toupper_loc();
  printf("/* Generated from glibc's C locale by gen_ctype_tables.c. Index c + 128\n   for c in [-128, 255]. */\n");
  printf("static const unsigned short __kappa_ctype_b_table[384] = {");
  for (int c = -128; c < 256; c++) printf("%s%u", (c + 128) % 12 ? ", " : ",\n    ", b[c]);
  printf("\n};\nstatic const int __kappa_ctype_tolower_table[384] = {");
  for (int c = -128; c < 256; c++) printf("%s%d", (c + 128) % 12 ? ", " : ",\n    ", lo[c]);
  printf("\n};\nstatic const int __kappa_ctype_toupper_table[384] = {");
  for (int c = -128; c < 256; c++) printf("%s%d", (c + 128) % 12 ? ", " : ",\n    ", up[c]);
  printf("\n};\n");
}
