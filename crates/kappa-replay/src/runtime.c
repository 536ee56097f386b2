/* kappa replay runtime: linked with the instrumented program, it feeds the test's inputs to the
 * instrumented input sites in order and reports errors and divergences to kappa on stderr with
 * lines starting "KAPPA-REPLAY". The test data comes from the file named by KAPPA_REPLAY_DATA:
 *
 *   args N  v1 … vN
 *   heap K
 *   SIZE NPTRS HEXBYTES (OFFSET TARGET){NPTRS}   (K lines: the input heap's objects 1..K)
 *   inputs M
 *   SITE VALUE NBYTES HEXBYTES     (M lines)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

#define KAPPA_EXIT_ASSUME 215
#define KAPPA_EXIT_SETUP 216
#define KAPPA_EXIT_ERROR 217
#define KAPPA_EXIT_DIVERGED 218

struct kappa_input {
    int site;
    unsigned long long value;
    unsigned long len;
    unsigned char *bytes;
};

static struct kappa_input *kappa_in;
static long kappa_n, kappa_pos;
static unsigned long long *kappa_args;
static long kappa_nargs;
/* The input heap of an entry function with pointer parameters: object k is kappa_heap[k]. */
static void **kappa_heap;
static long kappa_nheap;

/* LeakSanitizer's check, present when the program runs with it (weak: absent without the
 * sanitizers). SV-COMP's memory properties hold at every end of the program, so when the test
 * expects a leak (KAPPA_REPLAY_LEAKS is set) the check also runs where the program ends by
 * abort(), reach_error() or a failed assert, which LeakSanitizer does not check by itself. If it
 * finds a leak it reports it and exits with the sanitizers' exit code. */
extern void __lsan_do_leak_check(void) __attribute__((weak));
static int kappa_leaks;

/* LeakSanitizer scans the stack conservatively, and its own frames start on stack that earlier,
 * deeper calls used (the allocator's, when the lost block was allocated): a stale copy of the
 * lost pointer in an uninitialised slot of those frames keeps the block "reachable", and
 * whether one lands there depends on the frames in between (the signal frame's size differs
 * between CPUs). The stack below this frame is dead: it is cleared before the check. Not
 * instrumented, so that the buffer is on the real stack (ASan's fake stack takes instrumented
 * locals). */
__attribute__((noinline, no_sanitize_address)) static void kappa_clear_dead_stack(void) {
    volatile char dead[1 << 16];
    for (unsigned i = 0; i < sizeof dead; i++)
        dead[i] = 0;
}

static void kappa_leak_check(void) {
    if (kappa_leaks && __lsan_do_leak_check) {
        kappa_clear_dead_stack();
        __lsan_do_leak_check();
    }
}

static void kappa_on_abort(int sig) {
    (void)sig;
    kappa_leak_check();
    signal(SIGABRT, SIG_DFL);
}

/* Ends the program as abort() does: SIGABRT at its default action. */
__attribute__((noinline, noreturn)) static void kappa_abort_now(void) {
    signal(SIGABRT, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGABRT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGABRT);
    _exit(128 + SIGABRT);
}

/* The program's abort(): the leak check runs right below the program's own frames, not below
 * the C library's abort() and the signal frame, whose slots hold stale copies of pointers the
 * program no longer has (LeakSanitizer would take them for references). No locals here: an
 * uninitialised slot of this frame could hold one too. */
void abort(void) {
    kappa_leak_check();
    kappa_abort_now();
}

/* The program's _Exit() (C11 7.22.4.5): no atexit handler runs, LeakSanitizer's neither, so the
 * check runs here, as at abort(). The runtime's own ends call _exit, which stays glibc's. */
void _Exit(int status) {
    kappa_leak_check();
    _exit(status);
}

static void kappa_setup_failed(const char *what) {
    fprintf(stderr, "\nKAPPA-REPLAY setup %s\n", what);
    _exit(KAPPA_EXIT_SETUP);
}

static void kappa_at_exit(void) {
    fflush(stdout);
    fprintf(stderr, "\nKAPPA-REPLAY consumed %ld\n", kappa_pos);
}

__attribute__((constructor)) static void kappa_load(void) {
    const char *path = getenv("KAPPA_REPLAY_DATA");
    FILE *f;
    long i;
    unsigned long j;
    setvbuf(stdout, NULL, _IONBF, 0);
    if (!path)
        kappa_setup_failed("KAPPA_REPLAY_DATA is not set");
    f = fopen(path, "r");
    if (!f)
        kappa_setup_failed("cannot open the test data");
    if (fscanf(f, " args %ld", &kappa_nargs) != 1 || kappa_nargs < 0)
        kappa_setup_failed("malformed test data (args)");
    kappa_args = calloc((size_t)kappa_nargs + 1, sizeof *kappa_args);
    for (i = 0; i < kappa_nargs; i++)
        if (fscanf(f, " %llu", &kappa_args[i]) != 1)
            kappa_setup_failed("malformed test data (argument)");
    if (fscanf(f, " heap %ld", &kappa_nheap) != 1 || kappa_nheap < 0)
        kappa_setup_failed("malformed test data (heap)");
    kappa_heap = calloc((size_t)kappa_nheap + 1, sizeof *kappa_heap);
    {
        unsigned long *nptrs = calloc((size_t)kappa_nheap + 1, sizeof *nptrs);
        unsigned long **ptrs = calloc((size_t)kappa_nheap + 1, sizeof *ptrs);
        for (i = 1; i <= kappa_nheap; i++) {
            unsigned long size;
            unsigned char *o;
            if (fscanf(f, " %lu %lu ", &size, &nptrs[i]) != 2)
                kappa_setup_failed("malformed test data (heap object)");
            /* Exactly the object's size, so that the sanitizers see every overflow. */
            o = malloc(size ? size : 1);
            for (j = 0; j < size; j++)
                if (fscanf(f, "%2hhx", &o[j]) != 1)
                    kappa_setup_failed("malformed test data (heap bytes)");
            kappa_heap[i] = o;
            ptrs[i] = calloc(2 * nptrs[i] + 1, sizeof **ptrs);
            for (j = 0; j < 2 * nptrs[i]; j++)
                if (fscanf(f, " %lu", &ptrs[i][j]) != 1 || (j % 2 == 1 && ptrs[i][j] > (unsigned long)kappa_nheap))
                    kappa_setup_failed("malformed test data (heap pointer)");
        }
        for (i = 1; i <= kappa_nheap; i++) {
            for (j = 0; j < nptrs[i]; j++) {
                void *target = ptrs[i][2 * j + 1] ? kappa_heap[ptrs[i][2 * j + 1]] : NULL;
                memcpy((unsigned char *)kappa_heap[i] + ptrs[i][2 * j], &target, sizeof target);
            }
            free(ptrs[i]);
        }
        free(ptrs);
        free(nptrs);
    }
    if (fscanf(f, " inputs %ld", &kappa_n) != 1 || kappa_n < 0)
        kappa_setup_failed("malformed test data (inputs)");
    kappa_in = calloc((size_t)kappa_n + 1, sizeof *kappa_in);
    for (i = 0; i < kappa_n; i++) {
        struct kappa_input *in = &kappa_in[i];
        if (fscanf(f, " %d %llu %lu", &in->site, &in->value, &in->len) != 3)
            kappa_setup_failed("malformed test data (input)");
        in->bytes = malloc(in->len + 1);
        for (j = 0; j < in->len; j++)
            if (fscanf(f, "%2hhx", &in->bytes[j]) != 1)
                kappa_setup_failed("malformed test data (bytes)");
    }
    fclose(f);
    atexit(kappa_at_exit);
    kappa_leaks = getenv("KAPPA_REPLAY_LEAKS") != NULL;
    if (kappa_leaks) {
        signal(SIGABRT, kappa_on_abort);
        /* quick_exit() runs no atexit handler, LeakSanitizer's neither: the check is the first
         * handler at_quick_exit registers, so it runs after the program's own (C11 7.22.4.7). */
        at_quick_exit(kappa_leak_check);
    }
}

/* A coverage build (gcov): the counts of a run that ends through _exit are written first, so
   that the tests of errors and of halted paths (which end asking for one input more) count. */
extern void __gcov_dump(void) __attribute__((weak));
static void kappa_coverage_dump(void) {
    if (__gcov_dump)
        __gcov_dump();
}

static void kappa_diverge(int site) {
    fflush(stdout);
    kappa_coverage_dump();
    fprintf(stderr, "\nKAPPA-REPLAY diverged %d %ld\n", site, kappa_pos);
    _exit(KAPPA_EXIT_DIVERGED);
}

static struct kappa_input *kappa_take(int site) {
    if (kappa_pos >= kappa_n || kappa_in[kappa_pos].site != site)
        kappa_diverge(site);
    return &kappa_in[kappa_pos++];
}

unsigned long long __kappa_rt_value(int site) {
    return kappa_take(site)->value;
}

void __kappa_rt_fill(int site, void *p, unsigned long n) {
    struct kappa_input *in;
    if (n == 0 || !p)
        return;
    in = kappa_take(site);
    memset(p, 0, n);
    memcpy(p, in->bytes, in->len < n ? in->len : n);
}

void *__kappa_rt_malloc(int site, unsigned long n) {
    void *p = malloc(n);
    __kappa_rt_fill(site, p, n);
    return p;
}

/* The size the program asked for when it allocated `p` (AddressSanitizer knows it; without it,
   glibc's usable size, which may be a few bytes more). */
extern size_t __sanitizer_get_allocated_size(const volatile void *p) __attribute__((weak));
extern int __sanitizer_get_ownership(const volatile void *p) __attribute__((weak));
extern size_t malloc_usable_size(void *p);

/* realloc at an input site: kappa allocates the new block at the call with the test's bytes and
   copies the old block's bytes over them (C11 7.22.3.5 leaves the rest indeterminate). The input
   is taken before the real realloc, which reports a bad pointer as the program's would. */
void *__kappa_rt_realloc(int site, void *p, unsigned long n) {
    unsigned long old = 0;
    unsigned char *fresh = malloc(n ? n : 1);
    void *q;
    __kappa_rt_fill(site, fresh, n);
    if (p != NULL && __sanitizer_get_allocated_size) {
        if (__sanitizer_get_ownership && __sanitizer_get_ownership(p))
            old = __sanitizer_get_allocated_size(p);
    } else if (p != NULL) {
        old = malloc_usable_size(p);
    }
    q = realloc(p, n);
    if (q != NULL && n > old)
        memcpy((unsigned char *)q + old, fresh + old, n - old);
    free(fresh);
    return q;
}

/* errno, for the program's stand-ins (which include no header). */
#include <errno.h>
int *__kappa_rt_errno(void) {
    return &errno;
}

__attribute__((noreturn)) void __kappa_rt_error(int site) {
    fflush(stdout);
    kappa_leak_check();
    kappa_coverage_dump();
    fprintf(stderr, "\nKAPPA-REPLAY error %d %ld\n", site, kappa_pos);
    _exit(KAPPA_EXIT_ERROR);
}

__attribute__((noreturn)) void __kappa_rt_assert_fail(int site, const char *assertion, const char *file,
                                                      unsigned int line, const char *function) {
    fflush(stdout);
    fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file ? file : "?", line, function ? function : "?",
            assertion ? assertion : "?");
    __kappa_rt_error(site);
}

unsigned long long __kappa_rt_arg(int i) {
    if (i >= kappa_nargs) {
        fflush(stdout);
        fprintf(stderr, "\nKAPPA-REPLAY noarg %d\n", i);
        _exit(KAPPA_EXIT_DIVERGED);
    }
    return kappa_args[i];
}

void *__kappa_rt_heap_arg(int i) {
    unsigned long long id = __kappa_rt_arg(i);
    if (id > (unsigned long long)kappa_nheap) {
        fflush(stdout);
        fprintf(stderr, "\nKAPPA-REPLAY noarg %d\n", i);
        _exit(KAPPA_EXIT_DIVERGED);
    }
    return id ? kappa_heap[id] : NULL;
}

__attribute__((noreturn)) void __kappa_rt_unexpected(const char *name) {
    fflush(stdout);
    fprintf(stderr, "\nKAPPA-REPLAY unexpected %s\n", name);
    _exit(KAPPA_EXIT_DIVERGED);
}

/* SV-COMP's assume: ends a run on which it fails (the program's own definition, if any, wins). */
__attribute__((weak)) void __VERIFIER_assume(int cond) {
    if (!cond) {
        fflush(stdout);
        fprintf(stderr, "\nKAPPA-REPLAY assume-violated\n");
        _exit(KAPPA_EXIT_ASSUME);
    }
}
