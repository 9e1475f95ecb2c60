#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# `--mpi PATH` end to end, with the installations relocate.sh made in INSTALLS: each case its own
# cache (XDG_CACHE_HOME) under WORK, the MPIs reached only through their paths.
#   mpi_path_test.sh CASE REDSEM INSTALLS WORK PROGRAM_SOURCE REDSEM_MPI
set -uo pipefail
case_name=$1 redsem=$2 installs=$3 work=$4 program_source=$5 redsem_mpi=$6
# shellcheck disable=SC1091
. "$installs/env.sh"
rm -rf "$work"
mkdir -p "$work/cache"
chmod 700 "$work" "$work/cache"
export XDG_CACHE_HOME=$work/cache
ompi=$installs/openmpi mpich=$installs/mpich fake=$installs/fake

fail() {
  echo "FAIL ($case_name): $*" >&2
  exit 1
}
# What marks a sanitizer's report: a run showing one fails whatever its status, since ASan and
# UBSan exit 1, a finding's status (tests/sanitizer_report/sanitizer_report.cmake says more).
sanitizer_report=$(grep -v '^#' "$(dirname "$0")/../sanitizer_report/report.regex")
# run EXPECTED_STATUS COMMAND...: runs it, its stdout in $work/out, stderr in $work/err.
run() {
  local want=$1
  shift
  "$@" > "$work/out" 2> "$work/err"
  local got=$?
  echo "\$ $* -> $got"
  cat "$work/out" "$work/err"
  local report
  report=$(grep -hE "$sanitizer_report" "$work/out" "$work/err" | head -n 1)
  [ -z "$report" ] || fail "a sanitizer reported (exit status $got): $report: $*"
  [ "$got" = "$want" ] || fail "exit status $got, expected $want: $*"
}
says() { grep -qE "$2" "$work/$1" || fail "$1 does not match '$2'"; }
never_says() { ! grep -qE "$2" "$work/$1" || fail "$1 matches '$2'"; }

# A reduction program, built with the relocated installation's own wrapper.
build_program() {
  "$1/bin/mpicc" -o "$work/$2" "$program_source" || fail "$1/bin/mpicc cannot build $program_source"
}

case $case_name in
  openmpi)
    # The first run builds the check library for the copy, says so, and checks the program.
    build_program "$ompi" app
    run 0 "$redsem" check --mpi "$ompi/bin/mpicc" -- "$ompi/bin/mpirun" --oversubscribe -n 2 "$work/app"
    says err "redsem: building the check library, helpers and tracer for $ompi/bin/mpicc in $work/cache/redsem/mpi/"
    says err "verdict: clean"
    ls "$work"/cache/redsem/mpi/*/libredsem_check_openmpi.so > /dev/null || fail "no check library in the cache"
    # The second (the prefix this time: the same wrapper) reuses it; fuzz --mpi runs its helper.
    run 0 "$redsem" fuzz --mpi "$ompi" --op MPI_SUM --type MPI_INT --cases 20 --seed 1
    never_says err "building"
    says out "MPI_SUM on MPI_INT +pass"
    # The library the copy's programs load is its own, not Debian's.
    run 0 "$redsem" mpi list
    says out "$ompi/bin/mpicc"
    says out "loads +$ompi/lib/x86_64-linux-gnu/libmpi.so.40"
    says out "persistent collectives: MPIX_\\*_init"
    # probe runs the tracer built for it under the launcher beside its wrapper.
    run 0 "$redsem" probe --mpi "$ompi/bin/mpicc" --procs 2 --counts 1 --form blocking
    never_says err "building"
    says out "^Open MPI v4.1.4.* on 2 processes"
    says out "cases, 0 violations: conforming"
    # The installation changes (its libmpi replaced in place): the entry is stale and rebuilt.
    touch "$ompi"/lib/x86_64-linux-gnu/libmpi.so.40.*
    run 0 "$redsem" fuzz --mpi "$ompi/bin/mpicc" --op MPI_PROD --type MPI_INT --cases 20 --seed 1
    says err "is stale: the installation changed \\(was: libmpi $ompi/lib/x86_64-linux-gnu/libmpi.so.40"
    says err "building the check library"
    ;;
  mpich)
    # Two runs at once with an empty cache: one builds, the other waits for it and reuses it.
    "$redsem" fuzz --mpi "$mpich/bin/mpicc" --op MPI_PROD --type MPI_INT --cases 20 --seed 2 \
      > "$work/out1" 2> "$work/err1" &
    first=$!
    "$redsem" fuzz --mpi "$mpich/bin/mpicc" --op MPI_PROD --type MPI_INT --cases 20 --seed 3 \
      > "$work/out2" 2> "$work/err2"
    second=$?
    wait $first || fail "the first of two concurrent runs failed: $(cat "$work/err1")"
    [ $second = 0 ] || fail "the second of two concurrent runs failed: $(cat "$work/err2")"
    cat "$work"/err1 "$work"/err2
    [ "$(cat "$work"/err1 "$work"/err2 | grep -c 'building the check library')" = 1 ] ||
      fail "two concurrent runs did not build exactly once"
    build_program "$mpich" app
    run 0 "$redsem" check --mpi "$mpich/bin/mpicc" -- "$mpich/bin/mpiexec" -n 2 "$work/app"
    says err "verdict: clean"
    never_says err "building"
    # The library it loads is replaced under the same identity: the entry's version no longer matches.
    entry=$(dirname "$(ls "$work"/cache/redsem/mpi/*/identity)")
    echo "another library" > "$entry/library"
    run 0 "$redsem" fuzz --mpi "$mpich/bin/mpicc" --op MPI_BOR --type MPI_INT --cases 20 --seed 4
    says err "is stale: the MPI library it loads changed"
    ;;
  fake)
    # The probes find what the library lacks; the pieces build without it, and the surface helper
    # says so (the rest of MPICH's surface has findings: exit 1).
    run 1 "$redsem" fuzz --mpi "$fake/bin/mpicc" --surface
    says err "building the check library"
    says out "large_count_c +unsupported +MPI_Reduce_local_c \\(the library has no such function\\)"
    run 0 "$redsem" mpi list --json
    says out '"reduce_local_c": false'
    says out '"persistent": "none"'
    says out '"large_count_collectives": true'
    ;;
  search)
    # redsem-mpi resolves --mpi PATH as redsem does: the first run builds into the cache (one rank
    # builds, the other waits for it) and the split search prints what one redsem process prints.
    orders=(orders --op MPI_SUM --type MPI_FLOAT --values 1e6,-1e6,0.01,0.3,7,-0.02,1e-3,42 --json)
    run 0 "$redsem" "${orders[@]}"
    cp "$work/out" "$work/one"
    run 0 "$ompi/bin/mpirun" --oversubscribe -n 2 "$redsem_mpi" --mpi "$ompi/bin/mpicc" "${orders[@]}"
    [ "$(grep -c 'building the check library' "$work/err")" = 1 ] || fail "the two ranks did not build exactly once"
    says err "building the check library, helpers and tracer for $ompi/bin/mpicc in $work/cache/redsem/mpi/"
    cmp -s "$work/one" "$work/out" || fail "redsem-mpi over the Open MPI copy printed another result"
    ls "$work"/cache/redsem/mpi/*/libredsem_search_openmpi.so > /dev/null || fail "no search library in the cache"
    # The MPICH copy, by its prefix, under its own mpiexec; a non-commutative search.
    segscan=(orders --op segscan --values 5:0,7:1,11:0,2:0,3:1,1:0,4:0 --json)
    run 0 "$redsem" "${segscan[@]}"
    cp "$work/out" "$work/one"
    run 0 "$mpich/bin/mpiexec" -n 3 "$redsem_mpi" --mpi "$mpich" "${segscan[@]}"
    says err "building the check library, helpers and tracer for $mpich/bin/mpicc"
    cmp -s "$work/one" "$work/out" || fail "redsem-mpi over the MPICH copy printed another result"
    # Built once: the next job, and redsem's own commands, reuse the entry.
    run 0 "$ompi/bin/mpirun" --oversubscribe -n 2 "$redsem_mpi" --mpi="$ompi" rma --help
    never_says err "building"
    run 0 "$redsem" fuzz --mpi "$mpich/bin/mpicc" --op MPI_SUM --type MPI_INT --cases 20 --seed 1
    never_says err "building"
    # A bad --mpi is bad input, said before MPI_Init (which it would need), under redsem-mpi's name.
    run 2 "$redsem_mpi" --mpi "$work/nonexistent/mpicc" orders --op MPI_SUM --type MPI_INT --procs 3
    says err "^redsem-mpi: --mpi '$work/nonexistent/mpicc': no such file or directory"
    ;;
  refusals)
    # Bad --mpi paths and caches are bad input (exit 2), said with the reason.
    run 2 "$redsem" fuzz --mpi "$work/nonexistent/mpicc" --op MPI_SUM --type MPI_INT
    says err "redsem fuzz: --mpi '$work/nonexistent/mpicc': no such file or directory"
    run 2 "$redsem" check --mpi "$work" -- /bin/true
    says err "no C compiler wrapper at $work/bin/mpicc"
    mkdir -p "$work/broken/bin"
    printf '#!/bin/sh\ncase "$1" in -show) echo gcc -lmpi ;; *) echo "broken-cc: error: no compiler here" >&2; exit 1 ;; esac\n' \
      > "$work/broken/bin/mpicc"
    chmod +x "$work/broken/bin/mpicc"
    run 2 "$redsem" fuzz --mpi "$work/broken/bin/mpicc" --op MPI_SUM --type MPI_INT
    says err "cannot build an MPI program"
    says err "broken-cc: error: no compiler here"
    chmod 777 "$work/cache"
    run 2 "$redsem" fuzz --mpi "$ompi/bin/mpicc" --op MPI_SUM --type MPI_INT
    says err "can be written by group or others"
    chmod 700 "$work/cache"
    ;;
  *) fail "no such case" ;;
esac
echo "PASS ($case_name)"
