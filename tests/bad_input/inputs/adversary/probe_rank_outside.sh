#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# adversary: a result from rank 1000000 of a 2-process job was checked, and the run called conforming
# A stand-in for redsem_probe_tracer; only rank 0 prints, as the real tracer does.
[ "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" = 0 ] || exit 0
printf "P 2 64 fake\nS 0 Reduce 0 0 1 0 0\nC 0 Reduce 0 0 1 0 0\nR 0 1000000 0 1 1 (01)\n"
