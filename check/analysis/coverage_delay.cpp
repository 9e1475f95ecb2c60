// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/coverage_delay.h"

#include <fmt/format.h>

#include <cstdint>

#include "check/analysis/record_fields.h"

namespace redsem::check {
namespace {

struct holds {
  std::set<std::int64_t> ms;  // the hold of each rank that held
  std::size_t ranks = 0;
  std::int64_t completion = 0, exposure = 0, sync_return = 0, access = 0, again = 0, skipped = 0, cut = 0, held_ms = 0,
               budget_ms = 0, extended = 0, capped = 0, woken = 0;
};

void add_rank(const nlohmann::json& d, holds& h) {
  h.ms.insert(int_of(d, "ms"));
  ++h.ranks;
  h.completion += int_of(d, "completion");
  h.exposure += int_of(d, "exposure");
  h.sync_return += int_of(d, "sync_return");
  h.access += int_of(d, "access");
  h.again += int_of(d, "access_again");
  h.skipped += int_of(d, "skipped");
  h.cut += int_of(d, "budget_cut");
  h.held_ms += int_of(d, "held_ms");
  h.extended += int_of(d, "extended");
  h.capped += int_of(d, "capped");
  h.woken += int_of(d, "woken");
  h.budget_ms = int_of(d, "budget_ms");
}

std::string joined(const std::set<std::int64_t>& values) {
  std::string text;
  for (const auto v : values) text += (text.empty() ? "" : "/") + std::to_string(v);
  return text;
}

}  // namespace

std::string delay_coverage(const run_records& records, const std::set<int>& ranks, coverage& c) {
  holds h;
  std::set<std::int64_t> settings;  // the threaded ranks' delay_ms
  for (const auto& r : records.ranks) {
    if (r.finalize && r.finalize->contains("delay") && (*r.finalize)["delay"].is_object() &&
        int_of((*r.finalize)["delay"], "ms") > 0)
      add_rank((*r.finalize)["delay"], h);
    if (ranks.contains(r.rank) && r.start && r.start->contains("delay_ms"))
      settings.insert(int_of(*r.start, "delay_ms"));
  }
  if (h.ranks > 0)
    c.watched.push_back(fmt::format(
        "delay injection on {} rank(s) running threads of the program's own (--delay {} ms): {} hold(s) at calls "
        "completing a watched pending buffer, {} at calls about to disarm watched window memory, {} at returns "
        "from process synchronisations while window memory was watched, {} at the program's accesses to watched "
        "window memory ({} more while no pending buffer had come there; {} ended early as another thread's RMA "
        "call kept pending buffers), {} ms held in all; {} made longer than "
        "the delay because another thread was runnable with less CPU time than the delay since the hold began ({} "
        "of them ended at 10 times the delay with one still short); {} not held by the "
        "schedule (the first 4 of each call site or instruction, then those at power-of-two indexes); {} cut by "
        "the budget of {} ms per rank, at the delay a hold",
        h.ranks, joined(h.ms), h.completion, h.exposure, h.sync_return, h.access, h.again, h.woken, h.held_ms,
        h.extended, h.capped, h.skipped, h.cut, h.budget_ms));
  if (settings.empty()) return "";
  if (settings == std::set<std::int64_t>{0})
    return "delay injection was off (--delay 0), so only accesses that overlapped a span by this run's own timing "
           "count";
  return "delay injection (--delay) held threads at calls completing pending buffers, at returns from "
         "process synchronisations and at accesses to watched window memory, so that an access made within the hold of "
         "another thread's RMA call overlaps its "
         "span, but accesses further apart in time, or where the holds' schedule or budget did not reach, are still "
         "found only by timing";
}

}  // namespace redsem::check
