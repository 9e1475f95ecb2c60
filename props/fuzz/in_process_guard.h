// A kernel called in this process (fuzz --in-process) has no child to die or be killed in: a
// call of exit(0) would end the fuzzer with status 0 and no verdict, a call that never returns
// would hang it. This guard turns either into a report and exit status 1.
#pragma once

#include <functional>

#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

enum class call_end { exited, hung };

// `k`, such that a call that runs exit or quick_exit, or has not returned after `call_timeout`
// seconds (a watchdog thread looks), runs `report` with what happened (it should print the
// finding) and ends the process with status 1. One guard per process: the last kernel
// wrapped is the one watched. (_exit cannot be intercepted.)
kernel_under_test in_process_kernel(kernel_under_test k, double call_timeout, std::function<void(call_end)> report);

}  // namespace redsem::fuzz
