#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# A stand-in for a sanitized program that met a bug, run by the test runners in place of the real
# command (CMakeLists.txt here): prints on stderr the report REDSEM_STANDIN_REPORT names (address,
# leak, undefined, thread; none: no report), as the sanitizer would, and exits with
# REDSEM_STANDIN_EXIT (1 unless set: AddressSanitizer's and UBSan's status, and a finding's).
# Its arguments are ignored but a first one "progress". Besides, as the programs those runners
# expect would: it appends its pid to REDSEM_TEST_PIDFILE (no_orphans.cmake), writes a start and a
# finalize record for each of 4 ranks into REDSEM_CHECK_DIR (run_checked_program.cmake,
# run_checked.py), and with "progress" prints a header, then on a terminal draws a progress line
# and clears it, coloured unless NO_COLOR is set, as redsem's long runs do (progress_pty.py).
if [ -n "$REDSEM_TEST_PIDFILE" ]; then
  echo $$ >>"$REDSEM_TEST_PIDFILE"
fi
if [ -n "$REDSEM_CHECK_DIR" ]; then
  for rank in 0 1 2 3; do
    printf '{"ev":"start","rank":%d,"built_for":"openmpi"}\n{"ev":"finalize","rank":%d,"calls":{}}\n' \
      $rank $rank >"$REDSEM_CHECK_DIR/rank-$rank.jsonl"
  done
fi
if [ "$1" = progress ]; then
  echo "standin: a long run"
  if [ -t 2 ]; then
    colour=$(printf '\033[1;32m') reset=$(printf '\033[0m')
    if [ -n "$NO_COLOR" ]; then
      colour="" reset=""
    fi
    printf '\r\033[K%s[1/2]%s 1/s 0 s  standin\r\033[K' "$colour" "$reset" >&2
  fi
fi
case "${REDSEM_STANDIN_REPORT:-none}" in
  address)
    echo "==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014" >&2
    echo "SUMMARY: AddressSanitizer: heap-buffer-overflow standin.c:7 in main" >&2 ;;
  leak)
    echo "==4242==ERROR: LeakSanitizer: detected memory leaks" >&2
    echo "SUMMARY: AddressSanitizer: 8 byte(s) leaked in 1 allocation(s)." >&2 ;;
  undefined)
    echo "standin.c:7:12: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'" >&2
    echo "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior standin.c:7:12 in" >&2 ;;
  thread)
    echo "WARNING: ThreadSanitizer: data race (pid=4242)" >&2
    echo "SUMMARY: ThreadSanitizer: data race standin.c:7 in worker" >&2 ;;
  none) ;;
  *)
    echo "standin.sh: REDSEM_STANDIN_REPORT=$REDSEM_STANDIN_REPORT: not one of address, leak, undefined, thread, none" >&2
    exit 2 ;;
esac
exit "${REDSEM_STANDIN_EXIT:-1}"
