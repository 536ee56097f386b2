#!/usr/bin/env bash
# The "decide more programs" benchmark (issue 12): every program of bench/decide is verified by
# one or more kappa binaries (e.g. before and after a change) in the same run, and a Markdown
# table gives per binary the verdict, time, states and solver unknowns (by class: quantified,
# non-linear, arrays, bit-vector, for binaries that report it); a verdict that
# contradicts the program's `// kappa-expect: verdict=` line is flagged WRONG (kappa's `false`
# is always a counterexample replayed on the gcc-compiled program). With REPEAT=N each binary
# verifies each program N times and the table says which verdicts flipped between runs.
#
# Usage: bench/decide.sh [NAME=BINARY ...]   (default: after=target/release/kappa)
#   BENCH_TIME  --max-time per run (default 20)      BENCH_MODE  --mode (default compact)
#   REPEAT      runs per program and binary (default 1)
# Example (before/after):  bench/decide.sh before=/tmp/old/kappa after=target/release/kappa
# Exit status 1 if any verdict is WRONG. The gcc check of the expectations: bench/decide_gcc.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- after=target/release/kappa
export BENCH_TIME="${BENCH_TIME:-20}" BENCH_MODE="${BENCH_MODE:-compact}" REPEAT="${REPEAT:-1}"
exec python3 - "$@" <<'PYEOF'
import glob, json, os, re, subprocess, sys, tempfile, collections
T, MODE, REPEAT = os.environ["BENCH_TIME"], os.environ["BENCH_MODE"], int(os.environ["REPEAT"])
bins = [a.split("=", 1) for a in sys.argv[1:]]
files = sorted(f for f in glob.glob("bench/decide/*.c") if not f.endswith("harness.c"))
rows, wrong, flips = [], 0, []
totals = collections.defaultdict(lambda: collections.Counter())
for f in files:
    text = open(f).read()
    want = re.search(r"verdict=(true|false)", text).group(1)
    cls = (re.search(r"class: (\w+)", text) or [None, "-"])[1]
    cells = []
    for name, binary in bins:
        verdicts, last = [], None
        for _ in range(REPEAT):
            with tempfile.TemporaryDirectory() as d:
                stats = os.path.join(d, "s.json")
                p = subprocess.run([binary, "verify", f, "--mode", MODE, "--max-time", T, "--quiet",
                                    "--out", d, "--stats-json", stats], capture_output=True, text=True)
                line = (p.stdout.strip().splitlines() or [""])[-1]
                v = "true" if line == "RESULT: true" else "false" if line.startswith("RESULT: false") else "unknown"
                try:
                    last = json.load(open(stats))
                except (OSError, ValueError):
                    last = None
                verdicts.append(v)
        v = verdicts[-1]
        if v != "unknown" and v != want:
            wrong += 1
            v = f"**WRONG {v}**"
        if len(set(verdicts)) > 1:
            flips.append(f"{os.path.basename(f)} ({name}): {collections.Counter(verdicts)}")
            v += " (flips)"
        t = f'{last["time_s"]:.2f}' if last else "-"
        unk = last["solver_unknown"] if last else "-"
        classes = (last or {}).get("solver_unknown_classes") or {}
        if classes:
            unk = f"{unk} ({', '.join(f'{n} {k}' for k, n in sorted(classes.items()))})"
        states = last["states_created"] if last else "-"
        reason = ""
        if last and verdicts[-1] == "unknown" and last.get("incomplete"):
            reason = "; ".join(last["incomplete"])[:60]
        cells.append(f"{v} | {t} | {states} | {unk}")
        c = totals[name]
        c[verdicts[-1] if verdicts[-1] == want else ("unknown" if verdicts[-1] == "unknown" else "wrong")] += 1
        c["time"] += last["time_s"] if last else float(T)
        c["unknowns"] += last["solver_unknown"] if last else 0
        for k, n in classes.items():
            c["class " + k] += n
        if reason:
            c["reasons"] = 0
            cells[-1] += f" | {reason}"
        else:
            cells[-1] += " | "
    rows.append(f"| {os.path.basename(f)[:-2]} | {cls} | {want} | " + " | ".join(cells) + " |")
head = "| program | class | expected | " + " | ".join(f"{n} verdict | {n} s | {n} states | {n} solver unknowns | {n} why unknown" for n, _ in bins) + " |"
print(f"BENCH_TIME={T} BENCH_MODE={MODE} REPEAT={REPEAT}; {len(files)} programs\n")
print(head)
print("|" + "---|" * (3 + 5 * len(bins)))
print("\n".join(rows))
print()
for name, _ in bins:
    c = totals[name]
    print(f"- {name}: {c['true'] + c['false']} of {len(files)} decided ({c['true']} true, {c['false']} false), "
          f"{c['unknown']} unknown, {c['wrong']} wrong; total time {c['time']:.1f} s; solver unknowns {c['unknowns']}"
          + "".join(f", {n} {k[6:]}" for k, n in sorted(c.items()) if k.startswith("class ")))
if REPEAT > 1:
    print(f"- verdicts that flipped over {REPEAT} runs: " + ("; ".join(flips) if flips else "none"))
sys.exit(1 if wrong else 0)
PYEOF
