#include "probe/trace.h"

#include <array>
#include <sstream>
#include <stdexcept>

namespace redsem::probe {
namespace {

constexpr std::array<std::string_view, 6> names{"Reduce", "Allreduce", "Reduce_scatter",
                                                "Reduce_scatter_block", "Scan", "Exscan"};

case_trace* find_case(probe_trace& t, int id) {
  for (auto& c : t.cases)
    if (c.id == id) return &c;
  return nullptr;
}

case_trace read_case_header(std::istringstream& in, const std::string& line) {
  case_trace c;
  std::string name;
  int commute = 0, in_place = 0, padded = 0;
  if (!(in >> c.id >> name >> commute >> in_place >> c.count >> c.root >> padded))
    throw std::runtime_error("malformed case line: " + line);
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
        std::getline(in >> std::ws, into.library);
        break;
      case 'S': {
        case_trace c = read_case_header(in, line);
        if (find_case(into, c.id) == nullptr) into.cases.push_back(std::move(c));
        break;
      }
      case 'C': {
        const case_trace header = read_case_header(in, line);
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
        c->runs.push_back(std::move(r));
        break;
      }
      default: break;
    }
  }
}

const case_trace* unfinished_case(const probe_trace& trace) {
  for (const auto& c : trace.cases)
    if (!c.completed && c.crash.empty()) return &c;
  return nullptr;
}

}  // namespace redsem::probe
