#!/usr/bin/env bash
# The verifier conformance benchmark (issue 20): `kappa verify --max-time T` on every task program
# of the repository that declares an expected verdict, scored as BenchExec would score it:
#   right    the verdict matches the expectation (for memsafety, with the same sub-property)
#   wrong    `true` where `false` is expected or `false` where `true` is (even if late: a wrong
#            verdict is a soundness bug whenever it comes)
#   late     no RESULT line by T + 1 s (BenchExec kills the verifier at T; an answer after it
#            scores nothing), or none at all; the process is killed at KILL_AFTER seconds
#   unknown  `RESULT: unknown` in time
#   error    no RESULT line although the process ended in time (input refused, crash): the
#            last line of its output is in the CSV
# plus the peak memory (the maximum resident set of the process and the children it waited for, as
# wait4 reports it: what GNU time's %M shows) per property, and a CSV with one row per run.
#
# Where the expectations come from (all found by scanning, so new programs are picked up):
#   - task definitions `*.yml` under tests/programs (and bench/): each property with an
#     `expected_verdict` (and `subproperty`), run as `kappa verify TASK.yml --property P.prp`;
#   - `.c`/`.i` files under tests/programs and bench/ whose first lines say
#     `// kappa-expect: [property=P] verdict=V[(SUB)]` (one line per property; default
#     unreach-call): svcomp/, properties/, libc/, conformance/, bench/decide, loops, slice, ...;
#   - `NAME.expect` sidecars (`verdict=V`, `model=ILP32|LP64`) next to `NAME.i` (preprocessed/).
# A program reached twice with the same property and data model (a task and the file's own
# annotation) is run once.
#
# Usage: KAPPA=path/to/kappa bench/verify.sh          (default KAPPA=target/release/kappa)
#   KAPPA="before=/tmp/old/kappa after=target/release/kappa"   several binaries in one run (each
#               task by each binary in turn, so that load changes hit both alike): a table each
#   FROM_CSV    summarise these CSV files (comma-separated) instead of running
#   BENCH_TIME  --max-time (default 10)   JOBS  parallel runs (default 1)
#   KILL_AFTER  seconds after which a run is killed (default 3 * BENCH_TIME)
#   CSV         where the per-run CSV goes (default target/bench-verify/verify.csv)
#   FILTER      a regular expression: only programs whose path matches it
#   LIST=1      print the tasks found and exit
# Exit status 1 if any verdict is wrong.
set -uo pipefail
cd "$(dirname "$0")/.."
export KAPPA="${KAPPA:-target/release/kappa}" BENCH_TIME="${BENCH_TIME:-10}" JOBS="${JOBS:-1}"
export KILL_AFTER="${KILL_AFTER:-$((3 * ${BENCH_TIME%.*}))}" CSV="${CSV:-target/bench-verify/verify.csv}"
export FILTER="${FILTER:-}" LIST="${LIST:-0}" FROM_CSV="${FROM_CSV:-}"
for b in $KAPPA; do
    [ -n "$FROM_CSV" ] || [ -x "${b#*=}" ] || { echo "verify.sh: no kappa binary at ${b#*=} (set KAPPA=path)" >&2; exit 2; }
done
exec python3 - <<'PYEOF'
import collections, concurrent.futures as cf, csv, glob, os, re, subprocess, sys, tempfile, threading, time

BINS = [(b.split("=", 1) if "=" in b else (os.path.basename(b), b)) for b in os.environ["KAPPA"].split()]
BINS = [(n, os.path.abspath(p)) for n, p in BINS]
T = float(os.environ["BENCH_TIME"]); JOBS = int(os.environ["JOBS"])
KILL = float(os.environ["KILL_AFTER"]); CSVP = os.environ["CSV"]
FILTER = re.compile(os.environ["FILTER"]) if os.environ["FILTER"] else None
PROPS = ["unreach-call", "valid-memsafety", "valid-memcleanup", "no-overflow", "termination"]

def yml_tasks(path):
    """The properties of an SV-COMP task definition that have an expected verdict (a small
    reader for the format's flat layout, so that no YAML library is needed)."""
    text = open(path).read()
    m = re.search(r"input_files:\s*'?\"?([^'\"\n]+)", text)
    model = (re.search(r"data_model:\s*(\w+)", text) or [None, "LP64"])[1]
    if not m:
        return []
    src = os.path.normpath(os.path.join(os.path.dirname(path), m.group(1).strip()))
    out = []
    for block in re.split(r"\n\s*-\s+(?=property_file:)", text)[1:]:
        prp = re.match(r"property_file:\s*'?\"?([^'\"\n]+)", block).group(1).strip()
        exp = re.search(r"expected_verdict:\s*(\w+)", block)
        if not exp:
            continue
        sub = re.search(r"subproperty:\s*([\w-]+)", block)
        prop = os.path.basename(prp).removesuffix(".prp")
        want = exp.group(1) + (f"({sub.group(1)})" if sub and exp.group(1) == "false" else "")
        out.append(dict(file=src, run=path, prop=prop, want=want, model=model,
                        args=["--property", os.path.abspath(os.path.join(os.path.dirname(path), prp))]))
    return out

def annotated(path):
    """`// kappa-expect: [property=P] verdict=V` lines at the top of a source file."""
    out = []
    with open(path, errors="replace") as f:
        head = [next(f, "") for _ in range(6)]
    for line in head:
        m = re.match(r"\s*//\s*kappa-expect:\s*(?:property=([\w-]+)\s+)?verdict=(\w+(?:\([\w-]+\))?)", line)
        if m:
            prop = m.group(1) or "unreach-call"
            model = "ILP32" if re.search(r"data[_-]model[=: ]+ILP32|model=ILP32", "".join(head)) else "LP64"
            out.append(dict(file=path, run=path, prop=prop, want=m.group(2), model=model,
                            args=["--property", prop]))
    return out

def sidecar(path):
    """`NAME.expect` next to `NAME.i`: `verdict=V` and `model=M` lines."""
    src = path[: -len(".expect")] + ".i"
    text = open(path).read()
    v = re.search(r"^verdict=(\w+(?:\([\w-]+\))?)", text, re.M)
    if not v or not os.path.exists(src):
        return []
    model = (re.search(r"^model=(\w+)", text, re.M) or [None, "LP64"])[1]
    prop = (re.search(r"^property=([\w-]+)", text, re.M) or [None, "unreach-call"])[1]
    return [dict(file=src, run=src, prop=prop, want=v.group(1), model=model, args=["--property", prop])]

tasks, seen = [], set()
roots = ["tests/programs", "bench"]
found = []
for root in roots:
    for dp, dns, fns in os.walk(root):
        dns[:] = sorted(d for d in dns if d != "results")
        for fn in sorted(fns):
            p = os.path.join(dp, fn)
            if fn.endswith(".yml"):
                found += yml_tasks(p)
            elif fn.endswith((".c", ".i")):
                found += annotated(p)
            elif fn.endswith(".expect"):
                found += sidecar(p)
for t in found:
    key = (os.path.realpath(t["file"]), t["prop"], t["model"])
    if key in seen or (FILTER and not FILTER.search(t["run"])):
        continue
    seen.add(key)
    tasks.append(t)
if os.environ["LIST"] == "1":
    for t in tasks:
        print(t["run"], t["prop"], t["want"], t["model"])
    print(f"{len(tasks)} tasks", file=sys.stderr)
    sys.exit(0)

def run(job):
    """One `kappa verify`: the time its RESULT line appeared, its exit time and peak memory."""
    (bname, KAPPA), t = job
    with tempfile.TemporaryDirectory() as d:
        cmd = [KAPPA, "verify", os.path.abspath(t["run"]),
               *t["args"], "--data-model", t["model"], "--max-time", str(int(T) if T == int(T) else T),
               "--quiet", "--out", os.path.join(d, "out")]
        if t["run"].endswith(".yml"):
            cmd.remove("--data-model"); cmd.remove(t["model"])   # the task says it
        start = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             errors="replace", cwd=d, start_new_session=True)
        killer = threading.Timer(KILL, lambda: os.killpg(p.pid, 9))
        killer.start()
        result, at, last = None, None, ""
        for line in p.stdout:
            if line.startswith("RESULT:") and result is None:
                result, at = line.split(":", 1)[1].strip(), time.monotonic() - start
            if line.strip():
                last = line.strip()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        exit_s = time.monotonic() - start
        killer.cancel()
        mem = usage.ru_maxrss // 1024   # kB -> MB
    want = t["want"]
    got = result or ""
    gv = got.split("(")[0]
    wv = want.split("(")[0]
    if gv in ("true", "false") and gv != wv:
        status = "wrong"
    elif gv == "false" and "(" in want and got != want:
        status = "wrong"   # another sub-property (valid-deref for valid-free, ...)
    elif result is None and exit_s <= T + 1 and p.returncode != -9:
        status = "error"   # no answer, and not for lack of time: input refused, crash
    elif result is None or at > T + 1:
        status = "late"
    elif gv == wv:
        status = "right"
    else:
        status = "unknown"
    return dict(binary=bname, program=t["run"], property=t["prop"], model=t["model"], expected=want,
                result=got or "none", status=status, result_s=f"{at:.2f}" if at is not None else "",
                exit_s=f"{exit_s:.2f}", peak_mb=mem, killed=int(exit_s >= KILL - 0.5),
                last_line=last[:120] if result is None else "")

rows = []
if os.environ["FROM_CSV"]:
    for f in os.environ["FROM_CSV"].split(","):
        rows += [dict(r, peak_mb=int(r["peak_mb"]) if r["peak_mb"] else "", killed=int(r["killed"]))
                 for r in csv.DictReader(open(f))]
    rows = [r for r in rows if not FILTER or FILTER.search(r["program"])]
    for r in rows:
        r.setdefault("binary", "kappa")
else:
    jobs = [(b, t) for t in tasks for b in BINS]
    with cf.ThreadPoolExecutor(JOBS) as ex:
        for i, r in enumerate(ex.map(run, jobs), 1):
            rows.append(r)
            print(f"[{i}/{len(jobs)}] {r['binary']} {r['status']:7} {r['result']:28} {r['result_s']:>6}s {r['peak_mb']:>5} MB  {r['program']} ({r['property']})",
                  file=sys.stderr, flush=True)
    os.makedirs(os.path.dirname(CSVP) or ".", exist_ok=True)
    with open(CSVP, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader(); w.writerows(rows)

def line(name, rs):
    c = collections.Counter(r["status"] for r in rs)
    mems = sorted(r["peak_mb"] for r in rs if r["peak_mb"] != "")
    mm = f"{mems[-1]} / {mems[len(mems)//2]}" if mems else "-"
    print(f"| {name} | {len(rs)} | {c['right']} | {c['unknown']} | {c['wrong']} | {c['late']} | {c['error']} | {mm} |")

for bname in dict.fromkeys(r["binary"] for r in rows):
    brows = [r for r in rows if r["binary"] == bname]
    by = collections.defaultdict(list)
    for r in brows:
        by[r["property"]].append(r)
    print(f"**{bname}**: kappa verify --max-time {T:g}, {len(brows)} runs, JOBS={JOBS}\n")
    print("| property | runs | right | unknown | wrong | late | error | peak memory (max / median MB) |")
    print("|---|---|---|---|---|---|---|---|")
    for p in sorted(by, key=lambda p: PROPS.index(p) if p in PROPS else 99):
        line(p, by[p])
    line("**all**", brows)
    bad = [r for r in brows if r["status"] in ("wrong", "late", "error")]
    if bad:
        print("\n| program | property | expected | answer | RESULT at (s) | exit (s) | peak MB | status |")
        print("|---|---|---|---|---|---|---|---|")
        for r in bad:
            print(f"| {r['program']} | {r['property']} | {r['expected']} | {r['result']} | {r['result_s'] or '-'} | {r['exit_s']}{' (killed)' if r['killed'] else ''} | {r['peak_mb'] or '-'} | {r['status']}{': ' + r['last_line'] if r['status'] == 'error' else ''} |")
    print()
names = list(dict.fromkeys(r["binary"] for r in rows))
if len(names) > 1:
    cell = {(r["binary"], r["program"], r["property"]): r for r in rows}
    diff = [k for k in dict.fromkeys((r["program"], r["property"]) for r in rows)
            if len({cell[(n, *k)]["status"] for n in names if (n, *k) in cell}) > 1]
    print(f"Tasks whose status differs between {', '.join(names)}:\n")
    print("| program | property | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for k in diff:
        print(f"| {k[0]} | {k[1]} | " + " | ".join(
            (lambda r: f"{r['status']}: {r['result'][:40]} at {r['result_s'] or r['exit_s']} s" if r else "-")(cell.get((n, *k)))
            for n in names) + " |")
    print()
if not os.environ["FROM_CSV"]:
    print(f"per-run CSV: {CSVP}")
sys.exit(1 if any(r["status"] == "wrong" for r in rows) else 0)
PYEOF
