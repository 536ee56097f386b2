#!/usr/bin/env bash
# Classic exploration of deep recursion (issue 12): the programs of bench/recursion/ explored by
# `kappa run --mode classic` (bfs, every path) with one or more kappa binaries in the same run,
# e.g. before and after a change. Per program and binary: time, solver time, peak memory (the
# statistics' peak_memory_mb, from /proc), states, paths. The programs fork thousands of calls
# deep: what a fork copies of the call stack and what a return does to the frames' objects
# decide the cost, not the solver.
#
# Usage: bench/recursion.sh [NAME=BINARY ...]   (default: after=target/release/kappa)
#   BENCH_TIME  --max-time per run (default 300)
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- after=target/release/kappa
export BENCH_TIME="${BENCH_TIME:-300}"
exec python3 - "$@" <<'PYEOF'
import glob, json, os, subprocess, sys, tempfile
T = os.environ["BENCH_TIME"]
bins = [a.split("=", 1) for a in sys.argv[1:]]
print("| program | binary | time (s) | solver (s) | peak memory (MB) | states | paths | complete |")
print("|---|---|---:|---:|---:|---:|---:|---|")
for f in sorted(glob.glob("bench/recursion/*.c")):
    for name, binary in bins:
        with tempfile.TemporaryDirectory() as d:
            subprocess.run([binary, "run", f, "--mode", "classic", "--max-time", T, "--quiet", "--out", d,
                            "--stats-json", d + "/s.json"], capture_output=True)
            try:
                s = json.load(open(d + "/s.json"))
            except (OSError, ValueError):
                print(f"| {os.path.basename(f)} | {name} | - | - | - | - | - | no statistics |", flush=True)
                continue
        done = "yes" if not s["incomplete"] else "; ".join(s["incomplete"])[:50]
        print(f'| {os.path.basename(f)} | {name} | {s["time_s"]:.2f} | {s["solver_time_s"]:.2f} | '
              f'{s["peak_memory_mb"]:.0f} | {s["states_created"]} | {s["paths_completed"]} | {done} |', flush=True)
PYEOF
