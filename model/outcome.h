/* SPDX-License-Identifier: BSD-3-Clause */
// The outcome of a modelled MPI call: done, or erroneous with the rule it breaks, the rule's
// section of MPI-4.1, and the evidence. Nothing is written by an erroneous call.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace redsem {

enum class rule : std::uint8_t {
  negative_count,
  character_type,
  op_not_for_type,
  rma_only_op,
  derived_type_with_predefined_op,
  in_place_forbidden,
  in_place_inoutbuf,
  inout_aliases_input,
  inout_overlapping_entries,
  type_signature_mismatch,
  out_of_bounds,
  null_user_function,
  signed_overflow,
};
inline constexpr std::size_t rule_count = 13;

struct rule_info {
  std::string_view name;     // stable identifier, used in JSON and as the C API's error name
  std::string_view section;  // where MPI says it ("MPI-4.1 §7.9.7", "mpi-issues #530", "policy")
  std::string_view text;     // the rule in one sentence
};
const rule_info& describe(rule r);

class outcome {
 public:
  enum class status : std::uint8_t { done, erroneous };

  static outcome done() { return outcome(status::done, rule::negative_count, {}); }
  static outcome erroneous(rule r, std::string evidence) { return outcome(status::erroneous, r, std::move(evidence)); }

  status state() const { return state_; }
  bool is_done() const { return state_ == status::done; }
  rule broken_rule() const { return rule_; }      // meaningful when erroneous
  const std::string& evidence() const { return evidence_; }
  // "erroneous: <rule text> (<section>): <evidence>" or "done".
  std::string message() const;

 private:
  outcome(status s, rule r, std::string e) : state_(s), rule_(r), evidence_(std::move(e)) {}
  status state_;
  rule rule_;
  std::string evidence_;
};

}  // namespace redsem
