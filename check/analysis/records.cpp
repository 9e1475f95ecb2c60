#include "check/analysis/records.h"

#include <algorithm>
#include <charconv>
#include <climits>

#include "model/input_file.h"

namespace redsem::check {
namespace {

// The <n> of "<prefix><n>.jsonl", nullopt for other names.
std::optional<long long> numbered(const std::string& name, std::string_view prefix) {
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

std::optional<nlohmann::json> parse_object(std::string_view line) {
  auto j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

}  // namespace

rank_records parse_rank_records(int rank, const std::string& text) {
  rank_records r;
  r.rank = rank;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t newline = text.find('\n', at);
    const bool complete = newline != std::string::npos;
    const std::string_view line(text.data() + at, (complete ? newline : text.size()) - at);
    at = complete ? newline + 1 : text.size();
    if (line.empty()) continue;
    auto j = parse_object(line);
    if (!j) {
      (complete ? ++r.unreadable_lines : r.truncated_last_line = true);
      continue;
    }
    const std::string ev = j->value("ev", "");
    if (ev == "start") r.start = *j;
    if (ev == "finalize") r.finalize = *j;
    r.lines.push_back(std::move(*j));
  }
  return r;
}

run_records read_run_records(const std::filesystem::path& dir) {
  run_records run;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const auto rank = numbered(name, "rank-");
    const bool wrong = numbered(name, "wrong-mpi-").has_value();
    if (!rank && !wrong) continue;
    const input_file file = read_input_file(entry.path().string(), max_record_bytes);
    if (wrong) {
      if (!file.text) continue;
      for (auto& line : parse_rank_records(-1, *file.text).lines)
        if (line.value("ev", "") == "wrong_mpi") run.wrong_mpi.push_back(std::move(line));
      continue;
    }
    rank_records r = file.text ? parse_rank_records(static_cast<int>(*rank), *file.text) : rank_records{};
    r.rank = static_cast<int>(*rank);
    r.file = entry.path().string();
    if (!file.text) r.unreadable = file.error;
    run.ranks.push_back(std::move(r));
  }
  std::sort(run.ranks.begin(), run.ranks.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  return run;
}

}  // namespace redsem::check
