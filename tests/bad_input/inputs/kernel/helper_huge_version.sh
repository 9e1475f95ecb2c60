#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A --mpi-helper whose version length is beyond any real version text.
exec >&"$REDSEM_ANSWER_FD" # where redsem reads answers
read request
echo "ok 99999999999999999999"
cat >/dev/null
