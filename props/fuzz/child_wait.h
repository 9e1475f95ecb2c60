// Waiting for a child process with a time limit: the one place the fuzzer decides that code
// it runs (a kernel call, a library's constructors) hangs.
#pragma once

#include <sys/types.h>

namespace redsem::fuzz {

struct child_end {
  bool timed_out = false;  // the limit passed: the child was killed (SIGKILL) and reaped
  int wait_status = 0;     // waitpid's status otherwise
};

// Waits at most `seconds` for child `pid` to end.
child_end wait_for_child(pid_t pid, double seconds);

}  // namespace redsem::fuzz
