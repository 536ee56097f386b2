// kappa-expect: property=no-overflow verdict=true
// unseen (lead, 2026-12-02): char arithmetic is done in int; the conversion back is not an overflow
extern int __VERIFIER_nondet_int(void);
int main(void) {
  signed char c = 127;
  short s = 32767;
  if (__VERIFIER_nondet_int()) { c = c + 1; s = s + 1; }
  return c + s;
}
