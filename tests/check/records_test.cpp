// Reading a run's records back: every rank's file, a line cut short by a crash tolerated, the
// same finding on several ranks merged into one.
#include "check/analysis/records.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>

#include "check/analysis/finding.h"
#include "check/analysis/hex_bytes.h"
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
  std::snprintf(offset, sizeof offset, "0x%jx", static_cast<std::uintmax_t>(code - static_cast<const char*>(info.dli_fbase)));
  std::snprintf(address, sizeof address, "0x%jx", reinterpret_cast<std::uintmax_t>(code));
  std::vector<finding> findings{finding_from_record(
      {{"check", "x"}, {"caller", {{"module", info.dli_fname}, {"offset", offset}, {"address", address}, {"symbol", nullptr}}}},
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
  run.ranks.push_back(parse_rank_records(
      0,
      "{\"ev\":\"start\",\"rank\":0,\"size\":1}\n"
      "{\"ev\":\"op_create\",\"rank\":0,\"op\":\"user#1\",\"commute\":true,\"function\":{\"module\":"
      "\"/nonexistent/app\",\"offset\":\"0x1320\",\"symbol\":\"matmul2\"}}\n"
      "{\"ev\":\"finding\",\"rank\":0,\"check\":\"user_op_not_commutative\",\"call\":\"MPI_Allreduce\","
      "\"evidence\":{\"op\":\"user#1\"}}\n"
      "{\"ev\":\"finding\",\"rank\":0,\"check\":\"in_place_non_root\",\"call\":\"MPI_Reduce\","
      "\"evidence\":{\"op\":\"MPI_SUM\"}}\n"
      "{\"ev\":\"finalize\",\"rank\":0,\"calls\":{}}\n"));
  const run_report report = analyse_run(run, {});
  ASSERT_EQ(report.findings.size(), 2u);
  EXPECT_EQ(report.findings[0].evidence.value("function", ""), "matmul2 in /nonexistent/app");
  EXPECT_FALSE(report.findings[1].evidence.contains("function"));  // a predefined op has none
}

TEST(check_records, findings_that_differ_in_their_evidence_stay_apart) {
  finding a = finding_from_record({{"check", "x"}, {"call", "MPI_Reduce"}, {"evidence", {{"v", 1}}}}, 0);
  finding b = finding_from_record({{"check", "x"}, {"call", "MPI_Reduce"}, {"evidence", {{"v", 2}}}}, 1);
  EXPECT_EQ(merge_findings({a, b}).size(), 2u);
  EXPECT_EQ(merge_findings({a, a}).size(), 1u);
}

TEST(check_records, a_line_that_is_not_json_in_the_middle_is_counted_not_fatal) {
  const rank_records r = parse_rank_records(0, "{\"ev\":\"start\"}\nnot json\n{\"ev\":\"finalize\"}\n");
  EXPECT_EQ(r.unreadable_lines, 1u);
  EXPECT_FALSE(r.truncated_last_line);
  EXPECT_TRUE(r.start && r.finalize);
}

TEST(check_records, hex_strings_decode_in_memory_order_and_bad_ones_are_refused) {
  EXPECT_EQ(bytes_from_hex("00ff10"), (std::vector<std::byte>{std::byte{0}, std::byte{0xff}, std::byte{0x10}}));
  EXPECT_FALSE(bytes_from_hex("0"));
  EXPECT_FALSE(bytes_from_hex("zz"));
}

}  // namespace
}  // namespace redsem::check
