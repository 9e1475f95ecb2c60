#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# adversary: a trace of 3 processes from a job of 2
# A stand-in for redsem_probe_tracer; only rank 0 prints, as the real tracer does.
[ "${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" = 0 ] || exit 0
printf "P 3 64 fake\nS 0 Reduce 0 0 1 0 0\nC 0 Reduce 0 0 1 0 0\nR 0 0 0 1 1 ((01)2)\n"
