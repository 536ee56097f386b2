#!/usr/bin/env bash
# The instrumented-program check of correctness witnesses (issue 21): every `verdict=true`
# program of bench/proofs is verified by `kappa verify --max-time BENCH_TIME`; where kappa
# answers `true`, each loop invariant of its witness.yml (a C expression at a loop head) is
# compiled into the program as a check at that head — `while (c)` becomes
# `while ((KAPPA_INV(inv)), c)`, `for (i; c; s)` becomes `for (i; (KAPPA_INV(inv)), c; s)`, `do {`
# becomes `do { (void)(KAPPA_INV(inv));`, so the
# invariant is evaluated each time control is at the head, before the loop's condition — and
# the program runs RUNS times against bench/proofs/harness.c (gcc, ASan, UBSan; random and
# boundary nondet values, as bench/proofs_gcc.sh). A failed check is a VIOLATION: the witness
# is wrong. A control run instruments the negated invariants instead: its violations count the
# runs that reached a loop head, so a check that is never reached does not pass silently
# (UNREACHED). Entries that are not C loop invariants (function contracts with `\result`, ACSL
# implications) are listed and left out.
#
# Usage: bench/proofs_witness_gcc.sh [BINARY]      (default target/release/kappa)
#   BENCH_TIME  --max-time per verify (default 10)   RUNS  random runs per program (default 1000)
#   ONLY        a regular expression: only the programs whose name it matches
#   DIR         the directory of programs (default bench/proofs; e.g. bench/proofs_guards)
# Exit status 1 if any witness invariant fails on some run.
set -uo pipefail
cd "$(dirname "$0")/.."
export KAPPA="${1:-target/release/kappa}" BENCH_TIME="${BENCH_TIME:-10}" RUNS="${RUNS:-1000}" ONLY="${ONLY:-}" DIR="${DIR:-bench/proofs}"
exec python3 - <<'PYEOF'
import glob, os, re, subprocess, sys, tempfile
KAPPA, T, RUNS, ONLY = os.environ["KAPPA"], os.environ["BENCH_TIME"], os.environ["RUNS"], os.environ["ONLY"]
W = "target/bench-proofs-witness"
os.makedirs(W, exist_ok=True)
env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
PRELUDE = ('extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n'
           '#define KAPPA_INV(e) ((e) ? (void)0 : __assert_fail("witness invariant", __FILE__, __LINE__, "kappa"))\n')

def entries(yml):
    """(type, line, column, value) of each invariant entry of a witness.yml."""
    out = []
    for block in yml.split("- invariant:")[1:]:
        get = lambda k: re.search(rf"^\s*{k}: (.*)$", block, re.M)
        typ, line, col, val = get("type"), get("line"), get("column"), get("value")
        if typ and line and col and val:
            v = val.group(1).strip()
            if v.startswith('"') and v.endswith('"'):
                v = v[1:-1].replace('\\"', '"').replace("\\\\", "\\")
            out.append((typ.group(1).strip(), int(line.group(1)), int(col.group(1)), v))
    return out

def instrument(lines, invs, negate):
    """The program with each (line, column, value) checked at its loop head, or why not."""
    lines = list(lines)
    for line, col, val in sorted(invs, key=lambda e: (-e[0], -e[1])):
        s = lines[line - 1]
        i = col - 1
        e = f"!({val})" if negate else f"({val})"
        if s[i:].startswith("while"):
            j = s.index("(", i) + 1
            lines[line - 1] = s[:j] + f"(KAPPA_INV({e})), " + s[j:]
        elif s[i:].startswith("for"):
            j = s.index(";", i) + 1
            rest = s[j:]
            cond_empty = rest.lstrip().startswith(";")
            lines[line - 1] = s[:j] + (f" (KAPPA_INV({e}), 1)" if cond_empty else f" (KAPPA_INV({e})),") + rest
        elif re.match(r"do\b", s[i:]) and "{" in s[i:]:
            # `do { body } while (c)`: the head is the top of the body.
            j = s.index("{", i) + 1
            lines[line - 1] = s[:j] + f" (void)(KAPPA_INV({e}));" + s[j:]
        else:
            return None, f"no `while`, `for` or `do {{` at {line}:{col}"
    return lines, None

def run(name, lines):
    src = os.path.join(W, name + ".c")
    text = PRELUDE + "".join(lines)
    open(src, "w").write(re.sub(r"\bint main\(void\)", "int main_program(void)", text))
    exe = os.path.join(W, name)
    cc = subprocess.run(["gcc", "-O1", "-w", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                         "-o", exe, src, "bench/proofs/harness.c"], capture_output=True, text=True)
    if cc.returncode:
        return None, "gcc: " + (cc.stderr.strip().splitlines() or ["?"])[0]
    p = subprocess.run([exe, "random", RUNS, "1"], capture_output=True, text=True, env=env)
    m = re.search(r"runs (\d+) completed (\d+) assumed-out (\d+) violations (\d+) timeouts (\d+) crashes (\d+)", p.stdout)
    if not m:
        return None, "no summary from the harness"
    return dict(zip(["runs", "completed", "assumed", "violations", "timeouts", "crashes"], map(int, m.groups()))), None

bad = 0
print(f"KAPPA={KAPPA} BENCH_TIME={T} RUNS={RUNS}\n")
print("| program | set | kappa | invariants checked | left out | runs reaching a head | violations | crashes | status |")
print("|---|---|---|---:|---:|---:|---:|---:|---|")
for f in sorted(glob.glob(os.environ["DIR"] + "/*.c")):
    name = os.path.basename(f)[:-2]
    text = open(f).read()
    if name == "harness" or "kappa-expect: verdict=true" not in text or (ONLY and not re.search(ONLY, name)):
        continue
    split = "held-out" if re.search(r"^// held-out", text, re.M) else "tuning"
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run([KAPPA, "verify", f, "--max-time", T, "--quiet", "--out", d], capture_output=True, text=True)
        last = (p.stdout.strip().splitlines() or [""])[-1]
        yml = open(os.path.join(d, "witness.yml")).read() if os.path.exists(os.path.join(d, "witness.yml")) else ""
    if last != "RESULT: true":
        print(f"| {name} | {split} | {last.replace('RESULT: ', '') or '-'} | | | | | | not proved |", flush=True)
        continue
    es = entries(yml)
    usable = [(l, c, v) for t, l, c, v in es
              if t == "loop_invariant" and "\\result" not in v and "==>" not in v and v not in ("1", "true")]
    left = len(es) - len(usable)
    if not usable:
        print(f"| {name} | {split} | true | 0 | {left} | | | | {'no C loop invariant in the witness' if es else 'the witness has no invariant'} |", flush=True)
        continue
    lines = text.splitlines(keepends=True)
    checked, why = instrument(lines, usable, False)
    control, why2 = instrument(lines, usable, True)
    if why or why2:
        print(f"| {name} | {split} | true | 0 | {len(es)} | | | | {why or why2} |", flush=True)
        continue
    r, err = run(name + "_inv", checked)
    c, err2 = run(name + "_neg", control)
    if err or err2:
        bad += 1
        print(f"| {name} | {split} | true | {len(usable)} | {left} | | | | ERROR {err or err2} |", flush=True)
        continue
    status = "ok"
    if r["violations"] or r["crashes"]:
        status, bad = "**WITNESS FAILS**", bad + 1
    elif c["violations"] == 0:
        status = "UNREACHED"
    print(f"| {name} | {split} | true | {len(usable)} | {left} | {c['violations']} of {c['runs']} | {r['violations']} "
          f"| {r['crashes']} | {status} |", flush=True)
sys.exit(1 if bad else 0)
PYEOF
