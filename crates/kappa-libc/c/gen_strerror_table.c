#include <stdio.h>
#include <string.h>
int main(void) {
  printf("/* Generated from glibc's messages in the \"C\" locale by gen_strerror_table.c: strerror(e) for\n   every e that has a message (glibc writes \"Unknown error E\" for the others). */\n");
  printf("static const char *__kappa_strerror_message(int e) {\n    switch (e) {\n");
  for (int e = 0; e < 200; e++) {
    const char *m = strerror(e);
    if (strncmp(m, "Unknown error", 13) != 0)
      printf("    case %d: return \"%s\";\n", e, m);
  }
  printf("    default: return NULL;\n    }\n}\n");
}
