#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds the programs the examples of README.md and docs/ run, into build/examples/ (or the
# directory given), with the same commands a user types for their own code: a kernel or user op
# as a shared library (cc, or an MPI's mpicc when it looks at its datatype handle), an MPI
# program with mpicc -g. The sources are the test suite's (tests/fuzz, tests/check/programs);
# an MPI that is not installed is skipped with a note.
# Usage: scripts/build-examples.sh [OUTPUT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/examples}
mkdir -p "$out"
cd "$root"
cflags=(-O2 -Wall -Wextra)

# Kernels with the MPI_User_function ABI, wrong on purpose (redsem fuzz --kernel).
cc "${cflags[@]}" -shared -fPIC -o "$out/buggy_kernels.so" tests/fuzz/buggy/*.c
# User ops, right and wrong (redsem opcheck --kernel, orders --kernel).
cc "${cflags[@]}" -shared -fPIC -o "$out/user_ops.so" tests/fuzz/opcheck/user_ops.c
for mpi in openmpi mpich; do
  if ! command -v "mpicc.$mpi" >/dev/null; then
    echo "build-examples: mpicc.$mpi not found: its examples are not built" >&2
    continue
  fi
  # User ops that dispatch on their MPI_Datatype handle (fuzz --kernel --mpi): per MPI, since
  # a predefined handle's value differs between the libraries.
  "mpicc.$mpi" "${cflags[@]}" -shared -fPIC -o "$out/handle_ops_$mpi.so" \
    tests/fuzz/handles/dispatch_ops.c tests/fuzz/handles/pair_type.c
done
# MPI programs for redsem check, built with Open MPI's wrapper and -g (line information).
if command -v mpicc.openmpi >/dev/null; then
  for program in energy_sum_bad energy_sum_ok matrix_chain_bad; do
    mpicc.openmpi -g "${cflags[@]}" -o "$out/$program" "tests/check/programs/$program.c"
  done
fi
echo "build-examples: the example programs are in $out"
