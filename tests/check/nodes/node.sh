#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A simulated cluster node, entered as a remote shell would be: `node.sh [options] HOST COMMAND...`
# (Open MPI's plm_rsh_agent and hydra's launcher executable call it as they would call ssh). The
# command runs in a mount and UTS namespace of its own: host name HOST, and an empty /tmp and
# /dev/shm that no other node sees, so that nothing one node's ranks write in them reaches
# another node or the launcher's host. The mounts are private: they vanish with the namespace.
while [ $# -gt 0 ]; do
  case "$1" in
    -*) shift ;;  # ssh's options (hydra passes -x)
    *) break ;;
  esac
done
host=$1
shift
# The remote command is one shell line, as ssh hands it to the remote shell.
exec unshare --mount --uts --propagation private sh -c '
  mount -t tmpfs -o mode=1777 tmpfs /tmp && mount -t tmpfs -o mode=1777 tmpfs /dev/shm && hostname "$0" &&
  exec sh -c "$1"' "$host" "$*"
