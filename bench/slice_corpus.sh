#!/usr/bin/env bash
# The PSS-CFG on the annotated corpus: every program with a `// kappa-expect: verdict=…` line in
# tests/programs/svcomp, tests/programs/libc, bench/decide, bench/loops, bench/memory and
# bench/slice, and the preprocessed files of tests/programs/preprocessed whose `.expect` file has
# a verdict (data model from there) (or the programs given).
#
#   bench/slice_corpus.sh [FILE.c ...]
#
# For each program, in one run:
#   kappa slice FILE --property unreach-call -o OUT.c --stats-json S.json
#   kappa verify FILE [--slice] --max-time T --quiet
# A Markdown table on stdout: whether it slices (or why not), lines and paths of the original
# and of the PSS-CFG, slicing time, `kappa verify` (compact, the default) on the original and
# `kappa verify --slice` with their times and verdicts (for the programs the slicer handles;
# on the others `verify --slice` verifies the original, as the corpus tests of `verify` do). A verdict that contradicts the expected
# one is flagged WRONG (`unknown` never is); the summary counts programs sliced, verdicts
# decided and wrong.
#
# With BENCH_SLICE_ONLY=1 only `kappa slice` runs (no verification): the count of programs the
# slicer refuses, by the construct it names (issue 24), after the table; then the slices that
# over-approximate (summarised memory, recursive calls), by what they summarise.
#
# Environment: BENCH_TIME (--max-time per verification, default 20), CARGO_TARGET_DIR, KAPPA (a
# kappa binary to use instead of building one), BENCH_SLICE_ONLY.
# Exit status: 0, or 1 if a verdict is WRONG. Needs bash, python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${KAPPA:-}" ]; then
    cargo build --release -q -p kappa-cli >&2
    KAPPA="${CARGO_TARGET_DIR:-target}/release/kappa"
fi

if [ $# -gt 0 ]; then
    FILES=("$@")
else
    FILES=()
    for d in tests/programs/svcomp tests/programs/libc bench/decide bench/loops bench/memory bench/slice; do
        for f in "$d"/*.c; do
            grep -q "kappa-expect: *verdict=" "$f" && FILES+=("$f")
        done
    done
    for f in tests/programs/preprocessed/*.i; do
        grep -q "verdict=" "${f%.i}.expect" 2>/dev/null && FILES+=("$f")
    done
fi

export KAPPA BENCH_TIME="${BENCH_TIME:-20}" BENCH_SLICE_ONLY="${BENCH_SLICE_ONLY:-0}"

exec python3 - "${FILES[@]}" <<'PYEOF'
import collections, json, os, re, subprocess, sys, tempfile, time

kappa = os.environ["KAPPA"]
limit = os.environ["BENCH_TIME"]
work = tempfile.mkdtemp(prefix="kappa-slice-corpus-")
wrong, rows = [], []
counts = {"programs": 0, "sliced": 0, "over-approximated": 0, "orig decided": 0, "slice decided": 0}
kinds = collections.Counter()
slice_only = os.environ["BENCH_SLICE_ONLY"] == "1"
refusals = collections.Counter()


def expected(path):
    side = os.path.splitext(path)[0] + ".expect"
    text = open(side).read() if os.path.exists(side) else ""
    with open(path) as f:
        text = f.read() + "\n" + text
    m = re.search(r"verdict=(\w+)", text)
    model = "ILP32" if "model=ILP32" in text else "LP64"
    return (m.group(1) if m else "?"), model


def run(args):
    t = time.time()
    p = subprocess.run([kappa] + args, capture_output=True, text=True)
    return p, time.time() - t


def verdict(p):
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    return "true" if last == "RESULT: true" else "false" if last.startswith("RESULT: false") else "unknown"


for i, path in enumerate(sys.argv[1:]):
    want, model = expected(path)
    counts["programs"] += 1
    sys.stderr.write(f"{path}\n")
    st = os.path.join(work, f"{i}.json")
    p, _ = run(["slice", path, "--property", "unreach-call", "-o", os.path.join(work, f"{i}.c"),
                "--stats-json", st, "--max-time", limit, "--data-model", model])
    if p.returncode == 0 and os.path.exists(st):
        with open(st) as f:
            s = json.load(f)
        counts["sliced"] += 1
        # A slice that reads summarised memory or recursive calls as unknown over-approximates.
        approx = s.get("approximations") or []
        if approx:
            counts["over-approximated"] += 1
            for a in approx:
                kinds[re.sub(r"`[^`]*`", "`…`", re.sub(r" at \S+", "", a))[:70]] += 1
        yes = "over-approx." if approx else "yes"
        sl = (f"{yes} | {s['original_lines']} | {s['lines']} | {s['cfg_paths']:.0f} | {s['pss_paths']:.0f} | "
              f"{s['time_s']:.2f}")
    else:
        why = (p.stderr.strip().splitlines() or ["?"])[-1]
        why = re.sub(r"^kappa: (\S*:\d+:\d+: )?(unsupported by the slicer: )?", "", why).replace("|", "/")[:60]
        sl = f"no: {why} | | | | | "
        refusals[re.sub(r"`[^`]*`", "`…`", re.sub(r" \(.*", "", why))[:50]] += 1
        # `verify --slice` verifies the original then: the corpus tests of `verify` cover it.
        rows.append(f"| {path} | {want} | {sl} | | |")
        continue
    cells = []
    if slice_only:
        rows.append(f"| {path} | {want} | {sl} | | |")
        continue
    for key, extra in (("orig", []), ("slice", ["--slice"])):
        out = os.path.join(work, f"{i}.{key}")
        p, wall = run(["verify", path, *extra, "--max-time", limit, "--quiet", "--out", out, "--data-model", model])
        v = verdict(p)
        if v != "unknown":
            counts[f"{key} decided"] += 1
            if want in ("true", "false") and v != want:
                wrong.append(f"{path} {key}: {v}, expected {want}")
                v = "WRONG " + v
        cells.append(f"{wall:.1f} ({v})")
    rows.append(f"| {path} | {want} | {sl} | {cells[0]} | {cells[1]} |")

print(f"kappa verify --max-time {limit} (compact), seconds (verdict)\n")
print("| program | expected | sliced | lines orig | lines PSS | paths orig | paths PSS | slicing s | verify | verify --slice |")
print("|---|---|---|--:|--:|--:|--:|--:|--:|--:|")
print("\n".join(rows))
print("\n" + ", ".join(f"{k}: {v}" for k, v in counts.items()) + f", wrong: {len(wrong)}")
refused = counts["programs"] - counts["sliced"]
print(f"\nslicer summary: {counts['programs']} programs, sliced {counts['sliced']}, not sliced {refused}"
      f" ({100 * refused / max(counts['programs'], 1):.0f}%), by the slicer's message:\n")
for why, n in refusals.most_common():
    print(f"- {n}: {why}")
print(f"\nover-approximating slices: {counts['over-approximated']} of {counts['sliced']}, by what they summarise:\n")
for why, n in kinds.most_common():
    print(f"- {n}: {why}")
if wrong:
    print("\nWRONG verdicts:\n" + "\n".join(wrong))
    sys.exit(1)
PYEOF
