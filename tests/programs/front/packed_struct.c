// kappa-expect: property=unreach-call verdict=false
// a packed struct is 5 bytes with gcc and `x` sits at offset 1; kappa lays it out as gcc does
// (the attribute before the tag, which the C parser kappa uses does not read, is taken out of
// the text and remembered, and kept in the text replay compiles)
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
  unsigned char *p = (unsigned char *)&r;
  if (sizeof(struct rec) == 5 && p[1] == 3 && r.x == 3) reach_error();
  return 0;
}
