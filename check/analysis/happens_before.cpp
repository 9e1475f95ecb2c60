// SPDX-License-Identifier: BSD-3-Clause
// happens_before (happens_before.h).
#include "check/analysis/happens_before.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "check/analysis/record_fields.h"
#include "check/analysis/sync_lines.h"
#include "check/analysis/sync_windows.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
using clock_t_ = std::vector<std::uint32_t>;
using sync_lines::collective_key;
using sync_lines::kind;
using sync_lines::members_of;
using sync_lines::message_key;
using sync_lines::receive_starts;
using sync_lines::step;
using sync_lines::steps_of;

// A line's thread_slot and thread_clock, when it has both, well formed.
std::optional<thread_stamp> stamp_of(const json& line) {
  const auto slot = line.find("thread_slot");
  const auto clock = line.find("thread_clock");
  if (slot == line.end() || clock == line.end() || !slot->is_number_unsigned() || !clock->is_array())
    return std::nullopt;
  thread_stamp s{slot->get<std::size_t>(), {}};
  for (const json& c : *clock) {
    if (!c.is_number_unsigned() || c.get<std::uint64_t>() > UINT32_MAX) return std::nullopt;
    s.clock.push_back(c.get<std::uint32_t>());
  }
  return s;
}

// Where a message's receive is: its rank, its event, and when it started (-1: at its event).
struct receive_site {
  int rank = -1;
  std::size_t event = 0;
  long long started = -1;
};

void join_into(clock_t_& into, const clock_t_& other) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] = std::max(into[i], other[i]);
}

// The ranks' events replayed in an order every synchronisation allows, each given its vector
// clock: an event that waits for another rank's (a receive, a collective's end) waits until that
// one is replayed.
class clock_run {
 public:
  using event = happens_before_event;
  clock_run(std::vector<std::vector<event>>& events, const std::vector<std::vector<step>>& steps, std::string& why)
      : events_(events),
        steps_(steps),
        why_(why),
        cursor_(events.size(), 0),
        now_(events.size(), clock_t_(events.size(), 0)) {
    for (std::size_t r = 0; r < steps.size(); ++r)
      for (std::size_t k = 0; k < steps[r].size(); ++k)
        if (const step& s = steps[r][k]; s.what == kind::recv)
          receives_[{s.members, s.comm, s.from, s.to, s.tag, s.index}] = {static_cast<int>(r), k, s.started};
  }

  std::size_t cursor(std::size_t rank) const { return cursor_[rank]; }

  // Replays until no rank can go on.
  void all() {
    for (progress_ = true; progress_;) {
      progress_ = false;
      for (std::size_t r = 0; r < steps_.size(); ++r)
        while (cursor_[r] < steps_[r].size() && advance(static_cast<int>(r), steps_[r][cursor_[r]])) progress_ = true;
    }
  }

 private:
  // A collective as far as its members reached it: each arrival's clock, and how many of its ends
  // are still to be replayed.
  struct gathering {
    std::map<int, clock_t_> arrived;
    std::size_t ends_left = 0;
  };
  std::vector<std::vector<event>>& events_;
  const std::vector<std::vector<step>>& steps_;
  std::string& why_;
  std::vector<std::size_t> cursor_;
  std::vector<clock_t_> now_;
  std::map<message_key, clock_t_> sent_;             // sends as they started, by message
  std::map<message_key, int> waiting_ssend_;         // synchronous sends waiting for their receive
  std::map<collective_key, gathering> collectives_;  // collectives some member reached
  std::map<message_key, receive_site> receives_;     // every receive in the records
  bool progress_ = true;

  std::uint32_t position_of(int r) const {
    return events_[static_cast<std::size_t>(r)][cursor_[static_cast<std::size_t>(r)]].position;
  }

  void finish(int r, clock_t_ clock) {
    event& e = events_[static_cast<std::size_t>(r)][cursor_[static_cast<std::size_t>(r)]];
    clock[static_cast<std::size_t>(r)] = e.position;
    e.clock = clock;
    now_[static_cast<std::size_t>(r)] = std::move(clock);
    ++cursor_[static_cast<std::size_t>(r)];
  }

  // Whether rank r's next step could be replayed (and was).
  bool advance(int r, const step& s) {
    switch (s.what) {
      case kind::send:
        finish(r, now_[static_cast<std::size_t>(r)]);
        sent_[{s.members, s.comm, s.from, s.to, s.tag, s.index}] = now_[static_cast<std::size_t>(r)];
        return true;
      case kind::synchronous_send:
        return synchronous_send(r, s);
      case kind::synchronous_done:
        return acquire_receive_start(r, {s.members, s.comm, s.from, s.to, s.tag, s.index});
      case kind::recv:
        return receive(r, s);
      case kind::probe:
        return probe(r, s);
      case kind::recv_start:
        finish(r, now_[static_cast<std::size_t>(r)]);
        return true;
      default:
        return collective(r, s);
    }
  }

  // The clock of what the receiver of `key` did before its receive started, once replayed;
  // nullopt while it is not (or never: the receive is not in the records).
  std::optional<clock_t_> receive_start(const message_key& key) const {
    const auto site = receives_.find(key);
    if (site == receives_.end()) return std::nullopt;
    const auto q = static_cast<std::size_t>(site->second.rank);
    std::size_t at = site->second.event;  // a blocking receive started at its own event
    if (site->second.started >= 0) {      // a request, at the start event before its first later line
      const auto& es = events_[q];
      at = static_cast<std::size_t>(std::lower_bound(es.begin(), es.end(), site->second.started,
                                                     [](const event& e, long long seq) { return e.seq < seq; }) -
                                    es.begin());
      if (at == es.size() || steps_[q][at].what != kind::recv_start) return std::nullopt;
    }
    if (cursor_[q] <= at) return std::nullopt;
    return events_[q][at].clock;
  }

  // MPI_Ssend: released at its call; it returns once its receive started. A receive that started
  // at its own event (a blocking one) is paired with it (receive()); a receive request's start,
  // known from its record, is waited for.
  bool synchronous_send(int r, const step& s) {
    const message_key key{s.members, s.comm, s.from, s.to, s.tag, s.index};
    const auto site = receives_.find(key);
    if (!sent_.count(key)) {  // its start, which a probe of its message follows
      clock_t_ released = now_[static_cast<std::size_t>(r)];
      released[static_cast<std::size_t>(r)] = position_of(r);
      sent_[key] = std::move(released);
      progress_ = true;
    }
    if (site == receives_.end() || site->second.started < 0) {
      if (waiting_ssend_.emplace(key, r).second) progress_ = true;  // registered once, then it waits
      return false;
    }
    return acquire_receive_start(r, key);
  }

  // The end of a synchronous send: what the receiver did before its receive started precedes it.
  bool acquire_receive_start(int r, const message_key& key) {
    const auto start = receive_start(key);
    if (!start) return false;
    clock_t_ c = now_[static_cast<std::size_t>(r)];
    join_into(c, *start);
    finish(r, std::move(c));
    return true;
  }

  // A probe: what the sender did before its send started precedes its return.
  bool probe(int r, const step& s) {
    const auto m = sent_.find({s.members, s.comm, s.from, s.to, s.tag, s.index});
    if (m == sent_.end()) return false;
    clock_t_ c = now_[static_cast<std::size_t>(r)];
    join_into(c, m->second);
    finish(r, std::move(c));
    return true;
  }

  bool receive(int r, const step& s) {
    const message_key key{s.members, s.comm, s.from, s.to, s.tag, s.index};
    const auto rank = static_cast<std::size_t>(r);
    const auto w = waiting_ssend_.find(key);
    if (w == waiting_ssend_.end()) {  // not a synchronous send waiting for this blocking receive
      const auto m = sent_.find(key);
      if (m == sent_.end()) return false;
      clock_t_ c = now_[rank];
      join_into(c, m->second);
      finish(r, std::move(c));
      return true;
    }
    const int sender = w->second;
    if (s.started_earlier && s.started < 0 && why_.empty())
      why_ = "rank " + std::to_string(sender) + "'s MPI_Ssend was received by a receive request of rank " +
             std::to_string(r) + ", whose start the record does not place";
    clock_t_ c = now_[rank];
    join_into(c, now_[static_cast<std::size_t>(sender)]);
    c[static_cast<std::size_t>(sender)] = position_of(sender);
    c[rank] = position_of(r);
    finish(sender, c);
    finish(r, std::move(c));
    waiting_ssend_.erase(w);
    return true;
  }

  // A blocking collective arrives and waits for the members its `after` names (every member's by
  // default); a nonblocking one's start arrives and goes on, its end waits. Their arrivals are
  // known to it after the collective.
  bool collective(int r, const step& s) {
    if (std::find(s.members.begin(), s.members.end(), r) == s.members.end()) return false;  // not a member: stuck
    const auto [at, created] = collectives_.try_emplace({s.members, s.comm, s.index, s.round});
    gathering& g = at->second;
    if (created) g.ends_left = s.members.size();
    const bool arrived = g.arrived.count(r) != 0;
    if (s.what == kind::collective_start && arrived) return false;  // a second start of one collective: stuck
    if (s.what == kind::collective_end && !arrived) return false;   // an end without its start: stuck
    if (!arrived) {
      clock_t_ mine = now_[static_cast<std::size_t>(r)];
      mine[static_cast<std::size_t>(r)] = position_of(r);
      g.arrived.emplace(r, mine);
      progress_ = true;
      if (s.what == kind::collective_start) {
        finish(r, std::move(mine));
        return true;
      }
    }
    if (!s.after && g.arrived.size() < s.members.size()) return false;
    clock_t_ c = now_[static_cast<std::size_t>(r)];
    for (const int q : s.after ? *s.after : s.members) {
      const auto a = g.arrived.find(q);
      if (a == g.arrived.end()) return false;
      join_into(c, a->second);
    }
    finish(r, std::move(c));
    if (--g.ends_left == 0) collectives_.erase(at);
    return true;
  }
};

}  // namespace

happens_before::happens_before(const std::vector<std::vector<json>>& records_by_rank) { compute(records_by_rank); }

void happens_before::compute(const std::vector<std::vector<json>>& records) {
  const std::size_t ranks = records.size();
  events_.assign(ranks, {});
  stamps_.assign(ranks, {});
  std::vector<std::vector<step>> steps(ranks);
  const sync_lines::window_syncs frees(records);
  for (std::size_t r = 0; r < ranks; ++r) {
    std::map<int, std::pair<std::vector<int>, std::string>> comms;            // this rank's communicator ids
    std::map<collective_key, std::optional<std::vector<int>>> started_after;  // its nonblocking collectives
    const std::vector<long long> starts = receive_starts(records[r]);
    auto start = starts.begin();
    for (std::size_t i = 0; i < records[r].size(); ++i) {
      const json& l = records[r][i];
      if (auto s = stamp_of(l)) stamps_[r].emplace(i, std::move(*s));
      for (; start != starts.end() && *start <= int_of(l, "seq", -1); ++start) {
        events_[r].push_back({i, *start, static_cast<std::uint32_t>(events_[r].size() + 1), {}, std::nullopt});
        steps[r].push_back({kind::recv_start, {}, 0});
      }
      const std::string ev = l.value("ev", "");
      if (ev == "sync_unmodelled" && why_.empty())
        why_ = "rank " + std::to_string(r) + " synchronised through " +
               (l.contains("call") && l["call"].is_string() ? l["call"].get<std::string>() : "?") +
               ", which the check does not model";
      if (ev == "sync_comm")
        if (const auto m = members_of(l, ranks)) {
          const auto name = l.find("name");
          const std::pair<std::vector<int>, std::string> comm{
              *m, name != l.end() && name->is_string() ? name->get<std::string>() : std::string()};
          for (const auto& [id, other] : comms)  // its messages and collectives would be taken for the other's
            if (other == comm && id != int_of(l, "comm", -1) && why_.empty())
              why_ = "rank " + std::to_string(r) + " synchronised through two communicators of the same members " +
                     "that its record does not tell apart (one not made by a call the check follows)";
          comms[static_cast<int>(int_of(l, "comm", -1))] = comm;
        }
      if (auto f = frees.step_of(static_cast<int>(r), i)) {
        events_[r].push_back(
            {i, int_of(l, "seq", -1), static_cast<std::uint32_t>(events_[r].size() + 1), {}, stamp_of(l)});
        steps[r].push_back(std::move(*f));
        continue;
      }
      if (ev != "process_sync") continue;
      const auto c = comms.find(static_cast<int>(int_of(l, "comm", -1)));
      if (c == comms.end()) {
        if (why_.empty()) why_ = "rank " + std::to_string(r) + "'s record names a communicator it never described";
        continue;
      }
      for (step& s : steps_of(l, c->second.first, static_cast<int>(r))) {
        s.comm = c->second.second;
        if (s.what == kind::collective_start) started_after[{s.members, s.comm, s.index, s.round}] = s.after;
        if (const auto a = started_after.find({s.members, s.comm, s.index, s.round});
            s.what == kind::collective_end && a != started_after.end())
          s.after = a->second;
        events_[r].push_back(
            {i, int_of(l, "seq", -1), static_cast<std::uint32_t>(events_[r].size() + 1), {}, stamp_of(l)});
        steps[r].push_back(std::move(s));
      }
    }
  }
  sync_lines::through_leaders(steps);
  clock_run run(events_, steps, why_);
  run.all();
  for (std::size_t r = 0; r < ranks && why_.empty(); ++r)
    if (run.cursor(r) < steps[r].size())
      why_ = "rank " + std::to_string(r) + "'s record stops at a synchronisation no other rank's record matches";
}

const thread_stamp* happens_before::stamp(int rank, std::size_t line) const {
  const auto& stamps = stamps_[static_cast<std::size_t>(rank)];
  const auto it = stamps.find(line);
  return it == stamps.end() ? nullptr : &it->second;
}

// The rank's first synchronisation after `line` that the line's thread's clock orders after it
// (without clocks, the first one); the later ones know no less of it (a rank's events are taken
// as one sequence: an order too many, which can only hide a race).
const happens_before::event* happens_before::first_after(int rank, std::size_t line) const {
  const auto& es = events_[static_cast<std::size_t>(rank)];
  const thread_stamp* mine = stamp(rank, line);
  auto it = std::upper_bound(es.begin(), es.end(), line, [](std::size_t l, const event& e) { return l < e.line; });
  for (; it != es.end(); ++it)
    if (!mine || !it->thread || mine->before(*it->thread)) return &*it;
  return nullptr;
}

// The rank's last synchronisation before `line` that the threads' clocks order before it.
const happens_before::event* happens_before::last_before(int rank, std::size_t line) const {
  const auto& es = events_[static_cast<std::size_t>(rank)];
  const thread_stamp* mine = stamp(rank, line);
  auto it = std::lower_bound(es.begin(), es.end(), line, [](const event& e, std::size_t l) { return e.line < l; });
  for (; it != es.begin(); --it) {
    const event& e = *std::prev(it);
    if (!mine || !e.thread || e.thread->before(*mine)) return &e;
  }
  return nullptr;
}

std::optional<bool> happens_before::ordered(int a, std::size_t a_index, int b, std::size_t b_index) const {
  if (a < 0 || b < 0 || static_cast<std::size_t>(a) >= events_.size() || static_cast<std::size_t>(b) >= events_.size())
    return std::nullopt;
  if (a == b) return a_index < b_index;
  if (!usable()) return std::nullopt;
  const event* from = first_after(a, a_index);
  const event* to = last_before(b, b_index);
  if (!from || !to) return false;  // nothing of a's after it, or of b's before it, to carry the order
  return to->clock[static_cast<std::size_t>(a)] >= from->position;
}

}  // namespace redsem::check
