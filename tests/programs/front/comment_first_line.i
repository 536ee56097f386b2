/* A CIL-like .i file: comments survive (gcc accepts them); a string and a character
   literal that look like comments stay as they are. */
// kappa-expect: property=unreach-call verdict=false
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); } // the error
int main(void) {
  char *s = "/* not a comment */ // nor this"; /* a comment, then code */ char c = '/';
  int x = __VERIFIER_nondet_int(); // x is an input
  if (x == 42 && s[0] == c && s[1] == '*') reach_error();
  return 0;
}
