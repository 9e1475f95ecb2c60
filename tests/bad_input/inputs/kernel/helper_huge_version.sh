#!/bin/sh
# A --mpi-helper whose version length is beyond any real version text.
read request
echo "ok 99999999999999999999"
cat >/dev/null
