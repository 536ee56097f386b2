/* Harness of the matcher (re.c): a 2-character pattern against a 2-character text. A pattern
 * `^b` matching a text that starts with `b` is the planted bug (reach_error):
 *   kappa verify --mode classic tests/programs/multi/re_harness.c tests/programs/multi/re.c
 */
#include "re.h"

extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

static int in(char c, const char *set) {
  for (; *set; set++)
    if (*set == c)
      return 1;
  return 0;
}

int main(void) {
  char re[3], text[3];
  for (int i = 0; i < 2; i++) {
    re[i] = __VERIFIER_nondet_char();
    __VERIFIER_assume(in(re[i], "ab.*^$"));
    text[i] = __VERIFIER_nondet_char();
    __VERIFIER_assume(in(text[i], "ab"));
  }
  re[2] = text[2] = '\0';
  int m = re_match(re, text);
  /* `..` matches any two characters */
  if (re[0] == '.' && re[1] == '.' && !m)
    reach_error();
  if (m && re[0] == '^' && re[1] == 'b')
    reach_error();
  return m;
}
