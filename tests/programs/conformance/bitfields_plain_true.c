// kappa-expect: property=unreach-call verdict=true
// signed and unsigned bit-fields of a plain struct read back truncated and sign-extended as gcc does
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
struct T { char x; int y : 4; short z : 9; unsigned w : 5; };
int main(void) {
  int v = __VERIFIER_nondet_int();
  struct T t = {0};
  t.y = v;
  t.z = v;
  t.w = v;
  int y = v & 15; if (y > 7) y -= 16;
  int z = v & 511; if (z > 255) z -= 512;
  if (t.y != y || t.z != z || t.w != (unsigned)(v & 31) || t.x != 0) reach_error();
  if (sizeof(struct T) != 4) reach_error();
  return 0;
}
