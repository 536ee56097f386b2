// kappa-expect: property=unreach-call verdict=false
// 102,400 nondet chars are read, then searched for one more nondet char; the error is reached when the first match is at index 100 or later
extern void abort(void);
extern char __VERIFIER_nondet_char(void);
void reach_error(void) { abort(); }
#define N 102400
char a[N];
int main(void) {
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_char();
  char c = __VERIFIER_nondet_char();
  int i = 0;
  while (i < N && a[i] != c) i++;
  if (i < N && i >= 100) reach_error();
  return 0;
}
