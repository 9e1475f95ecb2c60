#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A stand-in for redsem_probe_tracer with known faults, to test `redsem probe` end to end:
# case 1 dies (the job exits non-zero after starting it), case 2 breaks rank order, case 3 gives
# Allreduce ranks different trees. Only rank 0 prints, as the real tracer does.
rank=${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}
[ "$rank" = 0 ] || exit 0
first=$1
echo "P 3 64 Fake MPI 0.1"
# A pause between the header and the call forms, as a launcher forwarding output in pieces may
# make: the report's header must still name the call forms.
sleep 1
# An MPI-3 library without the persistent collectives.
echo "F blocking 1 MPI_<collective>"; echo "F nonblocking 1 MPI_I<collective>"; echo "F persistent 0 -"
if [ "$first" -le 0 ]; then
  echo "S 0 Reduce 0 0 1 0 0"; echo "C 0 Reduce 0 0 1 0 0"; echo "R 0 0 0 1 1 ((01)2)"
fi
if [ "$first" -le 1 ]; then
  echo "S 1 Allreduce 0 0 1 0 0"
  echo "fake tracer: dying in case 1" >&2
  exit 3
fi
if [ "$first" -le 2 ]; then
  echo "S 2 Scan 0 0 1 0 0"; echo "C 2 Scan 0 0 1 0 0"
  echo "R 2 0 0 1 1 0"; echo "R 2 1 0 1 1 (01)"; echo "R 2 2 0 1 1 ((10)2)"
fi
echo "S 3 Allreduce 0 1 1 0 0"; echo "C 3 Allreduce 0 1 1 0 0"
echo "R 3 0 0 1 1 ((01)2)"; echo "R 3 1 0 1 1 (0(12))"; echo "R 3 2 0 1 1 ((01)2)"
