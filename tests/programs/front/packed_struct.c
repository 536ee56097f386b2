// kappa-expect: property=unreach-call verdict=unknown (unsupported: packed structs (member `x` of a packed struct))
// a packed struct is 5 bytes with gcc; kappa does not lay packed structs out as gcc does, so it
// says so instead of answering with its own layout (the attribute before the tag, which the C
// parser kappa uses does not read, is taken out of the text and remembered)
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
struct __attribute__((packed)) rec {
  char c;
  int x;
};
int main(void) {
  struct rec r;
  r.x = __VERIFIER_nondet_int();
  if (r.x == 3) reach_error();
  return 0;
}
