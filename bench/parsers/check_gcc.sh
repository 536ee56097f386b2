#!/usr/bin/env bash
# The gcc check of bench/parsers: each program compiles with `gcc -Wall -Wextra` without a
# warning, and runs RUNS times (in one process, bench/parsers/harness.c) under AddressSanitizer
# and UBSan on random and boundary inputs. A `verdict=true` program must show no violation and no
# sanitizer report; a `verdict=false` program (a planted bug) must violate its assertion on the
# witness of its `// witness: HEX` line (and the count of random runs that found it is shown).
# Usage: bench/parsers/check_gcc.sh [RUNS]     (default 200000)
set -uo pipefail
cd "$(dirname "$0")"
RUNS=${1:-200000}
W=../../target/bench-parsers-gcc
mkdir -p "$W"
bad=0
for f in *.c; do
    [ "$f" = harness.c ] && continue
    n=${f%.c}
    want=$(sed -n '1s/.*verdict=\(true\|false\).*/\1/p' "$f")
    if gcc -std=gnu11 -Wall -Wextra -c "$f" -o /dev/null 2>&1 | grep -q .; then
        echo "$n: warnings or errors with gcc -Wall -Wextra"; bad=1
    fi
    sed 's/\bint main(void)/int main_program(void)/' "$f" > "$W/$f"
    if ! gcc -std=gnu11 -O1 -g -w -fsanitize=address,undefined -fno-sanitize-recover=all \
        -o "$W/$n" "$W/$f" harness.c 2> "$W/$n.cc.txt"; then
        echo "$n: does not compile"; bad=1; continue
    fi
    out=$(ASAN_OPTIONS=detect_leaks=0 "$W/$n" 1 "$RUNS" 2>&1)
    v=$(echo "$out" | sed -n 's/.*violations=\([0-9]*\).*/\1/p')
    san=$(echo "$out" | grep -c 'Sanitizer\|runtime error')
    wit=$(sed -n 's|^// witness: \([0-9a-fA-F]*\).*|\1|p' "$f" | head -1)
    if [ "$want" = true ]; then
        if [ "${v:-1}" != 0 ] || [ "$san" != 0 ]; then
            echo "$n: WRONG expectation true: $out" | head -5; bad=1
        else
            echo "$n: true holds on $RUNS random runs"
        fi
    else
        w=$(NONDET_HEX="$wit" ASAN_OPTIONS=detect_leaks=0 "$W/$n" 2>&1)
        if [ -n "$wit" ] && echo "$w" | grep -q 'violations=1'; then
            echo "$n: false: the witness $wit violates the assertion; random runs found it $v times of $RUNS (sanitizer reports: $san)"
        else
            echo "$n: WRONG expectation false: the witness '$wit' does not violate: $w"; bad=1
        fi
    fi
done
exit $bad
