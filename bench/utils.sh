#!/usr/bin/env bash
# The utilities benchmark (issue 13): each program of bench/utils/ is explored by kappa with
# symbolic arguments and standard input for a fixed time, and fuzzed by AFL++ for the same time;
# line and branch coverage of each tool's inputs are measured with gcov on the replayed inputs,
# and the planted bugs found (kappa: an error of the planted kind whose test replays with a
# match; AFL++: a crash under AddressSanitizer/UBSan) are counted.
#
# Usage: bench/utils.sh [SECONDS] [UTIL...]     (default 60 s per tool and utility)
# Needs: a release build (cargo build --release -p kappa-cli), gcc/gcov, afl++ (scripts/setup.sh).
# Results: target/bench-utils/results.md (a markdown table) and the raw outputs beside it.
set -uo pipefail
cd "$(dirname "$0")/.."
T=${1:-60}
shift || true
KAPPA=${KAPPA:-target/release/kappa}
W=target/bench-utils
rm -rf "$W"
mkdir -p "$W"

# utility | kappa's inputs | planted bug kind (- for none) | AFL++ seed (args \0-separated, \x01, stdin)
CONFIG='
echo|--sym-args 0 3 3|-|-n\0a\\x41
wc|--sym-args 0 1 2 --sym-stdin 8|-|-l\x01a b\n
tr|--sym-args 2 2 3 --sym-stdin 2|out_of_bounds|a-c\0x\x01abc
basename|--sym-args 1 2 9|out_of_bounds|/usr/lib\0b
seq|--sym-args 1 3 1|div_by_zero|1\02\05
cut|--sym-args 2 4 2 --sym-stdin 6|out_of_bounds|-f\02\x01a\tb\n
head|--sym-args 0 2 2 --sym-stdin 6|-|-n\01\x01a\nb\n
base64|--sym-stdin 9|out_of_bounds|\x01QUJD
urldecode|--sym-args 1 1 3|out_of_bounds|a%41+b
ini|--sym-stdin 12|out_of_bounds|\x01[s]\na=b\n
fmtcheck|--sym-args 1 1 4|-|%5d%s
date|--sym-args 1 3 5|out_of_bounds|2024-02-29
'

echo "| utility | kappa inputs | kappa explored | kappa tests | kappa lines % | kappa branches % | AFL++ inputs | AFL++ lines % | AFL++ branches % | planted bug | kappa found + replayed | AFL++ crash |" > "$W/results.md"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|" >> "$W/results.md"
echo "$CONFIG" | while IFS='|' read -r U OPTS BUG SEED; do
    [ -z "$U" ] && continue
    if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$U"; then continue; fi
    SRC=bench/utils/$U.c
    D=$W/$U
    mkdir -p "$D/kgcov" "$D/agcov" "$D/seeds"
    echo "== $U" >&2
    # kappa
    # shellcheck disable=SC2086
    "$KAPPA" run "$SRC" $OPTS --max-time "$T" --search interleaved --quiet --out "$D/kappa" > "$D/kappa.txt" 2>&1
    # Completely (with its time) or up to the time limit.
    EXPLORED=limit
    if grep -q '^exploration complete' "$D/kappa.txt"; then
        EXPLORED="complete, $(sed -n 's/^time: \([0-9.]*\) s.*/\1/p' "$D/kappa.txt") s"
    fi
    cp "$SRC" "$D/kgcov/"
    (cd "$D/kgcov" && gcc -O0 --coverage -w -c "$U.c" -o "$U.o" && gcc --coverage "$U.o" -o "$U")
    KT=$(python3 bench/utils_cov.py kappa "$D/kgcov/$U" "$D/kappa/tests")
    read -r KL KB < <(python3 bench/utils_cov.py gcov "$U.c" "$U.c" "$D/kgcov")
    FOUND=-
    if [ "$BUG" != "-" ]; then
        FOUND=no
        for t in $(grep -E "^  $BUG at " "$D/kappa.txt" | sed -n 's/.*\[test \(.*\)\]$/\1/p'); do
            if "$KAPPA" replay "$SRC" "$t" 2>/dev/null | tail -1 | grep -q "REPLAY: match"; then FOUND=yes; fi
        done
    fi
    # AFL++ (harness: arguments and standard input from the fuzzed file), same time
    printf '%b' "$SEED" > "$D/seeds/seed"
    NOARGS=
    grep -q 'int main(void)' "$SRC" && NOARGS=-DMAIN_NOARGS
    if ! AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 afl-cc -O1 -w $NOARGS -DUTIL="\"$PWD/$SRC\"" \
        bench/utils/afl_harness.c -o "$D/afl_bin" > "$D/afl_build.txt" 2>&1; then
        echo "utils.sh: the AFL++ harness for $U does not build (see $D/afl_build.txt)" >&2
        exit 1
    fi
    AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
        timeout $((T + 30)) afl-fuzz -V "$T" -i "$D/seeds" -o "$D/afl" -- "$D/afl_bin" @@ > "$D/afl.txt" 2>&1
    cp bench/utils/afl_harness.c "$SRC" "$D/agcov/"
    (cd "$D/agcov" && gcc -O0 --coverage -w $NOARGS -DUTIL="\"$U.c\"" -c afl_harness.c -o afl_harness.o &&
        gcc --coverage afl_harness.o -o harness)
    AI=$(python3 bench/utils_cov.py afl "$D/agcov/harness" "$D"/afl/default/queue "$D"/afl/default/crashes)
    read -r AL AB < <(python3 bench/utils_cov.py gcov afl_harness.c "$U.c" "$D/agcov")
    CRASH=$(find "$D"/afl/default/crashes -type f ! -name 'README*' 2>/dev/null | wc -l)
    ACRASH=-
    [ "$BUG" != "-" ] && { [ "$CRASH" -gt 0 ] && ACRASH="yes ($CRASH)" || ACRASH=no; }
    [ "$BUG" = "-" ] && [ "$CRASH" -gt 0 ] && ACRASH="unexpected ($CRASH)"
    echo "| $U | \`$OPTS\` | $EXPLORED | $KT | $KL | $KB | $AI | $AL | $AB | $BUG | $FOUND | $ACRASH |" >> "$W/results.md"
done
cat "$W/results.md"
