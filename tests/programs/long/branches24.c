/* 24 independent input branches: 2^24 paths, a run that does not end in practice (issue 14:
 * interrupting, the memory cap and the volume of tests). The error is unreachable. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    unsigned count = 0;
    if (__VERIFIER_nondet_int() > 0) count += 1;
    if (__VERIFIER_nondet_int() > 1) count += 2;
    if (__VERIFIER_nondet_int() > 2) count += 3;
    if (__VERIFIER_nondet_int() > 3) count += 4;
    if (__VERIFIER_nondet_int() > 4) count += 5;
    if (__VERIFIER_nondet_int() > 5) count += 6;
    if (__VERIFIER_nondet_int() > 6) count += 7;
    if (__VERIFIER_nondet_int() > 7) count += 8;
    if (__VERIFIER_nondet_int() > 8) count += 9;
    if (__VERIFIER_nondet_int() > 9) count += 10;
    if (__VERIFIER_nondet_int() > 10) count += 11;
    if (__VERIFIER_nondet_int() > 11) count += 12;
    if (__VERIFIER_nondet_int() > 12) count += 13;
    if (__VERIFIER_nondet_int() > 13) count += 14;
    if (__VERIFIER_nondet_int() > 14) count += 15;
    if (__VERIFIER_nondet_int() > 15) count += 16;
    if (__VERIFIER_nondet_int() > 16) count += 17;
    if (__VERIFIER_nondet_int() > 17) count += 18;
    if (__VERIFIER_nondet_int() > 18) count += 19;
    if (__VERIFIER_nondet_int() > 19) count += 20;
    if (__VERIFIER_nondet_int() > 20) count += 21;
    if (__VERIFIER_nondet_int() > 21) count += 22;
    if (__VERIFIER_nondet_int() > 22) count += 23;
    if (__VERIFIER_nondet_int() > 23) count += 24;
    if (count > 300) /* at most 1 + 2 + ... + 24 = 300 */
        reach_error();
    return 0;
}
