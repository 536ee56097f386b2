#!/usr/bin/env bash
# The gcc check of the expected verdicts of property programs (valid-memsafety, no-overflow;
# bench/unseen_props): each program is compiled with gcc, AddressSanitizer (with
# LeakSanitizer and stack-use-after-return) and UBSan, against a stub that takes the
# __VERIFIER_nondet_* values from $NONDET (comma-separated, 0 once exhausted).
#   - an expected `false(...)` program: its `// failing-input:` line is replayed and must
#     produce a sanitizer report (valid-memcleanup is not checked: LeakSanitizer counts a
#     block still pointed to by a global as reachable, which is what memcleanup reports);
#   - an expected `true` program: RUNS runs on random inputs (small values, boundary values
#     such as INT_MIN/INT_MAX/0/±1, and full-range values) must produce no report;
#   - termination programs are skipped (no sanitizer sees an endless loop).
# Usage: bench/props_gcc.sh [RUNS [DIR]]      (default 200 bench/unseen_props)
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-200}
DIR=${2:-bench/unseen_props}
W=target/bench-props-gcc
mkdir -p "$W"
cat > "$W/stub.c" <<'C'
#include <stdlib.h>
static char *s; static int init;
static long nextv(void) { if (!init) { s = getenv("NONDET"); init = 1; }
  if (!s || !*s) return 0; char *e; long v = strtol(s, &e, 10); s = *e ? e + 1 : e; return v; }
int __VERIFIER_nondet_int(void) { return (int)nextv(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)nextv(); }
C
gcc -c "$W/stub.c" -o "$W/stub.o" || exit 2
export ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1 UBSAN_OPTIONS=halt_on_error=1
# The first sanitizer report of one run (empty if none); fails when there is none.
report() {
  local r
  r=$(NONDET="$1" timeout 5 "$2" 2>&1 | grep -m1 -o -E "ERROR: [A-Za-z]+: [a-z -]+[a-z]|runtime error: [a-z -]+")
  [ -n "$r" ] && echo "$r"
}
bad=0
pick() {
  case $((RANDOM % 3)) in
    0) echo $((RANDOM % 40 - 8)) ;;
    1) local b=(0 1 -1 2 3 4 5 7 16 2147483647 -2147483648 2147483646 1073741823 46341 4294967295); echo "${b[RANDOM % ${#b[@]}]}" ;;
    *) echo $(((RANDOM << 17 ^ RANDOM << 2 ^ RANDOM) - 2147483648)) ;;
  esac
}
for f in "$DIR"/*.c; do
  n=$(basename "$f" .c)
  exp=$(grep -m2 "kappa-expect" "$f" | grep -v "valid-memcleanup\|termination" | sed -n 's/.*verdict=//p' | head -1)
  [ -z "$exp" ] && { printf '%-24s skipped (memcleanup or termination only)\n' "$n"; continue; }
  gcc -g -w -fsanitize=address,undefined -fno-sanitize-recover=all "$f" "$W/stub.o" -o "$W/$n" || { echo "$n: does not compile"; bad=$((bad + 1)); continue; }
  if [ "$exp" = true ]; then
    hits=0
    for ((r = 0; r < RUNS; r++)); do
      in=$(for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do pick; done | paste -sd,)
      out=$(report "$in" "$W/$n") && { hits=$((hits + 1)); echo "  $n [$in]: $out"; }
    done
    if [ "$hits" = 0 ]; then s=ok; else s=WRONG; bad=$((bad + 1)); fi
    printf '%-24s expect true    %d random runs, %d with a report: %s\n' "$n" "$RUNS" "$hits" "$s"
  else
    in=$(sed -n 's|^// failing-input: *||p' "$f" | head -1 | tr ' ' ,)
    if out=$(report "$in" "$W/$n"); then s="ok ($out)"; else s=NOT-REPRODUCED; bad=$((bad + 1)); fi
    printf '%-24s expect %-15s input [%s]: %s\n' "$n" "$exp" "$in" "$s"
  fi
done
echo "programs whose expectation gcc contradicts: $bad"
[ "$bad" = 0 ]
