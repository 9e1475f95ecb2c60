// SPDX-License-Identifier: BSD-3-Clause
// rma_findings on the atomics of a lock or a queue: an MCS lock's tail, swapped in by
// MPI_Fetch_and_op(MPI_REPLACE) and released by MPI_Compare_and_swap while other ranks queue.
// The tail never holds zeros (MPI_PROC_NULL, then ranks); the outcomes a non-atomic
// compare-and-swap would give are evidence of the warning that its atomicity is unspecified,
// never an error of a program MPI allows. A real lost update (a put into the tail) stays one.
#include <gtest/gtest.h>

#include "check/analysis/rma_findings.h"
#include "tests/check/rma_record_lines.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
using test::checks;
using test::records;

// MPI_PROC_NULL under Open MPI (-2) and ranks 1 to 3, as little-endian MPI_INT bytes.
constexpr const char* proc_null = "feffffff";
constexpr const char* rank_hex[] = {"00000000", "01000000", "02000000", "03000000"};

// Rank 0 releases the lock (its rank → MPI_PROC_NULL) while ranks 1 to 3 queue: each swaps
// itself into the tail or tries to take the lock by compare-and-swap, all in flight together.
records mcs_tail(bool put_release) {
  records r(4);
  for (int k = 0; k < 4; ++k) r.sync(k, "MPI_Win_lock_all", 1);
  if (put_release)
    r.put(0, 10);  // the erroneous release: a plain store of MPI_PROC_NULL into the tail
  else
    r.compare_and_swap(0, rank_hex[0], proc_null, 10);
  r.compare_and_swap(1, proc_null, rank_hex[1], 11);
  r.fetch_and_op(2, "MPI_REPLACE", rank_hex[2], 12);
  r.compare_and_swap(3, proc_null, rank_hex[3], 13);
  for (int k = 0; k < 4; ++k) r.sync(k, "MPI_Win_flush", 20 + k, {{"target", 0}});
  for (int k = 0; k < 4; ++k) r.sync(k, "MPI_Win_unlock_all", 30 + k);
  return r;
}

TEST(RmaAtomics, AnMcsTailIsAWarningNotAnError) {
  const auto out = rma_findings(mcs_tail(false).lines(), {});
  const auto found = checks(out);
  EXPECT_FALSE(found.contains("non_serializable")) << json(out).dump(1);
  EXPECT_TRUE(found.contains("cas_with_accumulate")) << json(out).dump(1);
  bool evidence = false;
  for (const auto& f : out)
    if (f["ev"] == "finding" && f["check"] == "cas_with_accumulate" && f["evidence"].contains("outcome_if_not_atomic"))
      evidence = f["evidence"]["outcome_if_not_atomic"].get<std::string>().find("fetched") != std::string::npos;
  EXPECT_TRUE(evidence) << "the warning shows what a non-atomic compare-and-swap would give: " << json(out).dump(1);
}

TEST(RmaAtomics, SwapsAloneAreClean) {
  records r(3);
  for (int k = 0; k < 3; ++k) r.sync(k, "MPI_Win_lock_all", 1);
  for (int k = 0; k < 3; ++k) r.fetch_and_op(k, "MPI_REPLACE", rank_hex[k], 10 + k);
  for (int k = 0; k < 3; ++k) r.sync(k, "MPI_Win_unlock_all", 20 + k);
  const auto out = rma_findings(r.lines(), {});
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
}

// The racy twin: the release stores into the tail with MPI_Put, which races every swap and
// compare-and-swap (MPI-4.1 §13.7): a swap can be lost for real, an error whatever the
// implementation.
TEST(RmaAtomics, AReleaseByPutLosesSwaps) {
  const auto out = rma_findings(mcs_tail(true).lines(), {});
  const auto found = checks(out);
  EXPECT_TRUE(found.contains("racing_access")) << json(out).dump(1);
  EXPECT_TRUE(found.contains("non_serializable")) << json(out).dump(1);
}

}  // namespace
}  // namespace redsem::check
