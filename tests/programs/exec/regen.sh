#!/usr/bin/env bash
# Regenerate the expected outputs of the deterministic programs in this folder.
#
# For every NAME.c: compile with gcc in the LP64 (-m64) and ILP32 (-m32) data
# models, run each binary with a 5 s timeout and write NAME.expected-LP64 and
# NAME.expected-ILP32: the program's standard output followed by a final line
# "exit: N" (N = exit status, 128+signal when killed by a signal, e.g. 134 for
# abort()).
#
# Standard output is made unbuffered (a tiny constructor linked next to the
# program) so that output printed before abort() or a failing assert() is
# kept, as it would be when writing to a terminal.
#
# Usage: ./regen.sh [--check] [NAME.c ...]
#   --check  also verify that every program prints the same output twice
#            and that gcc -fsanitize=undefined,address (64-bit) reports
#            nothing (programs listed in SANITIZER_SKIP below are exempt:
#            they deliberately abort).
set -u
cd "$(dirname "$0")"

CHECK=0
if [ "${1:-}" = "--check" ]; then
    CHECK=1
    shift
fi

if [ $# -gt 0 ]; then
    FILES=("$@")
else
    FILES=(*.c)
fi

# Programs that end in abort()/a failing assert: the sanitizer check only
# requires that no sanitizer report is printed.
CFLAGS=(-O0 -fwrapv -w)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

cat > "$TMP/unbuffered.c" <<'XEOF'
#include <stdio.h>
__attribute__((constructor)) static void kappa_unbuffered_stdout(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
}
XEOF

status=0

run() { # run BINARY OUTFILE
    local out=$2
    timeout 5 "$1" > "$out" 2> "$out.stderr" < /dev/null
    local rc=$?
    echo "exit: $rc" >> "$out"
}

for src in "${FILES[@]}"; do
    name=${src%.c}
    for model in LP64 ILP32; do
        if [ $model = LP64 ]; then m=-m64; else m=-m32; fi
        bin="$TMP/$name.$model"
        if ! gcc "${CFLAGS[@]}" $m -o "$bin" "$src" "$TMP/unbuffered.c"; then
            echo "FAIL: $src does not compile ($m)" >&2
            status=1
            continue
        fi
        run "$bin" "$name.expected-$model"
        rm -f "$name.expected-$model.stderr"
        if [ $CHECK = 1 ]; then
            run "$bin" "$TMP/again"
            if ! cmp -s "$TMP/again" "$name.expected-$model"; then
                echo "FAIL: $src is not deterministic ($model)" >&2
                status=1
            fi
        fi
    done
    if [ $CHECK = 1 ]; then
        if ! gcc -O0 -g -fwrapv -w -m64 -fsanitize=undefined,address \
                -fno-sanitize-recover=undefined -o "$TMP/$name.san" "$src"; then
            echo "FAIL: $src does not compile with sanitizers" >&2
            status=1
            continue
        fi
        timeout 10 "$TMP/$name.san" > "$TMP/san.out" 2> "$TMP/san.err" < /dev/null
        if grep -q -E 'runtime error|AddressSanitizer|LeakSanitizer' "$TMP/san.err"; then
            echo "FAIL: sanitizer report for $src:" >&2
            head -5 "$TMP/san.err" >&2
            status=1
        fi
        if ! gcc -std=gnu11 -Wall -fsyntax-only "$src" 2> "$TMP/warn"; then
            status=1
        fi
        if [ -s "$TMP/warn" ]; then
            echo "WARN: $src has compiler warnings:" >&2
            cat "$TMP/warn" >&2
        fi
    fi
done
exit $status
