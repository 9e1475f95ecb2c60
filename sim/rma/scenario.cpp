// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "sim/rma/scenario_buffers_sync.h"
#include "sim/rma/scenario_header.h"
#include "sim/rma/scenario_lines.h"
#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma {
namespace {

using namespace redsem::rma;
using namespace detail;


// The bytes from a buffer's start to the end of count × type (at least 1), checked against the
// buffer limit before anything is allocated. The type's bounds are within max_byte_reach and
// count within max_elements, so the span is computed without overflow.
std::int64_t buffer_span(const line_record& r, const std::string& role, const datatype& type, std::int64_t count,
                         const scenario_limits& limits) {
  const std::int64_t bytes = std::max<std::int64_t>(type.true_ub() + (std::max<std::int64_t>(count, 1) - 1) * type.extent(), 1);
  if (bytes > limits.max_window_bytes)
    throw bad_input{r.line, role + " buffer of " + std::to_string(count) + " × " + type.description() + " spans more than " +
                                std::to_string(limits.max_window_bytes) + " bytes"};
  return bytes;
}

// A buffer of `type` holding `values`, entry by entry, in a fresh region of the session.
buffer values_buffer(session& s, const line_record& r, const std::string& role, const datatype& type,
                     const std::vector<std::string>& values, const scenario_limits& limits) {
  const auto per = static_cast<std::int64_t>(type.entries().size());
  if (per == 0 || static_cast<std::int64_t>(values.size()) % per != 0)
    throw bad_input{r.line, role + " has " + std::to_string(values.size()) + " values; " + type.description() +
                                " holds " + std::to_string(per) + " per element"};
  if (static_cast<std::int64_t>(values.size()) > limits.max_elements)
    throw bad_input{r.line, role + " has more than " + std::to_string(limits.max_elements) + " values"};
  const std::int64_t count = static_cast<std::int64_t>(values.size()) / per;
  const std::int64_t bytes = buffer_span(r, role, type, count, limits) + 32;
  buffer b{s.allocate(role + "@" + std::to_string(r.line), static_cast<std::size_t>(bytes)), 0, count, type};
  for (std::int64_t k = 0; k < count * per; ++k) {
    std::string error;
    std::byte* at = s.space().bytes(b.region).data() + element_address(b, k);
    if (!parse_element(element_type(b, k), values[static_cast<std::size_t>(k)], at, &error))
      throw bad_input{r.line, role + ": " + error};
  }
  return b;
}

const std::map<std::string, call_kind>& call_names() {
  static const std::map<std::string, call_kind> names{
      {"accumulate", call_kind::accumulate},         {"raccumulate", call_kind::raccumulate},
      {"get_accumulate", call_kind::get_accumulate}, {"rget_accumulate", call_kind::rget_accumulate},
      {"fetch_and_op", call_kind::fetch_and_op},     {"compare_and_swap", call_kind::compare_and_swap},
  };
  return names;
}

class builder {
 public:
  builder(std::vector<line_record> lines, std::string file, const scenario_limits& limits)
      : lines_(std::move(lines)), limits_(limits), side_(sc_, limits) {
    sc_.file = std::move(file);
  }

  scenario build() {
    header_ = read_header(lines_, limits_);
    sc_.target = header_.target;
    sc_.ranks = header_.ranks;
    sc_.expectations = header_.expectations;
    session s(sc_.ranks, header_.window_bytes, header_.disp_unit, header_.info, header_.semantics);
    for (const auto& r : lines_)
      if (r.head == "init") init(s, r);
    windows_of_targets(s);
    sc_.program.info = header_.info;
    sc_.program.semantics = header_.semantics;
    open_epoch(s);
    side_.exposures().plan(lines_);
    for (const auto& r : lines_) {
      if (r.head == "rank") rank_line(s, r);
      else if (r.head == "local") local(s, r);
      else if (r.head == "fence") fence(s, r);
    }
    return std::move(sc_);
  }

 private:
  // Elements moved by all calls together stay within the limit (the concurrency analysis
  // compares them pairwise).
  void use_elements(const line_record& r, std::int64_t count, const datatype& type) {
    check_elements(r, count, type);
    elements_ += count * static_cast<std::int64_t>(type.entries().size());
  }
  // The same bound, the call not yet counted: checked before anything is built per element.
  void check_elements(const line_record& r, std::int64_t count, const datatype& type) const {
    const auto per = static_cast<std::int64_t>(type.entries().size());
    if (count > limits_.max_elements || elements_ + count * per > limits_.max_elements)
      throw bad_input{r.line, "the calls move more than " + std::to_string(limits_.max_elements) +
                                  " basic elements in all (count=" + std::to_string(count) + " × " +
                                  type.description() + ")"};
  }

  void init(session& s, const line_record& r) {
    if (r.words.empty()) throw bad_input{r.line, "init TYPE V1 V2 … [at=BYTE] [target=T]"};
    std::string error;
    const auto t = parse_basic_type(r.words[0]);
    if (!t) throw bad_input{r.line, "unknown predefined type '" + r.words[0] + "'"};
    std::int64_t at = int_key(r, "at", 0);
    for (std::size_t i = 1; i < r.words.size(); ++i, at += info(*t).size) {
      if (r.words[i].find('=') != std::string::npos) continue;
      if (at < 0 || at > header_.window_bytes - static_cast<std::int64_t>(info(*t).size))
        throw bad_input{r.line, "init writes outside the " + std::to_string(header_.window_bytes) + "-byte window"};
      if (!parse_element(*t, r.words[i], s.space().bytes(s.window_memory(call_target(r))).data() + at, &error))
        throw bad_input{r.line, error};
    }
  }

  // fence: every rank in one active-target epoch; lock_all: each in a passive-target epoch to
  // all; none: no epoch until a rank's lock or lock_all line.
  void open_epoch(session& s) {
    if (header_.epoch == "fence") s.fence(true);  // the scenario's end is the closing fence
    if (header_.epoch == "lock_all")
      for (int rank = 0; rank < sc_.ranks; ++rank) side_.lock_all(s, rank);
  }

  // "target=T" on a rank's call, an init or a local line: another rank's window than the
  // scenario's target.
  int call_target(const line_record& r) const { return target_key(r, sc_.target, sc_.ranks); }

  // The program's window: the target's, or, when calls, init or local lines name other targets,
  // each target's in turn (the scenario's target first), every one as the init lines left it.
  void windows_of_targets(session& s) {
    std::set<int> others;
    for (const auto& r : lines_)
      if ((r.head == "rank" || r.head == "local" || r.head == "init") && r.keys.contains("target") &&
          call_target(r) != sc_.target)
        others.insert(call_target(r));
    std::vector<int> targets{sc_.target};
    targets.insert(targets.end(), others.begin(), others.end());
    for (int t : targets) {
      const auto bytes = s.space().bytes(s.window_memory(t));
      sc_.program.window.insert(sc_.program.window.end(), bytes.begin(), bytes.end());
    }
    if (targets.size() > 1) sc_.program.targets = targets;
  }

  std::string label(const line_record& r, const std::string& what) const {
    return "line " + std::to_string(r.line) + " (" + what + ")";
  }

  void add_access(access a, const line_record& r) {
    a.completion_phase = side_.completions(a.origin, a.target);
    a.fence_epoch = fences_;
    const bool local = a.kind == access_kind::local_load || a.kind == access_kind::local_store;
    const exposure_plan& pscw = side_.exposures();
    if (local && pscw.has_posts(a.target)) {
      a.exposure_begin = pscw.target_events(a.target);
      a.exposure_end = a.exposure_begin + 1;
    } else if (const auto e = pscw.exposure(a.origin, a.target); e && !local) {
      std::tie(a.exposure_begin, a.exposure_end) = *e;
    }
    const auto passive = side_.passive(a.origin, a.target);
    if (passive && !local) {
      a.lock_epoch = passive->id;
      a.exclusive = passive->exclusive;
    }
    sc_.program.accesses.push_back(std::move(a));
    sc_.access_lines.push_back(r.line);
  }

  // "fence": MPI_Win_fence by every rank (collective, so one line). It completes every call and
  // separates the accesses before it from those after (MPI-4.1 §13.5.1); it opens a fence epoch.
  void fence(session& s, const line_record& r) {
    if (!r.words.empty()) throw bad_input{r.line, "fence (a line of its own: every rank calls MPI_Win_fence)"};
    // It starts an access epoch if another fence follows: a later line, or the closing fence of
    // an "epoch fence" scenario (§13.5.1).
    const bool another_follows = header_.epoch == "fence" || std::any_of(lines_.begin(), lines_.end(), [&](const line_record& l) {
                                   return l.head == "fence" && l.line > r.line;
                                 });
    if (const auto o = s.fence(another_follows); !o.is_done()) return sc_.rejected.push_back({r.line, "fence", o});
    ++fences_;
  }

  // A rank's line: a call, a buffer declaration, a load or store of a buffer, or a completion.
  void rank_line(session& s, const line_record& r) {
    if (r.words.empty()) throw bad_input{r.line, "rank R: CALL key=value …"};
    const std::string& name = r.words[0];
    if (name == "buffer") return side_.declare_buffer(s, r);
    if (name == "store" || name == "load") return side_.buffer_access(s, r, name == "store");
    if (side_.is_synchronisation(name)) return side_.synchronisation(s, r);
    call(s, r);
  }

  void call(session& s, const line_record& r) {
    const std::string& name = r.words[0];
    if (name == "put" || name == "get" || name == "rput" || name == "rget")
      return put_or_get(s, r, name.ends_with("put") ? access_kind::put : access_kind::get, r.rank);
    const auto kind = call_names().find(name);
    if (kind == call_names().end()) throw bad_input{r.line, "unknown call '" + name + "'"};
    accumulate_call c = make_call(s, r, kind->second);
    const std::string what = "rank " + std::to_string(r.rank) + " " + std::string(to_string(c.kind)) +
                             (c.kind == call_kind::compare_and_swap ? "" : " " + to_string(c.op));
    const issued i = s.issue(c, label(r, what));
    if (const auto q = r.keys.find("req"); q != r.keys.end()) side_.name_request(r.rank, q->second, r.line, i.request);
    if (!i.outcome.is_done()) {
      sc_.rejected.push_back({r.line, what, i.outcome});
      return;
    }
    add_access(access_of(s.space(), s.geometry(), c, sequence_[r.rank]++, label(r, what)), r);
  }

  accumulate_call make_call(session& s, const line_record& r, call_kind kind) {
    accumulate_call c;
    c.kind = kind;
    c.origin_rank = r.rank;
    const datatype type = type_key(r, "type", limits_);
    const bool single = kind == call_kind::fetch_and_op || kind == call_kind::compare_and_swap;
    c.target = target_spec{call_target(r), int_key(r, "disp", 0), single ? 1 : int_key(r, "count", 1), type};
    // Outside the window the model rejects the call when issued; inside, its elements are counted.
    const bool in_window = check_target_bounds(s.geometry(), c.target).is_done();
    if (in_window) use_elements(r, c.target.count, type);
    if (kind != call_kind::compare_and_swap) {
      const auto op = r.keys.find("op");
      if (op == r.keys.end()) throw bad_input{r.line, "missing op="};
      static const user_op user{"user", nullptr, true};
      if (op->second.rfind("user", 0) == 0) c.op = &user;
      else if (const auto id = parse_op(op->second)) c.op = *id;
      else throw bad_input{r.line, "unknown op '" + op->second + "'"};
    }
    const basic_type basic = type.entries().empty() ? basic_type::int_ : type.entries().front().type;
    const datatype origin_type = r.keys.contains("origin_type") ? type_key(r, "origin_type", limits_)
                                 : single                       ? type
                                                                : datatype::predefined(basic);
    if (r.keys.contains("req") && !is_request_based(kind))
      throw bad_input{r.line, "req= names the request of raccumulate, rget_accumulate, rput or rget only"};
    const std::int64_t n = single ? 1 : in_window ? element_count(target_buffer(s.geometry(), c.target)) : 0;
    c.origin = side_.named(r, "origin") ? side_.named_buffer_arg(r, "origin", origin_type, n)
                                  : values_buffer(s, r, "origin", origin_type, values_key(r, "origin"), limits_);
    if (kind == call_kind::compare_and_swap)
      c.compare = side_.named(r, "compare") ? side_.named_buffer_arg(r, "compare", type, 1)
                                      : values_buffer(s, r, "compare", type, values_key(r, "compare"), limits_);
    if (fetches(kind)) {
      const datatype result_type = single ? type : datatype::predefined(basic);
      c.result = side_.named(r, "result") ? side_.named_buffer_arg(r, "result", result_type, n)
                 : r.keys.contains("result") && r.keys.at("result") == "origin"
                     ? buffer{c.origin.region, 0, n, result_type}
                     : buffer{s.allocate("result@" + std::to_string(r.line),
                                         static_cast<std::size_t>(buffer_span(r, "result", result_type, n, limits_))),
                              0, n, result_type};
    }
    return c;
  }
  // A put (origin=V,… or origin=@a[i]), a get (result=@r[i] optional) or the target's own
  // load or store. A named buffer holds one element per target element, of the same type.
  void put_or_get(session& s, const line_record& r, access_kind kind, int origin) {
    const bool local = kind == access_kind::local_load || kind == access_kind::local_store;
    const bool writes = kind == access_kind::put || kind == access_kind::local_store;
    const std::string key = writes ? "origin" : "result";
    if (local && (side_.named(r, "origin") || side_.named(r, "result")))
      throw bad_input{r.line, "local: lines take literal values; named buffers belong to a rank's calls"};
    const datatype type = type_key(r, "type", limits_);
    const int target = call_target(r);
    const target_spec t{target, int_key(r, "disp", 0), int_key(r, "count", 1), type};
    const bool request_based = !local && r.words[0].front() == 'r';  // rput, rget
    if (r.keys.contains("req") && !request_based)
      throw bad_input{r.line, "req= names the request of raccumulate, rget_accumulate, rput or rget only"};
    const std::string what = !local                ? "rank " + std::to_string(origin) + " " + r.words[0]
                             : target == sc_.target ? std::string(to_string(kind))
                                                    : "rank " + std::to_string(target) + " " + std::string(to_string(kind));
    if (auto o = check_target_bounds(s.geometry(), t); !o.is_done()) return sc_.rejected.push_back({r.line, what, o});
    check_elements(r, t.count, type);  // before the overlap check lists every element's fields
    const buffer b = target_buffer(s.geometry(), t);
    // A put writes its target buffer as a receive writes its buffer (§13.3.1): an element it
    // would write twice is erroneous, as for an accumulate, never one of two "serial" outcomes.
    if (const auto at = first_self_overlap(b); at && kind == access_kind::put)
      return sc_.rejected.push_back(
          {r.line, what,
           rma_outcome::erroneous(
               rma_rule::target_overlapping_entries,
               "target_datatype " + type.description() + " touches window byte " + std::to_string(*at) + " twice")});
    const std::int64_t n = element_count(b);
    std::optional<buffer> mine;  // the named origin-side buffer
    if (!local && side_.named(r, key)) {
      const auto ref = side_.reference(r, r.keys.at(key), key + "=");
      for (std::int64_t k = 0; k < n; ++k)
        if (element_type(b, k) != ref.b->type)
          throw bad_input{r.line, key + "=@" + ref.name + ": buffer " + ref.name + " holds " +
                                      std::string(to_string(ref.b->type)) + ", the target type is " + type.description()};
      if (n > ref.b->count - ref.index)
        return sc_.rejected.push_back(
            {r.line, what,
             rma_outcome::erroneous(rma_rule::buffer_out_of_bounds,
                                    key + " buffer: " + std::to_string(n) + " elements from element " +
                                        std::to_string(ref.index) + " of the " + std::to_string(ref.b->count) +
                                        " of " + ref.name)});
      mine = buffer{ref.b->region, ref.index * static_cast<std::int64_t>(info(ref.b->type).size), n,
                    datatype::predefined(ref.b->type)};
    }
    if (!local) {
      const buffer none{};  // literal values: no origin-side buffer to follow
      const issued i = s.issue_transfer(origin, target, !writes, request_based, mine ? *mine : none, label(r, what));
      if (const auto q = r.keys.find("req"); q != r.keys.end()) side_.name_request(r.rank, q->second, r.line, i.request);
      if (!i.outcome.is_done()) return sc_.rejected.push_back({r.line, what, i.outcome});
    }
    use_elements(r, t.count, type);
    access a;
    a.origin = origin;
    a.sequence = sequence_[origin]++;
    a.kind = kind;
    a.op = writes ? op_id::replace : op_id::no_op;
    a.target = target;
    a.label = label(r, what);
    const auto values = values_key(r, "origin");
    if (writes && !mine && static_cast<std::int64_t>(values.size()) != n)
      throw bad_input{r.line, "origin= needs one value per target element (" + std::to_string(n) + ")"};
    for (std::int64_t k = 0; k < n; ++k) {
      access_element e{element_type(b, k), element_address(b, k), {}, {}};
      std::string error;
      if (writes && mine) {
        const auto from = s.space().bytes(mine->region).subspan(static_cast<std::size_t>(element_address(*mine, k)),
                                                                info(e.type).size);
        std::copy(from.begin(), from.end(), e.origin.begin());
      } else if (writes && !parse_element(e.type, values[static_cast<std::size_t>(k)], e.origin.data(), &error)) {
        throw bad_input{r.line, "origin: " + error};
      }
      a.elements.push_back(e);
    }
    add_access(std::move(a), r);
  }

  void local(session& s, const line_record& r) {
    if (!r.words.empty() && r.words[0] == "free") return side_.free_window(s, r, call_target(r));
    if (!r.words.empty() && exposure_plan::is_target_synchronisation(r.words[0]))
      return side_.target_synchronisation(s, r);
    if (r.words.empty() || (r.words[0] != "store" && r.words[0] != "load"))
      throw bad_input{r.line, "local: store|load type=T disp=D [origin=V,…] | post [RANKS] | wait | test | free, [target=T]"};
    put_or_get(s, r, r.words[0] == "store" ? access_kind::local_store : access_kind::local_load, call_target(r));
  }

  std::vector<line_record> lines_;
  const scenario_limits& limits_;
  std::int64_t elements_ = 0;  // moved by the calls read so far
  scenario sc_;
  scenario_header header_;
  std::map<int, int> sequence_;
  int fences_ = 0;  // fence lines so far
  buffers_and_synchronisation side_;  // after sc_, which it refers to
};

}  // namespace

std::optional<scenario> parse_scenario(const std::string& text, const std::string& file, std::string* error,
                                       const scenario_limits& limits) {
  if (text.size() > limits.max_file_bytes) {
    *error = file + ": larger than " + std::to_string(limits.max_file_bytes) + " bytes";
    return std::nullopt;
  }
  std::vector<line_record> lines;
  std::istringstream in(text);
  int number = 0;
  try {
    for (std::string line; std::getline(in, line);) {
      ++number;
      auto words = words_of(line);
      if (!words.empty()) lines.push_back(record(number, std::move(words)));
    }
    return builder(std::move(lines), file, limits).build();
  } catch (const bad_input& e) {
    *error = file + ":" + std::to_string(e.line) + ": " + e.message;
    return std::nullopt;
  }
}

}  // namespace redsem::sim::rma