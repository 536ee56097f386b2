#!/usr/bin/env python3
"""Replays inputs on a gcov-instrumented utility (bench/utils.sh).

  utils_cov.py kappa BIN TESTDIR   run every kappa test (program_inputs: argv, stdin, files), in
                                   TESTDIR and its subdirectories
  utils_cov.py afl BIN DIR...      run every AFL++ queue/crash file through the harness binary
  utils_cov.py gcov SRC FILE DIR   print "lines% branches%" of FILE (gcov -b of SRC's object in
                                   DIR; branches: taken at least once)
"""
import json, os, re, subprocess, sys, tempfile


def run(cmd, stdin, files):
    if not files:
        try:
            subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=5)
        except subprocess.TimeoutExpired:
            pass
        return
    with tempfile.TemporaryDirectory() as cwd:
        for name, data in files:
            with open(os.path.join(cwd, name), "wb") as f:
                f.write(data)
        try:
            subprocess.run(cmd, input=stdin, cwd=cwd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=5)
        except subprocess.TimeoutExpired:
            pass


def kappa(binary, testdir):
    n = 0
    # Test files, and those of the subdirectories of 1000 past the first 1000 (tests/001/...).
    paths = []
    for name in sorted(os.listdir(testdir)):
        p = os.path.join(testdir, name)
        if os.path.isdir(p):
            paths += [os.path.join(p, x) for x in sorted(os.listdir(p)) if x.endswith(".json")]
        elif name.endswith(".json"):
            paths.append(p)
    for path in paths:
        t = json.load(open(path))
        pi = t.get("program_inputs", {})
        argv = [bytes(a["bytes"]) for a in pi.get("argv", [])] or [b"prog"]
        stdin = bytes(pi["stdin"]["bytes"]) if pi.get("stdin") else b""
        files = [(f["name"], bytes(f["contents"]["bytes"])) for f in pi.get("files", [])]
        run([os.path.abspath(binary)] + argv[1:], stdin, files)
        n += 1
    print(n)


def afl(binary, dirs):
    n = 0
    for d in dirs:
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            p = os.path.join(d, name)
            if os.path.isfile(p) and not name.startswith("README"):
                run([os.path.abspath(binary), os.path.abspath(p)], b"", [])
                n += 1
    print(n)


def gcov(src, report, objdir):
    out = subprocess.run(["gcov", "-b", "-n", "-o", ".", src], capture_output=True, text=True, cwd=objdir).stdout
    base = os.path.basename(report)
    lines = branches = "0.00"
    cur = None
    for line in out.splitlines():
        m = re.match(r"File '(.*)'", line)
        if m:
            cur = os.path.basename(m.group(1))
        elif cur == base:
            m = re.match(r"Lines executed:([\d.]+)%", line)
            if m:
                lines = m.group(1)
            m = re.match(r"Taken at least once:([\d.]+)%", line)
            if m:
                branches = m.group(1)
    print(lines, branches)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "kappa":
        kappa(sys.argv[2], sys.argv[3])
    elif cmd == "afl":
        afl(sys.argv[2], sys.argv[3:])
    elif cmd == "gcov":
        gcov(sys.argv[2], sys.argv[3], sys.argv[4])
