/* A small tokenizer in the style of single-header JSON tokenizers (jsmn): the harness and
 * the library are separate translation units, linked. */
#ifndef TOK_H
#define TOK_H

enum tok_kind { TOK_END, TOK_WORD, TOK_NUM, TOK_PUNCT, TOK_ERROR };

struct token {
  enum tok_kind kind;
  int start; /* offset of the first character in the input */
  int len;   /* number of characters */
};

struct lexer {
  const char *src;
  int pos;
  int len;
};

void tok_init(struct lexer *lx, const char *src, int len);
/* The next token, by value. */
struct token tok_next(struct lexer *lx);
/* Tokens read so far by every lexer. */
extern int tok_count;

#endif
