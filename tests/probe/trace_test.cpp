// SPDX-License-Identifier: BSD-3-Clause
// Parsing the tracer's output, including a job that died in a case and launcher noise.
#include <gtest/gtest.h>

#include "probe/trace.h"

namespace redsem::probe {
namespace {

TEST(probe_trace, parses_cases_runs_and_the_case_a_job_died_in) {
  probe_trace t;
  parse_trace("P 2 64 Some MPI 1.0\n"
              "S 0 Allreduce 0 1 3 0 1\nC 0 Allreduce 0 1 3 0 1\nR 0 0 0 2 1 (01)\nR 0 0 2 1 0 (01)\nR 0 1 0 3 1 (01)\n"
              "S 1 Exscan 1 0 3 0 0\n"
              "===================\nPrimary job  terminated normally\n",
              t);
  EXPECT_EQ(t.size, 2);
  EXPECT_EQ(t.element_bytes, 64);
  EXPECT_EQ(t.library, "Some MPI 1.0");
  ASSERT_EQ(t.cases.size(), 2U);
  EXPECT_TRUE(t.cases[0].completed && t.cases[0].in_place && !t.cases[0].commute && t.cases[0].padded);
  ASSERT_EQ(t.cases[0].runs.size(), 3U);
  EXPECT_FALSE(t.cases[0].runs[1].indices_ok);
  EXPECT_EQ(t.cases[0].runs[1].first, 2);
  ASSERT_NE(unfinished_case(t), nullptr);
  EXPECT_EQ(unfinished_case(t)->which, collective::exscan);
}

TEST(probe_trace, call_forms_of_the_library_and_of_each_case) {
  probe_trace t;
  parse_trace("P 2 64 Some MPI 1.0\nF blocking 1 MPI_<collective>\nF persistent 0 -\n"
              "S 0 Scan 0 0 1 0 0\nC 0 Scan 0 0 1 0 0\n"  // a tracer without the form field
              "S 1 Reduce_scatter_block 1 0 1 0 0 nonblocking\nC 1 Reduce_scatter_block 1 0 1 0 0 nonblocking\n"
              "F persistent 1 MPIX_*_init\n",  // a restarted job's report replaces the first
              t);
  ASSERT_EQ(t.forms.size(), 2U);
  EXPECT_EQ(t.forms[0].form, call_form::blocking);
  EXPECT_TRUE(t.forms[1].form == call_form::persistent && t.forms[1].supported && t.forms[1].binding == "MPIX_*_init");
  ASSERT_EQ(t.cases.size(), 2U);
  EXPECT_EQ(t.cases[0].form, call_form::blocking);
  EXPECT_EQ(t.cases[1].form, call_form::nonblocking);
  EXPECT_EQ(call_name(t.cases[1].which, t.cases[1].form), "MPI_Ireduce_scatter_block");
  EXPECT_EQ(call_name(collective::exscan, call_form::nonblocking), "MPI_Iexscan");
  EXPECT_EQ(call_name(collective::allreduce, call_form::persistent), "MPI_Allreduce_init");
  EXPECT_EQ(call_name(collective::scan, call_form::blocking), "MPI_Scan");
}

TEST(probe_trace, rejects_malformed_lines) {
  probe_trace t;
  EXPECT_THROW(parse_trace("S 0 Bcast 0 0 1 0 0\n", t), std::runtime_error);
  EXPECT_THROW(parse_trace("R 7 0 0 1 1 0\n", t), std::runtime_error);
  EXPECT_THROW(parse_trace("C x\n", t), std::runtime_error);
  EXPECT_THROW(parse_trace("P 2 64 MPI\nS 0 Scan 0 0 1 0 0 deferred\n", t), std::runtime_error);
  EXPECT_THROW(parse_trace("F persistent\n", t), std::runtime_error);
  EXPECT_THROW(parse_trace("F split 1 MPI_*_begin\n", t), std::runtime_error);
}

}  // namespace
}  // namespace redsem::probe
