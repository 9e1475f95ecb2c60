#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A --mpi-helper whose version length is not a number.
exec >&"$REDSEM_ANSWER_FD" # where redsem reads answers
read request
echo "ok abc"
cat >/dev/null
