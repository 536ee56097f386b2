#!/usr/bin/env bash
# Compact symbolic execution (loop templates, --mode compact) against classic symbolic
# execution (--mode classic) on the loop programs in bench/loops/ (in the spirit of Table 1 of
# the ATVA 2013 paper "Compact Symbolic Execution").
#
#   bench/compact_vs_classic.sh [FILE.c ...]        # default: every bench/loops/*.c
#
# Each program is verified once per mode with
#   kappa verify FILE --mode MODE --max-time T --quiet --out DIR --stats-json FILE.json
# and a Markdown table goes to stdout: expected verdict (the `// kappa-expect: verdict=…`
# line of the program), then per mode the verdict, time, states created and tree nodes.
# A `true`/`false` verdict that contradicts the expectation is flagged WRONG (a soundness
# bug); `unknown` is never wrong. A second table lists template statistics and the reasons
# of every incomplete run.
#
# Environment:
#   BENCH_TIME   --max-time per run in seconds (default 30)
#   BENCH_MODES  modes to run, space separated (default "classic compact")
#   BENCH_KEEP   keep every run's output directory and statistics JSON under this directory
#   CARGO_TARGET_DIR  as for cargo (default target)
# Exit status: 0, or 1 if any verdict is WRONG.
# Needs only bash, python3 and cargo (to build the release binary first).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -q -p kappa-cli >&2
KAPPA="${CARGO_TARGET_DIR:-target}/release/kappa"

if [ $# -gt 0 ]; then
    FILES=("$@")
else
    FILES=(bench/loops/*.c)
fi

export KAPPA BENCH_TIME="${BENCH_TIME:-30}" BENCH_MODES="${BENCH_MODES:-classic compact}" \
    BENCH_KEEP="${BENCH_KEEP:-}"

exec python3 - "${FILES[@]}" <<'PYEOF'
import json, os, re, shutil, subprocess, sys, tempfile, time

kappa = os.environ["KAPPA"]
limit = float(os.environ["BENCH_TIME"])
modes = os.environ["BENCH_MODES"].split()
keep = os.environ["BENCH_KEEP"]
files = sys.argv[1:]

work = keep if keep else tempfile.mkdtemp(prefix="kappa-bench-")
os.makedirs(work, exist_ok=True)


def expected(path):
    with open(path) as f:
        for line in f:
            m = re.search(r"kappa-expect:\s*verdict=(\w+)", line)
            if m:
                return m.group(1)
    return "?"


def short(verdict):
    v = (verdict or "").strip()
    if v.startswith("true"):
        return "true"
    if v.startswith("false"):
        return "false"
    if v.startswith("unknown"):
        return "unknown"
    return v or "error"


def run(path, mode):
    name = os.path.splitext(os.path.basename(path))[0]
    out = os.path.join(work, f"{name}.{mode}")
    stats = os.path.join(work, f"{name}.{mode}.json")
    shutil.rmtree(out, ignore_errors=True)
    if os.path.exists(stats):
        os.remove(stats)
    cmd = [kappa, "verify", path, "--mode", mode, "--max-time", f"{limit:g}", "--quiet",
           "--out", out, "--stats-json", stats]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=limit * 2 + 30)
        rc, stdout, stderr = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, stdout, stderr = None, e.stdout or "", e.stderr or ""
        if isinstance(stdout, bytes):
            stdout = stdout.decode(errors="replace")
        if isinstance(stderr, bytes):
            stderr = stderr.decode(errors="replace")
    wall = time.monotonic() - t0
    r = {"wall": wall, "rc": rc, "stdout": stdout, "stderr": stderr}
    lines = [l for l in stdout.splitlines() if l.startswith("RESULT:")]
    r["result_line"] = lines[-1] if lines else ""
    try:
        with open(stats) as f:
            r["stats"] = json.load(f)
    except (OSError, ValueError):
        r["stats"] = None
    if r["stats"] is not None:
        r["verdict"] = short(r["stats"].get("verdict"))
    elif r["result_line"]:
        r["verdict"] = short(r["result_line"][len("RESULT:"):])
    elif rc is None:
        r["verdict"] = "unknown"
        r["note"] = f"killed after {wall:.0f}s (kappa ignored --max-time)"
    else:
        r["verdict"] = "error"
        r["note"] = f"exit code {rc}: " + (stderr.strip().splitlines() or [""])[-1][:120]
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
    return r


def fmt_time(r):
    s = r["stats"]
    t = s.get("time_s") if s else None
    return f"{t:.2f}" if isinstance(t, (int, float)) else f"({r['wall']:.1f})"


def num(r, key):
    s = r["stats"]
    return str(s.get(key, "-")) if s else "-"


rows, wrong, notes = [], [], []
solved = {m: 0 for m in modes}
total_time = {m: 0.0 for m in modes}
for path in files:
    name = os.path.splitext(os.path.basename(path))[0]
    exp = expected(path)
    res = {}
    for mode in modes:
        print(f"[{name} {mode}]", file=sys.stderr, flush=True)
        r = run(path, mode)
        res[mode] = r
        v = r["verdict"]
        s = r["stats"]
        total_time[mode] += s.get("time_s", r["wall"]) if s else r["wall"]
        if v in ("true", "false"):
            if exp in ("true", "false") and v != exp:
                r["wrong"] = True
                wrong.append((name, mode, exp, r))
            else:
                solved[mode] += 1
        if s:
            inc = s.get("incomplete") or []
            tpl = s.get("templates") or {}
            notes.append((name, mode, v, tpl, inc, s))
        elif "note" in r:
            notes.append((name, mode, v, {}, [r["note"]], {}))
    rows.append((name, exp, res))

# ---- table ------------------------------------------------------------------------------
hdr = ["program", "expected"]
for m in modes:
    hdr += [f"{m} verdict", f"{m} time (s)", f"{m} states", f"{m} tree nodes"]
print("| " + " | ".join(hdr) + " |")
print("|" + "|".join(["---", "---"] + ["---", "---:", "---:", "---:"] * len(modes)) + "|")
for name, exp, res in rows:
    cells = [name, exp]
    for m in modes:
        r = res[m]
        v = r["verdict"]
        if r.get("wrong"):
            v = f"**WRONG: {v}**"
        cells += [v, fmt_time(r), num(r, "states_created"), num(r, "tree_nodes")]
    print("| " + " | ".join(cells) + " |")
n = len(rows)
print()
print("| mode | solved (correct true/false) | unknown | WRONG | total time (s) |")
print("|---|---:|---:|---:|---:|")
for m in modes:
    unk = sum(1 for _, _, res in rows if res[m]["verdict"] not in ("true", "false"))
    w = sum(1 for x in wrong if x[1] == m)
    print(f"| {m} | {solved[m]}/{n} | {unk} | {w} | {total_time[m]:.1f} |")

# ---- details: templates and reasons of incomplete runs ----------------------------------
print()
print("| program | mode | verdict | templates (cycles/computed/applied) | paths | solver queries | incomplete | cycles without a template |")
print("|---|---|---|---|---:|---:|---|---|")
for name, mode, v, tpl, inc, s in notes:
    if mode != "compact" and not inc:
        continue
    t = f"{tpl.get('cycles', '-')}/{tpl.get('computed', '-')}/{tpl.get('applied', '-')}" if tpl else "-"
    reasons = "; ".join(str(x) for x in inc).replace("|", "\\|") or "-"
    nt = "; ".join(str(x)[:110] for x in (tpl.get("no_template") or [])).replace("|", "\\|") or "-"
    print(f"| {name} | {mode} | {v} | {t} | {s.get('paths_completed', '-')} | "
          f"{s.get('solver_queries', '-')} | {reasons} | {nt} |")

if wrong:
    print()
    print("## WRONG verdicts")
    for name, mode, exp, r in wrong:
        print()
        print(f"### {name} --mode {mode}: expected {exp}, got {r['verdict']}")
        print("```")
        print(r["stdout"].rstrip())
        if r["stderr"].strip():
            print("--- stderr ---")
            print(r["stderr"].rstrip()[-2000:])
        print("```")
print(f"\n(T = {limit:g} s per run; statistics and outputs in {work})" if keep else
      f"\n(T = {limit:g} s per run)")
if not keep:
    shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if wrong else 0)
PYEOF
