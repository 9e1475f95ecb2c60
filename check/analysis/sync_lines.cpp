// SPDX-License-Identifier: BSD-3-Clause
// sync_lines (sync_lines.h).
#include "check/analysis/sync_lines.h"

#include <algorithm>
#include <map>
#include <set>

#include "check/analysis/record_fields.h"

namespace redsem::check::sync_lines {

using json = nlohmann::json;

namespace {

// A collective line's `after`, when it has one. Entries that are not members wait for nobody:
// a damaged line can only lose an order, never add one.
std::optional<std::vector<int>> after_of(const json& line, const std::vector<int>& members) {
  const auto it = line.find("after");
  if (it == line.end()) return std::nullopt;
  std::vector<int> out;
  if (it->is_array())
    for (const json& m : *it)
      if (m.is_number_integer() && std::find(members.begin(), members.end(), m.get<long long>()) != members.end())
        out.push_back(m.get<int>());
  return out;
}

}  // namespace

// A sync_comm line's members, when they are world ranks of this run.
std::optional<std::vector<int>> members_of(const json& line, std::size_t ranks) {
  const auto it = line.find("members");
  if (it == line.end() || !it->is_array() || it->empty()) return std::nullopt;
  std::vector<int> out;
  for (const json& m : *it) {
    if (!m.is_number_integer() || m.get<long long>() < 0 || m.get<long long>() >= static_cast<long long>(ranks))
      return std::nullopt;
    out.push_back(m.get<int>());
  }
  return out;
}

// The events of one line: a Sendrecv has its send, then its receive. A part that is not an
// object is no event (the reader validated the line's kind, not its parts).
std::vector<step> steps_of(const json& line, const std::vector<int>& members, int rank) {
  std::vector<step> out;
  if (line.contains("collective")) {
    out.push_back({flag_of(line, "nonblocking") ? kind::collective_start : kind::collective, members,
                   int_of(line, "collective", -1)});
    out.back().after = after_of(line, members);
    out.back().round = int_of(line, "start", -1);
    out.back().through_leader = line.value("call", "") == "MPI_Intercomm_create";
  }
  if (line.contains("collective_done")) {
    out.push_back({kind::collective_end, members, int_of(line, "collective_done", -1)});
    out.back().round = int_of(line, "start", -1);
  }
  if (const auto s = line.find("send"); s != line.end() && s->is_object()) {
    const bool synchronous = flag_of(*s, "synchronous");
    out.push_back({synchronous ? kind::synchronous_send : kind::send, members, int_of(*s, "n", -1), rank,
                   static_cast<int>(int_of(*s, "to", -1)), static_cast<int>(int_of(*s, "tag", 0))});
  }
  if (const auto r = line.find("recv"); r != line.end() && r->is_object())
    out.push_back({kind::recv, members, int_of(*r, "n", -1), static_cast<int>(int_of(*r, "from", -1)), rank,
                   static_cast<int>(int_of(*r, "tag", 0)), flag_of(*r, "nonblocking"), int_of(*r, "started", -1)});
  if (const auto p = line.find("probe"); p != line.end() && p->is_object())
    out.push_back({kind::probe, members, int_of(*p, "n", -1), static_cast<int>(int_of(*p, "from", -1)), rank,
                   static_cast<int>(int_of(*p, "tag", 0))});
  if (const auto d = line.find("ssend_done"); d != line.end() && d->is_object())
    out.push_back({kind::synchronous_done, members, int_of(*d, "n", -1), rank, static_cast<int>(int_of(*d, "to", -1)),
                   static_cast<int>(int_of(*d, "tag", 0))});
  return out;
}

// When the receive requests of one rank's record started (the `started` of their completions), in
// order: each is an event of its own (kind::recv_start).
std::vector<long long> receive_starts(const std::vector<json>& lines) {
  std::set<long long> out;
  for (const json& l : lines)
    if (const auto r = l.find("recv"); l.value("ev", "") == "process_sync" && r != l.end() && r->is_object())
      if (const long long started = int_of(*r, "started", -1); started >= 0) out.insert(started);
  return {out.begin(), out.end()};
}

void through_leaders(std::vector<std::vector<step>>& steps_by_rank) {
  std::map<std::pair<collective_key, int>, std::vector<int>> recorded;  // (collective, world rank) -> after
  for (std::size_t r = 0; r < steps_by_rank.size(); ++r)
    for (const step& s : steps_by_rank[r])
      if (s.through_leader && s.after)
        recorded[{{s.members, s.comm, s.index, s.round}, static_cast<int>(r)}] = *s.after;
  for (std::size_t r = 0; r < steps_by_rank.size(); ++r)
    for (step& s : steps_by_rank[r]) {
      if (!s.through_leader || !s.after) continue;
      std::vector<int> more = *s.after;
      for (const int named : *s.after) {
        const auto found = recorded.find({{s.members, s.comm, s.index, s.round}, named});
        if (found == recorded.end()) continue;
        for (const int w : found->second)
          if (std::find(more.begin(), more.end(), w) == more.end()) more.push_back(w);
      }
      s.after = std::move(more);
    }
}

}  // namespace redsem::check::sync_lines
