/* SPDX-License-Identifier: BSD-3-Clause */
// Kernel against model on one case: run the kernel on the buffers as laid out (offsets,
// chunks), compute what the model says under the policy, compare element by element under
// the policy's compare rule, and classify a difference.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "props/fuzz/fuzz_case.h"
#include "props/fuzz/kernel.h"
#include "props/fuzz/kernel_run.h"
#include "props/fuzz/oracle.h"

namespace redsem::fuzz {

enum class verdict_kind : std::uint8_t {
  pass,
  wrong,                // some element matches the model under no policy the oracle's choices allow
  policy_choice,        // every element matches the model under one other policy (named)
  inconsistent_policy,  // each element matches some policy, but no one policy fits all (body vs tail)
  wrote_outside,        // the kernel wrote bytes outside inoutbuf's (or inbuf's) elements
  kernel_error,         // the kernel returned an error code, crashed, or ended its process
  wrote_invec,          // the kernel wrote inbuf: an input (MPI_Reduce_local passes its const inbuf there)
  changed_len,          // the kernel wrote *len, the call's element count
  hang,                 // a call did not return within the time limit
  wrote_gap,            // the kernel wrote a byte of inoutbuf outside the typemap (a gap, padding, below lb)
};
std::string_view to_string(verdict_kind v);
// Whether inoutbuf after the call says anything about the op's elements: not after a crash, a
// hang or a changed *len, verdicts about the call rather than its results.
inline bool results_meaningful(verdict_kind v) {
  return v != verdict_kind::kernel_error && v != verdict_kind::hang && v != verdict_kind::changed_len;
}

// A way the model could be asked: under a policy, and with the operands in MPI's order or
// swapped (inoutbuf ∘ inbuf: MPI lets an implementation reorder a commutative op's operands,
// which only NaN and ±0 rules make visible).
struct policy_variant {
  policy semantics;
  bool swapped = false;
  friend bool operator==(const policy_variant&, const policy_variant&) = default;
};

struct case_result {
  verdict_kind verdict = verdict_kind::pass;
  int kernel_status = 0;
  std::vector<std::byte> actual;    // inoutbuf after the kernel
  std::vector<std::byte> expected;  // the model under the chosen policy
  std::vector<std::int64_t> differing;
  std::optional<policy_variant> right_under;  // policy_choice: the policy the kernel follows
  // inconsistent_policy: two differing elements no single policy explains together, and the
  // policies each one follows.
  std::int64_t conflict_a = -1, conflict_b = -1;
  std::vector<policy_variant> policies_a, policies_b;
  // wrote_outside: the stray byte's offset from the buffer's start (negative: before it), in
  // inoutbuf unless outside_inbuf; wrote_invec: the first byte of inbuf that changed;
  // kernel_error with fault_located: where the crashing access struck, likewise; wrote_gap: the
  // first gap byte of inoutbuf that changed (from the buffer's start, an element's lower bound).
  std::int64_t byte_offset = 0;
  bool outside_inbuf = false;
  bool fault_located = false;
};

class differential {
 public:
  differential(oracle o, kernel_under_test k, const policy& p);

  // With `preferred` (another case's right_under): a policy_choice names that policy when it
  // explains this case too, so a failure and its shrunk case name one policy.
  case_result check(const fuzz_case& c, const std::optional<policy_variant>& preferred = std::nullopt) const;
  // Only runs the kernel, on buffers with guard zones around them.
  kernel_run run_kernel(const fuzz_case& c) const;
  // The model's inoutbuf for the case under policy alternative i (−1: the chosen policy).
  std::vector<std::byte> expected(const fuzz_case& c, int alternative = -1) const;

  // Whether every element of both buffers is inside the oracle's domain (always, without one).
  bool in_domain(const fuzz_case& c) const;
  // The other policies the model is asked under when a case fails, fewest changes first.
  const std::vector<policy_variant>& alternatives() const { return alternatives_; }
  // With the oracle's gaps_untouched: the first byte outside the typemap that differs between
  // inoutbuf before and after the kernel (no policy explains one).
  std::optional<std::int64_t> first_gap_change(const std::vector<std::byte>& before,
                                               const std::vector<std::byte>& after) const;
  // Whether every element of `actual` (the kernel's inoutbuf for c) is the model's under alternative i.
  bool follows(const fuzz_case& c, const std::vector<std::byte>& actual, std::size_t alternative) const;

  const oracle& oracle_used() const { return oracle_; }
  const kernel_under_test& kernel() const { return kernel_; }
  const policy& semantics() const { return policy_; }
  std::int64_t extent() const { return extent_; }
  // How many kernel runs so far ended in a hang: each cost a whole time limit, so the search
  // around a failure stops asking once they pile up.
  int hangs_seen() const { return hangs_seen_; }

 private:
  void classify(const fuzz_case& c, case_result& r, const std::optional<policy_variant>& preferred) const;

  oracle oracle_;
  kernel_under_test kernel_;
  policy policy_;
  element_op op_;
  std::vector<policy_variant> alternatives_;  // the oracle's other choices, fewest changes first
  std::vector<element_op> alternative_ops_;
  std::int64_t extent_;
  std::vector<bool> covered_;  // gaps_untouched: which bytes of an element the typemap covers
  mutable int hangs_seen_ = 0;
};

// Element k of a buffer of elements.
inline const std::byte* element_at(const std::vector<std::byte>& v, std::int64_t k, std::int64_t extent) {
  return v.data() + k * extent;
}

}  // namespace redsem::fuzz
