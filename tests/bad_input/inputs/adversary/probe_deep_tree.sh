#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# adversary: a tree nested 200000 deep overflowed the stack of the bracket parser (segfault)
# A stand-in for redsem_probe_tracer; only rank 0 prints, as the real tracer does.
[ "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" = 0 ] || exit 0
printf "P 2 64 fake\nS 0 Reduce 0 0 1 0 0\nC 0 Reduce 0 0 1 0 0\nR 0 0 0 1 1 "
awk "BEGIN { for (i = 0; i < 200000; ++i) printf \"(\"; printf \"0\"; for (i = 0; i < 200000; ++i) printf \")\"; print \"\" }"
