// kappa-expect: verdict=true
// class: template. the first index holding a key in an array of 1000 arbitrary values holds the key, and none before it
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 1000
int a[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    int key = __VERIFIER_nondet_int(), i = 0;
    while (i < N && a[i] != key) i++;
    if (i < N) assert(a[i] == key);
    int j = __VERIFIER_nondet_int();
    __VERIFIER_assume(j >= 0 && j < i);
    assert(a[j] != key);
    return 0;
}
