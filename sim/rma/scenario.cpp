#include "sim/rma/scenario.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma {
namespace {

using namespace redsem::rma;

struct bad_input {
  int line;
  std::string message;
};

struct line_record {
  int line;
  std::string head;                           // first word ("window", "rank", "local", …)
  std::vector<std::string> words;             // the rest, as written
  std::map<std::string, std::string> keys;   // key=value words
  int rank = -1;                              // "rank R:" lines
};

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line.substr(0, line.find('#')));
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

line_record record(int number, std::vector<std::string> words) {
  line_record r{number, words.front(), {}, {}, -1};
  words.erase(words.begin());
  if (r.head == "rank") {
    if (words.empty() || words.front().back() != ':') throw bad_input{number, "expected 'rank R: CALL …'"};
    const std::string rank = words.front().substr(0, words.front().size() - 1);
    std::int64_t v = -1;
    const auto [end, ec] = std::from_chars(rank.data(), rank.data() + rank.size(), v);
    if (ec != std::errc() || end != rank.data() + rank.size() || v < 0 || v > std::numeric_limits<int>::max())
      throw bad_input{number, "'" + rank + "' is not a rank (ranks are 0, 1, … below the 'ranks' count)"};
    r.rank = static_cast<int>(v);
    words.erase(words.begin());
  } else if (r.head == "local:") {
    r.head = "local";
  }
  for (const auto& w : words)
    if (const auto eq = w.find('='); eq != std::string::npos) r.keys[w.substr(0, eq)] = w.substr(eq + 1);
  r.words = std::move(words);
  return r;
}

std::int64_t int_key(const line_record& r, const std::string& key, std::int64_t fallback) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) return fallback;
  try {
    std::size_t used = 0;
    const long long v = std::stoll(it->second, &used, 0);
    if (used == it->second.size()) return v;
  } catch (...) {
  }
  throw bad_input{r.line, key + "=" + it->second + " is not an integer"};
}

datatype type_key(const line_record& r, const std::string& key, const scenario_limits& limits) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) throw bad_input{r.line, "missing " + key + "="};
  std::string error;
  if (auto t = parse_datatype(it->second, &error, limits)) return *t;
  throw bad_input{r.line, error};
}

std::vector<std::string> values_key(const line_record& r, const std::string& key) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) return {};
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(it->second);
  while (std::getline(in, item, ',')) out.push_back(item);
  return out;
}

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
      : lines_(std::move(lines)), limits_(limits) {
    sc_.file = std::move(file);
  }

  scenario build() {
    read_headers();
    session s(sc_.ranks, window_bytes_, disp_unit_, info_, policy_);
    for (const auto& r : lines_)
      if (r.head == "init") init(s, r);
    sc_.program.window.assign(s.space().bytes(s.window_memory(sc_.target)).begin(),
                              s.space().bytes(s.window_memory(sc_.target)).end());
    sc_.program.info = info_;
    sc_.program.semantics = policy_;
    open_epoch(s);
    for (const auto& r : lines_) {
      if (r.head == "rank") rank_line(s, r);
      else if (r.head == "local") local(s, r);
      else if (r.head == "fence") fence(s, r);
    }
    return std::move(sc_);
  }

 private:
  void read_headers() {
    int highest = 0, highest_line = 1;
    bool have_window = false;
    for (const auto& r : lines_) {
      if (r.head == "window") {
        if (r.words.empty()) throw bad_input{r.line, "window BYTES [disp_unit=N]"};
        window_bytes_ = int_key(line_record{r.line, "", {}, {{"bytes", r.words[0]}}, -1}, "bytes", 0);
        disp_unit_ = int_key(r, "disp_unit", 1);
        if (window_bytes_ <= 0 || window_bytes_ > limits_.max_window_bytes || disp_unit_ <= 0)
          throw bad_input{r.line, "window BYTES needs 1 to " + std::to_string(limits_.max_window_bytes) +
                                      " bytes and a positive disp_unit"};
        have_window = true;
      } else if (r.head == "target" || r.head == "ranks") {
        const auto v = r.words.empty() ? -1 : int_key(line_record{r.line, "", {}, {{r.head, r.words[0]}}, -1}, r.head, -1);
        const bool ranks = r.head == "ranks";
        const int lowest = ranks ? 1 : 0, highest_allowed = ranks ? limits_.max_ranks : limits_.max_ranks - 1;
        if (v < lowest || v > highest_allowed)
          throw bad_input{r.line, r.head + " needs an integer from " + std::to_string(lowest) + " to " +
                                      std::to_string(highest_allowed)};
        (r.head == "target" ? sc_.target : sc_.ranks) = static_cast<int>(v);
        if (r.head == "target") target_line_ = r.line;
      } else if (r.head == "epoch") {
        if (r.words.size() != 1 || (r.words[0] != "fence" && r.words[0] != "lock_all" && r.words[0] != "none"))
          throw bad_input{r.line, "epoch fence|lock_all|none"};
        epoch_ = r.words[0];
      } else if (r.head == "info") {
        for (const auto& [k, v] : r.keys) {
          std::string error;
          if (!set_info_key(info_, k, v, &error)) throw bad_input{r.line, error};
        }
      } else if (r.head == "policy") {
        std::string error;
        const auto p = parse_policy(r.words.empty() ? "" : r.words[0], &error);
        if (!p) throw bad_input{r.line, "policy: " + error};
        policy_ = *p;
      } else if (r.head == "expect") {
        expect(r);
      } else if (r.head == "rank") {
        if (highest < r.rank) highest_line = r.line;
        highest = std::max(highest, r.rank);
      } else if (r.head != "init" && r.head != "local" && r.head != "fence") {
        throw bad_input{r.line, "unknown directive '" + r.head + "'"};
      }
    }
    if (!have_window) throw bad_input{1, "the scenario needs a 'window BYTES' line"};
    check_ranks(highest, highest_line);
  }

  // The group holds the target and every origin: given by 'ranks', or the highest named + 1.
  void check_ranks(int highest, int highest_line) {
    const bool given = sc_.ranks != 0;
    if (!given) sc_.ranks = std::max(highest, sc_.target) + 1;
    const std::string group = given ? "'ranks " + std::to_string(sc_.ranks) + "'"
                                    : "the limit of " + std::to_string(limits_.max_ranks) + " ranks";
    const int allowed = given ? sc_.ranks : limits_.max_ranks;
    if (highest >= allowed)
      throw bad_input{highest_line, "rank " + std::to_string(highest) + " is beyond " + group};
    if (sc_.target >= sc_.ranks) throw bad_input{target_line_, "target " + std::to_string(sc_.target) + " is beyond " + group};
  }

  // Elements moved by all calls together stay within the limit (the concurrency analysis
  // compares them pairwise).
  void use_elements(const line_record& r, std::int64_t count, const datatype& type) {
    const auto per = static_cast<std::int64_t>(type.entries().size());
    if (count > limits_.max_elements || (elements_ += count * per) > limits_.max_elements)
      throw bad_input{r.line, "the calls move more than " + std::to_string(limits_.max_elements) +
                                  " basic elements in all (count=" + std::to_string(count) + " × " + type.description() + ")"};
  }

  void expect(const line_record& r) {
    static const std::map<std::string, expectation_kind> kinds{{"clean", expectation_kind::clean},
                                                               {"serializable", expectation_kind::serializable},
                                                               {"non_serializable", expectation_kind::non_serializable},
                                                               {"finding", expectation_kind::finding},
                                                               {"erroneous", expectation_kind::erroneous},
                                                               {"outcomes", expectation_kind::outcomes}};
    const auto k = r.words.empty() ? kinds.end() : kinds.find(r.words[0]);
    if (k == kinds.end())
      throw bad_input{r.line, "expect clean|serializable|non_serializable|finding KIND|erroneous RULE|outcomes N"};
    expectation e{r.line, k->second, r.words.size() > 1 ? r.words[1] : "", "", 0};
    for (const auto& w : r.words) e.text += (e.text.empty() ? "" : " ") + w;
    if (e.kind == expectation_kind::outcomes) {
      e.outcomes = int_key(line_record{r.line, "", {}, {{"outcomes", e.name}}, -1}, "outcomes", 0);
      if (e.outcomes < 1) throw bad_input{r.line, "expect outcomes N needs a positive count"};
      return sc_.expectations.push_back(e);
    }
    bool known = e.kind != expectation_kind::finding && e.kind != expectation_kind::erroneous;
    for (std::size_t i = 0; i < finding_kind_count && e.kind == expectation_kind::finding; ++i)
      known = known || describe(static_cast<finding_kind>(i)).name == e.name;
    for (std::size_t i = 0; i < rma_rule_count && e.kind == expectation_kind::erroneous; ++i)
      known = known || describe(static_cast<rma_rule>(i)).name == e.name;
    if (!known) throw bad_input{r.line, "unknown name '" + e.name + "' in expect"};
    sc_.expectations.push_back(e);
  }

  void init(session& s, const line_record& r) {
    if (r.words.empty()) throw bad_input{r.line, "init TYPE V1 V2 … [at=BYTE]"};
    std::string error;
    const auto t = parse_basic_type(r.words[0]);
    if (!t) throw bad_input{r.line, "unknown predefined type '" + r.words[0] + "'"};
    std::int64_t at = int_key(r, "at", 0);
    for (std::size_t i = 1; i < r.words.size(); ++i, at += info(*t).size) {
      if (r.words[i].find('=') != std::string::npos) continue;
      if (at < 0 || at > window_bytes_ - static_cast<std::int64_t>(info(*t).size))
        throw bad_input{r.line, "init writes outside the " + std::to_string(window_bytes_) + "-byte window"};
      if (!parse_element(*t, r.words[i], s.space().bytes(s.window_memory(sc_.target)).data() + at, &error))
        throw bad_input{r.line, error};
    }
  }

  // fence: every rank in one active-target epoch; lock_all: each in a passive-target epoch to
  // all; none: no epoch until a rank's lock or lock_all line.
  void open_epoch(session& s) {
    if (epoch_ == "fence") s.fence();
    if (epoch_ == "lock_all")
      for (int rank = 0; rank < sc_.ranks; ++rank) s.lock_all(rank);
  }

  std::string label(const line_record& r, const std::string& what) const {
    return "line " + std::to_string(r.line) + " (" + what + ")";
  }

  void add_access(access a, const line_record& r) {
    a.completion_phase = completions_[a.origin];
    a.fence_epoch = fences_;
    sc_.program.accesses.push_back(std::move(a));
    sc_.access_lines.push_back(r.line);
  }

  // "fence": MPI_Win_fence by every rank (collective, so one line). It completes every call and
  // separates the accesses before it from those after (MPI-4.1 §13.5.1); it opens a fence epoch.
  void fence(session& s, const line_record& r) {
    if (!r.words.empty()) throw bad_input{r.line, "fence (a line of its own: every rank calls MPI_Win_fence)"};
    if (const auto o = s.fence(); !o.is_done()) return sc_.rejected.push_back({r.line, "fence", o});
    ++fences_;
  }

  // A rank's line: a call, a buffer declaration, a load or store of a buffer, or a completion.
  void rank_line(session& s, const line_record& r) {
    if (r.words.empty()) throw bad_input{r.line, "rank R: CALL key=value …"};
    const std::string& name = r.words[0];
    if (name == "buffer") return declare_buffer(s, r);
    if (name == "store" || name == "load") return buffer_access(s, r, name == "store");
    if (completion_names().contains(name)) return completion(s, r);
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
    if (const auto q = r.keys.find("req"); q != r.keys.end()) requests_[{r.rank, q->second}] = {r.line, i.request};
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
    c.target = target_spec{sc_.target, int_key(r, "disp", 0), single ? 1 : int_key(r, "count", 1), type};
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
    c.origin = named(r, "origin") ? named_buffer_arg(r, "origin", origin_type, n)
                                  : values_buffer(s, r, "origin", origin_type, values_key(r, "origin"), limits_);
    if (kind == call_kind::compare_and_swap)
      c.compare = named(r, "compare") ? named_buffer_arg(r, "compare", type, 1)
                                      : values_buffer(s, r, "compare", type, values_key(r, "compare"), limits_);
    if (fetches(kind)) {
      const datatype result_type = single ? type : datatype::predefined(basic);
      c.result = named(r, "result") ? named_buffer_arg(r, "result", result_type, n)
                 : r.keys.contains("result") && r.keys.at("result") == "origin"
                     ? buffer{c.origin.region, 0, n, result_type}
                     : buffer{s.allocate("result@" + std::to_string(r.line),
                                         static_cast<std::size_t>(buffer_span(r, "result", result_type, n, limits_))),
                              0, n, result_type};
    }
    return c;
  }

  // --- Origin-side buffers: named per rank, loaded, stored, and freed by completions. ---

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

  static bool named(const line_record& r, const std::string& key) {
    const auto it = r.keys.find(key);
    return it != r.keys.end() && it->second.rfind('@', 0) == 0;
  }

  // "rank R: buffer NAME TYPE N [= V,V,…]": N elements of a predefined type, zero unless given.
  void declare_buffer(session& s, const line_record& r) {
    const auto& w = r.words;
    if (w.size() < 4 || (w.size() > 4 && (w[4] != "=" || w.size() != 6)))
      throw bad_input{r.line, "rank R: buffer NAME TYPE N [= V,V,…]"};
    const std::string& name = w[1];
    if (name.empty() || name.find_first_of("@[]=,") != std::string::npos)
      throw bad_input{r.line, "'" + name + "' is not a buffer name"};
    if (buffers_.contains({r.rank, name}))
      throw bad_input{r.line, "rank " + std::to_string(r.rank) + " already has a buffer '" + name + "'"};
    const auto t = parse_basic_type(w[2]);
    if (!t) throw bad_input{r.line, "unknown predefined type '" + w[2] + "'"};
    const std::int64_t size = static_cast<std::int64_t>(info(*t).size);
    const std::int64_t count = int_key(line_record{r.line, "", {}, {{"N", w[3]}}, -1}, "N", 0);
    if (count < 1 || count > limits_.max_buffer_bytes / size ||
        (buffer_bytes_ += count * size) > limits_.max_buffer_bytes)
      throw bad_input{r.line, "buffer " + name + " needs 1 or more elements, and the buffers of all ranks at most " +
                                  std::to_string(limits_.max_buffer_bytes) + " bytes"};
    const region_id region =
        s.allocate("rank " + std::to_string(r.rank) + " buffer " + name, static_cast<std::size_t>(count * size));
    buffers_[{r.rank, name}] = named_buffer{region, *t, count};
    if (w.size() == 6) write_values(s, r, buffer_ref{&buffers_.at({r.rank, name}), name, 0, false}, w[5]);
  }

  // "@name" or "@name[i]", a buffer of the line's rank.
  buffer_ref reference(const line_record& r, const std::string& text, const std::string& role) const {
    const auto open = text.find('[');
    const std::string name = text.substr(1, open == std::string::npos ? std::string::npos : open - 1);
    const auto it = buffers_.find({r.rank, name});
    if (text.empty() || text[0] != '@' || it == buffers_.end())
      throw bad_input{r.line, role + " " + text + ": rank " + std::to_string(r.rank) + " has no buffer '" + name +
                                  "' declared before this line (rank R: buffer NAME TYPE N)"};
    buffer_ref ref{&it->second, name, 0, open != std::string::npos};
    if (ref.indexed) {
      if (text.back() != ']') throw bad_input{r.line, role + " " + text + ": expected @NAME[INDEX]"};
      ref.index = int_key(line_record{r.line, "", {}, {{"index", text.substr(open + 1, text.size() - open - 2)}}, -1},
                          "index", 0);
      if (ref.index < 0 || ref.index >= ref.b->count)
        throw bad_input{r.line, role + " " + text + ": index out of range; buffer " + name + " has " +
                                    std::to_string(ref.b->count) + " elements"};
    }
    return ref;
  }

  // A call's buffer argument naming a buffer: `count` × `type` from the referenced element. One
  // that reaches beyond the named buffer is the model's buffer_out_of_bounds finding.
  buffer named_buffer_arg(const line_record& r, const std::string& key, const datatype& type,
                          std::int64_t elements) const {
    const buffer_ref ref = reference(r, r.keys.at(key), key + "=");
    const auto per = static_cast<std::int64_t>(type.entries().size());
    if (per == 0 || type.entries().front().type != ref.b->type)
      throw bad_input{r.line, key + "=@" + ref.name + ": buffer " + ref.name + " holds " +
                                  std::string(to_string(ref.b->type)) + ", the call's " + key + " type is " +
                                  type.description()};
    if (elements % per != 0)
      throw bad_input{r.line, key + "=@" + ref.name + ": the call's " + std::to_string(elements) +
                                  " elements are not whole elements of " + type.description()};
    return buffer{ref.b->region, ref.index * static_cast<std::int64_t>(info(ref.b->type).size), elements / per, type};
  }

  // Parses comma-separated values into the referenced elements (after a done check only).
  std::vector<std::byte> parse_values(const line_record& r, const buffer_ref& ref, const std::string& text) const {
    std::vector<std::string> values;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) values.push_back(item);
    if (values.empty() || static_cast<std::int64_t>(values.size()) > ref.b->count - ref.index)
      throw bad_input{r.line, "@" + ref.name + ": " + std::to_string(values.size()) + " value(s) from element " +
                                  std::to_string(ref.index) + " do not fit its " + std::to_string(ref.b->count) +
                                  " elements"};
    const std::size_t size = info(ref.b->type).size;
    std::vector<std::byte> bytes(values.size() * size);
    for (std::size_t k = 0; k < values.size(); ++k) {
      std::string error;
      if (!parse_element(ref.b->type, values[k], bytes.data() + k * size, &error))
        throw bad_input{r.line, "@" + ref.name + ": " + error};
    }
    return bytes;
  }

  void write_values(session& s, const line_record& r, const buffer_ref& ref, const std::string& text) {
    const auto bytes = parse_values(r, ref, text);
    std::copy(bytes.begin(), bytes.end(),
              s.space().bytes(ref.b->region).begin() + ref.index * static_cast<std::int64_t>(info(ref.b->type).size));
  }

  // "rank R: store @a[i] V,…" (from element i, or 0) and "rank R: load @a[i]" (one element) or
  // "load @a" (all of it): checked against the rank's calls not yet complete at the origin.
  void buffer_access(session& s, const line_record& r, bool store) {
    if (r.words.size() != (store ? 3u : 2u))
      throw bad_input{r.line, store ? "rank R: store @NAME[INDEX] V,V,…" : "rank R: load @NAME[INDEX]"};
    const buffer_ref ref = reference(r, r.words[1], r.words[0]);
    const std::int64_t size = static_cast<std::int64_t>(info(ref.b->type).size);
    const std::vector<std::byte> values = store ? parse_values(r, ref, r.words[2]) : std::vector<std::byte>{};
    const std::int64_t elements = store         ? static_cast<std::int64_t>(values.size()) / size
                                  : ref.indexed ? 1
                                                : ref.b->count;
    const byte_range bytes{ref.b->region, ref.index * size, (ref.index + elements) * size};
    const rma_outcome o = store ? s.local_store(r.rank, bytes) : s.local_load(r.rank, bytes);
    if (!o.is_done())
      return sc_.rejected.push_back(
          {r.line, "rank " + std::to_string(r.rank) + " " + r.words[0] + " " + r.words[1], o});
    if (store) std::copy(values.begin(), values.end(), s.space().bytes(ref.b->region).begin() + bytes.begin);
  }

  static const std::set<std::string>& completion_names() {
    static const std::set<std::string> names{"flush",    "flush_local", "flush_all", "flush_local_all",
                                             "wait",     "unlock_all",  "lock",      "unlock",
                                             "lock_all", "start",       "complete"};
    return names;
  }

  // "rank R: flush [T]", "flush_local [T]" (T: the target by default), "flush_all",
  // "flush_local_all", "wait REQ", "unlock [T]", "unlock_all": completion points (MPI-4.1
  // §13.3.5, §13.5.3, §13.5.4). Those that complete calls at the target order the rank's later
  // calls after them. "lock [T] shared" and "lock_all" open a passive-target epoch, "start [T]"
  // an active-target one that "complete" ends (PSCW, the origin's side).
  void completion(session& s, const line_record& r) {
    const std::string& name = r.words[0];
    const bool takes_rank =
        name == "flush" || name == "flush_local" || name == "unlock" || name == "lock" || name == "start";
    const std::string what = "rank " + std::to_string(r.rank) + " " + name;
    if (name == "lock") return lock(s, r);
    if (r.words.size() > (takes_rank || name == "wait" ? 2u : 1u) || (name == "wait" && r.words.size() != 2))
      throw bad_input{r.line, name == "wait"
                                  ? "rank R: wait REQ (the req= of an earlier raccumulate or rget_accumulate)"
                                  : "rank R: " + name + (takes_rank ? " [TARGET]" : "")};
    int target = sc_.target;
    if (takes_rank && r.words.size() == 2) target = rank_word(r, r.words[1]);
    rma_outcome o = rma_outcome::done();
    if (name == "flush") o = s.flush(r.rank, target);
    else if (name == "flush_local") o = s.flush_local(r.rank, target);
    else if (name == "flush_all") o = s.flush_all(r.rank);
    else if (name == "flush_local_all") o = s.flush_local_all(r.rank);
    else if (name == "unlock") o = s.unlock(r.rank, target);
    else if (name == "unlock_all") o = s.unlock_all(r.rank);
    else if (name == "lock_all") o = s.lock_all(r.rank);
    else if (name == "start") o = s.pscw_start(r.rank, target);
    else if (name == "complete") o = s.pscw_complete(r.rank);
    else o = wait(s, r);
    if (!o.is_done()) return sc_.rejected.push_back({r.line, what + (r.words.size() == 2 ? " " + r.words[1] : ""), o});
    const bool at_target = ((name == "flush" || name == "unlock") && target == sc_.target) || name == "flush_all" ||
                           name == "unlock_all" || name == "complete";
    if (at_target) ++completions_[r.rank];
  }

  // A rank named on a line; beyond the group it is the model's rank_out_of_range finding.
  static int rank_word(const line_record& r, const std::string& word) {
    const std::int64_t t = int_key(line_record{r.line, "", {}, {{"target", word}}, -1}, "target", 0);
    return static_cast<int>(std::clamp<std::int64_t>(t, -1, std::numeric_limits<int>::max()));
  }

  // "rank R: lock [T] shared". An exclusive lock excludes the other origins' epochs on T, an
  // order the explorer does not model yet: refused rather than explored as if concurrent.
  void lock(session& s, const line_record& r) {
    const auto& w = r.words;
    if (w.size() < 2 || w.size() > 3 || (w.back() != "shared" && w.back() != "exclusive"))
      throw bad_input{r.line, "rank R: lock [TARGET] shared"};
    if (w.back() == "exclusive")
      throw bad_input{r.line,
                      "exclusive locks are not modelled yet (the explorer would treat their epochs as concurrent)"};
    const int target = w.size() == 3 ? rank_word(r, w[1]) : sc_.target;
    if (const auto o = s.lock(r.rank, target, lock_type::shared); !o.is_done())
      sc_.rejected.push_back({r.line, "rank " + std::to_string(r.rank) + " lock " + std::to_string(target), o});
  }

  rma_outcome wait(session& s, const line_record& r) {
    const auto it = requests_.find({r.rank, r.words[1]});
    if (it == requests_.end())
      throw bad_input{r.line, "wait " + r.words[1] + ": no earlier call of rank " + std::to_string(r.rank) +
                                  " names req=" + r.words[1]};
    if (!it->second.request)
      return rma_outcome::erroneous(rma_rule::unknown_request, "req=" + r.words[1] + " of line " +
                                                                   std::to_string(it->second.line) +
                                                                   ": that call is erroneous and returned no request");
    return s.wait(*it->second.request);
  }

  // A put (origin=V,… or origin=@a[i]), a get (result=@r[i] optional) or the target's own
  // load or store. A named buffer holds one element per target element, of the same type.
  void put_or_get(session& s, const line_record& r, access_kind kind, int origin) {
    const bool local = kind == access_kind::local_load || kind == access_kind::local_store;
    const bool writes = kind == access_kind::put || kind == access_kind::local_store;
    const std::string key = writes ? "origin" : "result";
    if (local && (named(r, "origin") || named(r, "result")))
      throw bad_input{r.line, "local: lines take literal values; named buffers belong to a rank's calls"};
    const datatype type = type_key(r, "type", limits_);
    const target_spec t{sc_.target, int_key(r, "disp", 0), int_key(r, "count", 1), type};
    const bool request_based = !local && r.words[0].front() == 'r';  // rput, rget
    if (r.keys.contains("req") && !request_based)
      throw bad_input{r.line, "req= names the request of raccumulate, rget_accumulate, rput or rget only"};
    const std::string what = local ? std::string(to_string(kind)) : "rank " + std::to_string(origin) + " " + r.words[0];
    if (auto o = check_target_bounds(s.geometry(), t); !o.is_done()) return sc_.rejected.push_back({r.line, what, o});
    const buffer b = target_buffer(s.geometry(), t);
    const std::int64_t n = element_count(b);
    std::optional<buffer> mine;  // the named origin-side buffer
    if (!local && named(r, key)) {
      const buffer_ref ref = reference(r, r.keys.at(key), key + "=");
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
      const issued i = s.issue_transfer(origin, sc_.target, !writes, request_based, mine ? *mine : none, label(r, what));
      if (const auto q = r.keys.find("req"); q != r.keys.end()) requests_[{r.rank, q->second}] = {r.line, i.request};
      if (!i.outcome.is_done()) return sc_.rejected.push_back({r.line, what, i.outcome});
    }
    use_elements(r, t.count, type);
    access a;
    a.origin = origin;
    a.sequence = sequence_[origin]++;
    a.kind = kind;
    a.op = writes ? op_id::replace : op_id::no_op;
    a.target = sc_.target;
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
    if (r.words.empty() || (r.words[0] != "store" && r.words[0] != "load"))
      throw bad_input{r.line, "local: store|load type=T disp=D [origin=V,…]"};
    put_or_get(s, r, r.words[0] == "store" ? access_kind::local_store : access_kind::local_load, sc_.target);
  }

  std::vector<line_record> lines_;
  const scenario_limits& limits_;
  std::int64_t elements_ = 0;  // moved by the calls read so far
  scenario sc_;
  std::int64_t window_bytes_ = 0, disp_unit_ = 1;
  int target_line_ = 1;
  window_info info_;
  policy policy_;
  std::string epoch_ = "fence";
  std::map<int, int> sequence_;
  struct request_name {
    int line;
    std::optional<request_id> request;  // none when the call was erroneous
  };
  std::map<std::pair<int, std::string>, named_buffer> buffers_;   // (rank, name)
  std::map<std::pair<int, std::string>, request_name> requests_;  // (rank, req= name), the latest
  std::map<int, int> completions_;                                // per rank: its completions at the target so far
  int fences_ = 0;                                                // fence lines so far
  std::int64_t buffer_bytes_ = 0;                                 // of all named buffers
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
