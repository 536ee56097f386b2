#!/usr/bin/env bash
# A sharded kappa run on one machine with GNU parallel (Debian: apt-get install parallel):
#
#   contrib/parallel.sh N COMMAND PROGRAM [OPTIONS...]   e.g. contrib/parallel.sh 4 verify prog.c
#
# runs shards 0/N .. N-1/N as N processes (at most $KAPPA_PARALLEL_JOBS at once, default N),
# each through contrib/kappa-shard.sh into $KAPPA_OUT/I (default kappa-shards/I), then merges
# them into $KAPPA_OUT/merged (contrib/kappa-merge.sh). On one machine, `--jobs N` in a single
# process does the same with less duplicated work; shards are for several machines.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 3 ] || ! [ "$1" -ge 1 ] 2>/dev/null; then
    echo "usage: contrib/parallel.sh N COMMAND PROGRAM [OPTIONS...]" >&2
    exit 2
fi
n=$1
shift
export KAPPA_SHARDS=$n
# -q: the options are passed as they are (no second word splitting by a shell).
rc=0
seq 0 $((n - 1)) | parallel -q --will-cite --jobs "${KAPPA_PARALLEL_JOBS:-$n}" \
    env KAPPA_SHARD_INDEX={} "$here/kappa-shard.sh" "$@" || rc=$?
# A shard that failed is named by the merge (`unknown (shard I/N: ...)`).
"$here/kappa-merge.sh"
exit $rc
