// kappa-expect: property=unreach-call verdict=unknown (unsupported: bit-field `w` of type `long long`)
// bit-fields wider than int in a packed struct are refused by name, not laid out differently
extern void abort(void);
void reach_error(void) { abort(); }
struct __attribute__((packed)) rec {
  unsigned a : 3;
  long long w : 40;
};
int main(void) {
  struct rec r;
  r.a = 1;
  if (r.a == 1) reach_error();
  return 0;
}
