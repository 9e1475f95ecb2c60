// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/kernel_run.h"

#include <cstdlib>

#include "props/fuzz/guarded_buffer.h"

namespace redsem::fuzz {
namespace {

// Where a faulting access struck, from the start of the buffer it was nearer to; nullopt when
// it was far from both (more than a megabyte: not a stray index into them).
std::optional<fault_place> nearest_buffer(std::uintptr_t address, guarded_buffer& in, guarded_buffer& inout) {
  const auto from = [&](guarded_buffer& b) {
    return static_cast<std::int64_t>(address) - static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(b.data()));
  };
  const std::int64_t a = from(inout), b = from(in);
  const bool in_nearer = std::llabs(b) < std::llabs(a);
  const std::int64_t offset = in_nearer ? b : a;
  if (std::llabs(offset) > (std::int64_t{1} << 20)) return std::nullopt;
  return fault_place{offset, in_nearer};
}

}  // namespace

kernel_run run_guarded(const kernel_under_test& k, std::int64_t extent, const fuzz_case& c) {
  guarded_buffer in(c.in, c.in_offset), inout(c.inout, c.inout_offset);
  kernel_run r;
  std::int64_t done = 0;
  for (std::int64_t n : c.chunks) {
    r.status = k.run(in.data() + done * extent, inout.data() + done * extent, n);
    if (r.status != 0) break;
    done += n;
  }
  if (is_crash_status(r.status) && k.fault_address)
    if (const auto at = k.fault_address()) r.fault = nearest_buffer(*at, in, inout);
  r.stray_write = inout.stray_write();
  if (!r.stray_write) r.stray_write_in = in.stray_write();
  r.invec_changed = in.first_change(c.in);
  r.inout = inout.content();
  return r;
}

run_judgement judge(const kernel_run& run) {
  run_judgement j;
  j.status = run.status;
  if (run.status == hang_status) {
    j.outcome = run_outcome::hang;
  } else if (run.status == changed_len_status) {
    j.outcome = run_outcome::changed_len;
  } else if (run.status != 0) {
    j.outcome = run_outcome::failed;
    if (run.fault) {
      j.byte_offset = run.fault->offset;
      j.in_inbuf = run.fault->in_inbuf;
      j.fault_located = true;
    }
  } else if (run.stray_write || run.stray_write_in) {
    j.outcome = run_outcome::wrote_outside;
    j.byte_offset = run.stray_write ? *run.stray_write : *run.stray_write_in;
    j.in_inbuf = !run.stray_write;
  } else if (run.invec_changed) {
    j.outcome = run_outcome::wrote_invec;
    j.byte_offset = *run.invec_changed;
  }
  return j;
}

}  // namespace redsem::fuzz
