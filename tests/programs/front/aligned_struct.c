// kappa-expect: property=unreach-call verdict=unknown (unsupported: structs with `__attribute__((aligned))` (sizeof of one))
// `aligned` before the tag changes the struct's size, which kappa does not model: it says so
extern void abort(void);
void reach_error(void) { abort(); }
struct __attribute__((aligned(16))) rec {
  char c;
};
int main(void) {
  if (sizeof(struct rec) == 16) reach_error();
  return 0;
}
