#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian packages redsem builds and tests with. Idempotent: when every
# package is already installed it touches nothing (no apt-get update, no install).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libz3-dev librapidcheck-dev libbenchmark-dev libgtest-dev libgmock-dev
  libhwy-dev libcli11-dev nlohmann-json3-dev libfmt-dev graphviz help2man python3
  libopenmpi-dev openmpi-bin libmpich-dev mpich
  clang
  chromium
)

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
