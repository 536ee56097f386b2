/* Harness of the tokenizer (tok.c): 4 nondeterministic characters, tokenised into at most 4
 * tokens; every token must lie inside the input, and each file's static is_delim is its own.
 *   kappa verify --mode classic tests/programs/multi/tok_harness.c tests/programs/multi/tok.c
 */
#include "tok.h"

extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int tok_count; /* the same variable as tok.c's */

/* Not tok.c's is_delim: a static name is its file's own. */
static int is_delim(char c) { return c == 'x'; }

int main(void) {
  char buf[4];
  for (int i = 0; i < 4; i++) {
    buf[i] = __VERIFIER_nondet_char();
    __VERIFIER_assume(buf[i] == 'a' || buf[i] == '1' || buf[i] == ' ' || buf[i] == 'x');
  }
  if (!is_delim('x') || is_delim(' '))
    reach_error(); /* this file's is_delim, not tok.c's */
  struct lexer lx;
  tok_init(&lx, buf, 4);
  int seen = 0;
  for (int k = 0; k < 4; k++) {
    struct token t = tok_next(&lx);
    if (t.kind == TOK_END)
      break;
    if (t.start < 0 || t.len < 1 || t.start + t.len > 4)
      reach_error();
    if (buf[t.start] == ' ')
      reach_error(); /* tok.c's is_delim skips spaces: no token starts at one */
    seen++;
  }
  if (tok_count != seen)
    reach_error();
  return seen;
}
