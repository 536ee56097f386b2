#!/usr/bin/env bash
# One process of a sharded kappa run (docs/design-parallel.md, "--shard I/N and kappa merge"):
#
#   kappa-shard.sh COMMAND PROGRAM [OPTIONS...]      e.g. kappa-shard.sh verify prog.c --mode classic
#
# runs `kappa COMMAND PROGRAM OPTIONS... --shard I/N` with its output directory, statistics and
# lcov tracefile in $KAPPA_OUT/I (default kappa-shards/I), where `kappa merge` finds them
# (contrib/kappa-merge.sh). I and N come from the scheduler:
#   Slurm array job:          SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT (--array=0-(N-1))
#   Kubernetes indexed Job:   JOB_COMPLETION_INDEX, and KAPPA_SHARDS (= the Job's completions)
#   GNU parallel, or by hand: KAPPA_SHARD_INDEX, KAPPA_SHARDS
# KAPPA names the kappa binary (default: kappa on PATH).
set -euo pipefail
index=${SLURM_ARRAY_TASK_ID:-${JOB_COMPLETION_INDEX:-${KAPPA_SHARD_INDEX:-}}}
count=${SLURM_ARRAY_TASK_COUNT:-${KAPPA_SHARDS:-}}
if [ -z "$index" ] || [ -z "$count" ]; then
    echo "kappa-shard.sh: no shard index and count: set SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, JOB_COMPLETION_INDEX/KAPPA_SHARDS or KAPPA_SHARD_INDEX/KAPPA_SHARDS" >&2
    exit 2
fi
if [ $# -lt 2 ]; then
    echo "usage: kappa-shard.sh COMMAND PROGRAM [OPTIONS...]" >&2
    exit 2
fi
out=${KAPPA_OUT:-kappa-shards}/$index
mkdir -p "$out"
exec "${KAPPA:-kappa}" "$@" --shard "$index/$count" --out "$out" \
    --stats-json "$out/stats.json" --coverage "$out/coverage.info"
