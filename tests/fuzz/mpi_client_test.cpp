// SPDX-License-Identifier: BSD-3-Clause
// The client side of `redsem fuzz --mpi`, against a fake helper (no MPI needed): replies,
// error classes, unsupported types, a crash with the helper's own message and a restart,
// a campaign that finds the fake's saturating body, and rows where MPI leaves a choice: named
// policy_choice when one policy explains every answer of the row, never otherwise.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "props/fuzz/mpi_campaign.h"

namespace redsem::fuzz {
namespace {

std::vector<std::byte> ints(std::initializer_list<int> v) {
  std::vector<std::byte> b(v.size() * sizeof(int));
  std::memcpy(b.data(), std::data(v), b.size());
  return b;
}

TEST(FuzzMpiClient, RepliesErrorsUnsupportedAndCrashes) {
  mpi_helper helper(REDSEM_FAKE_MPI_HELPER);
  EXPECT_EQ(helper.library_version(), "fake MPI v0.1");
  const auto a = ints({1, 2}), b = ints({10, 20});
  const mpi_reply sum = helper.reduce_local("MPI_SUM", "MPI_INT", 2, 3, 5, a.data(), b.data(), a.size());
  ASSERT_EQ(sum.status, mpi_reply::kind::ok);
  EXPECT_EQ(sum.bytes, ints({11, 22}));
  const mpi_reply land = helper.reduce_local("MPI_LAND", "MPI_INT", 2, 0, 0, a.data(), b.data(), a.size());
  EXPECT_EQ(land.status, mpi_reply::kind::error);
  EXPECT_EQ(land.error_class, 10);
  const mpi_reply other = helper.reduce_local("MPI_SUM", "MPI_FLOAT", 2, 0, 0, a.data(), b.data(), a.size());
  EXPECT_EQ(other.status, mpi_reply::kind::unsupported);
  const mpi_reply crash = helper.reduce_local("MPI_PROD", "MPI_INT", 2, 0, 0, a.data(), b.data(), a.size());
  EXPECT_EQ(crash.status, mpi_reply::kind::crashed);
  EXPECT_NE(crash.text.find("signal"), std::string::npos) << crash.text;
  EXPECT_NE(crash.text.find("PROD is not implemented"), std::string::npos) << crash.text;
  // The next call restarts the helper.
  const mpi_reply again = helper.reduce_local("MPI_SUM", "MPI_INT", 2, 0, 0, a.data(), b.data(), a.size());
  EXPECT_EQ(again.status, mpi_reply::kind::ok);
  EXPECT_EQ(helper.restarts(), 1);
}

// A helper that stops answering and spins, after reading a request or before (a request larger than
// the pipe then cannot be written): a hang after its CPU time limit, the helper killed and
// restarted for the next call.
TEST(FuzzMpiClient, AHelperThatStopsAnsweringIsAHang) {
  mpi_helper helper(REDSEM_FAKE_MPI_HELPER, 0.3);
  const auto a = ints({1, 2}), b = ints({10, 20});
  const mpi_reply stalled = helper.reduce_local("MPI_BOR", "MPI_SHORT", 2, 0, 0, a.data(), b.data(), a.size());
  EXPECT_EQ(stalled.status, mpi_reply::kind::hung);
  EXPECT_NE(stalled.text.find("used 0.3 s of CPU time without answering"), std::string::npos) << stalled.text;
  const std::vector<std::byte> large(1 << 20);
  const mpi_reply unread =
      helper.reduce_local("MPI_BOR", "MPI_LONG", large.size() / 8, 0, 0, large.data(), large.data(), large.size());
  EXPECT_EQ(unread.status, mpi_reply::kind::hung);
  const mpi_reply again = helper.reduce_local("MPI_SUM", "MPI_INT", 2, 0, 0, a.data(), b.data(), a.size());
  EXPECT_EQ(again.status, mpi_reply::kind::ok);
  mpi_campaign_options o;
  o.only_op = op_id::bor;
  o.only_type = basic_type::short_;
  const auto report = run_mpi_campaign(helper, "fake", o, nullptr);
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].verdict, mpi_pair_verdict::hung);
  EXPECT_TRUE(is_finding(report.rows[0].verdict));
}

TEST(FuzzMpiClient, CampaignFindsTheBodyOnlyBugAndClassifiesEveryPair) {
  mpi_helper helper(REDSEM_FAKE_MPI_HELPER);
  mpi_campaign_options o;
  o.per_pair.cases = 200;
  o.per_pair.limits.max_length = 100;
  o.only_type = basic_type::int_;
  const auto report = run_mpi_campaign(helper, "fake", o, nullptr);
  ASSERT_EQ(report.rows.size(), op_count);
  for (const auto& row : report.rows) {
    SCOPED_TRACE(std::string(to_string(row.op)));
    switch (row.op) {
      case op_id::sum:
        ASSERT_EQ(row.verdict, mpi_pair_verdict::finding);
        EXPECT_EQ(row.found->minimal.count, 8);
        break;
      case op_id::prod:
        EXPECT_EQ(row.verdict, mpi_pair_verdict::crashed);
        break;
      case op_id::land:
        EXPECT_EQ(row.verdict, mpi_pair_verdict::refused_legal);
        break;
      case op_id::maxloc:
      case op_id::minloc:
      case op_id::replace:
      case op_id::no_op:
        EXPECT_EQ(row.verdict, mpi_pair_verdict::unsupported);  // illegal on MPI_INT; the fake knows no such type
        break;
      default:
        EXPECT_EQ(row.verdict, mpi_pair_verdict::unsupported);
        break;
    }
  }
}

mpi_pair_result only_row(op_id op, basic_type type) {
  mpi_helper helper(REDSEM_FAKE_MPI_HELPER);
  mpi_campaign_options o;
  o.per_pair.cases = 300;
  o.per_pair.limits.max_length = 100;
  o.only_op = op;
  o.only_type = type;
  auto report = run_mpi_campaign(helper, "fake", o, nullptr);
  EXPECT_EQ(report.rows.size(), 1u);
  return report.rows.at(0);
}

TEST(FuzzMpiClient, ChoicesMpiLeavesOpenAreNamedAndNeverWrong) {
  struct expectation {
    op_id op;
    basic_type type;
    std::string_view key;
  };
  for (const auto& [op, type, key] : {expectation{op_id::prod, basic_type::c_double_complex, "complex_prod=annex_g"},
                                      expectation{op_id::minloc, basic_type::double_int, "loc_tie=second"},
                                      expectation{op_id::maxloc, basic_type::double_int, "loc_tie=second"}}) {
    SCOPED_TRACE(std::string(to_string(op)) + " on " + std::string(to_string(type)));
    const auto row = only_row(op, type);
    EXPECT_EQ(row.verdict, mpi_pair_verdict::policy_choice);
    EXPECT_EQ(row_verdict(row), "policy_choice");
    EXPECT_FALSE(is_finding(row.verdict));
    ASSERT_TRUE(row.right_under.has_value());
    EXPECT_FALSE(row.right_under->swapped);
    EXPECT_EQ(changed_keys(policy{}, row.right_under->semantics), key);
    ASSERT_TRUE(row.found.has_value()) << "the default policy's difference is kept as the example";
  }
}

TEST(FuzzMpiClient, RowsNoOnePolicyExplainsStayFindings) {
  // Ties to inoutbuf in the fake body, to inbuf in the tail: each answer follows a policy, the
  // row follows none.
  const auto mixed = only_row(op_id::minloc, basic_type::float_int);
  EXPECT_EQ(mixed.verdict, mpi_pair_verdict::finding);
  EXPECT_FALSE(mixed.right_under.has_value());
  const std::string v = row_verdict(mixed);
  EXPECT_TRUE(v == "inconsistent_policy" || v == "position_dependent") << v;
  // The conjugate product is right under no policy.
  const auto wrong = only_row(op_id::prod, basic_type::c_complex);
  EXPECT_EQ(wrong.verdict, mpi_pair_verdict::finding);
  EXPECT_EQ(row_verdict(wrong), "wrong");
}

}  // namespace
}  // namespace redsem::fuzz
