#!/usr/bin/env bash
# The gcc check of bench/decide (issue 12): each program is compiled with gcc and the sanitizers
# against bench/decide/harness.c (random __VERIFIER_nondet_* values, failed assumptions end a run)
# and run RUNS times; a `verdict=true` program must never fail (no violation, no sanitizer
# report; leaks are not checked: these are reachability tasks), a `verdict=false` program is reported with whether random inputs reached the
# violation. bench/decide.sh confirms each `false` with kappa's counterexample, replayed on the
# gcc-compiled program.
#
# Usage: bench/decide_gcc.sh [RUNS]      (default 3000)
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3000}
W=target/bench-decide-gcc
mkdir -p "$W"
bad=0
for f in bench/decide/*.c; do
    [ "$(basename "$f")" = harness.c ] && continue
    n=$(basename "$f" .c)
    want=$(sed -n 's/.*verdict=\(true\|false\).*/\1/p' "$f" | head -1)
    sed 's/\bint main(void)/int main_program(void)/' "$f" > "$W/$n.c"
    if ! gcc -O1 -w -fsanitize=address,undefined -fno-sanitize-recover=all -o "$W/$n" "$W/$n.c" bench/decide/harness.c 2> "$W/$n.cc.txt"; then
        echo "$n: does not compile with gcc"; bad=1; continue
    fi
    hit=0; san=0
    for ((i = 1; i <= RUNS; i++)); do
        out=$(ASAN_OPTIONS=detect_leaks=0 "$W/$n" "$i" 2>&1)
        case "$out" in
            *VIOLATION*) hit=$((hit + 1)) ;;
            *Sanitizer*|*"runtime error"*) san=$((san + 1)); echo "$out" > "$W/$n.san.txt" ;;
        esac
    done
    status=ok
    if [ "$want" = true ] && [ $((hit + san)) -gt 0 ]; then status=WRONG; bad=1; fi
    if [ "$want" = false ] && [ "$san" -gt 0 ]; then status=UB; bad=1; fi
    printf '%-28s expect %-5s  violations %5d / %d runs  sanitizer reports %d  %s\n' "$n" "$want" "$hit" "$RUNS" "$san" "$status"
done
exit $bad
