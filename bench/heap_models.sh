#!/usr/bin/env bash
# The heap-model benchmark (issue 8; POSE paper, section 5): every program is explored to the end
# with --heap lazy, lazier and pose in one run of this script, and the traces (paths), states,
# solver queries, solver time and total time of each are put side by side, with the ratio
# lazy/POSE. Programs: the paper's examples (tests/programs/heap, with its bounds), the list, tree
# and doubly-linked-list programs of bench/heap at walk bounds K = 3 and K = 5 (input heaps), and
# the SV-COMP style list programs of the corpus (the program's own heap: POSE reads through
# ite-terms where lazy and lazier fork per object).
#
# Usage: bench/heap_models.sh [MODE] [SECONDS]    (MODE classic or compact, default classic;
#                                                 default limit 120 s per run)
# Needs: a release build (cargo build --release -p kappa-cli).
# Results: target/bench-heap/results.md (a markdown table) and the statistics JSON beside it.
set -uo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-classic}
T=${2:-120}
KAPPA=${KAPPA:-target/release/kappa}
W=target/bench-heap
rm -rf "$W"
mkdir -p "$W"

# file | entry | -D
CASES='
tests/programs/heap/swap.c|swap|MAX=4
tests/programs/heap/sum.c|sum|MAX=4
tests/programs/heap/has_null.c|hasNull|MAX=4
tests/programs/heap/has_null.c|hasNull|MAX=10
tests/programs/heap/p1.c|p1|-
tests/programs/heap/p2.c|p2|-
tests/programs/heap/list_length.c|length|-
'
for f in bench/heap/*.c; do
    e=$(sed -n 's|^// kappa-entry: *||p' "$f" | head -1)
    for k in 3 5; do CASES="$CASES$f|$e|K=$k"$'\n'; done
done
for f in tests/programs/svcomp/heap_*.c tests/programs/svcomp/list_append_check.c tests/programs/svcomp/list_reverse.c; do
    CASES="$CASES$f|main|-"$'\n'
done

echo "$CASES" | while IFS='|' read -r F E D; do
    [ -z "$F" ] && continue
    name="$(basename "$F" .c)"
    [ "$D" != "-" ] && name="$name($D)"
    for H in lazy lazier pose; do
        args=(run "$F" --entry "$E" --mode "$MODE" --heap "$H" --max-time "$T" --quiet --out "$W/out")
        [ "$D" != "-" ] && args+=(-D "$D")
        start=$(date +%s.%N)
        "$KAPPA" "${args[@]}" --stats-json "$W/$name.$H.json" > "$W/$name.$H.txt" 2>&1
        end=$(date +%s.%N)
        echo "$name|$H|$(echo "$end - $start" | bc)"
    done
done > "$W/runs.txt"

python3 - "$W" <<'EOF'
import json, sys, collections
w = sys.argv[1]
runs = collections.OrderedDict()
for line in open(f"{w}/runs.txt"):
    name, heap, wall = line.strip().split("|")
    try:
        s = json.load(open(f"{w}/{name}.{heap}.json"))
    except (OSError, ValueError):
        s = None
    runs.setdefault(name, {})[heap] = (s, float(wall))

def cell(s, key):
    return "-" if s is None else s.get(key)

rows = ["| program | traces lazy / lazier / POSE | heap forks lazy / lazier / POSE | states lazy / lazier / POSE | queries lazy / lazier / POSE | solver s lazy / lazier / POSE | time s lazy / lazier / POSE | time lazy/POSE | complete |",
        "|---|---|---|---|---|---|---|---|---|"]
totals = collections.Counter()
for name, by in runs.items():
    st = {h: by[h][0] for h in ("lazy", "lazier", "pose")}
    def three(f):
        return " / ".join(str(f(st[h])) if st[h] is not None else "-" for h in ("lazy", "lazier", "pose"))
    traces = three(lambda s: s["heap_stats"]["traces"])
    forks = three(lambda s: s["heap_stats"]["heap_forks"])
    states = three(lambda s: s["states_created"])
    queries = three(lambda s: s["solver_queries"])
    solver = three(lambda s: f'{s["solver_time_s"]:.2f}')
    time = three(lambda s: f'{s["time_s"]:.2f}')
    ratio = "-"
    if st["lazy"] and st["pose"] and st["pose"]["time_s"] > 0:
        ratio = f'{st["lazy"]["time_s"] / st["pose"]["time_s"]:.2f}'
    complete = " / ".join("yes" if st[h] is not None and not st[h].get("incomplete") else "no" for h in ("lazy", "lazier", "pose"))
    for h in ("lazy", "lazier", "pose"):
        if st[h] is not None:
            totals[(h, "traces")] += st[h]["heap_stats"]["traces"]
            totals[(h, "time")] += st[h]["time_s"]
            totals[(h, "solver")] += st[h]["solver_time_s"]
            totals[(h, "queries")] += st[h]["solver_queries"]
    rows.append(f"| {name} | {traces} | {forks} | {states} | {queries} | {solver} | {time} | {ratio} | {complete} |")
t = lambda k: " / ".join(f"{totals[(h, k)]:.2f}" if isinstance(totals[(h, k)], float) else str(totals[(h, k)]) for h in ("lazy", "lazier", "pose"))
rows.append(f"| **total** | {t('traces')} | | | {t('queries')} | {t('solver')} | {t('time')} | {totals[('lazy','time')] / max(totals[('pose','time')], 1e-9):.2f} | |")
open(f"{w}/results.md", "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
EOF
