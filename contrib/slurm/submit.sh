#!/usr/bin/env bash
# Submits a sharded kappa run to Slurm: N array tasks, then the merge once they have ended.
#
#   contrib/slurm/submit.sh N COMMAND PROGRAM [OPTIONS...]   e.g. contrib/slurm/submit.sh 8 verify prog.c
#
# Run it from the directory that holds contrib/ (the jobs find the scripts there); the
# results go to $KAPPA_OUT (default kappa-shards), the merged directory to $KAPPA_OUT/merged.
set -euo pipefail
if [ $# -lt 3 ] || ! [ "$1" -ge 1 ] 2>/dev/null; then
    echo "usage: contrib/slurm/submit.sh N COMMAND PROGRAM [OPTIONS...]" >&2
    exit 2
fi
n=$1
shift
jid=$(sbatch --parsable --export=ALL --array=0-$((n - 1)) contrib/slurm/kappa-shards.sbatch "$@")
sbatch --parsable --export=ALL --dependency=afterany:"$jid" contrib/slurm/kappa-merge.sbatch
