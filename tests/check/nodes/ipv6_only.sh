#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Runs COMMAND... in a network namespace of its own whose only address is the IPv6 loopback ::1,
# as on a cluster whose nodes reach each other over IPv6 alone: `ipv6_only.sh COMMAND...`.
exec unshare --net sh -c 'ip link set lo up && ip addr del 127.0.0.1/8 dev lo && exec "$@"' sh "$@"
