// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/records.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstring>
#include <fstream>
#include <sstream>

#include "check/analysis/record_files.h"
#include "check/analysis/record_schema.h"

namespace redsem::check {

std::optional<long long> numbered_record_file(const std::string& name, std::string_view prefix) {
  constexpr std::string_view suffix = ".jsonl";
  if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix))
    return std::nullopt;
  long long n = -1;
  const char* first = name.data() + prefix.size();
  const char* last = name.data() + name.size() - suffix.size();
  const auto [end, ec] = std::from_chars(first, last, n);
  if (ec != std::errc() || end != last || n > INT_MAX) return std::nullopt;
  return n;
}

namespace {

// What a parsed value costs in memory, roughly (nlohmann's nodes and strings): the bound on
// what is kept is on this, not on the text, whose small lines grow several times when parsed.
std::size_t footprint(const nlohmann::json& j) {
  constexpr std::size_t value = sizeof(nlohmann::json), node = 64;
  if (j.is_string()) return value + j.get_ref<const std::string&>().size();
  std::size_t n = value;
  if (j.is_object())
    for (const auto& [key, v] : j.items()) n += node + key.size() + footprint(v);
  else if (j.is_array())
    for (const auto& v : j) n += footprint(v);
  return n;
}

// One line at a time, read in blocks, at most `cap` bytes of a line held: a longer line is
// skipped to its end, so memory stays bounded whatever the file holds.
class line_reader {
 public:
  line_reader(std::istream& in, std::size_t cap) : in_(in), cap_(cap), block_(std::size_t{1} << 16) {}

  // False at the end. `complete`: the line ended with its newline; `oversized`: it was longer
  // than the cap and `line` holds nothing.
  bool next(std::string& line, bool& complete, bool& oversized) {
    line.clear();
    complete = oversized = false;
    bool any = false;
    while (fill()) {
      any = true;
      const char* first = block_.data() + at_;
      const char* newline = static_cast<const char*>(std::memchr(first, '\n', end_ - at_));
      const std::size_t n = (newline ? newline : block_.data() + end_) - first;
      if (!oversized && line.size() + n > cap_) {
        oversized = true;
        std::string().swap(line);
      }
      if (!oversized) line.append(first, n);
      at_ += n + (newline ? 1 : 0);
      if (newline) {
        complete = true;
        break;
      }
    }
    if (any) ++number_;
    return any;
  }
  std::size_t number() const { return number_; }

 private:
  // Whether unread bytes are in the block, reading the next block when it is empty.
  bool fill() {
    if (at_ < end_) return true;
    in_.read(block_.data(), static_cast<std::streamsize>(block_.size()));
    at_ = 0;
    end_ = static_cast<std::size_t>(in_.gcount());
    return end_ > 0;
  }

  std::istream& in_;
  std::size_t cap_;
  std::vector<char> block_;
  std::size_t at_ = 0, end_ = 0;
  std::size_t number_ = 0;
};

void note_damage(rank_records& r, const record_bounds& b, std::size_t line, const std::string& what) {
  if (r.damage.size() < b.max_damage_notes) r.damage.push_back(fmt::format("line {}: {}", line, what));
}

// Whether a valid line may be kept under the bounds; counts it dropped when not.
bool may_keep(rank_records& r, const nlohmann::json& j, const std::string& ev, record_budget& budget) {
  if (ev == "start" || ev == "finalize" || ev == "wrong_mpi") return true;  // one each: always
  if (ev == "finding" && ++r.findings_seen > budget.bounds.max_findings_per_rank) return ++r.dropped_lines, false;
  const std::size_t cost = footprint(j);
  if (budget.kept_bytes + cost > budget.bounds.max_kept_bytes) {
    budget.bound_hit = true;
    return ++r.dropped_lines, false;
  }
  budget.kept_bytes += cost;
  return true;
}

void take_line(rank_records& r, std::string_view text, bool complete, std::size_t number, record_budget& budget) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    if (!complete) return void(r.truncated_last_line = true);
    ++r.unreadable_lines;
    return note_damage(r, budget.bounds, number, "not a JSON object");
  }
  if (const std::string problem = record_problem(j); !problem.empty()) {
    ++r.invalid_lines;
    return note_damage(r, budget.bounds, number, problem + ": not believed (a damaged record)");
  }
  const std::string ev = j["ev"].get<std::string>();
  if (!known_record_kind(ev) || !may_keep(r, j, ev, budget)) return;
  if (ev == "start") r.start = j;
  if (ev == "finalize") r.finalize = j;
  r.lines.push_back(std::move(j));
}

}  // namespace

rank_records read_rank_records(int rank, std::istream& in, record_budget& budget) {
  rank_records r;
  r.rank = rank;
  line_reader reader(in, budget.bounds.max_line_bytes);
  std::string line;
  bool complete = false, oversized = false;
  while (reader.next(line, complete, oversized)) {
    if (oversized) {
      ++r.oversized_lines;
      note_damage(r, budget.bounds, reader.number(),
                  fmt::format("longer than {} bytes: skipped unread", budget.bounds.max_line_bytes));
      continue;
    }
    if (!line.empty()) take_line(r, line, complete, reader.number(), budget);
  }
  return r;
}

rank_records parse_rank_records(int rank, const std::string& text) {
  std::istringstream in(text);
  record_budget budget;
  return read_rank_records(rank, in, budget);
}

run_records read_run_records(const std::filesystem::path& dir, const record_bounds& bounds) {
  run_records run;
  record_budget budget{bounds};
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const auto rank = numbered_record_file(name, "rank-");
    const bool wrong = numbered_record_file(name, "wrong-mpi-").has_value();
    if (!rank && !wrong) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    if (wrong) {
      for (auto& line : read_rank_records(-1, in, budget).lines)
        if (line["ev"] == "wrong_mpi") run.wrong_mpi.push_back(std::move(line));
      continue;
    }
    rank_records r = in ? read_rank_records(static_cast<int>(*rank), in, budget) : rank_records{};
    r.rank = static_cast<int>(*rank);
    r.file = entry.path().string();
    if (!in && !in.eof()) r.unreadable = "cannot read " + r.file;
    run.ranks.push_back(std::move(r));
  }
  run.kept_bytes_bound_hit = budget.bound_hit;
  std::sort(run.ranks.begin(), run.ranks.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  return run;
}

}  // namespace redsem::check
