#!/usr/bin/env bash
# The parser benchmark (issue 22): every program of bench/parsers/ (real-world-style parsers and
# decoders fed a few nondet bytes) is explored by `kappa run` in the default mode, with
# `--mode classic` and with `--mode compact`, BENCH_TIME seconds each; each run's tests are
# replayed with `kappa replay PROG OUT/tests OUT/tests/NNN...` (the subdirectories too, where the
# tests past the first 1000 go) and the suite's branch coverage is reported as gcov measures it
# on the gcc-compiled program, next to kappa's own figure, the paths completed, the time and
# whether the planted bug (verdict=false programs) was found. Then `kappa testgen --goal
# coverage-branches` writes a Test-Comp suite per program, measured by Test-Comp's validator
# TestCov (PyPI `testcov`, installed into target/kappa-venv when missing; it needs clang-tidy,
# installed with apt-get when missing and root). TestCov runs with --no-isolation (its container
# mode needs namespaces this machine may not give) and -64 (kappa's default data model).
#
# Usage: bench/parsers.sh [PROGRAM...]      (names without .c; default: all of bench/parsers)
#   KAPPA       the binary (default target/release/kappa), or several as "before=OLD after=NEW":
#               each program is measured by each binary in turn (one run), tables per binary   BENCH_TIME  seconds per run (default 60)
#   JOBS        programs measured in parallel (default 1)   TESTCOV=0   skip the Test-Comp part
#   MODES       the run configurations (default "default classic compact"; " " for the Test-Comp
#               part only; MODE+SEARCHER, e.g. classic+covnew, adds --search SEARCHER)
#   OUT         work and result directory (default target/bench-parsers)
#   TESTCOV_DIRS  more folders whose programs get only the Test-Comp part (testgen + TestCov),
#               e.g. TESTCOV_DIRS=bench/loops (the issue's loop programs); listed as set "loops"
# Results: OUT/results.md (Markdown tables: development set, held-out set, Test-Comp) and
# OUT/results.csv. The held-out third is listed in bench/parsers/README.md.
set -uo pipefail
cd "$(dirname "$0")/.."
export KAPPA="${KAPPA:-target/release/kappa}" BENCH_TIME="${BENCH_TIME:-60}" JOBS="${JOBS:-1}"
export TESTCOV_DIRS="${TESTCOV_DIRS:-}" TESTCOV="${TESTCOV:-1}" MODES="${MODES:-default classic compact}" OUT="${OUT:-target/bench-parsers}"
for b in $KAPPA; do
    [ -x "${b#*=}" ] || { echo "parsers.sh: no kappa binary at ${b#*=}" >&2; exit 2; }
done
VENV=target/kappa-venv
if [ "$TESTCOV" = 1 ]; then
    if ! [ -x "$VENV/bin/testcov" ]; then
        [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"
        echo "parsers.sh: installing testcov into $VENV" >&2
        "$VENV/bin/pip" install -q testcov || { echo "parsers.sh: pip install testcov failed" >&2; exit 2; }
    fi
    if ! command -v clang-tidy >/dev/null; then   # TestCov's transformer calls it
        if [ "$(id -u)" = 0 ]; then
            export DEBIAN_FRONTEND=noninteractive
            apt-get install -y -qq clang-tidy >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq clang-tidy >/dev/null; }
        fi
        command -v clang-tidy >/dev/null || { echo "parsers.sh: TestCov needs clang-tidy (apt-get install clang-tidy)" >&2; exit 2; }
    fi
fi
mkdir -p "$OUT"
exec python3 - "$@" <<'PYEOF'
import concurrent.futures as cf, csv, json, os, re, shutil, subprocess, sys, time

BINS = [(b.split("=", 1) if "=" in b else (os.path.basename(b), b)) for b in os.environ["KAPPA"].split()]
BINS = [(n, os.path.abspath(p)) for n, p in BINS]
T = os.environ["BENCH_TIME"]; JOBS = int(os.environ["JOBS"])
OUT = os.path.abspath(os.environ["OUT"]); MODES = os.environ["MODES"].split()
TESTCOV = os.environ["TESTCOV"] == "1"; VENV = os.path.abspath("target/kappa-venv")
readme = open("bench/parsers/README.md").read()
held = set(re.findall(r"^- held-out: `(\w+)\.c`", readme, re.M))
progs = sorted(f[:-2] for f in os.listdir("bench/parsers") if f.endswith(".c") and f != "harness.c")
if sys.argv[1:]:
    progs = [p for p in progs if p in sys.argv[1:]]
SRC = {p: f"bench/parsers/{p}.c" for p in progs}
extra = []   # Test-Comp part only
for d in os.environ["TESTCOV_DIRS"].split():
    for f in sorted(os.listdir(d)):
        if f.endswith(".c") and f != "harness.c":
            name = os.path.basename(d.rstrip("/")) + "/" + f[:-2]
            SRC[name] = os.path.join(d, f)
            extra.append(name)
def mode_args(m):
    """`default`, `classic`, `compact`, optionally `+SEARCHER` (`classic+covnew`: --search covnew)."""
    base, *search = m.split("+")
    return ([] if base == "default" else ["--mode", base]) + [a for s in search for a in ("--search", s)]

def sh(cmd, cwd=None, timeout=None, env=None):
    try:
        r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           errors="replace", timeout=timeout, env=env)
        return r.returncode, r.stdout
    except subprocess.TimeoutExpired as e:
        return -9, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")

def test_dirs(tests):
    """OUT/tests and its subdirectories (001/, ...: the tests past the first 1000)."""
    if not os.path.isdir(tests):
        return []
    return [tests] + sorted(os.path.join(tests, d) for d in os.listdir(tests) if os.path.isdir(os.path.join(tests, d)))

def measure(job):
    prog, (bname, KAPPA) = job
    src = os.path.abspath(SRC[prog])
    want = (re.search(r"verdict=(true|false)", open(src).read()) or [None, "?"])[1]
    d = os.path.join(OUT, bname, prog) if len(BINS) > 1 else os.path.join(OUT, prog)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    rows = []
    for mode in MODES if prog not in extra else []:
        o = os.path.join(d, mode)
        start = time.monotonic()
        code, text = sh([KAPPA, "run", src, *mode_args(mode), "--max-time", T, "--quiet", "--out", o,
                         "--stats-json", o + ".json"], cwd=d, timeout=float(T) * 3 + 60)
        wall = time.monotonic() - start
        open(o + ".txt", "w").write(text)
        try:
            st = json.load(open(o + ".json"))
        except Exception:
            st = {}
        cov = st.get("coverage") or {}
        tdirs = test_dirs(os.path.join(o, "tests"))
        rp = {}
        if tdirs:
            _, rtext = sh([KAPPA, "replay", src, *tdirs, "--stats-json", o + ".replay.json"], cwd=d, timeout=1800)
            open(o + ".replay.txt", "w").write(rtext)
            try:
                rp = json.load(open(o + ".replay.json"))
            except Exception:
                rp = {}
        g = (rp.get("gcov") or {}).get("branches") or {}
        tpl = st.get("templates") or {}
        found = bool(st.get("paths_error")) or st.get("verdict") == "false" or "RESULT: false" in text
        rows.append(dict(binary=bname, program=prog, set="held-out" if prog in held else "dev", expected=want, mode=mode,
                         gcov_branches=f"{g.get('covered', 0)}/{g.get('total', '?')}",
                         gcov_pct=f"{100 * g['covered'] / g['total']:.1f}" if g.get("total") else "",
                         kappa_branches=f"{cov.get('branches_covered', '?')}/{cov.get('branches_total', '?')}",
                         paths=st.get("paths_completed", ""), tests=rp.get("tests", 0),
                         replay_mismatch=rp.get("mismatch", ""), time_s=f"{wall:.1f}",
                         solver_s=f"{st.get('solver_time_s', 0):.1f}", solver_unknown=st.get("solver_unknown", ""),
                         templates=f"{tpl.get('computed', '')}/{tpl.get('cycles', '')} failed {len(tpl.get('no_template') or [])}" if tpl else "",
                         bug_found=("yes" if found else "no") if want == "false" else ("WRONG" if found else "-"),
                         complete=int(not st.get("incomplete")) if st else "", exit=code))
    tc = {}
    if TESTCOV:
        o = os.path.join(d, "testgen")
        start = time.monotonic()
        code, text = sh([KAPPA, "testgen", src, "--goal", "coverage-branches", "--max-time", T, "--quiet", "--out", o,
                         "--zip"], cwd=d, timeout=float(T) * 3 + 60)
        tc["testgen_s"] = f"{time.monotonic() - start:.1f}"
        open(o + ".txt", "w").write(text)
        m = re.search(r"test suite: (\d+) tests", text)
        tc["suite_tests"] = m.group(1) if m else "0"
        m = re.search(r"branches covered: (\d+) of (\d+)", text)
        tc["kappa_says"] = f"{m.group(1)}/{m.group(2)}" if m else ""
        zipf = os.path.join(o, "test-suite.zip")
        if os.path.exists(zipf):
            tcd = os.path.join(d, "testcov")
            shutil.rmtree(tcd, ignore_errors=True)
            os.makedirs(tcd)
            shutil.copy(src, tcd)
            env = dict(os.environ, PATH=f"{VENV}/bin:" + os.environ["PATH"])
            code, text = sh([f"{VENV}/bin/testcov", "--no-isolation", "--no-plots", "-64", "--test-suite", zipf,
                             "--output", os.path.join(tcd, "out"), os.path.basename(src)], cwd=tcd, timeout=1200, env=env)
            open(os.path.join(tcd, "testcov.txt"), "w").write(text)
            m = re.search(r"Coverage: ([\d.]+)%", text)
            tc["testcov_pct"] = m.group(1) if m else "-"
            m = re.search(r"Number of goals: (\d+)", text)
            tc["goals"] = m.group(1) if m else ""
            m = re.search(r"Tests run: (\d+)", text)
            tc["tests_run"] = m.group(1) if m else ""
            m = re.search(r"Result: (\w+)", text)
            tc["testcov_result"] = m.group(1) if m else ("timeout" if code == -9 else "?")
        else:
            tc.update(testcov_pct="-", testcov_result="no suite")
    if not rows:
        kind = "loops" if prog in extra else ("held-out" if prog in held else "dev")
        rows = [dict(binary=bname, program=prog, set=kind, expected=want, mode="testgen")]
    for r in rows:
        r.update({f"tc_{k}": v for k, v in tc.items()})
    return rows

allrows = []
with cf.ThreadPoolExecutor(JOBS) as ex:
    for rows in ex.map(measure, [(p, b) for p in progs + extra for b in BINS]):
        allrows += rows
        for r in rows if rows[0]["mode"] != "testgen" else []:
            print(f"{r['binary']} {r['program']:15} {r['mode']:8} gcov {r['gcov_branches']:>8} kappa {r['kappa_branches']:>8} "
                  f"paths {r['paths']!s:>7} tests {r['tests']!s:>5} {r['time_s']:>6}s bug {r['bug_found']}",
                  file=sys.stderr, flush=True)
        if TESTCOV and rows:
            r = rows[0]
            print(f"{r['binary']} {r['program']:15} testgen  suite {r.get('tc_suite_tests')} TestCov {r.get('tc_testcov_pct')}% "
                  f"({r.get('tc_testcov_result')})", file=sys.stderr, flush=True)

keys = []
for r in allrows:
    keys += [k for k in r if k not in keys]
with open(os.path.join(OUT, "results.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=keys)
    w.writeheader(); w.writerows(allrows)

lines = []
def table(which):
    ps = [p for p in progs if (p in held) == (which == "held-out")]
    if not ps or not MODES:
        return
    lines.append(f"**{'Held-out' if which == 'held-out' else 'Development'} set** (gcov branches of the replayed suite; kappa's own count; paths completed; tests)")
    lines.append("")
    lines.append("| program | " + " | ".join(MODES) + " | best - default | planted bug found (" + "/".join(MODES) + ") |")
    lines.append("|---|" + "---|" * len(MODES) + "---|---|")
    tot = {m: [0, 0] for m in MODES}
    for p in ps:
        cells, cov, bugs = [], {}, []
        for m in MODES:
            r = next(r for r in allrows if r["program"] == p and r["mode"] == m and r["binary"] == CUR)
            c, t = (r["gcov_branches"].split("/") + ["?"])[:2]
            cov[m] = int(c) if c.isdigit() else 0
            if t.isdigit():
                tot[m][0] += cov[m]; tot[m][1] += int(t)
            cells.append(f"{r['gcov_branches']} ({r['kappa_branches']}; {r['paths']} p; {r['tests']} t{'; ' + r['time_s'] + ' s' if r['complete'] == 1 else ''})")
            bugs.append(r["bug_found"])
        gap = max(cov.values()) - cov.get("default", 0) if "default" in cov else ""
        lines.append(f"| {p} | " + " | ".join(cells) + f" | {gap} | {'/'.join(bugs)} |")
    lines.append("| **total** | " + " | ".join(f"{a}/{b} ({100 * a / b:.1f}%)" if b else "-" for a, b in tot.values()) + " | | |")
    lines.append("")
for CUR, KB in BINS:
  lines.append(f"### {CUR}: {KB}, {T} s per run, JOBS={JOBS}")
  lines.append("")
  table("dev")
  table("held-out")
  if TESTCOV:
      lines.append("**Test-Comp**: `kappa testgen --goal coverage-branches` suites measured by TestCov")
      lines.append("")
      lines.append("| program | set | tests in suite | kappa's branch count | TestCov branch coverage | TestCov result |")
      lines.append("|---|---|---|---|---|---|")
      vals = {}
      for p in progs + extra:
          r = next(r for r in allrows if r["program"] == p and r["binary"] == CUR)
          lines.append(f"| {p} | {r['set']} | {r.get('tc_suite_tests', '')} | {r.get('tc_kappa_says', '')} | {r.get('tc_testcov_pct', '-')}% | {r.get('tc_testcov_result', '')} |")
          try:
              vals.setdefault({"dev": "parsers, development set", "held-out": "parsers, held-out set"}.get(r["set"], r["set"]), []).append(float(r.get("tc_testcov_pct")))
          except (TypeError, ValueError):
              pass
      for k, v in vals.items():
          lines.append(f"| **mean, {k}** (of {len(v)} measured) | | | | {sum(v) / len(v):.1f}% | |")
      lines.append("")
open(os.path.join(OUT, "results.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PYEOF
