#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Usage: consumers.sh BUILD_DIR SOURCE_DIR WORK_DIR "MPI flavours" LIBDIR
# Installs the build into WORK_DIR/prefix and builds the examples against the prefix alone; the
# per-MPI pieces of `--mpi PATH` are built from the prefix's copy of the recipe.
set -euo pipefail
build=$1 source=$2 work=$3 flavours=$4 libdir=$5
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
step() { echo "--- $*"; }

step "cmake --install into $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"

step "no RPATH, pkg-config or CMake file of the prefix points into the build tree"
bad=0
while IFS= read -r -d '' file; do
  if [ "$(head -c 4 "$file")" = $'\x7fELF' ] && readelf -d "$file" | grep -E 'R(UN)?PATH' | grep -qF "$build"; then
    echo "FAIL: $file has an RPATH into $build" >&2; bad=1
  fi
  case "$file" in *.pc|*.cmake) if grep -qF "$build" "$file"; then echo "FAIL: $file names $build" >&2; bad=1; fi ;; esac
done < <(find "$prefix" -type f -print0)
[ "$bad" = 0 ]

# The consumers' sources are copied out of the tree, so nothing but the prefix is reachable.
mkdir -p "$work/src"
cp "$source/examples/c_api/example.c" "$work/src/"

step "examples/c_api with pkg-config"
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
libdir=$(pkg-config --variable=libdir redsem)
cc -std=c99 -Wall -Werror -o "$work/c_api_pkgconfig" "$work/src/example.c" \
  $(pkg-config --cflags --libs redsem) -Wl,-rpath,"$libdir"
"$work/c_api_pkgconfig"

step "examples/c_api with find_package(redsem)"
cat >"$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(c_api_consumer LANGUAGES C)
find_package(redsem 0.1 REQUIRED)
add_executable(example example.c)
target_link_libraries(example PRIVATE redsem::reduce)
CMAKE
cmake -S "$work/src" -B "$work/cmake_consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >"$work/consumer_configure.log"
cmake --build "$work/cmake_consumer" >"$work/consumer_build.log"
"$work/cmake_consumer/example"

for flavour in $flavours; do
  step "examples/mpix/reduce_locals.c with mpicc.$flavour and pkg-config redsem-mpix-$flavour"
  cp "$source/examples/mpix/reduce_locals.c" "$work/src/mpix_reduce_locals.c"
  mpicc."$flavour" -Wall -Werror -o "$work/mpix_$flavour" "$work/src/mpix_reduce_locals.c" \
    $(pkg-config --cflags --libs "redsem-mpix-$flavour") -Wl,-rpath,"$libdir"
  if [ "$flavour" = openmpi ]; then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun.openmpi --oversubscribe -n 2 "$work/mpix_$flavour"
  else
    mpirun.mpich -n 2 "$work/mpix_$flavour"
  fi
  step "redsem fuzz --mpi $flavour from the prefix: its helper installed in $libdir/redsem/$flavour"
  "$prefix/bin/redsem" fuzz --mpi "$flavour" --op MPI_SUM --type MPI_INT --cases 5 >/dev/null
done

step "redsem fuzz --mpi PATH from the prefix: the per-MPI pieces built from its share/redsem/per_mpi"
test -f "$prefix/share/redsem/per_mpi/src/per_mpi/CMakeLists.txt"
test -f "$prefix/share/redsem/per_mpi/generated/validity_data.h"
mkdir -p "$work/cache" && chmod 700 "$work/cache"
for flavour in $flavours; do
  XDG_CACHE_HOME=$work/cache "$prefix/bin/redsem" fuzz --mpi "/usr/bin/mpicc.$flavour" --op MPI_SUM --type MPI_INT --cases 5 \
    >/dev/null 2>"$work/mpi_path_$flavour.log"
  grep -q "redsem: building the check library, helpers and tracer for /usr/bin/mpicc.$flavour" "$work/mpi_path_$flavour.log"
done

step "redsem-mpi --mpi PATH from the prefix: its search library from the same cache entry"
for flavour in $flavours; do
  [ -x "$prefix/bin/redsem-mpi" ] || break
  launcher=(mpiexec.mpich -n 2)
  [ "$flavour" = openmpi ] && launcher=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun.openmpi -n 2)
  XDG_CACHE_HOME=$work/cache "${launcher[@]}" "$prefix/bin/redsem-mpi" --mpi "/usr/bin/mpicc.$flavour" \
    orders --op MPI_SUM --type MPI_FLOAT --procs 6 >"$work/search_$flavour.log" 2>&1
  grep -q "^redsem orders — MPI_SUM on MPI_FLOAT, 6 ranks" "$work/search_$flavour.log"
  if grep -q "building" "$work/search_$flavour.log"; then echo "FAIL: redsem-mpi built again" >&2; exit 1; fi
done

step "redsem --version and man redsem from the prefix"
"$prefix/bin/redsem" --version | tee "$work/version.txt"
# The per-MPI parts, in <libdir>/redsem/<mpi>/, are found by the installed redsem.
if grep -q "not installed" "$work/version.txt"; then echo "FAIL: an installed add-on is not found" >&2; exit 1; fi
# Whole pages first: grep -q stopping early would fail man under pipefail.
page=$(MANPATH=$prefix/share/man man -P cat redsem)
grep -q 'redsem - simulate and verify MPI reduction semantics' <<<"$page"
page=$(MANPATH=$prefix/share/man man -P cat redsem-verify)
grep -q -- '--quick' <<<"$page"
step "the installed example files: a fixed op holds its laws, an RMA scenario meets its expectations"
"$prefix/bin/redsem" opcheck --op-file "$prefix/share/redsem/ops/select_sum_identity.op" >/dev/null
"$prefix/bin/redsem" rma "$prefix/share/redsem/rma/race_mixed_ops.rma" >/dev/null
echo "install_consumers: every consumer built and ran from $prefix"
