#!/usr/bin/env bash
# The soundness check of bench/proofs (issue 21): for every `verdict=true` program, mutants with
# one comparison operator changed (< to <= or >, <= to < or >=, and so on; == and != swapped) or
# one integer constant changed (c +- 1) in the program's body (not the SV-COMP preamble), tried
# in a seeded random order.
# A mutant is kept only when gcc finds a failing input: bench/proofs/harness.c's random runs
# (ASan + UBSan) reach reach_error, and that input replays. Up to PER_PROGRAM mutants per
# program; each is verified by `kappa verify --max-time BENCH_TIME`, and a `true` answer is
# WRONG (gcc has a counterexample). The mutants are kept in target/bench-proofs-mutants/.
#
# Usage: bench/proofs_mutants.sh [BINARY]       (default target/release/kappa)
#   PER_PROGRAM  mutants kept per program (default 2)   RUNS  random runs per candidate (default 1000)
#   BENCH_TIME   --max-time per verify (default 10)     SEED  candidate order (default 1)
#   ONLY         a regular expression: only the programs whose name it matches
#   DIR          the directory of programs (default bench/proofs; e.g. bench/proofs_guards)
# Exit status 1 if any mutant is answered `true`.
set -uo pipefail
cd "$(dirname "$0")/.."
export KAPPA="${1:-target/release/kappa}" PER_PROGRAM="${PER_PROGRAM:-2}" RUNS="${RUNS:-1000}" \
    BENCH_TIME="${BENCH_TIME:-10}" SEED="${SEED:-1}" ONLY="${ONLY:-}" DIR="${DIR:-bench/proofs}"
exec python3 - <<'PYEOF'
import collections, glob, os, random, re, subprocess, sys, tempfile
KAPPA, K, RUNS, T, SEED = (os.environ["KAPPA"], int(os.environ["PER_PROGRAM"]), os.environ["RUNS"],
                           os.environ["BENCH_TIME"], int(os.environ["SEED"]))
W = "target/bench-proofs-mutants"
os.makedirs(W, exist_ok=True)
CMP = re.compile(r"(?<![-<>=!])(<=|>=|==|!=|<|>)(?![<>=])")
NUM = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
SWAP = {"<": ["<=", ">"], "<=": ["<", ">="], ">": [">=", "<"], ">=": [">", "<="], "==": ["!="], "!=": ["=="]}
env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")

def candidates(lines, start):
    """(line index, column, old, new) for every comparison and constant after the preamble."""
    out = []
    for i in range(start, len(lines)):
        code = re.sub(r"/\*.*?\*/|//.*", lambda m: " " * len(m.group(0)), lines[i])
        for m in CMP.finditer(code):
            out.extend((i, m.start(), m.group(1), s) for s in SWAP[m.group(1)])
        for m in NUM.finditer(code):
            c = int(m.group(1))
            out.append((i, m.start(), m.group(1), str(c + 1)))
            if c > 0:
                out.append((i, m.start(), m.group(1), str(c - 1)))
    return out

def gcc_kills(src, exe):
    """The failing input gcc's random runs find for the program `src`, or None."""
    prog = src.replace("int main(void)", "int main_program(void)")
    open(exe + ".c", "w").write(prog)
    if subprocess.run(["gcc", "-O1", "-w", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                       "-o", exe, exe + ".c", "bench/proofs/harness.c"], capture_output=True).returncode:
        return None
    out = subprocess.run([exe, "random", RUNS, "1", "--stop"], capture_output=True, text=True, env=env).stdout
    m = re.search(r"^VIOLATION inputs:(.*)$", out, re.M)
    if not m:
        return None
    rep = subprocess.run([exe, "replay", m.group(1)], capture_output=True, text=True, env=env)
    if "VIOLATION" not in rep.stdout or "runtime error" in rep.stderr or "Sanitizer" in rep.stderr:
        return None
    return m.group(1).strip()

rows, totals = [], collections.Counter()
print(f"PER_PROGRAM={K} RUNS={RUNS} BENCH_TIME={T} SEED={SEED}; binary {KAPPA}\n")
print("| program | mutation (line:col) | gcc's failing input | kappa verdict |\n|---|---|---|---|", flush=True)
for f in sorted(glob.glob(os.environ["DIR"] + "/*.c")):
    text = open(f).read()
    if "kappa-expect: verdict=true" not in text:
        continue
    name = os.path.basename(f)[:-2]
    if not re.search(os.environ["ONLY"], name):
        continue
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("void __VERIFIER_assert")) + 1
    cands = candidates(lines, start)
    random.Random(f"{SEED}:{name}").shuffle(cands)
    kept, tried = 0, 0
    for (i, col, old, new) in cands:
        if kept == K:
            break
        tried += 1
        ml = lines[:]
        ml[i] = ml[i][:col] + new + ml[i][col + len(old):]
        src = "\n".join(ml)
        tag = f"{name}_m{i + 1}_{col + 1}"
        exe = os.path.join(W, tag)
        inp = gcc_kills(src, exe)
        if inp is None:
            continue
        kept += 1
        kc = exe + ".kappa.c"
        open(kc, "w").write(src.replace("verdict=true", "verdict=false (mutant)"))
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run([KAPPA, "verify", kc, "--max-time", T, "--quiet", "--out", d],
                               capture_output=True, text=True)
        line = (p.stdout.strip().splitlines() or [""])[-1]
        v = "true" if line == "RESULT: true" else "false" if line.startswith("RESULT: false") else "unknown"
        totals[v] += 1
        mark = "**WRONG true**" if v == "true" else v
        vals = inp.split()
        shown = " ".join(vals[:12]) + (f" … ({len(vals)} values)" if len(vals) > 12 else "")
        rows.append(f"| {name} | {i + 1}:{col + 1} `{old}` -> `{new}` | {shown} | {mark} |")
        print(rows[-1], flush=True)
    totals["tried"] += tried
    if kept < K:
        print(f"| {name} | (only {kept} of {K} mutants killed by gcc, {tried} candidates tried) | | |", flush=True)
print(f"\n{sum(totals[v] for v in ('true', 'false', 'unknown'))} mutants kept of {totals['tried']} candidates tried; "
      f"kappa: {totals['false']} false, {totals['unknown']} unknown, {totals['true']} true (wrong)")
sys.exit(1 if totals["true"] else 0)
PYEOF
