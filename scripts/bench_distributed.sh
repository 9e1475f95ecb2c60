#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# One process against `mpirun -n 2 redsem-mpi` on the searches docs/distributed-search.md
# quotes: median wall seconds of N runs each (default 5), and a check that the outputs are
# identical (JSON `seconds` aside). Run on a quiet machine, from the repository, after a build:
#   scripts/bench_distributed.sh [runs] [build dir]
set -euo pipefail
runs=${1:-5}
build=${2:-build/release}
redsem=$build/tools/redsem
redsem_mpi=$build/tools/redsem-mpi
[ -x "$redsem" ] && [ -x "$redsem_mpi" ] || { echo "build redsem and redsem-mpi first (in $build)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds() {  # seconds a command takes; its stdout goes to $out/last
  local start end
  start=$(date +%s.%N)
  "$@" > "$out/last"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
same() { sed 's/"seconds": *[0-9.e+-]*/"seconds": 0/g' "$1" | cmp -s - <(sed 's/"seconds": *[0-9.e+-]*/"seconds": 0/g' "$2"); }

printf '%-44s %10s %10s %8s\n' search "1 process" "2 ranks" speedup
compare() {  # name, then the subcommand and its arguments
  local name=$1; shift
  local one=() two=()
  for ((i = 0; i < runs; ++i)); do
    one+=("$(seconds "$redsem" "$@")"); cp "$out/last" "$out/one"
    two+=("$(seconds mpirun -n 2 "$redsem_mpi" "$@")"); cp "$out/last" "$out/two"
    same "$out/one" "$out/two" || { echo "$name: the outputs differ" >&2; exit 1; }
  done
  local a b
  a=$(printf '%s\n' "${one[@]}" | median)
  b=$(printf '%s\n' "${two[@]}" | median)
  printf '%-44s %9.2fs %9.2fs %7.2fx\n' "$name" "$a" "$b" "$(echo "$a / $b" | bc -l)"
}
compare "orders MPI_SUM MPI_FLOAT, P = 17" orders --op MPI_SUM --type MPI_FLOAT --procs 17 --json
compare "rma bench/scenarios/fetch_and_add_10.rma" rma bench/scenarios/fetch_and_add_10.rma --json
compare "rma bench/scenarios/accumulate_16.rma" rma bench/scenarios/accumulate_16.rma --json
