// kappa-expect: property=unreach-call verdict=false
// a byte sum over 100,000,000 iterations: c = 100000000 * b mod 256 = 0 for every b (issue 20: unrolled classically it built a term 10^8 deep; its template is a progression modulo 2^8)
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned char b = __VERIFIER_nondet_uchar();
  unsigned int n = 0;
  unsigned char c = 0;
  while (n < 100000000u) { c = (unsigned char)(c + b); n++; }
  __VERIFIER_assert(c != 0 || b == 0);
  return 0;
}
