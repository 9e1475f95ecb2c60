/* SPDX-License-Identifier: BSD-3-Clause */
// One run of a kernel under test on a case's buffers, with guard zones around them, and what
// the run alone shows about the call: whether it returned, hung, failed, wrote *len, wrote
// outside its buffers or wrote its input. The differential fuzzer and the contract checks both
// judge a run here, each naming the outcome in its own verdicts.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "props/fuzz/fuzz_case.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

// A memory fault's place: its byte offset from the start of the nearer operand buffer.
struct fault_place {
  std::int64_t offset;
  bool in_inbuf;
};

// What one run of the kernel on a case left behind.
struct kernel_run {
  std::vector<std::byte> inout;  // inoutbuf afterwards
  int status = 0;                // the kernel's status (0, its error code, crash/hang/len statuses)
  std::optional<std::int64_t> stray_write, stray_write_in;  // guarded_buffer::stray_write of inoutbuf, of inbuf
  std::optional<std::int64_t> invec_changed;                // the first byte of inbuf the call changed
  std::optional<fault_place> fault;                         // a crash on an access near a buffer
};

// Runs k on the case's buffers, laid out with guard zones around them (guarded_buffer), one
// call per chunk; what it left behind. Needs no model: the contract checks use it alone.
kernel_run run_guarded(const kernel_under_test& k, std::int64_t extent, const fuzz_case& c);

// What a run shows about the call itself, before its results are looked at; the first that
// applies, in this order (a call that did not return has written nothing worth reading).
enum class run_outcome : std::uint8_t {
  returned,       // every call returned 0 and touched only inoutbuf's elements
  hang,           // a call did not return within the time limit (hang_status)
  changed_len,    // a call wrote *len (changed_len_status)
  failed,         // a call returned an error code, crashed or ended its process
  wrote_outside,  // a byte outside inoutbuf's (or inbuf's) elements changed
  wrote_invec,    // a byte of inbuf changed: an input
};

struct run_judgement {
  run_outcome outcome = run_outcome::returned;
  int status = 0;  // the status of the call that did not return 0
  // wrote_outside: the stray byte's offset from its buffer's start (negative: before it);
  // wrote_invec: the first byte of inbuf that changed; failed with a located fault: where the
  // crashing access struck. In inoutbuf unless in_inbuf.
  std::int64_t byte_offset = 0;
  bool in_inbuf = false;
  bool fault_located = false;  // failed: byte_offset and in_inbuf place the fault
};

run_judgement judge(const kernel_run& run);

}  // namespace redsem::fuzz
