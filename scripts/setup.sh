#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian packages redsem needs to build and run; with --test, also what only the
# test suite needs (scripts/run.sh test passes it). Idempotent: when every package is already
# installed it touches nothing (no apt-get update, no install).
# Usage: scripts/setup.sh [--test]
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libz3-dev librapidcheck-dev libbenchmark-dev libgtest-dev
  libhwy-dev libcli11-dev nlohmann-json3-dev libfmt-dev libdw-dev graphviz go-md2man python3
  libopenmpi-dev openmpi-bin libmpich-dev mpich
  clang
)
# Only the tests use these: a headless browser for the HTML reports, man and groff to render
# the man pages, a second man-page linter, Slurm with munge for tests/check/slurm (a test
# cluster on this host, skipped, saying so, without them), and iproute2's `ip` for the
# IPv6-only network namespace of tests/check/nodes (ipv6_only.sh).
test_packages=(chromium python3-jsonschema man-db mandoc slurm-wlm munge iproute2)
case "${1:-}" in
  --test) packages+=("${test_packages[@]}") ;;
  "") ;;
  *) echo "usage: scripts/setup.sh [--test]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
