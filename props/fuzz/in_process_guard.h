/* SPDX-License-Identifier: BSD-3-Clause */
// A kernel called in this process (fuzz --in-process) has no child to die or be killed in: a
// call of exit(0) would end the fuzzer with status 0 and no verdict, a crash would end it by a
// signal, a call that never returns would hang it. This guard turns each into a report on
// stdout and exit status 1.
#pragma once

#include <functional>
#include <string>

#include "props/fuzz/child_wait.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

enum class call_end { exited, hung, slow, crashed };

// `k`, such that a call that runs exit or quick_exit, crashes (SIGSEGV, SIGBUS, SIGFPE,
// SIGILL, SIGABRT), or has not returned after `call_timeout` seconds of its thread's CPU time
// (a watchdog thread looks) ends the process with status 1 after writing message(what
// happened) to stdout; one that has used less but not returned within the wall backstop
// (child_wait.h) ends it with no_verdict_status (`slow`). The messages
// are made up front, so that a crash can write them from its signal handler; "{signal}" in the
// crash's message becomes the signal's number. One guard per process: the last kernel wrapped
// is the one watched. (_exit cannot be intercepted.) The message goes to the file descriptor
// `out` instead of stdout when given (the file of fuzz --json-file, opened before the calls).
kernel_under_test in_process_kernel(kernel_under_test k, double call_timeout,
                                    const std::function<std::string(call_end)>& message, int out = 1);

}  // namespace redsem::fuzz
