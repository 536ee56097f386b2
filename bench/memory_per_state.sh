#!/usr/bin/env bash
# Memory per pending state (issue 14): breadth-first search on tests/programs/long/branches24.c
# (24 independent input branches) until the state limit stops it with a frontier of about
# 100,000 pending states; memory per state = (peak resident memory - that of a run stopped after
# one state) / states pending at the stop (paths_stopped, which counts them). Works with any
# kappa binary, so that two builds can be compared in one run:
#
# Usage: bench/memory_per_state.sh [KAPPA...]     (default target/release/kappa)
# Needs: a release build (cargo build --release -p kappa-cli).
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- target/release/kappa
W=target/bench-memory-per-state
mkdir -p "$W"
P=tests/programs/long/branches24.c
STATES=${STATES:-200000}
printf '| kappa | mode | pending states | peak MB | baseline MB | KiB per state | time s |\n|---|---|---:|---:|---:|---:|---:|\n'
for K in "$@"; do
  for MODE in classic compact; do
    "$K" run "$P" --mode "$MODE" --search bfs --max-states 1 --max-memory 100000 --quiet \
      --out "$W/out" --stats-json "$W/base.json" >/dev/null 2>&1
    "$K" run "$P" --mode "$MODE" --search bfs --max-states "$STATES" --max-memory 100000 --quiet \
      --out "$W/out" --stats-json "$W/run.json" >/dev/null 2>&1
    python3 - "$K" "$MODE" "$W/base.json" "$W/run.json" <<'PY'
import json, sys
k, mode, base, run = sys.argv[1:]
b, r = json.load(open(base)), json.load(open(run))
pending = r["paths_stopped"]
kib = (r["peak_memory_mb"] - b["peak_memory_mb"]) * 1024 / max(pending, 1)
print(f"| {k} | {mode} | {pending} | {r['peak_memory_mb']:.0f} | {b['peak_memory_mb']:.0f} | {kib:.2f} | {r['time_s']:.1f} |")
PY
  done
done
