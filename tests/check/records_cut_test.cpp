// SPDX-License-Identifier: BSD-3-Clause
// Records that outgrow the reader's memory bound: each rank's cut once within its share, what
// the analyses then see of it, and what the report says.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "check/analysis/coverage_note.h"
#include "check/analysis/records.h"
#include "check/analysis/run_report.h"

namespace redsem::check {
namespace {

TEST(check_records, lines_beyond_the_memory_bound_are_counted_not_kept) {
  std::string text = R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"})"
                     "\n";
  for (int i = 0; i < 100; ++i)
    text += R"({"ev":"rma_limit","rank":0,"seq":1,"what":"windows","limit":64})"
            "\n";
  std::istringstream in(text);
  const rank_records r = read_rank_records(0, in, {}, {.lines = 2000});
  ASSERT_TRUE(r.cut);
  EXPECT_EQ(r.cut->lines, 101 - r.cut->line + 1);
  EXPECT_EQ(r.lines.size(), r.cut->line - 1);
  EXPECT_LE(r.kept_bytes, 2000u);
}

// A line of `bytes` bytes or so that no analysis looks at: a user op created.
std::string op_line(int rank, std::size_t seq, std::size_t bytes) {
  return R"({"ev":"op_create","rank":)" + std::to_string(rank) + R"(,"seq":)" + std::to_string(seq) +
         R"(,"op":"user#1","commute":true,"symbol":")" + std::string(bytes, 'f') + "\"}\n";
}

// The start line of a rank of two, one thread: the RMA tests' records begin so.
std::string rma_start_line(int rank) {
  return R"({"ev":"start","rank":)" + std::to_string(rank) +
         R"(,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","thread_level":"single"})"
         "\n";
}

// Window `win` of two ranks, made by MPI_Win_allocate on `rank`.
std::string window_line(int rank, std::size_t seq, int win) {
  const std::string r = std::to_string(rank);
  return R"({"ev":"rma_win","rank":)" + r + R"(,"seq":)" + std::to_string(seq) + R"(,"win":)" + std::to_string(win) +
         R"(,"call":"MPI_Win_allocate","win_rank":)" + r +
         R"(,"win_size":2,"group":[0,1],"size":16,"disp_unit":4,"host":"h"})"
         "\n";
}

// The coverage's notes of what was not observed, one line each.
std::string not_observed_text(const run_report& report) {
  std::string all;
  for (const auto& n : report.coverage.not_observed) all += note_line(n) + "\n";
  return all;
}

// Issue 30, item 8: records that outgrow the reader's memory bound on several ranks. Each rank over
// its share is cut once, at the first line that does not fit: the analyses see its beginning whole
// (no small line kept past a larger one dropped), every rank keeps some of its record whatever the
// directory's order, and the coverage names the ranks cut with the lines and bytes left unread, so
// the verdict is partial. Before, the first file read took the whole bound and those read after it
// kept nothing but their start and finalize lines.
TEST(check_records, every_rank_over_its_share_of_the_memory_bound_is_cut_once_and_said) {
  const auto dir = std::filesystem::temp_directory_path() / ("redsem-records-cut-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  constexpr std::size_t big_lines = 400;
  std::map<int, std::size_t> bytes_after;  // rank -> bytes of its lines from the cut
  std::vector<std::vector<std::string>> written(4);
  for (int rank = 0; rank < 4; ++rank) {
    auto& lines = written[static_cast<std::size_t>(rank)];
    const std::string r = std::to_string(rank);
    lines.push_back(R"({"ev":"start","rank":)" + r +
                    R"(,"seq":0,"size":4,"built_for":"openmpi","library":"Open MPI","program":"/tmp/app"})" + "\n");
    const std::size_t n = rank == 3 ? 4 : big_lines;  // rank 3 needs far less than its share
    for (std::size_t i = 1; i <= n; ++i) lines.push_back(op_line(rank, i, i % 2 ? 600 : 20));
    lines.push_back(R"({"ev":"finalize","rank":)" + r + R"(,"seq":)" + std::to_string(n + 1) + R"(,"calls":{}})" +
                    "\n");
    std::ofstream out(dir / ("rank-" + r + ".jsonl"));
    for (const auto& l : lines) out << l;
  }
  const run_records run = read_run_records(dir, {.max_kept_bytes = 600'000});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run.ranks.size(), 4u);
  for (const auto& r : run.ranks) {
    const auto& lines = written[static_cast<std::size_t>(r.rank)];
    ASSERT_TRUE(r.finalize) << "rank " << r.rank;
    if (r.rank == 3) {
      EXPECT_FALSE(r.cut);
      EXPECT_EQ(r.lines.size(), lines.size());
      continue;
    }
    ASSERT_TRUE(r.cut) << "rank " << r.rank;
    // A share each (a quarter of the bound at least), the record's beginning whole, then finalize.
    EXPECT_GT(r.cut->line, big_lines / 4) << "rank " << r.rank;
    ASSERT_EQ(r.lines.size(), r.cut->line) << "rank " << r.rank;
    for (std::size_t i = 0; i + 1 < r.lines.size(); ++i) EXPECT_EQ(r.lines[i]["seq"], i) << "rank " << r.rank;
    EXPECT_EQ(r.cut->lines, lines.size() - r.cut->line) << "rank " << r.rank;
    std::size_t bytes = 0;
    for (std::size_t i = r.cut->line - 1; i + 1 < lines.size(); ++i) bytes += lines[i].size();
    EXPECT_EQ(r.cut->bytes, bytes) << "rank " << r.rank;
    bytes_after[r.rank] = bytes;
  }
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);
  std::string all;
  const coverage_note* said = nullptr;
  for (const auto& n : report.coverage.not_observed) {
    all += note_line(n) + "\n";
    if (n.text.find("outgrew") != std::string::npos) said = &n;
  }
  ASSERT_TRUE(said) << all;
  EXPECT_EQ(said->count, 3u) << all;
  EXPECT_EQ(said->unit, "rank");
  const std::size_t total = bytes_after[0] + bytes_after[1] + bytes_after[2];
  EXPECT_NE(said->text.find(std::to_string(total) + " byte(s) after the cuts not analysed"), std::string::npos) << all;
  ASSERT_EQ(said->examples.size(), 3u) << all;
  for (int rank = 0; rank < 3; ++rank) {
    const auto k = static_cast<std::size_t>(rank);
    EXPECT_TRUE(said->examples[k].starts_with("rank " + std::to_string(rank) + ": cut at line")) << all;
    ASSERT_TRUE(report.ranks[k].cut);
    EXPECT_EQ(report.ranks[k].cut->bytes, bytes_after[rank]);
  }
  EXPECT_FALSE(report.ranks[3].cut);
}

// The RMA analysis of a cut record: rank 1's accumulate, made before the cut, was completed by a
// flush after it, which the analysis does not see. The record of the window stops at the cut (an
// rma_limit records_cut line, rma_analysis.cpp): the call is set aside, said, not taken for in
// flight to the end of the run.
TEST(check_records, a_cut_record_stops_the_rma_analysis_of_its_windows_there) {
  const auto dir = std::filesystem::temp_directory_path() / ("redsem-records-cut-rma-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (int rank = 0; rank < 2; ++rank) {
    const std::string r = std::to_string(rank);
    std::ofstream out(dir / ("rank-" + r + ".jsonl"));
    out << rma_start_line(rank) << window_line(rank, 1, 0) << R"({"ev":"rma_sync","rank":)" << r << R"(,"seq":2,"win":0,"call":"MPI_Win_lock_all","epoch":0,"time":1})"
        << "\n";
    std::size_t seq = 3;
    if (rank == 1) {
      out << R"({"ev":"rma_call","rank":1,"seq":3,"win":0,"call":"MPI_Accumulate","epoch":1,"target":0,"disp":0,)"
             R"("count":1,"type":"MPI_INT","op":"MPI_SUM","origin":"01000000","time":2})"
             "\n";
      for (seq = 4; seq < 200; ++seq) out << op_line(1, seq, 600);
      out << R"({"ev":"rma_sync","rank":1,"seq":)" << seq++
          << R"(,"win":0,"call":"MPI_Win_flush_all","epoch":1,"time":50})"
          << "\n";
    }
    out << R"({"ev":"rma_sync","rank":)" << r << R"(,"seq":)" << seq
        << R"(,"win":0,"call":"MPI_Win_unlock_all","epoch":1,"time":60})"
           "\n"
        << R"({"ev":"finalize","rank":)" << r << R"(,"seq":)" << seq + 1 << R"(,"calls":{}})"
        << "\n";
  }
  const run_records run = read_run_records(dir, {.max_kept_bytes = 20'000});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run.ranks.size(), 2u);
  ASSERT_FALSE(run.ranks[0].cut);
  ASSERT_TRUE(run.ranks[1].cut);
  ASSERT_GT(run.ranks[1].cut->line, 4u);  // the accumulate kept
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);
  const std::string all = not_observed_text(report);
  EXPECT_NE(all.find("the reader's memory bound cut the rank's record here"), std::string::npos) << all;
  EXPECT_NE(all.find("a call whose completion the bounded record does not show"), std::string::npos) << all;
}

// A window the rank freed before the reader's cut was recorded whole: only the windows still open at
// the cut are said to be cut. Before, every window the rank had recorded was set aside as cut, which
// told the user that a window analysed whole was not.
TEST(check_records, a_window_freed_before_the_cut_is_not_said_cut) {
  const auto dir = std::filesystem::temp_directory_path() / ("redsem-records-cut-freed-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (int rank = 0; rank < 2; ++rank) {
    const std::string r = std::to_string(rank);
    std::ofstream out(dir / ("rank-" + r + ".jsonl"));
    out << rma_start_line(rank);
    std::size_t seq = 1;
    for (int win = 0; win < 2; ++win) {
      const std::string w = std::to_string(win);
      out << window_line(rank, seq++, win);
      for (int epoch = 0; epoch < 2; ++epoch)
        out << R"({"ev":"rma_sync","rank":)" << r << R"(,"seq":)" << seq++ << R"(,"win":)" << w
            << R"(,"call":"MPI_Win_fence","epoch":)" << epoch << R"(,"time":)" << epoch + 1 << "}\n";
      if (win == 0)
        out << R"({"ev":"rma_win_free","rank":)" << r << R"(,"seq":)" << seq++ << R"(,"win":0,"call":"MPI_Win_free","epoch":2})"
            << "\n";
    }
    if (rank == 1)
      for (int k = 0; k < 200; ++k) out << op_line(1, seq++, 600);
    out << R"({"ev":"finalize","rank":)" << r << R"(,"seq":)" << seq << R"(,"calls":{}})"
        << "\n";
  }
  const run_records run = read_run_records(dir, {.max_kept_bytes = 60'000});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run.ranks.size(), 2u);
  ASSERT_TRUE(run.ranks[1].cut);
  ASSERT_GT(run.ranks[1].cut->line, 8u);  // both windows' lines kept
  const run_report report = analyse_run(run, {});
  const std::string all = not_observed_text(report);
  EXPECT_NE(all.find("the reader's memory bound cut the rank's record here"), std::string::npos) << all;
  EXPECT_NE(all.find("window 1"), std::string::npos) << all;
  EXPECT_EQ(all.find("window 0"), std::string::npos) << all;
}

// A finding of the runtime's, `bytes` bytes of message or so: a load of a pending result buffer.
std::string finding_line(int rank, std::size_t seq, std::size_t bytes) {
  return R"({"ev":"finding","rank":)" + std::to_string(rank) + R"(,"seq":)" + std::to_string(seq) +
         R"(,"check":"result_buffer_accessed_before_completion","call":"MPI_Get","rule":"MPI-4.1 §13.3",)"
         R"("message":"the program loaded from the result buffer of this MPI_Get )" +
         std::string(bytes, '.') +
         R"(","caller":{"address":"0x4011ff","module":"/nonexistent/app","offset":"0x11ff","symbol":"main"},)"
         R"("evidence":{"win":0,"target":1,"buffer":"result","access":"load","offset":0,"bytes":4,"epoch":1}})"
         "\n";
}

// A finding the runtime decided in the process (a load of a pending result buffer) is whole on its
// line: one after the cut is kept, within the reader's bound on such lines, and decides the verdict
// (errors, not clean (partial)); one beyond that bound is counted and said, and the coverage still
// says the cut. Before, every finding after the cut was only counted: the verdict was clean (partial).
TEST(check_records, a_finding_after_the_cut_is_reported_and_decides_the_verdict) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("redsem-records-cut-finding-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  constexpr std::size_t ops = 200;
  {
    std::ofstream out(dir / "rank-0.jsonl");
    out << R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"})"
           "\n";
    for (std::size_t seq = 1; seq <= ops; ++seq) out << op_line(0, seq, 600);
    out << finding_line(0, ops + 1, 10) << finding_line(0, ops + 2, 5000) << op_line(0, ops + 3, 20)
        << R"({"ev":"finalize","rank":0,"seq":)" << ops + 4 << R"(,"calls":{}})"
        << "\n";
  }
  // The small finding fits the bound on findings after the cut, the large one (its message) does not.
  const run_records run = read_run_records(dir, {.max_kept_bytes = 20'000, .max_cut_findings_bytes = 4000});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run.ranks.size(), 1u);
  const rank_records& r = run.ranks[0];
  ASSERT_TRUE(r.cut);
  ASSERT_LT(r.cut->line, ops);
  EXPECT_EQ(r.cut->findings_kept, 1u);
  EXPECT_EQ(r.cut->findings, 1u);
  EXPECT_EQ(r.cut->lines, ops + 4 - r.cut->line);  // the op lines from the cut, the large finding, the last op
  EXPECT_EQ(r.findings_seen, 2u);
  const std::string cut = record_cut_text(*r.cut);
  EXPECT_NE(cut.find(", 1 finding(s) among them not reported; 1 finding(s) after it read and reported"),
            std::string::npos)
      << cut;
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::errors);
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings[0].check, "result_buffer_accessed_before_completion");
  EXPECT_EQ(report.findings[0].ranks, (std::vector<int>{0}));
  EXPECT_EQ(report.findings[0].count, 1u);  // the large one not kept
  EXPECT_EQ(report.ranks[0].findings, 2u);
  const std::string all = not_observed_text(report);
  EXPECT_NE(all.find("1 rank(s)' records outgrew their share"), std::string::npos) << all;
  EXPECT_NE(all.find("1 finding(s) among them not reported (beyond the reader's bound on the findings kept after "
                     "the cuts); 1 finding(s) after the cuts read and reported"),
            std::string::npos)
      << all;
}

// The bound on findings after the cuts is the run's, shared among the rank files as the bound on
// lines is: the rank read first keeps its part of it, not all of it, and the next one the rest.
TEST(check_records, the_bound_on_findings_after_the_cuts_is_shared_among_the_ranks) {
  const auto dir = std::filesystem::temp_directory_path() / ("redsem-records-cut-shared-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  constexpr std::size_t ops = 100, findings = 4;
  for (int rank = 0; rank < 2; ++rank) {
    const std::string r = std::to_string(rank);
    std::ofstream out(dir / ("rank-" + r + ".jsonl"));
    out << R"({"ev":"start","rank":)" << r << R"(,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI"})"
        << "\n";
    // Rank 1's file a little larger: read second.
    for (std::size_t seq = 1; seq <= ops; ++seq) out << op_line(rank, seq, rank ? 610 : 600);
    for (std::size_t k = 1; k <= findings; ++k) out << finding_line(rank, ops + k, 10);
    out << R"({"ev":"finalize","rank":)" << r << R"(,"seq":)" << ops + findings + 1 << R"(,"calls":{}})"
        << "\n";
  }
  const std::string one = finding_line(0, 1, 10);
  const std::size_t cost = [&] {  // one finding's parsed footprint, as the reader estimates it
    std::istringstream in(one);
    return read_rank_records(0, in, {}, {.lines = std::size_t{1} << 20}).kept_bytes;
  }();
  // Room for four findings in the run: two each, where the first rank read could take three.
  const run_records run =
      read_run_records(dir, {.max_kept_bytes = 20'000, .max_cut_findings_bytes = 4 * cost + cost / 2});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(run.ranks.size(), 2u);
  for (const auto& r : run.ranks) {
    ASSERT_TRUE(r.cut) << "rank " << r.rank;
    EXPECT_EQ(r.cut->findings_kept, 2u) << "rank " << r.rank;
    EXPECT_EQ(r.cut->findings, findings - 2) << "rank " << r.rank;
  }
}

}  // namespace
}  // namespace redsem::check
