// A null dereference on a path that never calls reach_error(): SV-COMP counts the task true
// (kappa verify TASK.yml, --ub stop); kappa's default (--ub report) answers unknown.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "null_deref_unreach.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int *p = 0;
  if (x > 10) {
    return *p;
  }
  if (x > 20) {
    reach_error();
  }
  return 0;
}
