#!/bin/sh
# A --mpi-helper whose version length is not a number.
read request
echo "ok abc"
cat >/dev/null
