// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/records.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

#include "check/analysis/record_files.h"
#include "check/analysis/record_schema.h"
#include "check/analysis/rma_analysis.h"

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

// What the allocator hands out for a request of `n` bytes: glibc's malloc adds its 8-byte header
// and rounds to 16, at least 32.
std::size_t allocated(std::size_t n) { return std::max<std::size_t>(32, (n + 8 + 15) & ~std::size_t{15}); }

// A string's own allocation, when it is longer than libstdc++ keeps inline.
std::size_t text_heap(const std::string& s) { return s.size() > 15 ? allocated(s.size() + 1) : 0; }

// What a parsed value holds on the heap beyond its own slot, as allocated: nlohmann's object is a
// std::map (a node of four words and its key and value per member), its array a std::vector, its
// string a std::string, each made with `new`. The bound on what is kept is on this, not on the
// text, whose small lines grow several times when parsed.
std::size_t heap_bytes(const nlohmann::json& j) {
  using json = nlohmann::json;
  constexpr std::size_t node = 4 * sizeof(void*) + sizeof(json::object_t::value_type);
  std::size_t n = 0;
  if (j.is_string()) return allocated(sizeof(json::string_t)) + text_heap(j.get_ref<const json::string_t&>());
  if (j.is_object()) {
    n = allocated(sizeof(json::object_t));
    for (const auto& [key, v] : j.get_ref<const json::object_t&>())
      n += allocated(node) + text_heap(key) + heap_bytes(v);
  } else if (j.is_array()) {
    const auto& a = j.get_ref<const json::array_t&>();
    n = allocated(sizeof(json::array_t)) + (a.empty() ? 0 : allocated(a.capacity() * sizeof(json)));
    for (const auto& v : a) n += heap_bytes(v);
  }
  return n;
}

// What keeping line `j` of kind `ev` costs: its slot in the record's vector (twice, for the
// vector's spare capacity), what it holds on the heap, and as much again when the RMA analysis
// takes a copy of it (rma_analysis_takes): that copy lives while the analysis runs, beside the
// record, so the bound covers both.
std::size_t footprint(const nlohmann::json& j, std::string_view ev) {
  const std::size_t one = 2 * sizeof(nlohmann::json) + heap_bytes(j);
  return rma_analysis_takes(ev) ? 2 * one : one;
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
    bytes_ = 0;
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
      bytes_ += n + (newline ? 1 : 0);
      if (newline) {
        complete = true;
        break;
      }
    }
    if (any) ++number_;
    return any;
  }
  std::size_t number() const { return number_; }
  std::size_t bytes() const { return bytes_; }  // of the line last read, its newline included

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
  std::size_t number_ = 0, bytes_ = 0;
};

void note_damage(rank_records& r, const record_bounds& b, std::size_t line, const std::string& what) {
  if (r.damage.size() < b.max_damage_notes) r.damage.push_back(fmt::format("line {}: {}", line, what));
}

// Whether a valid line may be kept: within the rank's share, before its record was cut, and for a
// finding within max_findings_per_rank. The first line beyond the share cuts the record, so that the
// analyses see its beginning whole and never a record with lines missing in between. A finding the
// runtime decided in the process needs no other line to be believed: from the cut on, findings are
// kept within their own share, so that an error past the cut is still reported.
bool may_keep(rank_records& r, const nlohmann::json& j, const std::string& ev, const record_bounds& bounds,
              const record_share& share, std::size_t number) {
  if (ev == "start" || ev == "finalize" || ev == "wrong_mpi") return true;  // one each: always
  const bool finding = ev == "finding";
  if (finding && ++r.findings_seen > bounds.max_findings_per_rank) {
    if (!r.cut) ++r.dropped_findings;  // after the cut: counted among the cut's findings
    return false;
  }
  if (r.cut && !finding) return false;
  const std::size_t cost = footprint(j, ev);
  if (!r.cut && r.kept_bytes + cost <= share.lines) {
    r.kept_bytes += cost;
    return true;
  }
  if (!r.cut) r.cut = record_cut{.line = number, .share = share.lines};
  if (!finding || r.cut_finding_bytes + cost > share.cut_findings) return false;
  r.cut_finding_bytes += cost;
  ++r.cut->findings_kept;
  return true;
}

// Whether the line was kept.
bool take_line(rank_records& r, std::string_view text, bool complete, std::size_t number, const record_bounds& bounds,
               const record_share& share) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    if (!complete) return r.truncated_last_line = true, false;
    ++r.unreadable_lines;
    return note_damage(r, bounds, number, "not a JSON object"), false;
  }
  if (const std::string problem = record_problem(j); !problem.empty()) {
    ++r.invalid_lines;
    return note_damage(r, bounds, number, problem + ": not believed (a damaged record)"), false;
  }
  const std::string ev = j["ev"].get<std::string>();
  if (!known_record_kind(ev) || !may_keep(r, j, ev, bounds, share, number)) {
    if (r.cut && ev == "finding") ++r.cut->findings;
    return false;
  }
  if (ev == "start") r.start = j;
  if (ev == "finalize") r.finalize = j;
  r.lines.push_back(std::move(j));
  return true;
}

}  // namespace

rank_records read_rank_records(int rank, std::istream& in, const record_bounds& bounds, const record_share& share) {
  rank_records r;
  r.rank = rank;
  line_reader reader(in, bounds.max_line_bytes);
  std::string line;
  bool complete = false, oversized = false;
  while (reader.next(line, complete, oversized)) {
    bool kept = false;
    if (oversized) {
      ++r.oversized_lines;
      note_damage(r, bounds, reader.number(),
                  fmt::format("longer than {} bytes: skipped unread", bounds.max_line_bytes));
    } else if (!line.empty()) {
      kept = take_line(r, line, complete, reader.number(), bounds, share);
    }
    if (r.cut && !kept) {
      ++r.cut->lines;
      r.cut->bytes += reader.bytes();
    }
  }
  return r;
}

rank_records parse_rank_records(int rank, const std::string& text) {
  std::istringstream in(text);
  const record_bounds bounds;
  return read_rank_records(rank, in, bounds, {bounds.max_kept_bytes, bounds.max_cut_findings_bytes});
}

std::string record_cut_text(const record_cut& cut) {
  std::string s =
      fmt::format("cut at line {} by the reader's memory bound: {} line(s), {} byte(s) after it not analysed", cut.line,
                  cut.lines, cut.bytes);
  if (cut.findings) s += fmt::format(", {} finding(s) among them not reported", cut.findings);
  if (cut.findings_kept) s += fmt::format("; {} finding(s) after it read and reported", cut.findings_kept);
  return s;
}

// The record files are read smallest first, each rank's share the part of each bound still free
// divided among the rank files still to read: a small record keeps all it has and leaves the rest to
// the larger ones, and no rank's record is left out because others were read before it (the
// directory's order is arbitrary). The wrong-mpi files keep only their wrong_mpi lines.
run_records read_run_records(const std::filesystem::path& dir, const record_bounds& bounds) {
  struct record_file {
    std::uintmax_t size;
    std::optional<long long> rank;  // none: a wrong-mpi file
    std::filesystem::path path;
  };
  std::vector<record_file> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const auto rank = numbered_record_file(name, "rank-");
    if (!rank && !numbered_record_file(name, "wrong-mpi-")) continue;
    std::error_code size_ec;
    const std::uintmax_t size = entry.file_size(size_ec);
    files.push_back({size_ec ? 0 : size, rank, entry.path()});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return std::tie(a.size, a.rank, a.path) < std::tie(b.size, b.rank, b.path);
  });
  std::size_t left = static_cast<std::size_t>(
      std::count_if(files.begin(), files.end(), [](const auto& f) { return f.rank.has_value(); }));
  std::size_t kept = 0, kept_cut_findings = 0;
  const auto part = [&](std::size_t bound, std::size_t used) { return (bound - std::min(used, bound)) / left; };
  run_records run;
  for (const auto& f : files) {
    std::ifstream in(f.path, std::ios::binary);
    if (!f.rank) {
      for (auto& line : read_rank_records(-1, in, bounds, {}).lines)
        if (line["ev"] == "wrong_mpi") run.wrong_mpi.push_back(std::move(line));
      continue;
    }
    const record_share share{part(bounds.max_kept_bytes, kept), part(bounds.max_cut_findings_bytes, kept_cut_findings)};
    --left;
    rank_records r = in ? read_rank_records(static_cast<int>(*f.rank), in, bounds, share) : rank_records{};
    kept += r.kept_bytes;
    kept_cut_findings += r.cut_finding_bytes;
    r.rank = static_cast<int>(*f.rank);
    r.file = f.path.string();
    if (!in && !in.eof()) r.unreadable = "cannot read " + r.file;
    run.ranks.push_back(std::move(r));
  }
  std::sort(run.ranks.begin(), run.ranks.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  return run;
}

}  // namespace redsem::check
