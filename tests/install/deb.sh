#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Usage: deb.sh BUILD_DIR WORK_DIR
# Builds the Debian package, unpacks it and runs the unpacked redsem, then resolves its
# Depends against this system's apt lists without installing anything.
set -euo pipefail
build=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
step() { echo "--- $*"; }

step "cpack -G DEB"
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
cp "$work"/out/redsem_*.deb "$work/redsem.deb"
depends=$(dpkg-deb -f "$work/redsem.deb" Depends)
echo "Depends: $depends"
# dpkg-shlibdeps computed them: each library redsem links must be there.
for package in libz3- libhwy libfmt libstdc++6 libc6; do
  case "$depends" in *"$package"*) ;; *) echo "FAIL: Depends names no $package" >&2; exit 1 ;; esac
done

step "dpkg-deb -x and the unpacked redsem"
dpkg-deb -x "$work/redsem.deb" "$work/root"
"$work/root/usr/bin/redsem" --version
# The whole page first: grep -q stopping early would fail man under pipefail.
page=$(MANPATH=$work/root/usr/share/man man -P cat redsem)
grep -q 'redsem - simulate and verify MPI reduction semantics' <<<"$page"
"$work/root/usr/bin/redsem" verify --quick

step "apt-get install --simulate ./redsem.deb"
# Where apt keeps its package lists (APT_CONFIG may move them). Without lists nothing can be
# resolved, and fetching them would need the network and root: skip, and say why.
eval "$(apt-config shell lists Dir::State::lists/d)"
if ! compgen -G "${lists%/}/*_Packages*" >/dev/null; then
  echo "SKIP: apt has no package lists in ${lists} to resolve the Depends against (run apt-get update)"
  exit 77
fi
(cd "$work" && apt-get install --simulate -q ./redsem.deb >"$work/apt.log" 2>&1) || { cat "$work/apt.log"; exit 1; }
grep -E '^(Inst|Conf) redsem ' "$work/apt.log"
echo "install_deb: the package's Depends resolve on this system and its redsem runs"
