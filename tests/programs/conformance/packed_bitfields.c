// kappa-expect: property=unreach-call verdict=false
// a packed struct with bitfields (5 bytes with gcc on x86-64); the error needs field b to wrap and d to be negative
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
struct __attribute__((packed)) rec {
  unsigned a : 3;
  unsigned b : 5;
  unsigned char c;
  int d : 7;
  unsigned e : 12;
};
int main(void) {
  struct rec r;
  r.a = 5;
  r.b = __VERIFIER_nondet_int();
  r.c = 200;
  r.d = __VERIFIER_nondet_int();
  r.e = 4000;
  if (sizeof(struct rec) != 5) return 0;
  unsigned char *p = (unsigned char *)&r;
  if (p[0] == 0xfd && r.d < -60 && r.e == 4000 && r.c == 200) reach_error();
  return 0;
}
