// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario_header.h"

#include <algorithm>

#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma::detail {
namespace {

using namespace redsem::rma;

class header_reader {
 public:
  explicit header_reader(const scenario_limits& limits) : limits_(limits) {}

  void read(const line_record& r) {
    if (r.head == "window") return window(r);
    if (r.head == "target" || r.head == "ranks") return rank_count(r);
    if (r.head == "epoch") {
      if (r.words.size() != 1 || (r.words[0] != "fence" && r.words[0] != "lock_all" && r.words[0] != "none"))
        throw bad_input{r.line, "epoch fence|lock_all|none"};
      h_.epoch = r.words[0];
    } else if (r.head == "info") {
      for (const auto& [k, v] : r.keys) {
        std::string error;
        if (!set_info_key(h_.info, k, v, &error)) throw bad_input{r.line, error};
      }
    } else if (r.head == "policy") {
      std::string error;
      const auto p = parse_policy(r.words.empty() ? "" : r.words[0], &error);
      if (!p) throw bad_input{r.line, "policy: " + error};
      h_.semantics = *p;
    } else if (r.head == "expect") {
      h_.expectations.push_back(read_expect_line(r));
    } else if (r.head == "rank" || r.head == "local" || r.head == "init") {
      // The group holds the ranks named, as callers or as the window of a target=T.
      const int named =
          std::max<std::int64_t>(r.rank, std::min<std::int64_t>(int_key(r, "target", 0), limits_.max_ranks));
      if (highest_ < named) highest_line_ = r.line;
      highest_ = std::max(highest_, named);
    } else if (r.head != "fence") {
      throw bad_input{r.line, "unknown directive '" + r.head + "'"};
    }
  }

  // The group holds the target and every origin: given by 'ranks', or the highest named + 1.
  scenario_header finish() {
    if (!have_window_) throw bad_input{1, "the scenario needs a 'window BYTES' line"};
    const bool given = h_.ranks != 0;
    if (!given) h_.ranks = std::max(highest_, h_.target) + 1;
    const std::string group = given ? "'ranks " + std::to_string(h_.ranks) + "'"
                                    : "the limit of " + std::to_string(limits_.max_ranks) + " ranks";
    const int allowed = given ? h_.ranks : limits_.max_ranks;
    if (highest_ >= allowed) throw bad_input{highest_line_, "rank " + std::to_string(highest_) + " is beyond " + group};
    if (h_.target >= h_.ranks)
      throw bad_input{target_line_, "target " + std::to_string(h_.target) + " is beyond " + group};
    return std::move(h_);
  }

 private:
  void window(const line_record& r) {
    if (r.words.empty()) throw bad_input{r.line, "window BYTES [disp_unit=N]"};
    h_.window_bytes = int_key(line_record{r.line, "", {}, {{"bytes", r.words[0]}}, -1}, "bytes", 0);
    h_.disp_unit = int_key(r, "disp_unit", 1);
    if (h_.window_bytes <= 0 || h_.window_bytes > limits_.max_window_bytes || h_.disp_unit <= 0)
      throw bad_input{r.line, "window BYTES needs 1 to " + std::to_string(limits_.max_window_bytes) +
                                  " bytes and a positive disp_unit"};
    have_window_ = true;
  }

  void rank_count(const line_record& r) {
    const auto v = r.words.empty() ? -1 : int_key(line_record{r.line, "", {}, {{r.head, r.words[0]}}, -1}, r.head, -1);
    const bool ranks = r.head == "ranks";
    const int lowest = ranks ? 1 : 0, highest_allowed = ranks ? limits_.max_ranks : limits_.max_ranks - 1;
    if (v < lowest || v > highest_allowed)
      throw bad_input{r.line, r.head + " needs an integer from " + std::to_string(lowest) + " to " +
                                  std::to_string(highest_allowed)};
    (ranks ? h_.ranks : h_.target) = static_cast<int>(v);
    if (!ranks) target_line_ = r.line;
  }

  const scenario_limits& limits_;
  scenario_header h_;
  bool have_window_ = false;
  int highest_ = 0, highest_line_ = 1, target_line_ = 1;
};

}  // namespace

scenario_header read_header(const std::vector<line_record>& lines, const scenario_limits& limits) {
  header_reader reader(limits);
  for (const auto& r : lines) reader.read(r);
  return reader.finish();
}

}  // namespace redsem::sim::rma::detail
