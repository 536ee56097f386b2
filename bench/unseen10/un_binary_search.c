// kappa-expect: verdict=true
// unseen (audit10, 2026-12-04): binary search in 3i+1; found iff key is one of the values
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int a[16];
int main(void) {
  for (int i = 0; i < 16; i++) a[i] = 3 * i + 1;
  int key = __VERIFIER_nondet_int();
  int lo = 0, hi = 15, found = -1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key) {
      found = mid;
      break;
    }
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  if (found >= 0)
    __VERIFIER_assert(a[found] == key && key % 3 == 1);
  else
    __VERIFIER_assert(key < 1 || key > 46 || key % 3 != 1);
  return 0;
}
