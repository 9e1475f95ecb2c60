#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# adversary: a case of 2^31-1 elements was allocated (std::bad_alloc, abort)
# A stand-in for redsem_probe_tracer; only rank 0 prints, as the real tracer does.
[ "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" = 0 ] || exit 0
printf "P 2 64 fake\nS 0 Reduce 0 0 2147483647 0 0\nC 0 Reduce 0 0 2147483647 0 0\nR 0 0 -5 2147483647 1 (01)\n"
