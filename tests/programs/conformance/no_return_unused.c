// kappa-expect: property=unreach-call verdict=false
// update() falls off its end on one path; its callers never use the value (defined behaviour in C), and the error is reachable after it
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int counter;
int update(int v) {
  if (v > 0) {
    counter += v;
    return counter;
  }
  counter--;
}
int main(void) {
  update(__VERIFIER_nondet_int());
  update(__VERIFIER_nondet_int());
  if (counter == -2) reach_error();
  return 0;
}
