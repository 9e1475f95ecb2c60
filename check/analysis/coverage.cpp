#include "check/analysis/coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

#include "check/analysis/record_fields.h"

namespace redsem::check {
namespace {

// Forms that must not block: the runtime gives them only the checks without communication.
bool local_checks_only(const std::string& call) {
  static constexpr std::array nonblocking{
      "MPI_Ireduce", "MPI_Iallreduce", "MPI_Ireduce_scatter", "MPI_Ireduce_scatter_block", "MPI_Iscan", "MPI_Iexscan"};
  return call.ends_with("_init") || std::find(nonblocking.begin(), nonblocking.end(), call) != nonblocking.end();
}

void count_calls(const rank_records& r, coverage& c) {
  if (!r.finalize) return;
  for (const auto& [name, n] : (*r.finalize)["calls"].items())
    if (n.is_number_unsigned() || (n.is_number_integer() && n.get<std::int64_t>() >= 0))
      c.calls[name] += n.get<std::uint64_t>();
}

void rank_gaps(const rank_records& r, coverage& c) {
  const std::string file = r.file.substr(r.file.rfind('/') + 1);
  if (!r.unreadable.empty())
    c.not_observed.push_back(fmt::format("rank {}: its record could not be read ({})", r.rank, r.unreadable));
  else if (!r.finalize)
    c.not_observed.push_back(
        fmt::format("rank {} ended before MPI_Finalize: what it did after its last record is not known", r.rank));
  for (const auto& d : r.damage) c.not_observed.push_back(fmt::format("{} {}", file, d));
  const std::size_t damaged = r.invalid_lines + r.unreadable_lines + r.oversized_lines;
  if (damaged > r.damage.size())
    c.not_observed.push_back(fmt::format("{}: {} damaged line(s) in all, not believed", file, damaged));
  if (r.dropped_lines)
    c.not_observed.push_back(
        fmt::format("{}: {} record line(s) beyond the reader's memory bounds, not analysed", file, r.dropped_lines));
}

// The program's own loads and stores on RMA memory: observed only where `watch` lines say so.
void watch_gaps(const run_records& records, coverage& c) {
  std::set<std::pair<int, std::int64_t>> windows, watched;
  std::set<std::string> unavailable;
  for (const auto& r : records.ranks)
    for (const auto& l : r.lines) {
      const std::string ev = text_of(l, "ev");
      if (ev == "rma_win") windows.insert({r.rank, int_of(l, "win")});
      if (ev == "watch") {
        watched.insert({r.rank, int_of(l, "win")});
        c.watched.push_back(fmt::format("rank {} window {}: {} ({} bytes, {})", r.rank, int_of(l, "win"),
                                        text_of(l, "buffer"), int_of(l, "bytes"), text_of(l, "watches")));
      }
      if (ev == "watch_unavailable") unavailable.insert(text_of(l, "reason"));
    }
  c.windows = windows.size();
  std::size_t unwatched = 0;
  for (const auto& w : windows) unwatched += !watched.contains(w);
  if (unwatched == 0) return;
  std::string why = "redsem check does not watch them";
  if (!unavailable.empty()) {
    why = "watching was unavailable:";
    for (const auto& u : unavailable) why += " " + u + ";";
    why.pop_back();
  }
  c.not_observed.push_back(fmt::format(
      "the program's own loads and stores on RMA origin, result and window memory ({} of {} window(s)): not "
      "observed ({}), so their races with RMA calls are not looked for",
      unwatched, windows.size(), why));
}

// Lines that say a part of the run was not checked: rma_limit (said once per rank and bound),
// not_checked (once per call and reason).
void recorded_gaps(const rank_records& r, coverage& c, std::map<std::string, std::set<int>>& unchecked) {
  std::map<std::string, std::pair<std::int64_t, std::size_t>> limits;  // what → limit, times hit
  for (const auto& l : r.lines) {
    const std::string ev = text_of(l, "ev");
    if (ev == "rma_limit") {
      auto& [limit, times] = limits[text_of(l, "what")];
      limit = int_of(l, "limit");
      ++times;
    }
    if (ev == "not_checked") unchecked[text_of(l, "call") + ": " + text_of(l, "reason")].insert(r.rank);
    if (ev == "reduction") ++c.sampled[text_of(l, "call")];
  }
  for (const auto& [what, hit] : limits)
    c.not_observed.push_back(
        fmt::format("rank {}: RMA record bound `{}` (limit {}) hit {} time(s): what followed it was not recorded",
                    r.rank, what, hit.first, hit.second));
}

}  // namespace

coverage record_coverage(const run_records& records, int world_size) {
  coverage c;
  std::map<std::string, std::set<int>> unchecked;
  for (const auto& r : records.ranks) {
    if (r.start && c.sample.empty() && r.start->contains("sample")) {
      const auto& s = (*r.start)["sample"];
      c.sample = s.is_string() ? s.get<std::string>() : s.dump();
    }
    count_calls(r, c);
    recorded_gaps(r, c, unchecked);
    rank_gaps(r, c);
  }
  for (const auto& [what, ranks] : unchecked)
    c.not_observed.push_back(fmt::format("{} (on {} rank(s)): forwarded unchecked", what, ranks.size()));
  for (const auto& [call, n] : c.calls)
    if (local_checks_only(call))
      c.not_observed.push_back(fmt::format(
          "{} ({} call(s)): only the checks without communication (a gather inside a call that must not block "
          "could deadlock a correct program): no user-op laws, no MPI_IN_PLACE consistency, no result comparison, "
          "no float-order analysis",
          call, n));
  watch_gaps(records, c);
  if (records.kept_bytes_bound_hit)
    c.not_observed.push_back("the records outgrew the reader's memory bound: the lines beyond were not analysed");
  for (int rank = 0; rank < world_size; ++rank)
    if (std::none_of(records.ranks.begin(), records.ranks.end(), [&](const auto& r) { return r.rank == rank; }))
      c.not_observed.push_back(fmt::format("rank {} left no record (it never returned from MPI_Init)", rank));
  return c;
}

}  // namespace redsem::check
