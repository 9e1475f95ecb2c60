#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Usage: deb.sh BUILD_DIR SOURCE_DIR WORK_DIR VERSION "MPI flavours"
# Builds the Debian packages from BUILD_DIR with packaging/debian (debhelper), runs lintian on
# them (any error, or a warning without an override giving its reason, fails), unpacks them with
# dpkg-deb -x into temporary roots (nothing is installed into the system) and runs each command
# from there, and builds a C program against the unpacked libredsem-dev.
set -euo pipefail
build=$1 source=$2 work=$3 version=$4 flavours=$5
rm -rf "$work" && mkdir -p "$work"
step() { echo "--- $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "debhelper and lintian (installed here, by the test: the quick start does not need them)"
if ! command -v dh >/dev/null || ! command -v lintian >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: needs debhelper and lintian (apt-get install debhelper lintian)"; exit 77
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debhelper lintian \
    >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; echo "SKIP: apt-get could not install debhelper lintian"; exit 77; }
fi

# packaging/debian/control declares an add-on for each of the two MPIs: both must be built.
for flavour in openmpi mpich; do
  case " $flavours " in *" $flavour "*) ;; *) echo "SKIP: this build has no $flavour parts (install it: scripts/setup.sh)"; exit 77 ;; esac
done

step "debian/changelog, CHANGELOG.md and the project agree on the version $version"
head -1 "$source/packaging/debian/changelog" | grep -q "^redsem ($version-[0-9]*) " ||
  fail "packaging/debian/changelog's first entry is not of $version: $(head -1 "$source/packaging/debian/changelog")"
grep -q "^## $version " "$source/CHANGELOG.md" || fail "CHANGELOG.md has no section for $version"

step "debian/rules binary, from the build in $build"
# debhelper works in the source package's top directory: debian/ and the upstream changelog.
mkdir -p "$work/src"
cp -r "$source/packaging/debian" "$work/src/debian"
cp "$source/CHANGELOG.md" "$work/src/"
(cd "$work/src" && REDSEM_BUILD_DIR=$build debian/rules binary >"$work/debhelper.log" 2>&1) ||
  { tail -40 "$work/debhelper.log"; fail "debian/rules binary"; }
ls "$work"/*.deb
packages="redsem libredsem0 libredsem-dev"
for flavour in $flavours; do packages+=" redsem-$flavour"; done
for package in $packages; do
  compgen -G "$work/${package}_*.deb" >/dev/null || fail "no package $package"
done

step "lintian: no error, no warning without an override"
lintian --fail-on error,warning --display-info "$work"/*.deb | tee "$work/lintian.log" ||
  fail "lintian (above)"

step "the base package needs no MPI"
depends=$(dpkg-deb -f "$work"/redsem_*.deb Depends)
echo "redsem Depends: $depends"
case "$depends" in *mpi*|*mpich*) fail "redsem depends on an MPI: $depends" ;; esac

step "redsem alone, unpacked: a command runs, an MPI command names the package it needs"
dpkg-deb -x "$work"/redsem_*.deb "$work/base"
"$work/base/usr/bin/redsem" --version | tee "$work/version.txt"
for flavour in $flavours; do
  grep -q "^MPI helpers for redsem fuzz --mpi: .*not installed: .*redsem-$flavour" "$work/version.txt" ||
    fail "redsem --version does not say that redsem-$flavour is not installed"
done
"$work/base/usr/bin/redsem" laws --op MPI_BAND --type MPI_INT --no-cache
# Each command that runs a real MPI, refused (exit 2) naming the add-on package to install.
refused() {
  local flavour=$1 rc=0; shift
  "$work/base/usr/bin/redsem" "$@" 2>"$work/missing.err" || rc=$?
  cat "$work/missing.err"
  [ "$rc" = 2 ] || fail "redsem $* without redsem-$flavour: exit $rc, not 2"
  grep -q "install the package redsem-$flavour" "$work/missing.err" || fail "redsem $*: the message names no package"
}
for flavour in $flavours; do
  # Small runs, should a part be found after all (a build tree's: an installed redsem must not).
  refused "$flavour" fuzz --mpi "$flavour" --op MPI_BAND --type MPI_INT --layouts none
  refused "$flavour" probe --mpi "$flavour" --procs 2 --form blocking
  refused "$flavour" check --mpi "$flavour" -- /bin/true
done

step "redsem with one add-on, unpacked alone: the add-on's man pages open"
# An add-on needs redsem, not the other add-on: a page must not lean on the other's files.
if command -v man >/dev/null; then
  for flavour in $flavours; do
    alone=$work/alone_$flavour
    dpkg-deb -x "$work"/redsem_*.deb "$alone"
    dpkg-deb -x "$work"/redsem-"$flavour"_*.deb "$alone"
    for page in $(dpkg-deb -c "$work"/redsem-"$flavour"_*.deb | grep -o 'man1/[^ ]*\.1\.gz$'); do
      name=$(basename "$page" .1.gz)
      MANPATH=$alone/usr/share/man man -P cat "$name" >/dev/null 2>"$work/man.err" ||
        { cat "$work/man.err"; fail "man $name with redsem and redsem-$flavour alone"; }
      echo "man $name: opens with redsem and redsem-$flavour alone"
    done
  done
else
  echo "not checked: the add-ons' man pages (no man; apt-get install man-db)"
fi

step "every package unpacked into one root"
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
usr=$work/root/usr
"$usr/bin/redsem" --version | tee "$work/version.txt"
if grep -q "not installed" "$work/version.txt"; then fail "redsem --version misses an installed add-on"; fi
for flavour in $flavours; do
  program=redsem-mpi
  [ "$flavour" = openmpi ] || program=redsem-mpi-$flavour
  "$usr/bin/$program" --version
  # The add-on's helper, found by the unpacked redsem in its own lib/<multiarch>/redsem/.
  "$usr/bin/redsem" fuzz --mpi "$flavour" --op MPI_BAND --type MPI_INT --layouts none >"$work/fuzz_$flavour.log" ||
    { cat "$work/fuzz_$flavour.log"; fail "redsem fuzz --mpi $flavour from the unpacked packages"; }
  tail -3 "$work/fuzz_$flavour.log"
done

# An MPI program using the MPIX add-on, built with pkg-config from the unpacked packages, run under
# the unpacked redsem check (the add-on's check library preloaded).
export PKG_CONFIG_PATH=$usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/pkgconfig
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # Open MPI refuses root without them
for flavour in $flavours; do
  step "examples/mpix/reduce_locals.c with redsem-mpix-$flavour, under redsem check"
  mpicc."$flavour" -Wall -Werror -o "$work/mpix_$flavour" "$source/examples/mpix/reduce_locals.c" \
    $(pkg-config --cflags --libs "redsem-mpix-$flavour")
  if [ "$flavour" = openmpi ]; then
    launch=(mpirun.openmpi --oversubscribe -n 2)
  else
    launch=(mpirun.mpich -n 2)
  fi
  "$usr/bin/redsem" check -- "${launch[@]}" "$work/mpix_$flavour" >"$work/check_$flavour.log" 2>&1 ||
    { cat "$work/check_$flavour.log"; fail "redsem check of the MPIX example under $flavour"; }
  grep -E '^verdict: clean' "$work/check_$flavour.log"
done

step "examples/c_api with find_package(redsem) against the unpacked libredsem-dev"
mkdir -p "$work/consumer"
cp "$source/examples/c_api/example.c" "$work/consumer/"
cat >"$work/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(c_api_consumer LANGUAGES C)
find_package(redsem 0.1 REQUIRED)
add_executable(example example.c)
target_link_libraries(example PRIVATE redsem::reduce)
CMAKE
cmake -S "$work/consumer" -B "$work/consumer/build" -G Ninja -DCMAKE_PREFIX_PATH="$usr" >"$work/consumer.log"
cmake --build "$work/consumer/build" >>"$work/consumer.log"
readelf -d "$work/consumer/build/example" | grep -q 'NEEDED.*\[libredsem\.so\.0\]' || fail "the example does not link libredsem.so.0"
"$work/consumer/build/example"
step "apt-get install --simulate: the packages' Depends resolve on this system"
# Where apt keeps its package lists (APT_CONFIG may move them); without lists nothing resolves,
# and fetching them needs the network and root: said, not failed.
eval "$(apt-config shell lists Dir::State::lists/d)"
if compgen -G "${lists%/}/*_Packages*" >/dev/null; then
  (cd "$work" && apt-get install --simulate -q ./*.deb >"$work/apt.log" 2>&1) || { cat "$work/apt.log"; fail "apt-get --simulate"; }
  for package in $packages; do grep -E "^Inst $package " "$work/apt.log" || fail "apt would not install $package"; done
else
  echo "not checked: apt has no package lists in ${lists} (apt-get update)"
fi
echo "install_deb: the packages are lintian-clean and every command runs from them"
