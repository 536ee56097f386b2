// kappa-expect: property=unreach-call verdict=true
// an 8-bit ripple-carry adder written out bit by bit (about 25 branches in the loop body) agrees with + on every iteration
extern void abort(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
#define BIT(k) \
  ab = (a >> k) & 1; bb = (b >> k) & 1; \
  if (ab ^ bb ^ c) r |= (1u << k); \
  if ((ab && bb) || (c && (ab || bb))) c = 1; else c = 0;
int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    unsigned char a = __VERIFIER_nondet_uchar(), b = __VERIFIER_nondet_uchar();
    unsigned int r = 0, c = 0, ab, bb;
    BIT(0) BIT(1) BIT(2) BIT(3) BIT(4) BIT(5) BIT(6) BIT(7)
    __VERIFIER_assert((unsigned char)r == (unsigned char)(a + b));
  }
  return 0;
}
