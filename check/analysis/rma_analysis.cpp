// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "check/analysis/happens_before.h"
#include "check/analysis/record_fields.h"
#include "check/analysis/rma_findings.h"
#include "check/analysis/rma_repeats.h"

namespace redsem::check {
namespace {

// Where the reader's memory bound cut a rank's record (records.h), its record of each window stops,
// as at the runtime's bound on synchronisation calls: a call before the cut that the lines kept do
// not complete was completed unseen, not left in flight to the end (window_record_stops). A window
// the rank freed before the cut was recorded whole, and is not said to be cut.
void mark_cut(int rank, const record_cut& cut, std::vector<nlohmann::json>& lines) {
  std::set<std::int64_t> windows;  // open at the cut: one freed before it was recorded whole
  for (const auto& l : lines) {
    if (l["ev"] == "rma_win") windows.insert(int_of(l, "win", -1));
    if (l["ev"] == "rma_win_free") windows.erase(int_of(l, "win", -1));
  }
  auto at = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l["ev"] == "finalize"; });
  for (const std::int64_t win : windows)
    at = std::next(lines.insert(
        at, nlohmann::json{
                {"ev", "rma_limit"}, {"rank", rank}, {"win", win}, {"what", "records_cut"}, {"line", cut.line}}));
}

}  // namespace

// The RMA lines, the watcher's local accesses that the races with them are decided on (and the
// window bytes it left open to them: watch_open), the process synchronisations that order them
// (happens_before.h), and what says whether the watcher saw every store (rma_reads_from.h: the
// thread level, the watcher's lines, the faults at finalize).
bool rma_analysis_takes(std::string_view ev) {
  return ev.starts_with("rma_") || ev == "local_access" || ev.starts_with("sync_") || ev == "process_sync" ||
         ev.starts_with("watch") || ev == "start" || ev == "finalize";
}

analysis_outcome rma_analysis(const run_records& records, const analysis_options& options) {
  // rma_findings wants the lines indexed by world rank; a rank without a file has none.
  std::vector<std::vector<nlohmann::json>> by_rank;
  for (const auto& r : records.ranks) {
    if (r.rank < 0) continue;
    if (by_rank.size() <= static_cast<std::size_t>(r.rank)) by_rank.resize(static_cast<std::size_t>(r.rank) + 1);
    auto& mine = by_rank[static_cast<std::size_t>(r.rank)];
    // Lines lost (damaged, unreadable, too long, after the reader's cut): the reads-from order must not
    // take what remains for every call the rank made (rma_reads_from.h).
    if (r.truncated_last_line || r.unreadable_lines || r.invalid_lines || r.oversized_lines || r.cut)
      mine.push_back({{"ev", "records_incomplete"}, {"rank", r.rank}});
    for (const auto& l : r.lines)
      if (rma_analysis_takes(l["ev"].get_ref<const std::string&>())) mine.push_back(l);
    if (r.cut) mark_cut(r.rank, *r.cut, mine);
    read_repeats(mine);  // a spin loop's repeats read as the iterations they stand for
  }
  analysis_outcome outcome;
  // A synchronisation not modelled is named in the records' coverage (coverage.cpp); any other
  // reason the ranks' order is unknown is said here.
  const auto has = [&](const char* kind) {
    for (const auto& lines : by_rank)
      for (const auto& l : lines)
        if (l["ev"] == kind) return true;
    return false;
  };
  if (const happens_before order(by_rank); !order.usable() && has("rma_win") && !has("sync_unmodelled"))
    outcome.notes.push_back(
        {"RMA accesses of different ranks ordered by the run's timing, on one host only: " + order.why()});
  for (const auto& j : rma_findings(by_rank, options.semantics)) {
    const std::string ev = j.value("ev", "");
    if (ev == "finding") {
      outcome.findings.push_back(finding_from_record(j, j.value("rank", -1)));
      continue;
    }
    std::string where = fmt::format("window {}, {}", j.value("win", nlohmann::json()).dump(), j.value("epoch", ""));
    if (j.contains("target")) where += fmt::format(", target {}", j["target"].dump());
    if (ev == "rma_analysed") {
      outcome.analysed.push_back(where);
      continue;
    }
    // The instance apart from the text, so that one cause on one window is one line (coverage_note.h).
    coverage_note note{fmt::format("RMA {} not analysed: {}", where, j.value("reason", "")),
                       {},
                       1,
                       j.contains("call") ? "call" : "case"};
    if (j.contains("instance")) note.examples.push_back(j.value("instance", ""));
    outcome.notes.push_back(std::move(note));
  }
  return outcome;
}

}  // namespace redsem::check
