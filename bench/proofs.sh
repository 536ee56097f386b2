#!/usr/bin/env bash
# The proofs benchmark (issue 21): every program of bench/proofs is verified with
# `kappa verify --max-time BENCH_TIME` by one or more kappa binaries (e.g. before and after a
# change) in the same run. Prints per program the verdict and time, then per binary a table of
# true / false / unknown / wrong per class (loop, recursion, list), the tuning set and the
# held-out third (`// held-out` programs) separately. A verdict that contradicts the program's
# `// kappa-expect: verdict=` line is WRONG (the expectations are checked with gcc by
# bench/proofs_gcc.sh).
#
# Usage: bench/proofs.sh [NAME=BINARY ...]   (default: after=target/release/kappa)
#   BENCH_TIME  --max-time per run (default 10)    BENCH_ARGS  extra verify arguments (e.g. "--mode classic")
#   ONLY        a regular expression: only the programs whose name or class it matches
#   DIR         the directory of programs (default bench/proofs; e.g. bench/proofs_guards)
#   SET         `tuning` or `held-out`: only the programs of that set (default both)
# Exit status 1 if any verdict is WRONG.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- after=target/release/kappa
export BENCH_TIME="${BENCH_TIME:-10}" BENCH_ARGS="${BENCH_ARGS:-}" ONLY="${ONLY:-}" DIR="${DIR:-bench/proofs}" SET="${SET:-}"
exec python3 - "$@" <<'PYEOF'
import collections, glob, json, os, re, subprocess, sys, tempfile
T, ARGS = os.environ["BENCH_TIME"], os.environ["BENCH_ARGS"].split()
bins = [a.split("=", 1) for a in sys.argv[1:]]
ONLY = os.environ["ONLY"]
def chosen(f):
    text = open(f).read()
    m = re.search(r"// class: (\w+)", text)
    held_out = bool(re.search(r"^// held-out", text, re.M))
    if os.environ["SET"] and os.environ["SET"] != ("held-out" if held_out else "tuning"):
        return False
    return not ONLY or re.search(ONLY, os.path.basename(f)[:-2]) or (m and re.search(ONLY, m.group(1)))
files = sorted(f for f in glob.glob(os.environ["DIR"] + "/*.c") if not f.endswith("harness.c") and chosen(f))
# counts[binary][(set, class)][outcome]; outcome: true/false (correct), unknown, wrong
counts = {n: collections.defaultdict(collections.Counter) for n, _ in bins}
wrong = 0
print(f"BENCH_TIME={T} BENCH_ARGS={' '.join(ARGS) or '-'}; {len(files)} programs\n")
print("| program | class | set | expected | " + " | ".join(f"{n} verdict | {n} s" for n, _ in bins) + " |")
print("|---|---|---|---|" + "---|---|" * len(bins))
for f in files:
    text = open(f).read()
    want = re.search(r"kappa-expect: verdict=(true|false)", text).group(1)
    cls = re.search(r"// class: (\w+)", text).group(1)
    split = "held-out" if re.search(r"^// held-out", text, re.M) else "tuning"
    cells = []
    for name, binary in bins:
        with tempfile.TemporaryDirectory() as d:
            stats = os.path.join(d, "s.json")
            p = subprocess.run([binary, "verify", f, "--max-time", T, "--quiet", "--out", d,
                                "--stats-json", stats] + ARGS, capture_output=True, text=True)
            line = (p.stdout.strip().splitlines() or [""])[-1]
            v = "true" if line == "RESULT: true" else "false" if line.startswith("RESULT: false") else "unknown"
            try:
                t = f'{json.load(open(stats))["time_s"]:.1f}'
            except (OSError, ValueError, KeyError):
                t = "-"
        outcome = v if v in ("unknown", want) else "wrong"
        if outcome == "wrong":
            wrong += 1
            v = f"**WRONG {v}**"
        counts[name][(split, cls)][outcome] += 1
        counts[name][(split, cls)]["want " + want] += 1
        cells.append(f"{v} | {t}")
    print(f"| {os.path.basename(f)[:-2]} | {cls} | {split} | {want} | " + " | ".join(cells) + " |", flush=True)
for name, _ in bins:
    print(f"\n{name}: decided of expected (true: proved of expected-true, false: found of expected-false)\n")
    print("| set | class | programs | true proved | false found | unknown | wrong |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for split in ("tuning", "held-out"):
        tot = collections.Counter()
        for cls in ("loop", "recursion", "list"):
            c = counts[name][(split, cls)]
            tot.update(c)
            print(f"| {split} | {cls} | {c['want true'] + c['want false']} | {c['true']} / {c['want true']} | "
                  f"{c['false']} / {c['want false']} | {c['unknown']} | {c['wrong']} |")
        print(f"| {split} | all | {tot['want true'] + tot['want false']} | {tot['true']} / {tot['want true']} | "
              f"{tot['false']} / {tot['want false']} | {tot['unknown']} | {tot['wrong']} |")
sys.exit(1 if wrong else 0)
PYEOF
