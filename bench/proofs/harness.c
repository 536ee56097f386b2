/* The gcc runtime of the proofs benchmark (bench/proofs_gcc.sh, bench/proofs_mutants.sh): a
 * program of bench/proofs, its `main` renamed `main_program`, is linked with this file.
 *
 *   PROG random N [SEED] [--stop]  N runs, each in a forked child with its own seed: the
 *                                  __VERIFIER_nondet_* values are drawn from a profile chosen by
 *                                  the seed (small values, values up to ~1100, boundary values
 *                                  such as INT_MIN/INT_MAX/0/±1/10^6±1, or a mix with full-range
 *                                  values). Prints one summary line; --stop ends at the first
 *                                  violation, or after 5 timeouts.
 *   PROG replay "V1 V2 ..."        one run in this process, the nondet values taken in order from
 *                                  the list (0 once it is exhausted).
 *
 * A violation (reach_error -> __assert_fail) prints "VIOLATION inputs: ..." with every nondet
 * value drawn so far, and exits 101; a failed __VERIFIER_assume ends the run as uninteresting
 * (exit 102). A child that runs longer than 3 s is counted as a timeout, a child killed by a
 * signal or a sanitizer (exit 1) as a crash. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned long long s;
static int profile;
static const char *replay;
static long long drawn[256];
static int ndrawn;

static unsigned long long next(void) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    return s;
}

static int draw(void) {
    static const int edge[] = {INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 1, -1, 0, 1, 2, 3,
                               10, 11, 12, 100, 101, 102, 1000, 1001, 9999, 10000, 999999,
                               1000000, 1000001, -1000, -1000000};
    unsigned r = next() % 100;
    switch (profile) {
    case 0: /* small values, 0 about one time in eight (ends `while (nondet())` loops) */
        return r < 12 ? 0 : (int)(next() % 15) - 2;
    case 1: /* moderate values */
        return r < 10 ? 0 : r < 50 ? (int)(next() % 15) - 2 : (int)(next() % 1101);
    case 2: /* boundary values */
        return r < 10 ? 0 : r < 60 ? edge[next() % (sizeof edge / sizeof edge[0])] : (int)(next() % 15) - 2;
    default: /* everything */
        return r < 10 ? 0 : r < 40 ? (int)(next() % 15) - 2 : r < 60 ? (int)(next() % 1101)
             : r < 75 ? edge[next() % (sizeof edge / sizeof edge[0])] : (int)next();
    }
}

int __VERIFIER_nondet_int(void) {
    int v;
    if (replay) {
        char *end;
        long x = strtol(replay, &end, 10);
        v = end == replay ? 0 : (int)x;
        replay = end;
    } else {
        v = draw();
    }
    if (ndrawn < (int)(sizeof drawn / sizeof drawn[0])) drawn[ndrawn++] = v;
    return v;
}
unsigned __VERIFIER_nondet_uint(void) { return (unsigned)__VERIFIER_nondet_int(); }
void __VERIFIER_assume(int c) {
    if (!c) _exit(102);
}
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {
    (void)a; (void)f; (void)l; (void)fn;
    printf("VIOLATION inputs:");
    for (int i = 0; i < ndrawn; i++) printf(" %lld", drawn[i]);
    printf("%s\n", ndrawn == (int)(sizeof drawn / sizeof drawn[0]) ? " ..." : "");
    fflush(stdout);
    _exit(101);
}

int main_program(void);

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "replay")) {
        replay = argv[2];
        alarm(10);
        main_program();
        printf("no violation\n");
        return 0;
    }
    if (argc < 3 || strcmp(argv[1], "random")) {
        fprintf(stderr, "usage: %s random N [SEED] [--stop] | replay \"V1 V2 ...\"\n", argv[0]);
        return 2;
    }
    long n = strtol(argv[2], 0, 10);
    unsigned long long seed0 = argc > 3 ? strtoull(argv[3], 0, 10) : 1;
    int stop = argc > 4 && !strcmp(argv[4], "--stop");
    long completed = 0, assumed = 0, violations = 0, timeouts = 0, crashes = 0;
    for (long i = 0; i < n; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) {
            s = 0x9E3779B97F4A7C15ULL ^ ((seed0 + (unsigned long long)i) * 0x100000001B3ULL);
            for (int k = 0; k < 8; k++) next();
            profile = (int)((seed0 + (unsigned long long)i) % 4);
            alarm(3);
            main_program();
            _exit(0);
        }
        int st;
        if (waitpid(pid, &st, 0) < 0) { perror("waitpid"); return 2; }
        if (WIFSIGNALED(st)) {
            if (WTERMSIG(st) == SIGALRM) timeouts++; else crashes++;
        } else if (WEXITSTATUS(st) == 0) completed++;
        else if (WEXITSTATUS(st) == 101) violations++;
        else if (WEXITSTATUS(st) == 102) assumed++;
        else crashes++;
        /* --stop: a violation ends the search; so do 5 runs that do not end (a mutant that
         * loops forever is not worth 3 s a run). */
        if (stop && (violations || timeouts >= 5)) { n = i + 1; break; }
    }
    printf("runs %ld completed %ld assumed-out %ld violations %ld timeouts %ld crashes %ld\n",
           n, completed, assumed, violations, timeouts, crashes);
    return 0;
}
