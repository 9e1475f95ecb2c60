// SPDX-License-Identifier: BSD-3-Clause
// Repeated poll iterations read as the iterations they stand for (rma_repeats.h).
#include "check/analysis/rma_repeats.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string_view>

#include "check/analysis/record_fields.h"
#include "check/analysis/rma_call_lines.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

constexpr std::int64_t max_period = 8;  // the runtime's bound (check/runtime/record_repeat.c)

bool one_of(const std::string& s, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

// Whether a line may be one of a period: a flush or MPI_Win_sync, a call that writes nothing at its
// target (a compare-and-swap is checked against its result below), a result, or the owner's own
// access to its window memory in passive target.
std::string line_problem(const json& l, std::int64_t win) {
  if (!l.is_object() || int_of(l, "win", -1) != win || l.contains("thread_clock")) return "a line of another window";
  const std::string ev = text_of(l, "ev"), call = text_of(l, "call");
  if (ev == "rma_sync")
    return one_of(call, {"MPI_Win_flush", "MPI_Win_flush_all", "MPI_Win_flush_local", "MPI_Win_flush_local_all",
                         "MPI_Win_sync"})
               ? ""
               : "a synchronisation call other than a flush or MPI_Win_sync";
  if (ev == "rma_call")
    return !l.contains("request") && (!updates_target(l) || call == "MPI_Compare_and_swap")
               ? ""
               : "an RMA call that may write at its target";
  if (ev == "rma_result") return "";
  if (ev == "local_access")
    return !l.contains("segment_rank") && text_of(l, "mode") == "passive" ? "" : "an access outside passive target";
  return "a line of kind `" + ev + "`";
}

// Every result is of a call of the period, and every compare-and-swap fetched a value other than
// its compare value, so wrote nothing (MPI-4.1 §13.3.4).
std::string results_problem(const std::vector<json>& lines, std::size_t first, std::size_t end) {
  for (std::size_t i = first; i < end; ++i) {
    const json& l = lines[i];
    if (text_of(l, "ev") == "rma_result") {
      const auto of = int_of(l, "of", -1);
      const bool found = std::any_of(
          lines.begin() + static_cast<std::ptrdiff_t>(first), lines.begin() + static_cast<std::ptrdiff_t>(i),
          [&](const json& c) { return text_of(c, "ev") == "rma_call" && int_of(c, "seq", -2) == of; });
      if (!found) return "a result of a call outside the period";
    }
    if (text_of(l, "call") != "MPI_Compare_and_swap") continue;
    const auto seq = int_of(l, "seq", -1);
    const auto result = std::find_if(
        lines.begin() + static_cast<std::ptrdiff_t>(i) + 1, lines.begin() + static_cast<std::ptrdiff_t>(end),
        [&](const json& r) { return text_of(r, "ev") == "rma_result" && int_of(r, "of", -2) == seq; });
    if (result == lines.begin() + static_cast<std::ptrdiff_t>(end) || text_of(*result, "result").empty() ||
        text_of(*result, "result") == text_of(l, "compare"))
      return "a compare-and-swap that may have written";
  }
  return "";
}

// Why the `rma_repeat` line at `lines[at]` cannot be read as repeats of the lines before it, or "";
// `windows`: the call that made each window of the rank's lines before it.
std::string repeat_problem(const std::vector<json>& lines, std::size_t at,
                           const std::map<std::int64_t, std::string>& windows) {
  const json& r = lines.at(at);
  const auto n = int_of(r, "lines", 0), times = int_of(r, "times", 0), win = int_of(r, "win", -1);
  if (n < 1 || n > max_period || times < 1) return "`lines` not 1 to 8 or `times` not positive";
  if (at < static_cast<std::size_t>(n)) return "fewer lines before it than `lines`";
  const std::size_t first = at - static_cast<std::size_t>(n);
  if (const auto w = windows.find(win);
      w == windows.end() || !one_of(w->second, {"MPI_Win_allocate", "MPI_Win_create"}))
    return "not a window of MPI_Win_allocate or MPI_Win_create";
  for (std::size_t i = first; i < at; ++i)
    if (auto why = line_problem(lines[i], win); !why.empty()) return why + " in the period";
  if (text_of(lines[at - 1], "ev") != "rma_sync") return "a period that does not end with a synchronisation call";
  return results_problem(lines, first, at);
}

}  // namespace

void read_repeats(std::vector<json>& lines) {
  std::map<std::int64_t, std::string> windows;
  for (std::size_t at = 0; at < lines.size(); ++at) {
    json& r = lines[at];
    if (text_of(r, "ev") == "rma_win") windows.try_emplace(int_of(r, "win", -1), text_of(r, "call"));
    if (text_of(r, "ev") != "rma_repeat") continue;
    if (const std::string why = repeat_problem(lines, at, windows); !why.empty()) {
      r = json{{"ev", "rma_limit"},         {"rank", r.value("rank", -1)}, {"seq", r.value("seq", -1)},
               {"win", r.value("win", -1)}, {"what", "repeat_not_read"},   {"reason", why}};
      continue;
    }
    // Every iteration's lifetime within the period's: from its first line's time to the last repeat's.
    const auto last = int_of(r, "time_last", 0);
    for (std::size_t i = at - static_cast<std::size_t>(int_of(r, "lines", 0)); i < at; ++i) {
      json& l = lines[i];
      const std::string ev = text_of(l, "ev");
      if (ev == "rma_sync") l["time"] = std::max(int_of(l, "time", 0), last);
      if (ev == "local_access") l["time_last"] = std::max(int_of(l, "time_last", int_of(l, "time", 0)), last);
    }
  }
}

}  // namespace redsem::check
