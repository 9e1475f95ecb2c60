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
# A checkout (and its build) that lives under /tmp stays visible on every node, as a shared
# home directory would be: the entry of /tmp that holds this script, or the working directory.
keep=""
for p in "$(cd "$(dirname "$0")" && pwd)" "$PWD"; do
  case "$p" in
    /tmp/?*) rest=${p#/tmp/}; keep="$keep /tmp/${rest%%/*}" ;;
  esac
done
# The remote command is one shell line, as ssh hands it to the remote shell. The old /tmp is
# reached through a bind mount on /mnt, private to the namespace, while the kept entries are
# mounted back over the new, empty /tmp.
exec unshare --mount --uts --propagation private sh -c '
  mount --bind /tmp /mnt && mount -t tmpfs -o mode=1777 tmpfs /tmp &&
  for k in $2; do mkdir -p "$k" && mount --bind "/mnt/${k#/tmp/}" "$k" || exit 1; done &&
  mount -t tmpfs -o mode=1777 tmpfs /dev/shm && hostname "$0" &&
  exec sh -c "$1"' "$host" "$*" "$keep"
