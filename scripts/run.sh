#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The README's quick start: installs what is missing, builds, then either runs the main job
# (`verify`: redsem verify on the built-in catalogue) or the whole test suite (`test`).
# Usage: scripts/run.sh verify|test [extra arguments for redsem verify]
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-}
case "$what" in verify|test) shift ;; *) echo "usage: scripts/run.sh verify|test" >&2; exit 2 ;; esac

if [ "$what" = test ]; then
  bash scripts/setup.sh --test
else
  bash scripts/setup.sh
fi
preset=release
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --parallel "$(nproc)"

if [ "$what" = verify ]; then
  exec "build/$preset/tools/redsem" verify "$@"
fi
# Twice as many tests as CPUs: an MPI test spends much of its time waiting (its ranks starting,
# messages, a program's pauses), and the suite is written to pass under that load.
ctest --preset "$preset" --parallel "$((2 * $(nproc)))" --timeout 900
