#!/usr/bin/env bash
# The path-sensitively sliced CFG against the original program and its static slice, in the
# spirit of Tables 1 and 3 of Jaffar and Murali (FSE 2014), on the driver-like programs of
# bench/slice/ (and any other programs given).
#
#   bench/slice.sh [FILE.c ...]      # default: bench/slice/*.c
#
# For each program, in one run:
#   kappa slice FILE --property unreach-call [--static] -o OUT.c --stats-json S.json
#   kappa verify FILE|OUT.c --mode classic|compact --max-time T --quiet --stats-json V.json
# and two Markdown tables on stdout: (a) lines of code (original, static slice, PSS-CFG
# decompiled), paths (each path through a loop body counted once), nodes of the symbolic
# execution tree of `kappa run --mode classic` on each, slicing time and rule triggers;
# (b) `kappa verify` time per mode on the original, the static slice and the PSS-CFG, with the
# speed-up original/PSS (without and with the slicing time), and `kappa verify --slice` (slicing,
# verification of the slice, confirmation of a counterexample on the original) end to end; in
# (a) also the time of `kappa run --mode classic` (a test per path: the concolic tester's job) on
# the original and on the PSS-CFG. A verdict that contradicts the program's `// kappa-expect:` line is
# flagged WRONG; `unknown` (timeout) is never wrong.
#
# (c) slices for target variables (default the protocol state `s` and `myStatus`): lines and
# paths of original, static slice and PSS-CFG, slicing time.
#
# Environment: BENCH_TIME (--max-time per verification and slice, default 300), BENCH_KEEP (keep
# the slices and statistics there), BENCH_TARGETS (comma-separated, empty for none),
# CARGO_TARGET_DIR.
# Exit status: 0, or 1 if a verdict is WRONG. Needs bash, python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -q -p kappa-cli >&2
KAPPA="${CARGO_TARGET_DIR:-target}/release/kappa"

if [ $# -gt 0 ]; then
    FILES=("$@")
else
    FILES=(bench/slice/*.c)
fi

export KAPPA BENCH_TIME="${BENCH_TIME:-300}" BENCH_KEEP="${BENCH_KEEP:-}" BENCH_TARGETS="${BENCH_TARGETS-s,myStatus}"

exec python3 - "${FILES[@]}" <<'PYEOF'
import json, os, re, subprocess, sys, tempfile, time

kappa = os.environ["KAPPA"]
limit = os.environ["BENCH_TIME"]
keep = os.environ["BENCH_KEEP"]
work = keep if keep else tempfile.mkdtemp(prefix="kappa-slice-bench-")
os.makedirs(work, exist_ok=True)
wrong = []
targets = [t for t in os.environ["BENCH_TARGETS"].split(",") if t]


def expected(path):
    with open(path) as f:
        for line in f:
            m = re.search(r"kappa-expect:\s*verdict=(\w+)", line)
            if m:
                return m.group(1)
    return "?"


def run(args):
    t = time.time()
    p = subprocess.run([kappa] + args, capture_output=True, text=True)
    return p, time.time() - t


def slice_of(path, name, static, target=None):
    kind = ("static" if static else "pss") + (f".{target}" if target else "")
    out = os.path.join(work, f"{name}.{kind}.c")
    st = os.path.join(work, f"{name}.{kind}.json")
    crit = ["--target", target] if target else ["--property", "unreach-call"]
    args = ["slice", path, *crit, "-o", out, "--stats-json", st, "--max-time", limit]
    if static:
        args.append("--static")
    p, _ = run(args)
    if p.returncode != 0 or not os.path.exists(st):
        sys.stderr.write(f"{path}: kappa slice failed: {p.stderr.strip()}\n")
        return None, None
    with open(st) as f:
        return out, json.load(f)


def tree_nodes(path, name):
    """`kappa run --mode classic`: the SE tree and the time to generate a test per path."""
    st = os.path.join(work, f"{name}.run.json")
    out = os.path.join(work, f"{name}.run")
    _, wall = run(["run", path, "--mode", "classic", "--search", "dfs", "--max-time", limit, "--out", out, "--stats-json", st, "--quiet"])
    try:
        with open(st) as f:
            s = json.load(f)
        return s["tree_nodes"], bool(s["incomplete"]), wall
    except (OSError, ValueError, KeyError):
        return None, True, wall


def verify(path, name, mode, want, extra=()):
    st = os.path.join(work, f"{name}.{mode}.json")
    out = os.path.join(work, f"{name}.{mode}.out")
    p, wall = run(["verify", path, *extra, "--mode", mode, "--max-time", limit, "--quiet", "--out", out, "--stats-json", st])
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    v = "true" if last == "RESULT: true" else "false" if last.startswith("RESULT: false") else "unknown"
    if v != "unknown" and want in ("true", "false") and v != want:
        wrong.append(f"{name} {mode}: {v}, expected {want}")
        v = "WRONG " + v
    return v, wall


rows_a, rows_b, rows_c = [], [], []
for path in sys.argv[1:]:
    name = os.path.splitext(os.path.basename(path))[0]
    want = expected(path)
    sys.stderr.write(f"{name}...\n")
    pss, ps = slice_of(path, name, False)
    stc, ss = slice_of(path, name, True)
    if ps is None or ss is None:
        continue
    progs = {"orig": path, "static": stc, "pss": pss}
    trees = {k: tree_nodes(p, f"{name}.{k}") for k, p in progs.items()}
    res = {}
    for k, p in progs.items():
        for mode in ("classic", "compact"):
            res[(k, mode)] = verify(p, f"{name}.{k}", mode, want)
    for mode in ("classic", "compact"):
        res[("slice", mode)] = verify(path, f"{name}.vslice", mode, want, ["--slice"])

    def tn(k):
        n, inc, _ = trees[k]
        return "?" if n is None else (f">{n}" if inc else str(n))

    def tt(k):
        n, inc, wall = trees[k]
        return "?" if n is None else (f"timeout ({wall:.0f})" if inc else f"{wall:.1f}")

    rows_a.append(f"| {name} | {want} | {ps['original_lines']} | {ss['lines']} | {ps['lines']} | "
                  f"{ps['cfg_paths']:.0f} | {ss['pss_paths']:.0f} | {ps['pss_paths']:.0f} | "
                  f"{tn('orig')} | {tn('static')} | {tn('pss')} | {tt('orig')} | {tt('pss')} | {ps['tree_nodes']} | {ps['merges']} | "
                  f"{ps['time_s']:.2f} | {ps['rule1']} | {ps['rule2']} | {ps['rule3']} |")
    cells = []
    for mode in ("classic", "compact"):
        o, s, p, v = res[("orig", mode)], res[("static", mode)], res[("pss", mode)], res[("slice", mode)]

        def t(x):
            return f"{x[1]:.1f} ({x[0]})" if x[0] != "unknown" else f"timeout ({x[1]:.0f})"

        speed = f"{o[1] / max(p[1], 0.01):.1f}x" if o[0] != "unknown" and p[0] != "unknown" else (
            f">{o[1] / max(p[1], 0.01):.1f}x" if p[0] != "unknown" else "n/a")
        total = f"{o[1] / max(p[1] + ps['time_s'], 0.01):.1f}x" if o[0] != "unknown" and p[0] != "unknown" else "n/a"
        cells += [t(o), t(s), t(p), speed, total, t(v)]
    rows_b.append(f"| {name} | " + " | ".join(cells) + " |")
    for target in targets:
        _, tp = slice_of(path, name, False, target)
        _, ts = slice_of(path, name, True, target)
        if tp is None or ts is None:
            rows_c.append(f"| {name} | {target} | no slice | | | | | | |")
            continue
        rows_c.append(f"| {name} | {target} | {tp['original_lines']} | {ts['lines']} | {tp['lines']} | "
                      f"{tp['cfg_paths']:.0f} | {ts['pss_paths']:.0f} | {tp['pss_paths']:.0f} | {tp['time_s']:.2f} |")

print("(a) the PSS-CFG\n")
print("| program | verdict | lines orig | lines static | lines PSS | paths orig | paths static | paths PSS "
      "| SE tree orig | SE tree static | SE tree PSS | run s orig | run s PSS | PSS tree built | merges | slicing s | rule 1 | rule 2 | rule 3 |")
print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
print("\n".join(rows_a))
print(f"\n(b) kappa verify, seconds (verdict), --max-time {limit}\n")
print("| program | classic orig | classic static | classic PSS | speed-up | with slicing | verify --slice | "
      "compact orig | compact static | compact PSS | speed-up | with slicing | verify --slice |")
print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
print("\n".join(rows_b))
if rows_c:
    print("\n(c) slices for target variables (their values when main returns)\n")
    print("| program | target | lines orig | lines static | lines PSS | paths orig | paths static | paths PSS | slicing s |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
    print("\n".join(rows_c))
if wrong:
    print("\nWRONG verdicts:\n" + "\n".join(wrong))
    sys.exit(1)
PYEOF
