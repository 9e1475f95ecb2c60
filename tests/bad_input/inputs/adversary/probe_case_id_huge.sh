#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# adversary: a case numbered INT_MAX that dies made the restart point overflow (hang)
# A stand-in for redsem_probe_tracer; only rank 0 prints, as the real tracer does.
[ "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" = 0 ] || exit 0
printf "P 2 64 fake\nS 2147483647 Reduce 0 0 1 0 0\n"
exit 3
