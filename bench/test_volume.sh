#!/usr/bin/env bash
# The number of test files a long run writes (issue 14): depth-first search on
# tests/programs/long/branches24.c (2^24 paths) for SECONDS with the default test policy
# (--path-tests 1000) and, for comparison, with --path-tests all.
#
# Usage: bench/test_volume.sh [SECONDS]     (default 600: the issue's ten-minute run)
# Needs: a release build (cargo build --release -p kappa-cli).
set -uo pipefail
cd "$(dirname "$0")/.."
T=${1:-600}
KAPPA=${KAPPA:-target/release/kappa}
W=target/bench-test-volume
rm -rf "$W"
mkdir -p "$W"
P=tests/programs/long/branches24.c
printf '| policy | seconds | paths completed | test files | paths without a file | largest directory |\n|---|---:|---:|---:|---:|---:|\n'
for POLICY in 1000 all; do
  "$KAPPA" run "$P" --search dfs --max-time "$T" --path-tests "$POLICY" --quiet \
    --out "$W/$POLICY" --stats-json "$W/$POLICY.json" >/dev/null 2>&1
  files=$(find "$W/$POLICY/tests" -name '*.json' | wc -l)
  largest=$(find "$W/$POLICY/tests" -type d | while read -r d; do find "$d" -maxdepth 1 | wc -l; done | sort -n | tail -1)
  python3 - "$POLICY" "$W/$POLICY.json" "$files" "$((largest - 1))" <<'PY'
import json, sys
policy, path, files, largest = sys.argv[1:]
s = json.load(open(path))
print(f"| --path-tests {policy} | {s['time_s']:.0f} | {s['paths_completed']} | {files} | {s.get('tests_not_written', 0)} | {largest} |")
PY
done
