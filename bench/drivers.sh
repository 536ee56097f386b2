#!/usr/bin/env bash
# The driver-like benchmark of issue 24 (the PSS-CFG over memory): every program of bench/drivers/
# (device drivers written as real ones are: a device extension reached through a pointer, request
# packets passed by pointer with a stack location, dispatch through a switch on the major
# function, completion routines; see bench/drivers/README.md) is measured, per kappa binary, by
#   kappa slice FILE --property unreach-call -o OUT.c --stats-json S.json --max-time T
#       (slicing time and work units, CFG edges of the original, edges of the PSS-CFG and lines
#       of the decompiled C, or the slicer's refusal message; the count of possible undefined
#       behaviours the slice lists, "UB listed": `verify --slice` verifies only a slice with none)
#   kappa verify FILE --max-time T            (verdict and time)
#   kappa verify FILE --slice --max-time T    (verdict and time; "unsliced" when the slicer
#                                              refused and verify fell back to the original)
# A verdict that contradicts the program's `// kappa-expect:` line is WRONG (`unknown` never is;
# the expectations are checked with gcc by `bench/proofs_gcc.sh 1000 bench/drivers`). Then, once,
# the slicer's refusals over kappa's corpus (`bench/slice_corpus.sh` with BENCH_SLICE_ONLY=1, the
# first binary) — issue 24's "79 of 141 refused".
#
# Usage: bench/drivers.sh [NAME...]      (program names without .c; default: all)
#   KAPPA       the binary (default target/release/kappa), or several as "before=OLD after=NEW"
#   BENCH_TIME  --max-time per run, seconds (default 60)      JOBS  programs in parallel (default 1)
#   OUT         work and result directory (default target/bench-drivers)
#   CORPUS=0    skip the corpus refusal count
# Results: Markdown on stdout and in OUT/results.md (development set and held-out set in separate
# tables, then the corpus count), one CSV row per program and binary in OUT/results.csv.
# Exit status 1 if a verdict is WRONG.
set -uo pipefail
cd "$(dirname "$0")/.."
export KAPPA="${KAPPA:-target/release/kappa}" BENCH_TIME="${BENCH_TIME:-60}" JOBS="${JOBS:-1}"
export OUT="${OUT:-target/bench-drivers}" CORPUS="${CORPUS:-1}"
for b in $KAPPA; do
    [ -x "${b#*=}" ] || { echo "drivers.sh: no kappa binary at ${b#*=} (cargo build --release -p kappa-cli)" >&2; exit 2; }
done
mkdir -p "$OUT"
python3 - "$@" <<'PYEOF'
import concurrent.futures as cf, csv, json, os, re, subprocess, sys, time

BINS = [(b.split("=", 1) if "=" in b else (os.path.basename(b), b)) for b in os.environ["KAPPA"].split()]
BINS = [(n, os.path.abspath(p)) for n, p in BINS]
T = os.environ["BENCH_TIME"]
JOBS = int(os.environ["JOBS"])
OUT = os.path.abspath(os.environ["OUT"])
progs = sorted(f[:-2] for f in os.listdir("bench/drivers") if f.endswith(".c"))
if sys.argv[1:]:
    progs = [p for p in progs if p in sys.argv[1:]]


def header(prog):
    text = open(f"bench/drivers/{prog}.c").read()
    want = re.search(r"kappa-expect: verdict=(true|false)", text).group(1)
    held = re.search(r"^// held-out", text, re.M) is not None
    loc = sum(1 for line in text.splitlines() if line.strip() and not line.strip().startswith("//"))
    return want, held, loc


def run(args):
    # A run that overshoots --max-time by far is stopped and counted as a timeout.
    t = time.time()
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=2 * float(T) + 30)
    except subprocess.TimeoutExpired:
        p = subprocess.CompletedProcess(args, 124, "RESULT: unknown (killed: over twice --max-time)",
                                        "kappa: time limit reached (killed: over twice --max-time)")
    return p, time.time() - t


def verdict(p):
    last = (p.stdout.strip().splitlines() or [""])[-1]
    if last == "RESULT: true":
        return "true"
    if last.startswith("RESULT: false"):
        return "false"
    m = re.match(r"RESULT: unknown \((.*)\)", last)
    return "unknown" + (f" ({m.group(1)[:40]})" if m else "")


def measure(job):
    bname, binary, prog = job
    src = f"bench/drivers/{prog}.c"
    want, held, loc = header(prog)
    d = os.path.join(OUT, bname, prog)
    os.makedirs(d, exist_ok=True)
    row = dict(binary=bname, program=prog, set="held-out" if held else "dev", expected=want, loc=loc)
    st = os.path.join(d, "slice.json")
    if os.path.exists(st):
        os.remove(st)
    p, wall = run([binary, "slice", src, "--property", "unreach-call", "-o", os.path.join(d, "slice.c"),
                   "--stats-json", st, "--max-time", T])
    row["slice_s"] = round(wall, 2)
    # Possible undefined behaviour the slice lists (a slice that lists any is not verified).
    row["ub"] = sum(1 for line in p.stderr.splitlines() if "note: possible undefined behaviour" in line)
    if p.returncode == 0 and os.path.exists(st):
        s = json.load(open(st))
        # "over-approx.": the slice reads summarised memory or recursive calls as unknown.
        row.update(sliced="over-approx." if s.get("approximations") else "yes",
                   cfg_edges=s["cfg_edges"], pss_edges=s["pss_edges"], pss_lines=s["lines"],
                   cfg_paths=s["cfg_paths"], pss_paths=s["pss_paths"], slice_work=s.get("work", ""), refusal="")
    else:
        why = (p.stderr.strip().splitlines() or ["?"])[-1]
        why = re.sub(r"^kappa: ", "", why).replace(os.path.abspath(src), src)
        timed_out = "time" in why and "limit" in why
        row.update(sliced="timeout" if timed_out else "refused", cfg_edges="", pss_edges="", pss_lines="",
                   cfg_paths="", pss_paths="", slice_work="", refusal=why)
    for key, extra in (("verify", []), ("verify_slice", ["--slice"])):
        out = os.path.join(d, key)
        p, wall = run([binary, "verify", src, *extra, "--max-time", T, "--quiet", "--out", out])
        v = verdict(p)
        if v in ("true", "false") and v != want:
            v = "WRONG " + v
        if extra and "verifying the original program" in p.stderr:
            v += " unsliced"
        row[key] = v
        row[key + "_s"] = round(wall, 2)
    sys.stderr.write(f"{bname} {prog}: slice {row['sliced']} {row['slice_s']} s, verify {row['verify']} "
                     f"{row['verify_s']} s, --slice {row['verify_slice']} {row['verify_slice_s']} s\n")
    return row


# Interleaved (each program with every binary in turn), so that a load that changes during the
# run weighs on the binaries alike.
jobs = [(n, b, p) for p in progs for n, b in BINS]
with cf.ThreadPoolExecutor(max_workers=JOBS) as ex:
    rows = list(ex.map(measure, jobs))
rows.sort(key=lambda r: [n for n, _ in BINS].index(r["binary"]))

fields = ["binary", "program", "set", "expected", "loc", "sliced", "slice_s", "slice_work", "cfg_edges", "pss_edges",
          "pss_lines", "cfg_paths", "pss_paths", "ub", "verify", "verify_s", "verify_slice", "verify_slice_s", "refusal"]
with open(os.path.join(OUT, "results.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=fields)
    w.writeheader()
    w.writerows(rows)


def cell_slice(r):
    if r["sliced"] in ("yes", "over-approx."):
        work = f", {r['slice_work'] / 1e6:.2f} M units" if r["slice_work"] != "" else ""
        if r["sliced"] != "yes":
            return f"{r['slice_s']:.1f} | {r['cfg_edges']} → {r['pss_edges']} (over-approx.{work}) | {r['pss_lines']}"
        return f"{r['slice_s']:.1f} | {r['cfg_edges']} → {r['pss_edges']}{' (' + work[2:] + ')' if work else ''} | {r['pss_lines']}"
    what = r["refusal"].replace("|", "/")
    what = re.sub(r"^\S+\.c:\d+:\d+: ", "", what)
    what = re.sub(r"^unsupported by the slicer: ", "", what)
    return f"{r['slice_s']:.1f} | {r['sliced']}: {what[:60]} | "


def cell_ub(r):
    return str(r["ub"]) if r["sliced"] in ("yes", "over-approx.") else ""


lines = [f"kappa slice / verify / verify --slice, --max-time {T} s per run, JOBS={JOBS}; seconds (verdict)\n"]
for split, title in (("dev", "Development set"), ("held-out", "Held-out set")):
    for bname, _ in BINS:
        rs = [r for r in rows if r["set"] == split and r["binary"] == bname]
        if not rs:
            continue
        lines.append(f"**{title}** ({bname})\n")
        lines.append("| program | expected | lines | slicing s | CFG edges → PSS edges (or why not) | PSS lines "
                     "| UB listed | verify | verify --slice | speed-up |")
        lines.append("|---|---|--:|--:|---|--:|--:|---|---|--:|")
        tot = {"decided": 0, "decided_slice": 0, "verify_s": 0.0, "verify_slice_s": 0.0, "sliced": 0}
        for r in rs:
            a, b = r["verify"], r["verify_slice"]
            both = r["sliced"] == "yes" and a in ("true", "false") and b.split()[0] in ("true", "false")
            speed = f"{r['verify_s'] / max(r['verify_slice_s'], 0.01):.1f}x" if both else ""
            tot["decided"] += a in ("true", "false")
            tot["decided_slice"] += b.split()[0] in ("true", "false")
            tot["verify_s"] += r["verify_s"]
            tot["verify_slice_s"] += r["verify_slice_s"]
            tot["sliced"] += r["sliced"] == "yes"
            lines.append(f"| {r['program']} | {r['expected']} | {r['loc']} | {cell_slice(r)} | {cell_ub(r)} | {r['verify_s']:.1f} ({a}) "
                         f"| {r['verify_slice_s']:.1f} ({b}) | {speed} |")
        lines.append(f"\n{len(rs)} programs: sliced {tot['sliced']}, verify decides {tot['decided']} "
                     f"({tot['verify_s']:.0f} s in all), verify --slice decides {tot['decided_slice']} "
                     f"({tot['verify_slice_s']:.0f} s in all)\n")
md = "\n".join(lines)
print(md, flush=True)
open(os.path.join(OUT, "results.md"), "w").write(md + "\n")
wrong = [r for r in rows if "WRONG" in r["verify"] or "WRONG" in r["verify_slice"]]
if wrong:
    print("WRONG verdicts: " + ", ".join(f"{r['binary']} {r['program']}" for r in wrong))
sys.exit(1 if wrong else 0)
PYEOF
status=$?
if [ "$CORPUS" = 1 ]; then
    first=${KAPPA%% *}
    echo
    echo "The slicer on kappa's corpus (bench/slice_corpus.sh, refusals only, ${first%%=*}):"
    echo
    KAPPA="${first#*=}" BENCH_SLICE_ONLY=1 BENCH_TIME="$BENCH_TIME" bench/slice_corpus.sh 2>/dev/null \
        | sed -n '/^slicer summary/,$p' | tee -a "$OUT/results.md"
fi
exit $status
