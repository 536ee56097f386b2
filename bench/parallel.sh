#!/usr/bin/env bash
# Parallel exploration (issue 23, docs/design-parallel.md): `--jobs 1` against `--jobs 2` in one
# run, and `--shard` 2-way (two processes at once, then `kappa merge`) against one process.
#
#   bench/parallel.sh [SET...]      SET: branchy linsearch utils bfs loops shards heldout (default: all)
#   bench/parallel.sh short         the short variant (about 7 minutes on a quiet 2-core machine):
#                                   branchy12 and tokens6, linsearch300, the utilities at 5 s, the
#                                   same under verify's breadth-first search, six loop programs at
#                                   10 s, and binsearch_tree (held-out, its own tables)
#
# Sets (each program run BENCH_REPEAT times with --jobs 1 and --jobs 2 in turn: 1, 2, 1, 2, ...):
#   branchy   bench/parallel/*.c but linsearch300 and the held-out third, `run --mode classic`
#             to the end: time to complete and completed paths per second
#   linsearch bench/parallel/linsearch300.c, `run --mode classic` to the end (a comb)
#   utils     bench/utils/*.c with the symbolic arguments of bench/utils.sh, `run --search
#             interleaved --max-time $BENCH_UTIL_TIME`: paths per second (they do not finish)
#   bfs       `verify --search bfs` (verify's default searcher) of the branchy programs (classic,
#             to the end) and of the utilities (their symbolic arguments, --max-time
#             $BENCH_UTIL_TIME): breadth-first search splits otherwise than the depth-first turns
#   loops     bench/loops/*.c, `verify --mode compact --max-time $BENCH_LOOP_TIME`: time to an answer
#   shards    the branchy programs: `--shard 0/2` and `--shard 1/2` at once, then `kappa merge`,
#             against one process with --jobs 1 (same verdict and paths checked)
#   heldout   bench/parallel/{binsearch_tree,bytes_crc,state_machine}.c as `branchy`, `bfs` and
#             `shards`, reported in tables of their own
# A run that gives another definite verdict (true against false) or, both complete, another
# number of paths than --jobs 1 is flagged DIFFERENT ("yes" when a limit left one unknown). Markdown tables go to stdout and target/bench-parallel/results.md, with
# the load (uptime) before and after and the binary's commit.
#
# Reporting on a noisy machine: each cell is the median of the BENCH_REPEAT runs, and the
# spread is the larger of the two ranges (max - min) of the runs of --jobs 1 and of --jobs 2.
# A program whose runs all end by themselves (complete, or a definite verdict) is compared by
# time; one that a limit cuts (any of its runs), by completed paths per second. The column "slower?" says SLOWER only when --jobs 2's median is
# worse than --jobs 1's by more than the spread, "faster" when better by more than the spread,
# "-" when the difference is within it. (This changes how the runs are reported, not what is
# measured: the same commands as before, repeated.)
#
# Environment:
#   KAPPA            the kappa binary (default: target/release/kappa, built first)
#   BENCH_TIME       --max-time of a complete run (default 120)
#   BENCH_UTIL_TIME  --max-time of a utility (default 20)
#   BENCH_LOOP_TIME  --max-time of a loop program (default 30)
#   BENCH_JOBS       the parallel --jobs value (default 2)
#   BENCH_REPEAT     runs of each program with each --jobs value (default 3; 1 as before)
# Timings on a busy machine are noisy: compare the ratios of one run, not runs of different days.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${KAPPA:-}" ]; then
    cargo build --release -q -p kappa-cli >&2
    KAPPA="${CARGO_TARGET_DIR:-target}/release/kappa"
fi
export KAPPA BENCH_TIME="${BENCH_TIME:-120}" BENCH_UTIL_TIME="${BENCH_UTIL_TIME:-20}" \
    BENCH_LOOP_TIME="${BENCH_LOOP_TIME:-30}" BENCH_JOBS="${BENCH_JOBS:-2}" BENCH_REPEAT="${BENCH_REPEAT:-3}"
mkdir -p target/bench-parallel
python3 - "$@" <<'PYEOF' | tee target/bench-parallel/results.md
import json, os, re, shutil, subprocess, sys, time

kappa = os.environ["KAPPA"]
T = float(os.environ["BENCH_TIME"])
UT = float(os.environ["BENCH_UTIL_TIME"])
LT = float(os.environ["BENCH_LOOP_TIME"])
J = os.environ["BENCH_JOBS"]
R = max(1, int(os.environ["BENCH_REPEAT"]))
work = "target/bench-parallel"
sets = sys.argv[1:] or ["branchy", "linsearch", "utils", "bfs", "loops", "shards", "heldout"]
short = "short" in sets
if short:
    sets = ["branchy", "linsearch", "utils", "bfs", "loops", "heldout"]
    UT, LT = min(UT, 5.0), min(LT, 10.0)
HELD = ["binsearch_tree", "bytes_crc", "state_machine"]

helptext = subprocess.run([kappa, "run", "--help"], capture_output=True, text=True).stdout
has_jobs = "--jobs" in helptext
has_shard = "--shard" in helptext
mergehelp = subprocess.run([kappa, "merge", "--help"], capture_output=True, text=True)
has_merge = mergehelp.returncode == 0


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def commit():
    r = subprocess.run(["git", "log", "-1", "--format=%h %s"], capture_output=True, text=True)
    return r.stdout.strip()


runs = 0


def clean_runs():
    """Deletes the runs' directories and statistics ([`run`])."""
    if os.path.isdir(work):
        for e in os.listdir(work):
            if re.search(r"-\d+(\.json)?$", e):
                p = os.path.join(work, e)
                shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)


clean_runs()


def run(name, args, out):
    """kappa ARGS --out OUT-K --stats-json OUT-K.json, K the run's number: (wall seconds,
    statistics or None, stdout). Each run writes into a directory of its own, all deleted at
    the end: creating a thousand test files right after deleting as many (the previous run's)
    cost up to 0.7 s of kernel time on this machine's ext4 (branch jobs7: 40% of branchy12's CPU
    samples in one run), the same for any `--jobs`, so that it diluted the speed-up."""
    global runs
    runs += 1
    out = f"{out}-{runs}"
    shutil.rmtree(out, ignore_errors=True)
    stats = out + ".json"
    if os.path.exists(stats):
        os.remove(stats)
    t0 = time.monotonic()
    p = subprocess.run([kappa] + args + ["--quiet", "--out", out, "--stats-json", stats],
                       capture_output=True, text=True)
    wall = time.monotonic() - t0
    s = None
    if os.path.exists(stats):
        with open(stats) as f:
            s = json.load(f)
    return wall, s, p.stdout


def paths(s):
    return s["paths_completed"] if s else 0


def verdict(s):
    return s["verdict"] if s else "none"


def complete(s):
    return bool(s) and not s["incomplete"]


def ended(s):
    """The run ended by itself: a complete exploration or a definite verdict."""
    return complete(s) or verdict(s) not in ("unknown", "none")


def rate(s, wall):
    return paths(s) / wall if wall > 0 else 0.0


def row(cells):
    print("| " + " | ".join(str(c) for c in cells) + " |")


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def spread(*runs):
    """The larger of the ranges (max - min) of each list of runs."""
    return max(max(r) - min(r) for r in runs)


def jobs_table(title, progs, argsf):
    print(f"\n### {title}\n")
    if not has_jobs:
        print("(skipped: this kappa has no --jobs)")
        return
    print(f"Medians of {R} runs of each, `--jobs 1` and `--jobs {J}` in turn; spread: the larger range "
          "(max - min) of the two; by time when every run ended by itself (complete, or a definite "
          "verdict), else by paths per second; the exploration's speed-up compares the statistics' "
          "`time_s` (without the process's start and the front end) where every run ended by itself; "
          "slower or faster: the medians differ by more than the spread (and, by time, than 0.02 s).\n")
    row(["program", "time, --jobs 1 (s)", f"time, --jobs {J} (s)", "speed-up", "exploration speed-up",
         "paths/s, 1", f"paths/s, {J}", "spread", "slower?", "paths (1 / " + J + ")",
         "verdict (1 / " + J + ")", "same?"])
    row(["---"] * 12)
    tot1 = tot2 = 0.0
    for name, path in progs:
        args = argsf(path)
        r1, r2 = [], []
        for _ in range(R):
            r1.append(run(name, args + ["--jobs", "1"], f"{work}/{name}-j1"))
            r2.append(run(name, args + ["--jobs", J], f"{work}/{name}-j{J}"))
        # A limit may leave one run unknown; a true against a false, or complete runs with other
        # path counts, are DIFFERENT.
        same = True
        for _, s1, _ in r1:
            for _, s2, _ in r2:
                definite = {verdict(s1), verdict(s2)} - {"unknown", "none"}
                if len(definite) > 1 or (complete(s1) and complete(s2) and paths(s1) != paths(s2)):
                    same = False
        w1, w2 = median([r[0] for r in r1]), median([r[0] for r in r2])
        q1, q2 = [rate(r[1], r[0]) for r in r1], [rate(r[1], r[0]) for r in r2]
        p1, p2 = median(q1), median(q2)
        # Time to the answer where every run ended by itself: a complete exploration, or a
        # definite verdict (`verify` stops at its first confirmed error, which leaves the
        # exploration incomplete on purpose).
        every_done = all(ended(r[1]) for r in r1 + r2)
        if every_done:
            sp = spread([r[0] for r in r1], [r[0] for r in r2])
            diff = w2 - w1
            speed = f"{w1 / w2:.2f}x" if w2 > 0 else "-"
            spread_cell = f"{sp:.2f} s"
        else:
            sp = spread(q1, q2)
            diff = p1 - p2
            speed = f"{p2 / p1:.2f}x (paths/s)" if p1 > 0 else "-"
            spread_cell = f"{sp:.0f} paths/s"
        # The statistics' `time_s` (the exploration: without the process's start, the front end,
        # and what follows the exploration), where every run ended by itself.
        e1 = median([(r[1] or {}).get("time_s", 0.0) for r in r1])
        e2 = median([(r[1] or {}).get("time_s", 0.0) for r in r2])
        explore_cell = f"{e1 / e2:.2f}x" if every_done and e2 > 0 else "-"
        # Below 0.02 s (by time) a difference is not told from the start of a process: tokens6
        # under bfs (one path, nothing to share) was 0.31 s against 0.32 s with a spread of 0.00 s
        # in one run, and 0.32-0.38 s against 0.33-0.35 s in ten alternating runs by hand.
        noise = max(sp, 0.02) if every_done else sp
        slower = "SLOWER" if diff > noise else ("faster" if -diff > noise else "-")
        done = lambda rs: "" if all(ended(r[1]) for r in rs) else " (limit)"
        mp = lambda rs: "/".join(sorted({str(paths(r[1])) for r in rs}, key=int))
        mv = lambda rs: "/".join(sorted({verdict(r[1]) for r in rs}))
        row([name, f"{w1:.2f}{done(r1)}", f"{w2:.2f}{done(r2)}", speed, explore_cell,
             f"{p1:.0f}", f"{p2:.0f}", spread_cell, slower, f"{mp(r1)} / {mp(r2)}",
             f"{mv(r1)} / {mv(r2)}", "yes" if same else "DIFFERENT"])
        tot1 += w1
        tot2 += w2
        sys.stdout.flush()
    if len(progs) > 1:
        row(["**total**", f"{tot1:.1f}", f"{tot2:.1f}", f"{tot1 / tot2:.2f}x" if tot2 > 0 else "-", "", "", "", "", "", "", "", ""])


def shards_table(title, progs):
    print(f"\n### {title}\n")
    if not (has_shard and has_merge):
        print("(skipped: this kappa has no --shard or no merge)")
        return
    row(["program", "time, 1 process (s)", "time, 2 shards at once (s)", "speed-up",
         "paths (1 / merged)", "paths per shard", "verdict (1 / merged)", "same?"])
    row(["---"] * 8)
    for name, path in progs:
        base = ["run", path, "--mode", "classic", "--max-time", str(T)]
        extra = ["--jobs", "1"] if has_jobs else []
        w1, s1, _ = run(name, base + extra, f"{work}/{name}-one")
        procs = []
        t0 = time.monotonic()
        for i in range(2):
            out = f"{work}/{name}-shard{i}"
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            procs.append(subprocess.Popen(
                [kappa] + base + extra + ["--shard", f"{i}/2", "--quiet", "--out", out,
                                          "--stats-json", f"{out}/stats.json", "--coverage", f"{out}/coverage.info"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for p in procs:
            p.wait()
        w2 = time.monotonic() - t0
        per = []
        for i in range(2):
            try:
                with open(f"{work}/{name}-shard{i}/stats.json") as f:
                    per.append(paths(json.load(f)))
            except OSError:
                per.append("-")
        m = subprocess.run([kappa, "merge", f"{work}/{name}-shard0", f"{work}/{name}-shard1",
                            "--out", f"{work}/{name}-merged"], capture_output=True, text=True)
        sm = None
        if m.returncode == 0:
            with open(f"{work}/{name}-merged/stats.json") as f:
                sm = json.load(f)
        definite = {verdict(s1), verdict(sm)} - {"unknown", "none"}
        same = sm is not None and len(definite) <= 1 and (
            not (complete(s1) and complete(sm)) or paths(s1) == paths(sm))
        done = lambda s: "" if complete(s) else " (limit)"
        row([name, f"{w1:.1f}{done(s1)}", f"{w2:.1f}{done(sm)}", f"{w1 / w2:.2f}x" if w2 > 0 else "-",
             f"{paths(s1)} / {paths(sm)}", " + ".join(str(x) for x in per),
             f"{verdict(s1)} / {verdict(sm)}", "yes" if same else "DIFFERENT"])
        sys.stdout.flush()


par = sorted(f[:-2] for f in os.listdir("bench/parallel") if f.endswith(".c"))
branchy = [(n, f"bench/parallel/{n}.c") for n in par if n not in HELD and n != "linsearch300"]
held = [(n, f"bench/parallel/{n}.c") for n in HELD]
if short:
    branchy = [(n, p) for n, p in branchy if n in ("branchy12", "tokens6")]
    held = [(n, p) for n, p in held if n == "binsearch_tree"]
LOOPS_SHORT = ["array_count_bug", "array_search_safe", "counter_nondet_bug", "nested_safe", "step3_bug",
               "sum_of_counter_safe"]
classic = lambda p: ["run", p, "--mode", "classic", "--max-time", str(T)]

print(f"kappa: `{kappa}` at commit {commit()}")
print(f"\nload before: `{uptime()}`")
if "branchy" in sets:
    jobs_table("Branchy programs (`run --mode classic`, to the end)", branchy, classic)
if "linsearch" in sets:
    jobs_table("Linear search over 300 symbolic cells (`run --mode classic`, to the end)",
               [("linsearch300", "bench/parallel/linsearch300.c")], classic)
cfg = {}
with open("bench/utils.sh") as f:
    for line in f:
        m = re.match(r"^(\w+)\|([^|]+)\|", line)
        if m:
            cfg[m.group(1)] = m.group(2).split()
utils = [(u, f"bench/utils/{u}.c") for u in cfg]
bfs_classic = lambda p: ["verify", p, "--search", "bfs", "--mode", "classic", "--max-time", str(T), "--no-witnesses"]
bfs_util = lambda p: (["verify", p] + cfg[os.path.basename(p)[:-2]]
                      + ["--search", "bfs", "--max-time", str(UT), "--no-witnesses"])
if "utils" in sets:
    jobs_table(f"Utilities with symbolic arguments (`run --search interleaved --max-time {UT:g}`: paths per second)",
               utils, lambda p: ["run", p] + cfg[os.path.basename(p)[:-2]] + ["--search", "interleaved", "--max-time", str(UT)])
if "bfs" in sets:
    jobs_table("Branchy programs under breadth-first search (`verify --search bfs --mode classic`, to the end)",
               branchy, bfs_classic)
    jobs_table(f"Utilities under breadth-first search (`verify --search bfs --max-time {UT:g}`: paths per second)",
               utils, bfs_util)
if "loops" in sets:
    loops = [(f[:-2], f"bench/loops/{f}") for f in sorted(os.listdir("bench/loops")) if f.endswith(".c")]
    if short:
        loops = [(n, p) for n, p in loops if n in LOOPS_SHORT]
    jobs_table(f"Loop programs in compact mode (`verify --mode compact --max-time {LT:g}`)", loops,
               lambda p: ["verify", p, "--mode", "compact", "--max-time", str(LT), "--no-witnesses"])
if "shards" in sets:
    shards_table("`--shard` 2-way (two processes at once) against one process, branchy programs", branchy)
if "heldout" in sets:
    jobs_table("Held-out: branchy programs (`run --mode classic`, to the end)", held, classic)
    jobs_table("Held-out: branchy programs under breadth-first search (`verify --search bfs --mode classic`, to the end)",
               held, bfs_classic)
    if not short:
        shards_table("Held-out: `--shard` 2-way against one process", held)
print(f"\nload after: `{uptime()}`")
clean_runs()
PYEOF
