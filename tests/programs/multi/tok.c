#include "tok.h"

int tok_count; /* a tentative definition; tok_harness.c has another */

/* The library's own idea of a delimiter; tok_harness.c has a static is_delim of its own. */
static int is_delim(char c) { return c == ' ' || c == ','; }

static int is_digit(char c) { return c >= '0' && c <= '9'; }

void tok_init(struct lexer *lx, const char *src, int len) {
  lx->src = src;
  lx->pos = 0;
  lx->len = len;
}

struct token tok_next(struct lexer *lx) {
  struct token t;
  while (lx->pos < lx->len && is_delim(lx->src[lx->pos]))
    lx->pos++;
  t.start = lx->pos;
  t.len = 0;
  if (lx->pos >= lx->len) {
    t.kind = TOK_END;
    return t;
  }
  char c = lx->src[lx->pos];
  if (is_digit(c)) {
    t.kind = TOK_NUM;
    while (lx->pos < lx->len && is_digit(lx->src[lx->pos]))
      lx->pos++;
  } else if (c == '[' || c == ']') {
    t.kind = TOK_PUNCT;
    lx->pos++;
  } else if (c >= 'a' && c <= 'z') {
    t.kind = TOK_WORD;
    while (lx->pos < lx->len && !is_delim(lx->src[lx->pos]) && lx->src[lx->pos] != '[' &&
           lx->src[lx->pos] != ']')
      lx->pos++;
  } else {
    t.kind = TOK_ERROR;
    lx->pos++;
  }
  t.len = lx->pos - t.start;
  tok_count++;
  return t;
}
