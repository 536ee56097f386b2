/* A regular-expression matcher (Kernighan and Pike's: c . ^ $ *), as a library of its own. */
#ifndef RE_H
#define RE_H
int re_match(const char *re, const char *text);
#endif
