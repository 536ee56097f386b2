// kappa-expect: property=unreach-call verdict=false
// a struct with a trailing __attribute__((aligned(16))) is 16 bytes with gcc; kappa once ignored
// the attribute (1 byte) and answered true here
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
struct S { char c; } __attribute__((aligned(16)));
struct V { char c; int w __attribute__((aligned(8))); };
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (sizeof(struct S) == 16 && sizeof(struct V) == 16 && v == 3) reach_error();
  return 0;
}
