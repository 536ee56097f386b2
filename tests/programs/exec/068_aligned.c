/* `__attribute__((aligned(N)))` on structs (after the body) and on members, as gcc lays them
   out: a struct's alignment and size rounded up, a member's offset, in a packed struct too. */
#include <stdio.h>
#include <stddef.h>
struct S { char c; } __attribute__((aligned(16)));
struct T { int x; struct S s; int y; };
struct V { char c; int w __attribute__((aligned(8))); };
struct W { char c; __attribute__((aligned(4))) char d; char e; };
struct __attribute__((packed)) P { char c; int w __attribute__((aligned(4))); };
struct X { short a; } __attribute__((aligned));
int main(void){ printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct S), sizeof(struct T), offsetof(struct T, y), sizeof(struct V), sizeof(struct W), offsetof(struct W, e), sizeof(struct P), sizeof(struct X)); return 0; }
