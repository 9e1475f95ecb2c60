// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario_exposures.h"

#include <limits>

namespace redsem::sim::rma::detail {

std::set<int> exposure_plan::post_group(const line_record& r) const {
  const int target = target_of(r);
  std::vector<std::string> ranks;
  for (const auto& w : r.words)
    if (w.find('=') == std::string::npos) ranks.push_back(w);
  if (ranks.size() > 2) throw bad_input{r.line, "local: post [RANK,RANK,…] [target=T]"};
  if (ranks.size() == 2) return rank_list(r, ranks[1], "local: post RANK,RANK,…");
  std::set<int> group;
  for (int rank = 0; rank < sc_.ranks; ++rank)
    if (rank != target) group.insert(rank);
  return group;
}

std::set<int> exposure_plan::start_group(const line_record& r) const {
  if (r.words.size() > 2) throw bad_input{r.line, "rank R: start [TARGET,TARGET,…]"};
  if (r.words.size() == 1) return {sc_.target};
  return rank_list(r, r.words[1], "rank R: start TARGET,TARGET,…");
}

void exposure_plan::plan(const std::vector<line_record>& lines) {
  std::map<int, int> events;                  // per target
  std::map<std::pair<int, int>, int> starts;  // (rank, target) → its starts so far
  struct start_line {
    int line, rank, target, k;  // the rank's k-th start on the target
  };
  std::vector<start_line> start_lines;
  for (const auto& r : lines) {
    if (r.head == "local" && !r.words.empty() && is_target_synchronisation(r.words[0])) {
      const int target = target_of(r);
      const int event = ++events[target];
      auto& posts = posts_[target];
      if (r.words[0] == "post")
        posts.push_back({post_group(r), event, std::numeric_limits<int>::max()});
      else if (!posts.empty() && posts.back().wait == std::numeric_limits<int>::max())
        posts.back().wait = event;
      if (posts.empty()) posts_.erase(target);
    } else if (r.head == "rank" && !r.words.empty() && r.words[0] == "start") {
      for (int target : start_group(r)) start_lines.push_back({r.line, r.rank, target, starts[{r.rank, target}]++});
    }
  }
  for (const auto& [line, rank, target, k] : start_lines) {
    const auto posts = posts_.find(target);
    if (posts == posts_.end()) continue;
    int seen = 0;
    for (std::size_t p = 0; p < posts->second.size(); ++p)
      if (posts->second[p].group.contains(rank) && seen++ == k) {
        start_matches_[{line, target}] = p;
        break;
      }
  }
}

int exposure_plan::target_events(int target) const {
  const auto it = events_.find(target);
  return it == events_.end() ? 0 : it->second;
}

std::vector<int> exposure_plan::start(int line, int rank, const std::set<int>& group) {
  std::vector<int> unmatched;
  for (int target : group) {
    if (!has_posts(target)) continue;
    const auto match = start_matches_.find({line, target});
    if (match == start_matches_.end()) {
      unmatched.push_back(target);
      continue;
    }
    const exposure_epoch& e = posts_.at(target)[match->second];
    exposures_[rank][target] = {e.post, e.wait};
  }
  return unmatched;
}

std::optional<std::pair<int, int>> exposure_plan::exposure(int rank, int target) const {
  const auto it = exposures_.find(rank);
  if (it == exposures_.end()) return std::nullopt;
  const auto t = it->second.find(target);
  if (t == it->second.end()) return std::nullopt;
  return t->second;
}

}  // namespace redsem::sim::rma::detail
