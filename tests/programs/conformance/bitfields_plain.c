// kappa-expect: property=unreach-call verdict=false
// a plain struct with bit-fields as gcc lays it out on x86-64 (12 bytes: c starts a new int
// unit, d at offset 8); kappa once gave every bit-field a whole int and answered true here
extern void abort(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
struct S { unsigned a : 3; unsigned b : 7; unsigned c : 30; char d; };
struct S g;
int main(void) {
  unsigned v = __VERIFIER_nondet_uint();
  g.d = 5;
  unsigned char *p = (unsigned char *)&g;
  if (p[8] == 5 && v == 100) reach_error();
  return 0;
}
