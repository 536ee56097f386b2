#!/usr/bin/env bash
# The gcc check of bench/proofs (issue 21) or of another directory of programs with the same
# header lines (bench/drivers, issue 24): each program is compiled with gcc, UBSan and ASan
# against bench/proofs/harness.c (its `main` renamed `main_program`).
#   - `verdict=true`: RUNS random runs, the nondet values drawn from small, moderate, boundary
#     (INT_MIN, INT_MAX, 0, +-1, 10^6 +- 1, ...) and full-range profiles; no run may reach
#     reach_error or a sanitizer report, and some runs must get past all assumptions (else the
#     check says nothing: VACUOUS); the failing input of its buggy twin `NAME_bug.c`, if there
#     is one, is replayed too and must not reach reach_error.
#   - `verdict=false`: the program's `// failing-input:` line (the nondet values in the order
#     they are read) is replayed and must reach reach_error with no sanitizer report; the random
#     runs are reported too (how often random inputs find the violation).
# Runs longer than 3 s count as timeouts (reported, not failures).
#
# Usage: bench/proofs_gcc.sh [RUNS [DIR]]      (default 1000 bench/proofs)
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-1000}
DIR=${2:-bench/proofs}
W=target/bench-gcc-$(basename "$DIR")
mkdir -p "$W"
bad=0
for f in "$DIR"/*.c; do
    [ "$(basename "$f")" = harness.c ] && continue
    n=$(basename "$f" .c)
    want=$(sed -n 's/.*kappa-expect: verdict=\(true\|false\).*/\1/p' "$f" | head -1)
    sed 's/\bint main(void)/int main_program(void)/' "$f" > "$W/$n.c"
    if ! gcc -O1 -w -fsanitize=address,undefined -fno-sanitize-recover=all -o "$W/$n" "$W/$n.c" bench/proofs/harness.c 2> "$W/$n.cc.txt"; then
        echo "$n: does not compile with gcc (see $W/$n.cc.txt)"; bad=1; continue
    fi
    out=$(ASAN_OPTIONS=detect_leaks=0 "$W/$n" random "$RUNS" 1 2> "$W/$n.stderr.txt")
    summary=$(echo "$out" | grep '^runs ' | tail -1)
    read -r _ runs _ completed _ assumed _ viol _ tmo _ crash <<< "$summary"
    status=ok
    extra=""
    if [ "$want" = true ]; then
        if [ "${viol:-1}" -gt 0 ] || [ "${crash:-1}" -gt 0 ]; then status=WRONG; bad=1; fi
        if [ "${completed:-0}" -eq 0 ]; then status=VACUOUS; bad=1; fi
        # The failing input of the buggy twin, if any, must not fail here.
        twin_input=$(sed -n 's/^\/\/ failing-input: *//p' "$DIR/${n}_bug.c" 2>/dev/null | head -1)
        if [ -n "$twin_input" ]; then
            rep=$(ASAN_OPTIONS=detect_leaks=0 "$W/$n" replay "$twin_input" 2>&1)
            case "$rep" in
                *VIOLATION*|*"runtime error"*|*Sanitizer*) status=WRONG; bad=1 ;;
            esac
            extra="  the bug's failing input: $(echo "$rep" | head -1)"
        fi
    else
        input=$(sed -n 's/^\/\/ failing-input: *//p' "$f" | head -1)
        rep=$(ASAN_OPTIONS=detect_leaks=0 "$W/$n" replay "$input" 2>&1)
        case "$rep" in
            *"runtime error"*|*Sanitizer*) status=UB; bad=1 ;;
            *VIOLATION*) ;;
            *) status="NOT-REPLAYED"; bad=1 ;;
        esac
        extra="  failing input [$input] replayed: $(echo "$rep" | head -1)"
        [ "${crash:-0}" -gt 0 ] && { status="$status+CRASH"; bad=1; }
    fi
    printf '%-22s expect %-5s  %-60s %s%s\n' "$n" "$want" "$summary" "$status" "$extra"
done
exit $bad
