// SPDX-License-Identifier: BSD-3-Clause
// Reading a run's records back: every rank's file, a line cut short by a crash tolerated, the
// same finding on several ranks merged into one.
#include "check/analysis/records.h"

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "check/analysis/finding.h"
#include "check/analysis/hex_bytes.h"
#include "check/analysis/record_schema.h"
#include "check/analysis/run_report.h"
#include "check/analysis/symbolize.h"

// A call site to symbolise: a function of this test executable, which has a symbol table.
extern "C" __attribute__((noinline, used)) int redsem_symbolize_target(int x) { return x * 3 + 1; }
// A C++ caller: addr2line -C names it with its parameter list, and with its mangled symbol
// recorded, so the location must name it once and as called.
namespace redsem_symbolize {
__attribute__((noinline, used)) int compute_scalar(int x) { return x * 5 + 2; }
}  // namespace redsem_symbolize

namespace redsem::check {
namespace {

const std::string fixtures = REDSEM_CHECK_FIXTURES;

TEST(check_records, a_line_cut_short_by_a_crash_is_dropped_and_the_rank_reported_ended_early) {
  const run_records run = read_run_records(fixtures + "/truncated");
  ASSERT_EQ(run.ranks.size(), 2u);
  EXPECT_FALSE(run.ranks[0].truncated_last_line);
  EXPECT_TRUE(run.ranks[1].truncated_last_line);
  EXPECT_EQ(run.ranks[1].unreadable_lines, 0u);
  EXPECT_TRUE(run.ranks[0].finalize.has_value());
  EXPECT_FALSE(run.ranks[1].finalize.has_value());
  const run_report report = analyse_run(run, {});
  ASSERT_EQ(report.ranks.size(), 2u);
  EXPECT_EQ(report.ranks[0].status, rank_status::finished);
  EXPECT_EQ(report.ranks[1].status, rank_status::ended_early);
  EXPECT_EQ(report.ranks[1].findings, 1u);  // gathered before it ended
}

TEST(check_records, the_same_finding_on_two_ranks_is_one_finding_listing_both) {
  const run_report report = analyse_run(read_run_records(fixtures + "/truncated"), {});
  ASSERT_EQ(report.findings.size(), 1u);
  EXPECT_EQ(report.findings[0].ranks, (std::vector<int>{0, 1}));
  // No line information for a module that is not there: the recorded symbol names the caller.
  EXPECT_EQ(report.findings[0].location, "main in /nonexistent/app");
}

TEST(check_records, a_caller_in_a_module_without_line_information_names_its_function_and_place) {
  Dl_info info;
  const auto* code = reinterpret_cast<const char*>(&redsem_symbolize_target) + 1;
  ASSERT_NE(dladdr(code, &info), 0);
  char offset[32], address[32];
  std::snprintf(offset, sizeof offset, "0x%jx",
                static_cast<std::uintmax_t>(code - static_cast<const char*>(info.dli_fbase)));
  std::snprintf(address, sizeof address, "0x%jx", reinterpret_cast<std::uintmax_t>(code));
  std::vector<finding> findings{finding_from_record(
      {{"check", "x"},
       {"caller", {{"module", info.dli_fname}, {"offset", offset}, {"address", address}, {"symbol", nullptr}}}},
      0)};
  symbolize(findings);
  // With -g: "records_test.cpp:N (redsem_symbolize_target)"; without: the function and the place.
  EXPECT_NE(findings[0].location.find("redsem_symbolize_target"), std::string::npos) << findings[0].location;
  if (findings[0].location.find("records_test.cpp:") == std::string::npos) {
    EXPECT_NE(findings[0].location.find("no line information"), std::string::npos) << findings[0].location;
  }
}

TEST(check_records, a_cpp_caller_is_named_once_with_its_own_parameter_list) {
  Dl_info info;
  const auto* code = reinterpret_cast<const char*>(&redsem_symbolize::compute_scalar) + 1;
  ASSERT_NE(dladdr(code, &info), 0);
  char offset[32], address[32];
  std::snprintf(offset, sizeof offset, "0x%jx",
                static_cast<std::uintmax_t>(code - static_cast<const char*>(info.dli_fbase)));
  std::snprintf(address, sizeof address, "0x%jx", reinterpret_cast<std::uintmax_t>(code));
  std::vector<finding> findings{finding_from_record({{"check", "x"},
                                                     {"caller",
                                                      {{"module", info.dli_fname},
                                                       {"offset", offset},
                                                       {"address", address},
                                                       {"symbol", "_ZN16redsem_symbolize14compute_scalarEi"}}}},
                                                    0)};
  symbolize(findings);
  const std::string& where = findings[0].location;
  EXPECT_NE(where.find("redsem_symbolize::compute_scalar(int)"), std::string::npos) << where;
  EXPECT_EQ(where.find(")()"), std::string::npos) << where;                    // not "compute_scalar(int)()"
  EXPECT_EQ(where.find("_ZN16redsem_symbolize"), std::string::npos) << where;  // the name once, demangled
}

TEST(check_records, a_finding_on_a_user_op_names_the_function_the_program_registered) {
  run_records run;
  run.ranks.push_back(
      parse_rank_records(0,
                         R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"}
{"ev":"op_create","rank":0,"seq":1,"op":"user#1","commute":true,"function":{"module":"/nonexistent/app","offset":"0x1320","symbol":"matmul2"}}
{"ev":"finding","rank":0,"seq":2,"check":"user_op_not_commutative","call":"MPI_Allreduce","rule":"r","message":"m","caller":null,"evidence":{"op":"user#1"}}
{"ev":"finding","rank":0,"seq":3,"check":"in_place_non_root","call":"MPI_Reduce","rule":"r","message":"m","caller":null,"evidence":{"op":"MPI_SUM"}}
{"ev":"finalize","rank":0,"seq":4,"calls":{}}
)"));
  const run_report report = analyse_run(run, {});
  ASSERT_EQ(report.findings.size(), 2u);
  EXPECT_EQ(report.findings[0].evidence.value("function", ""), "matmul2 in /nonexistent/app");
  EXPECT_FALSE(report.findings[1].evidence.contains("function"));  // a predefined op has none
}

TEST(check_records, findings_about_different_ops_or_types_stay_apart) {
  finding a = finding_from_record({{"check", "x"}, {"call", "MPI_Reduce"}, {"evidence", {{"op", "MPI_SUM"}}}}, 0);
  finding b = finding_from_record({{"check", "x"}, {"call", "MPI_Reduce"}, {"evidence", {{"op", "MPI_PROD"}}}}, 1);
  EXPECT_EQ(merge_findings({a, b}).size(), 2u);
  EXPECT_EQ(merge_findings({a, a}).size(), 1u);
}

// Item 4 of issue 30: one finding per meaning, whatever each rank's addresses and values.
TEST(check_records, a_finding_is_merged_by_what_it_means_not_by_its_message) {
  const nlohmann::json caller{{"address", "0x5555"}, {"module", "/app"}, {"offset", "0x1136"}, {"symbol", "main"}};
  auto on_rank = [&](int rank, const std::string& address) {
    nlohmann::json c = caller;
    c["address"] = address;
    return finding_from_record({{"check", "buffers_overlap"},
                                {"call", "MPI_Allreduce"},
                                {"message", "send buffer " + address + " overlaps"},
                                {"caller", c},
                                {"evidence", {{"send_begin", address}, {"type", "MPI_DOUBLE"}}}},
                               rank);
  };
  const auto merged = merge_findings({on_rank(0, "0x10"), on_rank(1, "0x20"), on_rank(2, "0x10")});
  ASSERT_EQ(merged.size(), 1u);
  EXPECT_EQ(merged[0].ranks, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(merged[0].evidence["send_begin"], "0x10");  // the first rank's
  ASSERT_EQ(merged[0].other_ranks.size(), 1u);          // rank 2 said what rank 0 said
  EXPECT_EQ(merged[0].other_ranks[0].rank, 1);
  EXPECT_EQ(merged[0].other_ranks[0].evidence["send_begin"], "0x20");
  EXPECT_EQ(merged[0].other_ranks[0].message, "send buffer 0x20 overlaps");
}

// A loop on one rank gives one record an iteration: counted, and its rank listed once, not once a record.
TEST(check_records, records_alike_of_one_rank_are_counted_not_listed) {
  auto at = [](int rank, int i) {
    return finding_from_record({{"check", "x"},
                                {"call", "MPI_Put"},
                                {"message", "iteration " + std::to_string(i)},
                                {"caller", {{"module", "/app"}, {"offset", "0x10"}}}},
                               rank);
  };
  std::vector<finding> loop;
  for (int i = 0; i < 1000; ++i) loop.push_back(at(i < 500 ? 0 : 1, i));
  const auto merged = merge_findings(loop);
  ASSERT_EQ(merged.size(), 1u);
  EXPECT_EQ(merged[0].count, 1000u);
  EXPECT_EQ(merged[0].ranks, (std::vector<int>{0, 1}));
  ASSERT_EQ(merged[0].other_ranks.size(), 1u);
  EXPECT_EQ(merged[0].other_ranks[0].message, "iteration 500");
}

TEST(check_records, the_same_check_at_another_call_site_stays_apart) {
  auto at = [](const std::string& offset) {
    return finding_from_record(
        {{"check", "x"}, {"call", "MPI_Reduce"}, {"caller", {{"module", "/app"}, {"offset", offset}}}}, 0);
  };
  EXPECT_EQ(merge_findings({at("0x10"), at("0x20")}).size(), 2u);
}

// Item 8 of issue 30: the records directory is input, not truth.
TEST(check_records, a_finding_without_its_fields_is_a_damaged_record_not_a_finding) {
  const rank_records r =
      parse_rank_records(0, R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"}
{"ev":"finding"}
{"ev":"finding","rank":0,"seq":2,"check":7,"call":"MPI_Reduce","rule":"r","message":"m","caller":null,"evidence":{}}
{"ev":"finalize","rank":0,"seq":3,"calls":{}}
)");
  EXPECT_EQ(r.invalid_lines, 2u);
  ASSERT_EQ(r.damage.size(), 2u);
  EXPECT_NE(r.damage[0].find("line 2: `finding` without `rank`"), std::string::npos) << r.damage[0];
  EXPECT_NE(r.damage[1].find("line 3: `finding` without `check` (a string)"), std::string::npos) << r.damage[1];
  run_records run;
  run.ranks.push_back(r);
  const run_report report = analyse_run(run, {});
  EXPECT_TRUE(report.findings.empty());
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);  // what the damaged lines said is not known
}

// The optional parts of the process-synchronisation lines the order is read from have their
// shape when present (docs/check_records.md).
TEST(check_records, a_sync_line_whose_optional_part_has_the_wrong_shape_is_damaged) {
  const rank_records r =
      parse_rank_records(0, R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"}
{"ev":"sync_comm","rank":0,"seq":1,"comm":0,"members":[0],"name":"w"}
{"ev":"process_sync","rank":0,"seq":2,"call":"MPI_Bcast","comm":0,"collective":0,"after":[0]}
{"ev":"process_sync","rank":0,"seq":3,"call":"MPI_Bcast","comm":0,"collective":1,"after":0}
{"ev":"sync_comm","rank":0,"seq":4,"comm":1,"members":[0],"name":3}
{"ev":"finalize","rank":0,"seq":5,"calls":{}}
)");
  EXPECT_EQ(r.invalid_lines, 2u);
  ASSERT_EQ(r.damage.size(), 2u);
  EXPECT_NE(r.damage[0].find("line 4: `process_sync` whose `after` is not an array"), std::string::npos) << r.damage[0];
  EXPECT_NE(r.damage[1].find("line 5: `sync_comm` whose `name` is not a string"), std::string::npos) << r.damage[1];
}

// A held access's `held_from` (docs/check_records.md) is an integer when present: a line with
// another shape is damaged, never a local access placed at a time the reader made up.
TEST(check_records, a_local_access_whose_held_from_is_not_an_integer_is_damaged) {
  const rank_records r =
      parse_rank_records(0, R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"}
{"ev":"local_access","rank":0,"seq":1,"win":0,"buffer":"window","offset":0,"bytes":1,"access":"load","time":9,"held_from":5}
{"ev":"local_access","rank":0,"seq":2,"win":0,"buffer":"window","offset":0,"bytes":1,"access":"load","time":9,"held_from":"5"}
{"ev":"finalize","rank":0,"seq":3,"calls":{}}
)");
  EXPECT_EQ(r.invalid_lines, 1u);
  ASSERT_EQ(r.damage.size(), 1u);
  EXPECT_NE(r.damage[0].find("line 3: `local_access` whose `held_from` is not an integer"), std::string::npos)
      << r.damage[0];
}

// An `rma_repeat` line is believed only after a period the runtime may write as repeats
// (docs/check_records.md): one without its fields is damaged, one after a put (which writes) cuts
// the window's record there, and the report says what was not analysed.
TEST(check_records, a_repeat_that_does_not_follow_a_poll_loop_is_not_believed) {
  const std::string head =
      R"({"ev":"start","rank":0,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","thread_level":"single"}
{"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":2,"group":[0,1],"size":16,"disp_unit":4,"host":"h"}
{"ev":"rma_sync","rank":0,"seq":2,"win":0,"call":"MPI_Win_lock_all","epoch":0,"time":1}
{"ev":"rma_call","rank":0,"seq":3,"win":0,"call":"MPI_Put","epoch":1,"target":1,"disp":0,"count":1,"type":"MPI_INT","origin":"01000000","time":2}
{"ev":"rma_sync","rank":0,"seq":4,"win":0,"call":"MPI_Win_flush","epoch":1,"target":1,"time":3}
)";
  const std::string tail =
      R"({"ev":"rma_sync","rank":0,"seq":90,"win":0,"call":"MPI_Win_unlock_all","epoch":40,"time":9}
{"ev":"finalize","rank":0,"seq":91,"calls":{}}
)";
  const rank_records missing =
      parse_rank_records(0, head +
                                R"({"ev":"rma_repeat","rank":0,"seq":5,"win":0,"lines":2,"time_last":8})"
                                "\n" +
                                tail);
  EXPECT_EQ(missing.invalid_lines, 1u);
  const rank_records forged =
      parse_rank_records(0, head +
                                R"({"ev":"rma_repeat","rank":0,"seq":5,"win":0,"lines":2,"times":38,"time_last":8})"
                                "\n" +
                                tail);
  EXPECT_EQ(forged.invalid_lines, 0u);
  const rank_records other = parse_rank_records(
      1, R"({"ev":"start","rank":1,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","thread_level":"single"}
{"ev":"rma_win","rank":1,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":1,"win_size":2,"group":[0,1],"size":16,"disp_unit":4,"host":"h"}
{"ev":"rma_sync","rank":1,"seq":2,"win":0,"call":"MPI_Win_lock_all","epoch":0,"time":1}
{"ev":"rma_sync","rank":1,"seq":3,"win":0,"call":"MPI_Win_unlock_all","epoch":1,"time":9}
{"ev":"finalize","rank":1,"seq":4,"calls":{}}
)");
  run_records run;
  run.ranks.push_back(forged);
  run.ranks.push_back(other);
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);
  bool said = false;
  for (const auto& line : report.coverage.not_observed)
    said = said || line.text.find("rma_repeat") != std::string::npos;
  std::string all;
  for (const auto& line : report.coverage.not_observed) all += note_line(line) + "\n";
  EXPECT_TRUE(said) << all;
}

// A library that outruns the record's bound leaves every later call without a known completion:
// one note per cause, window and call site, with the count and the first distinct calls, never one
// line per call (docs/check_records.md, "Coverage").
TEST(check_records, a_thousand_calls_set_aside_alike_are_one_note_counting_them) {
  constexpr int calls = 1000;
  std::string lines =
      R"({"ev":"start","rank":0,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","thread_level":"single"}
{"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":2,"group":[0,1],"size":16,"disp_unit":4,"host":"h"}
{"ev":"rma_sync","rank":0,"seq":2,"win":0,"call":"MPI_Win_lock_all","epoch":0,"time":1}
)";
  for (int i = 0; i < calls; ++i)
    lines +=
        R"({"ev":"rma_call","rank":0,"seq":)" + std::to_string(3 + i) +
        R"(,"win":0,"call":"MPI_Accumulate","epoch":1,"target":1,"disp":0,"count":1,"type":"MPI_INT","op":"MPI_SUM","origin":"01000000","time":)" +
        std::to_string(2 + i) +
        R"(,"caller":{"address":"0x1234","module":"/lib/libarmci.so","offset":"0x34","symbol":null}})" + "\n";
  lines += R"({"ev":"rma_limit","rank":0,"seq":2000,"win":0,"what":"sync_events","limit":512}
{"ev":"finalize","rank":0,"seq":2001,"calls":{}}
)";
  run_records run;
  run.ranks.push_back(parse_rank_records(0, lines));
  run.ranks.push_back(parse_rank_records(
      1, R"({"ev":"start","rank":1,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","thread_level":"single"}
{"ev":"rma_win","rank":1,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":1,"win_size":2,"group":[0,1],"size":16,"disp_unit":4,"host":"h"}
{"ev":"rma_sync","rank":1,"seq":2,"win":0,"call":"MPI_Win_lock_all","epoch":0,"time":1}
{"ev":"rma_sync","rank":1,"seq":3,"win":0,"call":"MPI_Win_unlock_all","epoch":1,"time":5000}
{"ev":"finalize","rank":1,"seq":4,"calls":{}}
)"));
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);
  std::vector<coverage_note> alike;
  std::string all;
  for (const auto& n : report.coverage.not_observed) {
    all += note_line(n) + "\n";
    if (n.text.find("whose completion the bounded record does not show") != std::string::npos) alike.push_back(n);
  }
  ASSERT_EQ(alike.size(), 1u) << all;
  EXPECT_EQ(alike[0].count, static_cast<std::uint64_t>(calls)) << all;
  EXPECT_EQ(alike[0].unit, "call");
  EXPECT_NE(alike[0].text.find("MPI_Accumulate at /lib/libarmci.so+0x34"), std::string::npos) << alike[0].text;
  EXPECT_EQ(alike[0].examples, (std::vector<std::string>{"rank 0 to target 1, seq 3", "rank 0 to target 1, seq 4",
                                                         "rank 0 to target 1, seq 5"}));
  EXPECT_LT(report.coverage.not_observed.size(), 8u) << all;
}

TEST(check_records, a_line_longer_than_the_bound_is_skipped_unread) {
  std::string text = R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI"})";
  text += "\n" + std::string(300, 'x') + "\n" + R"({"ev":"finalize","rank":0,"seq":2,"calls":{}})" + "\n";
  std::istringstream in(text);
  const rank_records r = read_rank_records(0, in, {.max_line_bytes = 200}, {.lines = std::size_t{64} << 20});
  EXPECT_EQ(r.oversized_lines, 1u);
  EXPECT_TRUE(r.start && r.finalize);
}

TEST(check_records, a_line_that_is_not_json_in_the_middle_is_counted_not_fatal) {
  const rank_records r = parse_rank_records(
      0,
      "{\"ev\":\"start\",\"rank\":0,\"seq\":0,\"size\":1,\"built_for\":\"x\",\"library\":\"y\"}\nnot "
      "json\n{\"ev\":\"finalize\",\"rank\":0,\"seq\":1,\"calls\":{}}\n");
  EXPECT_EQ(r.unreadable_lines, 1u);
  EXPECT_FALSE(r.truncated_last_line);
  EXPECT_TRUE(r.start && r.finalize);
}

TEST(check_records, hex_strings_decode_in_memory_order_and_bad_ones_are_refused) {
  EXPECT_EQ(bytes_from_hex("00ff10"), (std::vector<std::byte>{std::byte{0}, std::byte{0xff}, std::byte{0x10}}));
  EXPECT_FALSE(bytes_from_hex("0"));
  EXPECT_FALSE(bytes_from_hex("zz"));
}

// Every kind of line the runtime writes is one the reader keeps: a kind missing from the table
// is dropped unread, which once hid the watcher's accesses and the dynamic windows' regions
// from `redsem check` while the tests that read the files directly passed.
TEST(check_records, every_kind_the_runtime_writes_is_known_to_the_reader) {
  // The first string literal after each writer's name is the kind (no <regex>: GCC 12 warns
  // inside it under the sanitizer presets, an error with -Werror).
  std::set<std::string> kinds;
  for (const auto& entry : std::filesystem::directory_iterator(REDSEM_CHECK_RUNTIME_SOURCES)) {
    if (entry.path().extension() != ".c") continue;
    std::ifstream in(entry.path());
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    for (const std::string writer : {"rc_begin(", "rc_rma_begin(", "write_region("})
      for (auto at = text.find(writer); at != std::string::npos; at = text.find(writer, at + 1)) {
        const auto open = text.find_first_of("\")", at + writer.size());
        if (open == std::string::npos || text[open] != '"') continue;  // a variable, not a literal
        const auto close = text.find('"', open + 1);
        const std::string kind = text.substr(open + 1, close - open - 1);
        if (!kind.empty() && kind.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") == std::string::npos)
          kinds.insert(kind);
      }
  }
  ASSERT_GE(kinds.size(), 15u) << "the scan no longer finds the runtime's writers";
  for (const auto& kind : kinds) EXPECT_TRUE(known_record_kind(kind)) << kind;
}

}  // namespace
}  // namespace redsem::check
