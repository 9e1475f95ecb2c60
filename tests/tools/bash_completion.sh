#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The bash completion script `redsem completion bash` prints, sourced and driven the way bash
# drives it (COMP_WORDS, COMP_CWORD): a command word, then that command's options.
set -u
redsem=$1
script=$("$redsem" completion bash) || { echo "redsem completion bash failed"; exit 1; }
eval "$script"
complete -p redsem | grep -q -- "-F _redsem" || { echo "no completion registered for redsem"; exit 1; }

failed=0
# complete WORDS… : what _redsem offers for the last word.
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _redsem
  # In sorted order: the script offers them in the order the commands declare them.
  if ((${#COMPREPLY[@]})); then printf '%s\n' "${COMPREPLY[@]}" | sort | paste -sd ' '; fi
}
expect() {  # expect "WHAT IS OFFERED" WORDS…
  local want=$1
  shift
  local got
  got=$(complete_words "$@")
  if [[ $got != "$want" ]]; then
    echo "FAIL: '$*' completes to '$got', expected '$want'"
    failed=1
  fi
}
expect_has() {  # expect_has WORD WORDS…: WORD is among what is offered
  local want=$1
  shift
  local got
  got=" $(complete_words "$@") "
  if [[ $got != *" $want "* ]]; then
    echo "FAIL: '$*' completes to '$got', without '$want'"
    failed=1
  fi
}

expect verify redsem ver
expect "opcheck orders" redsem o
expect "--op --op-file" redsem laws --o
expect_has --no-cache redsem laws --op MPI_SUM --n
expect_has --policy redsem orders --
expect "" redsem completion  # hidden: not offered
expect "" redsem comp
expect_has --version redsem --v
expect "" redsem laws sum    # a value or a file: bash's default completion
exit $failed
