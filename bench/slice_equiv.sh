#!/usr/bin/env bash
# Checks of the PSS-CFG at scale (the test suite runs small samples of the first two):
#
# 1. equivalence: N generated branchy programs (kappa_slice::gen: inputs read in branches and
#    loops, flags and status variables, switches, small loops, helpers, assume, reach_error),
#    each sliced for its targets and for unreach-call; original and decompiled slice compiled
#    with gcc and run on 250 random inputs each (inputs matched by line and occurrence); every
#    run must end the same way with the same target values (for the property: reach the error
#    or not alike); 1b. the same with memory (GenConfig::memory: flags in a struct reached
#    through a pointer, arrays indexed by values, pointers to locals, struct assignments);
#    1c. the same with logging, statistics and flag helpers called for their effects
#    (GenConfig::calls: the slicer's callee summaries), without and with memory;
# 2. verdicts: for N generated programs, `kappa verify` on the original (classic), on the slice
#    (compact) and `kappa verify --slice` on the original must give the same verdict; 2b. the
#    same for N + N programs with calls (the slice_gen example, `calls` and `memory,calls`);
# 3. the corpus: bench/slice_corpus.sh (`kappa verify` and `kappa verify --slice` on every
#    annotated program the slicer handles) must never contradict the annotation; its summary.
#
#   bench/slice_equiv.sh            # N = 250
#   N=500 bench/slice_equiv.sh
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-250}"
echo "== 1. equivalence of $N generated programs and their slices (gcc, 250 inputs each)"
KAPPA_SLICE_EQUIV="$N" cargo test --release -q -p kappa-slice --test equivalence generated_programs_agree -- --nocapture 2>&1 \
    | grep -E "^test result|programs fail|differ" || true
echo "== 1b. the same for $N generated programs with structs, arrays and pointers (issue 24)"
KAPPA_SLICE_EQUIV_MEMORY="$N" cargo test --release -q -p kappa-slice --test equivalence generated_programs_with_memory -- --nocapture 2>&1 \
    | grep -E "^test result|programs fail|differ|unsupported" || true
echo "== 1c. the same for $N + $N generated programs with helpers called for their effects (callee summaries), without and with memory"
KAPPA_SLICE_EQUIV_CALLS="$N" cargo test --release -q -p kappa-slice --test equivalence generated_programs_with_calls -- --nocapture 2>&1 \
    | grep -E "^test result|programs fail|differ|unsupported|no call" || true
echo "== 2. verdicts of $N generated programs: original, slice, verify --slice"
KAPPA_SLICE_VERDICTS="$N" cargo test --release -q -p kappa-cli --test slice slices_of_generated -- --nocapture 2>&1 \
    | grep -E "^verdicts|^test result|panicked|differ" || true
echo "== 2b. verdicts of $N + $N generated programs with helpers called for their effects (calls; memory,calls)"
cargo build --release -q -p kappa-cli && cargo build --release -q -p kappa-slice --example slice_gen
work=$(mktemp -d)
same=0; differ=0
for seed in $(seq 0 $((N - 1))); do
    for mode in calls memory,calls; do
        target/release/examples/slice_gen "$seed" 14 "$mode" > /dev/null 2>&1 || true
        cp "${TMPDIR:-/tmp}/kappa-slice-gen-$seed/gen$seed.c" "$work/g.c"
        if ! target/release/kappa slice "$work/g.c" --property unreach-call -o "$work/s.c" > /dev/null 2>&1; then
            echo "seed $seed $mode: kappa slice failed"; differ=$((differ + 1)); continue
        fi
        a=$(target/release/kappa verify --mode classic --quiet --out "$work/a" --max-time 30 "$work/g.c" 2>/dev/null | tail -1)
        b=$(target/release/kappa verify --mode compact --quiet --out "$work/b" --max-time 30 "$work/s.c" 2>/dev/null | tail -1)
        c=$(target/release/kappa verify --slice --mode classic --quiet --out "$work/c" --max-time 30 "$work/g.c" 2>/dev/null | tail -1)
        if [ "$a" = "$b" ] && [ "$a" = "$c" ]; then same=$((same + 1)); else differ=$((differ + 1)); echo "seed $seed $mode: $a / $b / $c"; fi
    done
done
rm -rf "$work"
echo "same verdict: $same, different: $differ"
echo "== 3. kappa slice and verify --slice on the corpus"
BENCH_TIME="${BENCH_TIME:-10}" bench/slice_corpus.sh 2>/dev/null | tail -3
