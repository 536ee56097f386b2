#!/usr/bin/env python3
"""Does Test-Comp's validator run each test of a `kappa testgen` suite the way kappa predicted?

For each `test-suite/test-NNNN.xml` of a testgen output directory, the kappa test it came from
(`tests/*.json`, the one whose `__VERIFIER_nondet_*` values are the testcase's inputs) says how the
path ends: an exit code, an error (reach_error and a failed assert abort the program), or
`halted` (the run halted the path: the program must read every input and then ask for more, or
end only after its last input). The executable TestCov built (harness + program, `OUT/a.out` of
its output directory) is run with the testcase's values on standard input, as TestCov runs it,
and the ending is compared. Prints one line per test and a summary.

Usage: bench/testcov_paths.py TESTGEN_OUT TESTCOV_OUT      (e.g. the directories bench/parsers.sh
       leaves: OUT/after/PROG/testgen and OUT/after/PROG/testcov/out)
"""
import glob, json, os, re, subprocess, sys


def xml_values(path):
    return re.findall(r"<input[^>]*>([^<]*)</input>", open(path).read())


def nondet_values(test):
    return [i for i in test["inputs"] if i["kind"] == "nondet" and i["name"].startswith("__VERIFIER_nondet_")]


def same(xml_vals, inputs):
    if len(xml_vals) != len(inputs):
        return False
    for x, i in zip(xml_vals, inputs):
        try:
            v = int(x)
        except ValueError:
            return False
        if v != i["value"] and v != i["signed"]:
            return False
    return True


def main():
    tg, tc = sys.argv[1], sys.argv[2]
    exe = os.path.abspath(os.path.join(tc, "a.out"))
    tests = []
    for f in sorted(glob.glob(os.path.join(tg, "tests", "**", "test*.json"), recursive=True)):
        tests.append(json.load(open(f)))
    agree = disagree = unmatched = 0
    for x in sorted(glob.glob(os.path.join(tg, "test-suite", "test-*.xml"))):
        vals = xml_values(x)
        t = next((t for t in tests if same(vals, nondet_values(t))), None)
        if t is None:
            unmatched += 1
            print(f"{os.path.basename(x)}: no kappa test has these values")
            continue
        try:
            r = subprocess.run([exe], input="\n".join(vals) + "\n", capture_output=True, text=True, timeout=10,
                               cwd=os.path.dirname(exe), errors="replace")
            code, err = r.returncode, r.stderr
        except subprocess.TimeoutExpired:
            code, err = None, "timeout"
        out = t["outcome"]
        more = "No more test inputs" in err
        if out["kind"] == "exit":
            ok = code == out["code"] & 0xFF and not more
            want = f"exit {out['code']}"
        elif out["kind"] == "abort" or (out["kind"] == "error" and out["error"] in ("reach_error", "assert")):
            ok = code in (-6, 134)
            want = "abort (reach_error/assert)"
        elif out["kind"] == "halted":
            ok = more or code is None or (code is not None and code >= 0)
            want = "halted: all inputs read, then more asked (or an ending after the last)"
        else:
            ok = code is not None and code != 0
            want = f"error {out.get('error')}"
        seen = "timeout" if code is None else f"status {code}" + (" (asked for more inputs)" if more else "")
        print(f"{os.path.basename(x)}: kappa predicts {want}; TestCov's executable: {seen}: {'agree' if ok else 'DISAGREE'}")
        agree += ok
        disagree += not ok
    print(f"summary: {agree} agree, {disagree} disagree, {unmatched} without a kappa test")


if __name__ == "__main__":
    main()
