/* SPDX-License-Identifier: BSD-3-Clause */
// Fuzzing a real MPI library's MPI_Reduce_local over every predefined (op, type): legal pairs
// against the model, illegal ones for their error behaviour under MPI_ERRORS_RETURN.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "props/fuzz/derived_layouts.h"
#include "props/fuzz/fuzz_run.h"
#include "props/fuzz/mpi_library.h"

namespace redsem::fuzz {

enum class mpi_pair_verdict : std::uint8_t {
  pass,              // legal pair, every case agreed with the model
  finding,           // legal pair, a shrunk counterexample that no single policy explains
  policy_choice,     // legal pair, every answer right under one other policy (named): not a finding
  refused_legal,     // legal pair, the library returned an error
  unsupported,       // the library does not have the type (or its extent differs)
  refused,           // illegal pair, refused with an error: as MPI requires
  accepted_illegal,  // illegal pair, the call succeeded
  crashed,           // the library killed the helper
  hung,              // the library did not return within the time limit (the helper was killed)
};
std::string_view to_string(mpi_pair_verdict v);
bool is_finding(mpi_pair_verdict v);

struct mpi_pair_result {
  op_id op;
  basic_type type;  // with a layout: its element type
  bool legal;
  mpi_pair_verdict verdict;
  std::string note;  // the error class text, the crash, the unsupported reason
  std::int64_t cases_run = 0;
  std::optional<failure> found;
  std::int64_t elements_compared = 0;  // a pass on none is no pass
  std::optional<policy_variant> right_under;  // policy_choice: the policy every answer follows
  // A derived datatype of `type` elements (judged under derived=lenient: a predefined op on each
  // basic element, gaps untouched; `legal` only under that policy); none: `type` itself.
  std::optional<derived_layout> layout;
};

// "MPI_SUM on MPI_INT", "MPI_SUM on vector(2,2,3,MPI_INT)".
std::string row_name(const mpi_pair_result& row);

// The row's verdict in one word: pass, policy_choice, a failure's verdict (wrong,
// inconsistent_policy, position_dependent, …; never policy_choice when no single policy explains
// the whole row), or the status (refused, crashed, …).
std::string row_verdict(const mpi_pair_result& row);

struct mpi_campaign_options {
  fuzz_options per_pair;
  policy semantics;
  std::optional<op_id> only_op;
  std::optional<basic_type> only_type;
  // Derived layouts to run every legal pair on, after the predefined rows, with `per_layout`
  // (cases, lengths) in place of per_pair's.
  std::vector<derived_layout> layouts;
  fuzz_options per_layout;
};

struct mpi_campaign_report {
  std::string library;
  std::string version;   // or, when the helper did not start, why
  bool started = false;  // the helper started and answered its version
  std::vector<mpi_pair_result> rows;
};

// `progress(done, total, pair)` is called before each pair.
mpi_campaign_report run_mpi_campaign(mpi_helper& helper, const std::string& library, const mpi_campaign_options& o,
                                     const std::function<void(std::size_t, std::size_t, const std::string&)>& progress);

}  // namespace redsem::fuzz
