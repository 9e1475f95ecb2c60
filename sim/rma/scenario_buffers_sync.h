/* SPDX-License-Identifier: BSD-3-Clause */
// The part of a scenario (scenario.h) about each rank's own side of its calls: its named
// origin, result and compare buffers, its loads and stores on them, and its synchronisation
// lines (completions, epochs, waits on requests), checked by the model's session in program order.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "model/rma/session.h"
#include "sim/rma/scenario.h"
#include "sim/rma/scenario_exposures.h"
#include "sim/rma/scenario_lines.h"

namespace redsem::sim::rma::detail {

class buffers_and_synchronisation {
 public:
  struct named_buffer {
    region_id region;
    basic_type type;
    std::int64_t count;
  };
  struct buffer_ref {
    const named_buffer* b;
    std::string name;
    std::int64_t index;  // the element it starts at
    bool indexed;        // written "@name[i]" rather than "@name"
  };

  // Findings go to sc.rejected; sc.target is the window's target.
  buffers_and_synchronisation(scenario& sc, const scenario_limits& limits)
      : sc_(sc), limits_(limits), exposures_(sc) {}

  // Whether key=@NAME names a buffer.
  static bool named(const line_record& r, const std::string& key);
  // "rank R: buffer NAME TYPE N [= V,V,…]".
  void declare_buffer(redsem::rma::session& s, const line_record& r);
  // "@name" or "@name[i]", a buffer of the line's rank.
  buffer_ref reference(const line_record& r, const std::string& text, const std::string& role) const;
  // A call's buffer argument naming a buffer: `elements` × `type` from the referenced element.
  buffer named_buffer_arg(const line_record& r, const std::string& key, const datatype& type,
                                       std::int64_t elements) const;
  // "rank R: store @a[i] V,…" and "rank R: load @a[i]".
  void buffer_access(redsem::rma::session& s, const line_record& r, bool store);

  // Whether a rank line's first word is a synchronisation call (flush, lock, wait, start, …).
  static bool is_synchronisation(const std::string& name);
  void synchronisation(redsem::rma::session& s, const line_record& r);
  // "rank R: free" or "local: free": MPI_Win_free by `rank`.
  void free_window(redsem::rma::session& s, const line_record& r, int rank);

  // The request a call's req= names, for a later "wait REQ" (none: the call was erroneous).
  void name_request(int rank, const std::string& name, int line, std::optional<redsem::rma::request_id> request) {
    requests_[{rank, name}] = {line, request};
  }
  // MPI_Win_lock_all by `rank` (a line, or the header "epoch lock_all").
  redsem::rma::rma_outcome lock_all(redsem::rma::session& s, int rank);

  // The passive-target epoch `rank` is in on `target`, if any: its accesses there carry it.
  struct passive_epoch {
    int id;          // unique in the scenario, increasing in each rank's program order
    bool exclusive;  // under an exclusive lock
  };
  std::optional<passive_epoch> passive(int rank, int target) const;

  // PSCW (scenario_exposures.h): the target's side, "local: post|wait|test [target=T]".
  void target_synchronisation(redsem::rma::session& s, const line_record& r);
  const exposure_plan& exposures() const { return exposures_; }
  exposure_plan& exposures() { return exposures_; }

  // The rank's completions at `target` so far: its later accesses there are ordered after them.
  int completions(int rank, int target) const {
    const auto one = completions_.find({rank, target});
    const auto all = completions_.find({rank, -1});
    return (one == completions_.end() ? 0 : one->second) + (all == completions_.end() ? 0 : all->second);
  }

 private:
  struct request_name {
    int line;
    std::optional<redsem::rma::request_id> request;  // none when the call was erroneous
  };

  std::vector<std::byte> parse_values(const line_record& r, const buffer_ref& ref, const std::string& text) const;
  void write_values(redsem::rma::session& s, const line_record& r, const buffer_ref& ref, const std::string& text);
  void lock(redsem::rma::session& s, const line_record& r);
  redsem::rma::rma_outcome wait(redsem::rma::session& s, const line_record& r);
  redsem::rma::rma_outcome start(redsem::rma::session& s, const line_record& r);

  scenario& sc_;
  const scenario_limits& limits_;
  std::map<std::pair<int, std::string>, named_buffer> buffers_;   // (rank, name)
  std::map<std::pair<int, std::string>, request_name> requests_;  // (rank, req= name), the latest
  std::map<std::pair<int, int>, int> completions_;  // (rank, target or -1 for every target): completions there
  std::int64_t buffer_bytes_ = 0;                                 // of all named buffers
  std::map<std::pair<int, int>, passive_epoch> passive_;  // (rank, target or -1 for lock_all), while held
  int next_epoch_ = 0;
  exposure_plan exposures_;
};

}  // namespace redsem::sim::rma::detail
