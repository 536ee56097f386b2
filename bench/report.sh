#!/usr/bin/env bash
# The HTML report of a big run (issue 25): a program of N independent conditions (2^N paths,
# default N=17: 131,072 paths) explored to the end with --report, then the page measured: its
# size, its elements, the tree nodes drawn, and the time headless Chromium takes to load it and
# lay it out (`--dump-dom` after the load event), against the same for a one-line page (the
# browser's own start-up) in the same run.
#
# Usage: bench/report.sh [N]
# Needs: a release build (cargo build --release -p kappa-cli), chromium (scripts/setup.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
N=${1:-17}
KAPPA=${KAPPA:-target/release/kappa}
W=target/bench-report
rm -rf "$W"
mkdir -p "$W"
P="$W/many.c"
{
  echo 'extern int __VERIFIER_nondet_int(void);'
  echo 'int main(void) {'
  echo '    int n = 0;'
  for k in $(seq 1 "$N"); do echo "    if (__VERIFIER_nondet_int() > $k) n++;"; done
  echo '    return n;'
  echo '}'
} >"$P"
start=$(date +%s.%N)
"$KAPPA" run "$P" --mode classic --search dfs --quiet --out "$W/out" --report "$W/report" \
  --stats-json "$W/stats.json" >"$W/run.txt" 2>&1
run_s=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
"$KAPPA" report "$W/out" --report "$W/again" >/dev/null
report_s=$(echo "$(date +%s.%N) - $start" | bc)
echo '<!DOCTYPE html><html><body>empty</body></html>' >"$W/empty.html"
load() { # seconds for chromium to load and dump the page, best of 3
  best=
  for _ in 1 2 3; do
    s=$(date +%s.%N)
    chromium --headless=new --no-sandbox --disable-gpu --dump-dom "file://$PWD/$1" >/dev/null 2>&1
    t=$(echo "$(date +%s.%N) - $s" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}
empty_s=$(load "$W/empty.html")
page_s=$(load "$W/report/index.html")
python3 - "$W" "$run_s" "$report_s" "$empty_s" "$page_s" "$(uptime | sed 's/.*load average: //')" <<'PY'
import json, sys, re
w, run_s, report_s, empty_s, page_s, load = sys.argv[1:]
s = json.load(open(f"{w}/stats.json"))
html = open(f"{w}/report/index.html").read()
nodes = html.count('class="node tnode"')
print("| paths | tree nodes | run (s) | `kappa report` (s) | page (KB) | tags | tree nodes drawn | Chromium: page (s) | Chromium: empty page (s) | load average |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
print(f"| {s['paths_completed']} | {s['tree_nodes']} | {float(run_s):.1f} | {float(report_s):.2f} | {len(html)//1024} | {html.count('<')} | {nodes} | {float(page_s):.2f} | {float(empty_s):.2f} | {load} |")
PY
