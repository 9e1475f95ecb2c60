// SPDX-License-Identifier: BSD-3-Clause
#include "probe/trace.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>
#include <stdexcept>

namespace redsem::probe {
namespace {

constexpr std::array<std::string_view, 6> names{"Reduce", "Allreduce", "Reduce_scatter", "Reduce_scatter_block",
                                                "Scan",   "Exscan"};
constexpr std::array<std::string_view, 3> form_names{"blocking", "nonblocking", "persistent"};

// What a trace may claim. The tracer's output is read, not trusted: a number past these is a
// malformed line (exit 2), never an allocation of its size or a verdict about ranks, elements
// or cases the job did not have.
constexpr int max_ranks = 36;               // the bracket form names ranks 0-9, a-z
constexpr int max_element_bytes = 1 << 16;  // bytes of the tracer's element
constexpr int max_count = 1 << 20;          // elements per call, as `probe --counts` allows
constexpr int max_case_id = 1 << 20;

void check(bool ok, const std::string& what, const std::string& line) {
  if (!ok) throw std::runtime_error(what + ": " + line);
}

case_trace* find_case(probe_trace& t, int id) {
  for (auto& c : t.cases)
    if (c.id == id) return &c;
  return nullptr;
}

case_trace read_case_header(std::istringstream& in, const std::string& line, int size) {
  case_trace c;
  std::string name;
  int commute = 0, in_place = 0, padded = 0;
  if (!(in >> c.id >> name >> commute >> in_place >> c.count >> c.root >> padded))
    throw std::runtime_error("malformed case line: " + line);
  // The call form is the last field; a tracer from before the nonblocking forms has none.
  std::string form;
  if (in >> form) {
    const auto f = parse_call_form(form);
    if (!f) throw std::runtime_error("unknown call form in: " + line);
    c.form = *f;
  }
  check(size > 0, "a case before the 'P' header line", line);
  check(c.id >= 0 && c.id <= max_case_id, "case number outside 0 … " + std::to_string(max_case_id), line);
  check(c.count >= 0 && c.count <= max_count, "element count outside 0 … " + std::to_string(max_count), line);
  check(c.root >= 0 && c.root < size, "root outside the job's " + std::to_string(size) + " ranks", line);
  const auto which = parse_collective(name);
  if (!which) throw std::runtime_error("unknown collective in: " + line);
  c.which = *which;
  c.commute = commute != 0;
  c.in_place = in_place != 0;
  c.padded = padded != 0;
  return c;
}

}  // namespace

std::string_view to_string(collective c) { return names[static_cast<std::size_t>(c)]; }

std::optional<collective> parse_collective(std::string_view name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<collective>(i);
  return std::nullopt;
}

std::string_view to_string(call_form f) { return form_names[static_cast<std::size_t>(f)]; }

std::optional<call_form> parse_call_form(std::string_view name) {
  for (std::size_t i = 0; i < form_names.size(); ++i)
    if (form_names[i] == name) return static_cast<call_form>(i);
  return std::nullopt;
}

std::string call_name(collective c, call_form f) {
  const std::string name(to_string(c));
  switch (f) {
    case call_form::blocking:
      break;
    case call_form::nonblocking:
      return "MPI_I" + std::string(1, static_cast<char>(name[0] - 'A' + 'a')) + name.substr(1);
    case call_form::persistent:
      return "MPI_" + name + "_init";
  }
  return "MPI_" + name;
}

void parse_trace(std::string_view text, probe_trace& into) {
  std::istringstream lines{std::string(text)};
  std::string line;
  while (std::getline(lines, line)) {
    // The launcher shares stdout (MPICH's termination banner, Open MPI's notices): only
    // "<tag> ..." lines are the tracer's.
    if (line.size() < 2 || line[1] != ' ') continue;
    std::istringstream in(line.substr(1));
    switch (line[0]) {
      case 'P':
        if (!(in >> into.size >> into.element_bytes)) throw std::runtime_error("malformed header: " + line);
        check(into.size >= 1 && into.size <= max_ranks, "job size outside 1 … " + std::to_string(max_ranks), line);
        check(into.element_bytes >= 1 && into.element_bytes <= max_element_bytes,
              "element size outside 1 … " + std::to_string(max_element_bytes), line);
        std::getline(in >> std::ws, into.library);
        break;
      case 'F': {
        std::string name;
        form_support f;
        int supported = 0;
        if (!(in >> name >> supported >> f.binding)) throw std::runtime_error("malformed call form line: " + line);
        const auto form = parse_call_form(name);
        if (!form) throw std::runtime_error("unknown call form in: " + line);
        f.form = *form;
        f.supported = supported != 0;
        // A restarted job reports its forms again: the last report stands.
        std::erase_if(into.forms, [&](const form_support& known) { return known.form == f.form; });
        into.forms.push_back(std::move(f));
        break;
      }
      case 'S': {
        case_trace c = read_case_header(in, line, into.size);
        if (find_case(into, c.id) == nullptr) into.cases.push_back(std::move(c));
        break;
      }
      case 'C': {
        const case_trace header = read_case_header(in, line, into.size);
        case_trace* c = find_case(into, header.id);
        if (c == nullptr) throw std::runtime_error("results of a case never started: " + line);
        c->completed = true;
        break;
      }
      case 'R': {
        int id = 0, ok = 0;
        result_run r;
        if (!(in >> id >> r.rank >> r.first >> r.count >> ok >> r.tree))
          throw std::runtime_error("malformed result line: " + line);
        r.indices_ok = ok != 0;
        case_trace* c = find_case(into, id);
        if (c == nullptr) throw std::runtime_error("result of an unknown case: " + line);
        check(r.rank >= 0 && r.rank < into.size, "rank outside the job's " + std::to_string(into.size) + " ranks",
              line);
        // A rank's result holds the case's count of elements, one more on an odd rank of
        // Reduce_scatter (the tracer's uneven blocks).
        check(r.first >= 0 && r.count >= 1 && std::int64_t{r.first} + r.count <= std::int64_t{c->count} + 1,
              "elements outside the case's " + std::to_string(c->count), line);
        c->runs.push_back(std::move(r));
        break;
      }
      default:
        break;
    }
  }
}

const case_trace* unfinished_case(const probe_trace& trace) {
  for (const auto& c : trace.cases)
    if (!c.completed && c.crash.empty()) return &c;
  return nullptr;
}

std::map<int, std::vector<std::string>> trees_by_rank(const case_trace& c) {
  std::map<int, std::vector<std::string>> out;
  for (const auto& run : c.runs) {
    auto& trees = out[run.rank];
    if (trees.size() < static_cast<std::size_t>(run.first + run.count))
      trees.resize(static_cast<std::size_t>(run.first + run.count));
    std::fill_n(trees.begin() + run.first, run.count, run.tree);
  }
  return out;
}

}  // namespace redsem::probe
