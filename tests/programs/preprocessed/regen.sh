#!/usr/bin/env bash
# Regenerate the preprocessed programs of this folder.
#
# For every NAME.c.src: preprocess it with `gcc -E` (line markers kept) for
# the data model named in NAME.expect (model=LP64 -> -m64, model=ILP32 ->
# -m32) into NAME.i. The source is copied to a temporary NAME.c first so
# that the line markers name "NAME.c", as in SV-COMP's .i files.
# For the programs whose NAME.expect says `exec`, the .i is also compiled
# (gcc -O0 -fwrapv -w, same model) and run with a 5 s timeout; NAME.expected
# gets its standard output followed by a final line "exit: N".
#
# Usage: ./regen.sh [NAME.c.src ...]
set -u
cd "$(dirname "$0")"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat > "$TMP/unbuffered.c" <<'XEOF'
#include <stdio.h>
__attribute__((constructor)) static void kappa_unbuffered_stdout(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
}
XEOF

if [ $# -gt 0 ]; then FILES=("$@"); else FILES=(*.c.src); fi
status=0
for src in "${FILES[@]}"; do
    name=${src%.c.src}
    model=$(sed -n 's/^model=//p' "$name.expect")
    case $model in
        LP64) m=-m64 ;;
        ILP32) m=-m32 ;;
        *) echo "FAIL: $name.expect names no model" >&2; status=1; continue ;;
    esac
    cp "$src" "$TMP/$name.c"
    if ! (cd "$TMP" && gcc -E -std=gnu11 $m "$name.c" -o "$name.i"); then
        echo "FAIL: cannot preprocess $src" >&2
        status=1
        continue
    fi
    cp "$TMP/$name.i" "$name.i"
    if grep -qx exec "$name.expect"; then
        if ! gcc -O0 -fwrapv -w $m -o "$TMP/$name" "$name.i" "$TMP/unbuffered.c"; then
            echo "FAIL: cannot compile $name.i" >&2
            status=1
            continue
        fi
        timeout 5 "$TMP/$name" > "$name.expected" 2> /dev/null < /dev/null
        echo "exit: $?" >> "$name.expected"
    fi
done
exit $status
