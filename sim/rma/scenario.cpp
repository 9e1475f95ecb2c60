#include "sim/rma/scenario.h"

#include <algorithm>
#include <map>
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
    try {
      r.rank = std::stoi(words.front());
    } catch (...) {
      throw bad_input{number, "'" + words.front() + "' is not a rank"};
    }
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

datatype type_key(const line_record& r, const std::string& key) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) throw bad_input{r.line, "missing " + key + "="};
  std::string error;
  if (auto t = parse_datatype(it->second, &error)) return *t;
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

// A buffer of `type` holding `values`, entry by entry, in a fresh region of the session.
buffer values_buffer(session& s, const line_record& r, const std::string& role, const datatype& type,
                     const std::vector<std::string>& values) {
  const auto per = static_cast<std::int64_t>(type.entries().size());
  if (per == 0 || static_cast<std::int64_t>(values.size()) % per != 0)
    throw bad_input{r.line, role + " has " + std::to_string(values.size()) + " values; " + type.description() +
                                " holds " + std::to_string(per) + " per element"};
  const std::int64_t count = static_cast<std::int64_t>(values.size()) / per;
  const std::int64_t bytes = std::max<std::int64_t>(type.true_ub() + (count - 1) * type.extent(), 1) + 32;
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
  builder(std::vector<line_record> lines, std::string file) : lines_(std::move(lines)) { sc_.file = std::move(file); }

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
      if (r.head == "rank") call(s, r);
      else if (r.head == "local") local(s, r);
    }
    return std::move(sc_);
  }

 private:
  void read_headers() {
    int highest = 0;
    bool have_window = false;
    for (const auto& r : lines_) {
      if (r.head == "window") {
        if (r.words.empty()) throw bad_input{r.line, "window BYTES [disp_unit=N]"};
        window_bytes_ = int_key(line_record{r.line, "", {}, {{"bytes", r.words[0]}}, -1}, "bytes", 0);
        disp_unit_ = int_key(r, "disp_unit", 1);
        if (window_bytes_ <= 0 || disp_unit_ <= 0) throw bad_input{r.line, "window size and disp_unit must be positive"};
        have_window = true;
      } else if (r.head == "target" || r.head == "ranks") {
        const auto v = r.words.empty() ? -1 : int_key(line_record{r.line, "", {}, {{r.head, r.words[0]}}, -1}, r.head, -1);
        if (v < 0 || v > 4096) throw bad_input{r.line, r.head + " needs a small non-negative integer"};
        (r.head == "target" ? sc_.target : sc_.ranks) = static_cast<int>(v);
      } else if (r.head == "epoch") {
        if (r.words.size() != 1 || (r.words[0] != "fence" && r.words[0] != "lock_all"))
          throw bad_input{r.line, "epoch fence|lock_all"};
        lock_all_ = r.words[0] == "lock_all";
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
        highest = std::max(highest, r.rank);
      } else if (r.head != "init" && r.head != "local") {
        throw bad_input{r.line, "unknown directive '" + r.head + "'"};
      }
    }
    if (!have_window) throw bad_input{1, "the scenario needs a 'window BYTES' line"};
    if (sc_.ranks == 0) sc_.ranks = std::max(highest, sc_.target) + 1;
  }

  void expect(const line_record& r) {
    static const std::map<std::string, expectation_kind> kinds{
        {"clean", expectation_kind::clean}, {"serializable", expectation_kind::serializable},
        {"non_serializable", expectation_kind::non_serializable}, {"finding", expectation_kind::finding},
        {"erroneous", expectation_kind::erroneous}};
    const auto k = r.words.empty() ? kinds.end() : kinds.find(r.words[0]);
    if (k == kinds.end()) throw bad_input{r.line, "expect clean|serializable|non_serializable|finding KIND|erroneous RULE"};
    expectation e{r.line, k->second, r.words.size() > 1 ? r.words[1] : "", ""};
    for (const auto& w : r.words) e.text += (e.text.empty() ? "" : " ") + w;
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
      if (at < 0 || at + info(*t).size > window_bytes_) throw bad_input{r.line, "init writes outside the window"};
      if (!parse_element(*t, r.words[i], s.space().bytes(s.window_memory(sc_.target)).data() + at, &error))
        throw bad_input{r.line, error};
    }
  }

  void open_epoch(session& s) {
    if (!lock_all_) {
      s.fence();
      return;
    }
    for (int rank = 0; rank < sc_.ranks; ++rank) s.lock_all(rank);
  }

  std::string label(const line_record& r, const std::string& what) const {
    return "line " + std::to_string(r.line) + " (" + what + ")";
  }

  void add_access(access a, const line_record& r) {
    sc_.program.accesses.push_back(std::move(a));
    sc_.access_lines.push_back(r.line);
  }

  void call(session& s, const line_record& r) {
    if (r.words.empty()) throw bad_input{r.line, "rank R: CALL key=value …"};
    const std::string& name = r.words[0];
    if (name == "put" || name == "get") return put_or_get(s, r, name == "put" ? access_kind::put : access_kind::get, r.rank);
    const auto kind = call_names().find(name);
    if (kind == call_names().end()) throw bad_input{r.line, "unknown call '" + name + "'"};
    accumulate_call c = make_call(s, r, kind->second);
    const std::string what = "rank " + std::to_string(r.rank) + " " + std::string(to_string(c.kind)) +
                             (c.kind == call_kind::compare_and_swap ? "" : " " + to_string(c.op));
    const issued i = s.issue(c);
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
    const datatype type = type_key(r, "type");
    const bool single = kind == call_kind::fetch_and_op || kind == call_kind::compare_and_swap;
    c.target = target_spec{sc_.target, int_key(r, "disp", 0), single ? 1 : int_key(r, "count", 1), type};
    if (kind != call_kind::compare_and_swap) {
      const auto op = r.keys.find("op");
      if (op == r.keys.end()) throw bad_input{r.line, "missing op="};
      static const user_op user{"user", nullptr, true};
      if (op->second.rfind("user", 0) == 0) c.op = &user;
      else if (const auto id = parse_op(op->second)) c.op = *id;
      else throw bad_input{r.line, "unknown op '" + op->second + "'"};
    }
    const basic_type basic = type.entries().empty() ? basic_type::int_ : type.entries().front().type;
    const datatype origin_type = r.keys.contains("origin_type") ? type_key(r, "origin_type")
                                 : single                       ? type
                                                                : datatype::predefined(basic);
    c.origin = values_buffer(s, r, "origin", origin_type, values_key(r, "origin"));
    if (kind == call_kind::compare_and_swap) c.compare = values_buffer(s, r, "compare", type, values_key(r, "compare"));
    if (fetches(kind)) {
      const std::int64_t n = single ? 1 : element_count(target_buffer(s.geometry(), c.target));
      const datatype result_type = single ? type : datatype::predefined(basic);
      c.result = r.keys.contains("result") && r.keys.at("result") == "origin"
                     ? buffer{c.origin.region, 0, n, result_type}
                     : buffer{s.allocate("result@" + std::to_string(r.line),
                                         static_cast<std::size_t>(std::max<std::int64_t>(n, 1) * result_type.extent())),
                              0, n, result_type};
    }
    return c;
  }

  void put_or_get(session& s, const line_record& r, access_kind kind, int origin) {
    const datatype type = type_key(r, "type");
    const target_spec t{sc_.target, int_key(r, "disp", 0), int_key(r, "count", 1), type};
    const std::string what = (origin == sc_.target && (kind == access_kind::local_load || kind == access_kind::local_store)
                                  ? std::string("local ")
                                  : "rank " + std::to_string(origin) + " ") +
                             std::string(to_string(kind));
    if (t.disp < 0 || t.count < 0)
      return sc_.rejected.push_back({r.line, what, rma_outcome::erroneous(rma_rule::negative_displacement, "disp or count")});
    const buffer b = target_buffer(s.geometry(), t);
    const auto touched = touched_bytes(b);
    if (!touched.empty() && touched.back().end > window_bytes_)
      return sc_.rejected.push_back(
          {r.line, what, rma_outcome::erroneous(rma_rule::target_outside_window, "bytes up to " + std::to_string(touched.back().end))});
    access a;
    a.origin = origin;
    a.sequence = sequence_[origin]++;
    a.kind = kind;
    a.op = (kind == access_kind::put || kind == access_kind::local_store) ? op_id::replace : op_id::no_op;
    a.target = sc_.target;
    a.label = label(r, what);
    const auto values = values_key(r, "origin");
    const bool writes = kind == access_kind::put || kind == access_kind::local_store;
    if (writes && static_cast<std::int64_t>(values.size()) != element_count(b))
      throw bad_input{r.line, "origin= needs one value per target element (" + std::to_string(element_count(b)) + ")"};
    for (std::int64_t k = 0; k < element_count(b); ++k) {
      access_element e{element_type(b, k), element_address(b, k), {}, {}};
      std::string error;
      if (writes && !parse_element(e.type, values[static_cast<std::size_t>(k)], e.origin.data(), &error))
        throw bad_input{r.line, "origin: " + error};
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
  scenario sc_;
  std::int64_t window_bytes_ = 0, disp_unit_ = 1;
  window_info info_;
  policy policy_;
  bool lock_all_ = false;
  std::map<int, int> sequence_;
};

}  // namespace

std::optional<scenario> parse_scenario(const std::string& text, const std::string& file, std::string* error) {
  std::vector<line_record> lines;
  std::istringstream in(text);
  int number = 0;
  try {
    for (std::string line; std::getline(in, line);) {
      ++number;
      auto words = words_of(line);
      if (!words.empty()) lines.push_back(record(number, std::move(words)));
    }
    return builder(std::move(lines), file).build();
  } catch (const bad_input& e) {
    *error = file + ":" + std::to_string(e.line) + ": " + e.message;
    return std::nullopt;
  }
}

bool expectation_met(const expectation& e, const scenario& s, const exploration& x, std::string* detail) {
  switch (e.kind) {
    case expectation_kind::clean:
      *detail = std::to_string(s.rejected.size()) + " erroneous call(s), " + std::to_string(x.findings.size()) +
                " finding(s), " + (x.serializable() ? "serializable" : "not serializable");
      return s.rejected.empty() && x.findings.empty() && x.serializable();
    case expectation_kind::serializable:
      *detail = x.serializable() ? "every outcome is serial" : "some outcome is not serial";
      return x.serializable();
    case expectation_kind::non_serializable:
      *detail = x.serializable() ? "every outcome is serial" : "some outcome is not serial";
      return !x.serializable();
    case expectation_kind::finding:
      *detail = "no " + e.name + " finding";
      return std::any_of(x.findings.begin(), x.findings.end(),
                         [&](const finding& f) { return describe(f.kind).name == e.name; });
    case expectation_kind::erroneous:
      *detail = "no call broke " + e.name;
      return std::any_of(s.rejected.begin(), s.rejected.end(),
                         [&](const rejected_call& r) { return describe(r.outcome.broken_rule()).name == e.name; });
  }
  return false;
}

}  // namespace redsem::sim::rma
