#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# adversary: a job size of 10^9 was allocated (std::bad_alloc, abort)
# A stand-in for redsem_probe_tracer; only rank 0 prints, as the real tracer does.
[ "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" = 0 ] || exit 0
printf "P 1000000000 64 fake\nS 0 Reduce 0 0 1 0 0\nC 0 Reduce 0 0 1 0 0\nR 0 0 0 1 1 (01)\n"
