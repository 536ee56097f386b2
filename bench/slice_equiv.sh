#!/usr/bin/env bash
# Checks of the PSS-CFG at scale (the test suite runs small samples of the first two):
#
# 1. equivalence: N generated branchy programs (kappa_slice::gen: inputs read in branches and
#    loops, flags and status variables, switches, small loops, helpers, assume, reach_error),
#    each sliced for its targets and for unreach-call; original and decompiled slice compiled
#    with gcc and run on 250 random inputs each (inputs matched by line and occurrence); every
#    run must end the same way with the same target values (for the property: reach the error
#    or not alike);
# 2. verdicts: for N generated programs, `kappa verify` on the original (classic), on the slice
#    (compact) and `kappa verify --slice` on the original must give the same verdict;
# 3. the corpus: `kappa verify --slice` on every annotated program of tests/programs/svcomp and
#    tests/programs/preprocessed (programs the slicer does not handle are verified unsliced)
#    must never contradict the annotation.
#
#   bench/slice_equiv.sh            # N = 250
#   N=500 bench/slice_equiv.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-250}"
echo "== 1. equivalence of $N generated programs and their slices (gcc, 250 inputs each)"
KAPPA_SLICE_EQUIV="$N" cargo test --release -q -p kappa-slice --test equivalence -- --nocapture 2>&1 \
    | grep -E "^test result|programs fail|differ" || true
echo "== 2. verdicts of $N generated programs: original, slice, verify --slice"
KAPPA_SLICE_VERDICTS="$N" cargo test --release -q -p kappa-cli --test slice slices_of_generated -- --nocapture 2>&1 \
    | grep -E "^verdicts|^test result|panicked|differ" || true
echo "== 3. kappa verify --slice on the corpus"
cargo build --release -q -p kappa-cli
KAPPA="${CARGO_TARGET_DIR:-target}/release/kappa"
wrong=0; decided=0; total=0; sliced=0
for f in tests/programs/svcomp/*.c tests/programs/preprocessed/*.i; do
    side="${f%.*}.expect"
    want=$( (head -1 "$f"; cat "$side" 2>/dev/null || true) | grep -o 'verdict=[a-z]*' | head -1 | cut -d= -f2)
    [ -n "$want" ] || continue
    model=LP64
    grep -q 'model=ILP32' "$side" 2>/dev/null && model=ILP32
    total=$((total + 1))
    out=$(mktemp -d)
    res=$("$KAPPA" verify --slice --quiet --max-time 10 --data-model "$model" --out "$out" "$f" 2>"$out/err" | tail -1)
    grep -q "note: --slice" "$out/err" || sliced=$((sliced + 1))
    got=unknown
    [ "$res" = "RESULT: true" ] && got=true
    [ "$res" = "RESULT: false(unreach-call)" ] && got=false
    if [ "$got" != unknown ]; then
        decided=$((decided + 1))
        if [ "$got" != "$want" ]; then wrong=$((wrong + 1)); echo "WRONG: $f: $got, expected $want"; fi
    fi
    echo "$(basename "$f"): expected $want, $res"
    rm -rf "$out"
done
echo "corpus: $total programs, $sliced verified through their slice, $decided decided, $wrong wrong"
[ "$wrong" = 0 ]
