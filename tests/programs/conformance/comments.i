// kappa-expect: property=unreach-call verdict=false
// a preprocessed file that still holds comments, as some SV-COMP .i files do (gcc accepts them)
# 1 "comments.c"
extern void abort(void);
/* the error function */
void reach_error(void) { abort(); } // calls abort
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(); /* any value */
  // a multi-line
  // comment
  if (x == 1234) /* the one */ reach_error();
  return 0;
}
