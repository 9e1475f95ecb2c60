// SPDX-License-Identifier: BSD-3-Clause
// Epochs and completion (MPI-4.1 §13.3.5, §13.5): when calls may be issued, and when they take effect.
#include <gtest/gtest.h>

#include "tests/rma/rma_fixture.h"

namespace redsem::rma {
namespace {

using namespace testing;

class RmaEpochs : public ::testing::Test {
 protected:
  RmaEpochs() : s(2, 16, 4, window_info{}, policy{}) {
    origin = s.allocate("origin", 16);
    result = s.allocate("result", 16);
    write<int>(s.space(), s.window_memory(1), 0, {1, 2, 3, 4});
    write<int>(s.space(), origin, 0, {10, 20, 30, 40});
  }
  accumulate_call sum(call_kind kind = call_kind::accumulate) {
    auto c = call(kind, 0, buffer{origin, 0, 1, predefined(basic_type::int_)}, 1, 0, 1, predefined(basic_type::int_),
                  op_id::sum);
    if (fetches(kind)) c.result = buffer{result, 0, 1, predefined(basic_type::int_)};
    return c;
  }
  int target0() { return read<int>(s.space(), s.window_memory(1), 0, 1)[0]; }

  session s;
  region_id origin{}, result{};
};

TEST_F(RmaEpochs, CallsOutsideAnAccessEpochAreErroneous) {
  EXPECT_EQ(s.issue(sum()).outcome.broken_rule(), rma_rule::no_access_epoch);
  EXPECT_EQ(s.unlock(0, 1).broken_rule(), rma_rule::unlock_without_lock);
  EXPECT_EQ(s.flush(0, 1).broken_rule(), rma_rule::flush_outside_passive_epoch);
}

TEST_F(RmaEpochs, FenceCompletesEveryPendingCall) {
  s.fence();
  ASSERT_TRUE(s.issue(sum()).outcome.is_done());
  EXPECT_EQ(target0(), 1) << "not yet complete at the target";
  write<int>(s.space(), origin, 0, {1000});  // erroneous in MPI; the model used the value at issue
  s.fence();
  EXPECT_EQ(target0(), 11);
}

TEST_F(RmaEpochs, RequestBasedCallsNeedAPassiveTargetEpoch) {
  s.fence();
  EXPECT_EQ(s.issue(sum(call_kind::raccumulate)).outcome.broken_rule(), rma_rule::request_outside_passive_epoch);
  ASSERT_TRUE(s.lock(0, 1, lock_type::shared).is_done());
  EXPECT_TRUE(s.issue(sum(call_kind::raccumulate)).outcome.is_done());
  EXPECT_EQ(s.fence().broken_rule(), rma_rule::fence_in_passive_epoch);
}

TEST_F(RmaEpochs, WaitOnRaccumulateCompletesAtTheOriginOnly) {
  ASSERT_TRUE(s.lock(0, 1, lock_type::exclusive).is_done());
  const issued i = s.issue(sum(call_kind::raccumulate));
  ASSERT_TRUE(i.request.has_value());
  EXPECT_FALSE(s.locally_complete(*i.request));
  ASSERT_TRUE(s.wait(*i.request).is_done());
  EXPECT_TRUE(s.locally_complete(*i.request));
  EXPECT_EQ(target0(), 1) << "MPI_Wait does not complete the call at the target";
  EXPECT_EQ(s.pending_at_target(0), 1u);
  ASSERT_TRUE(s.flush(0, 1).is_done());
  EXPECT_EQ(target0(), 11);
  EXPECT_EQ(s.pending_at_target(0), 0u);
  EXPECT_TRUE(s.unlock(0, 1).is_done());
}

TEST_F(RmaEpochs, WaitOnRgetAccumulateDeliversTheResultAfterEarlierCalls) {
  ASSERT_TRUE(s.lock(0, 1, lock_type::exclusive).is_done());
  ASSERT_TRUE(s.issue(sum()).outcome.is_done());  // 1 + 10, issued first
  const issued i = s.issue(sum(call_kind::rget_accumulate));
  ASSERT_TRUE(i.request.has_value());
  EXPECT_EQ(read<int>(s.space(), result, 0, 1)[0], 0) << "no result before completion";
  ASSERT_TRUE(s.wait(*i.request).is_done());
  EXPECT_EQ(read<int>(s.space(), result, 0, 1)[0], 11) << "ordered after the earlier accumulate (accumulate_ordering)";
  EXPECT_EQ(target0(), 21);
  EXPECT_EQ(s.wait(99).broken_rule(), rma_rule::unknown_request);
  EXPECT_TRUE(s.unlock(0, 1).is_done());
  EXPECT_EQ(target0(), 21);
}

TEST_F(RmaEpochs, UnlockCompletesOnlyThatOriginsCallsToThatTarget) {
  ASSERT_TRUE(s.lock(0, 1, lock_type::shared).is_done());
  ASSERT_TRUE(s.lock_all(1).is_done());
  auto from1 = sum();
  from1.origin_rank = 1;
  ASSERT_TRUE(s.issue(sum()).outcome.is_done());
  ASSERT_TRUE(s.issue(from1).outcome.is_done());
  ASSERT_TRUE(s.unlock(0, 1).is_done());
  EXPECT_EQ(target0(), 11);
  EXPECT_EQ(s.lock(0, 1, lock_type::shared).is_done(), true);
  EXPECT_EQ(s.lock(0, 1, lock_type::shared).broken_rule(), rma_rule::lock_already_held);
  ASSERT_TRUE(s.unlock_all(1).is_done());
  EXPECT_EQ(target0(), 21);
}

// Origin-side buffers (MPI-4.1 §13.3): not updated, and result buffers not accessed, until the
// call completes at the origin.
TEST_F(RmaEpochs, StoringIntoAPendingOriginBufferIsErroneousUntilFlushLocal) {
  ASSERT_TRUE(s.lock_all(0).is_done());
  ASSERT_TRUE(s.issue(sum(), "line 7").outcome.is_done());
  const byte_range first{origin, 0, 4}, second{origin, 4, 8};
  const rma_outcome o = s.local_store(0, first);
  EXPECT_EQ(o.broken_rule(), rma_rule::origin_buffer_updated_before_completion);
  EXPECT_EQ(o.evidence(), "bytes [0, 4) of origin are in the origin buffer of line 7, not yet complete at the origin");
  EXPECT_TRUE(s.local_load(0, first).is_done()) << "reading an origin buffer is allowed";
  EXPECT_TRUE(s.local_store(0, second).is_done()) << "bytes outside the call's buffer";
  EXPECT_TRUE(s.local_store(1, first).is_done()) << "another rank's calls";
  ASSERT_TRUE(s.flush_local(0, 1).is_done());
  EXPECT_TRUE(s.local_store(0, first).is_done());
  EXPECT_EQ(target0(), 1) << "flush_local completes an accumulate at the origin only";
  EXPECT_EQ(s.pending_at_target(0), 1u);
}

TEST_F(RmaEpochs, AResultBufferIsReadableAfterFlushLocalWithTheFetchedValue) {
  ASSERT_TRUE(s.lock_all(0).is_done());
  ASSERT_TRUE(s.issue(sum(call_kind::get_accumulate)).outcome.is_done());
  const byte_range r{result, 0, 4};
  EXPECT_EQ(s.local_load(0, r).broken_rule(), rma_rule::result_buffer_accessed_before_completion);
  EXPECT_EQ(s.local_store(0, r).broken_rule(), rma_rule::result_buffer_accessed_before_completion);
  ASSERT_TRUE(s.flush_local_all(0).is_done());
  EXPECT_TRUE(s.local_load(0, r).is_done());
  EXPECT_EQ(read<int>(s.space(), result, 0, 1)[0], 1);
  EXPECT_EQ(target0(), 11) << "a fetching call is performed at the target to have its result";
}

TEST_F(RmaEpochs, WaitFreesTheBuffersOfItsRequestOnly) {
  ASSERT_TRUE(s.lock_all(0).is_done());
  const issued first = s.issue(sum(call_kind::raccumulate));
  auto later = sum(call_kind::raccumulate);
  later.origin.offset = 4;
  ASSERT_TRUE(s.issue(later).outcome.is_done());
  ASSERT_TRUE(s.wait(*first.request).is_done());
  EXPECT_TRUE(s.local_store(0, byte_range{origin, 0, 4}).is_done());
  EXPECT_EQ(s.local_store(0, byte_range{origin, 4, 8}).broken_rule(),
            rma_rule::origin_buffer_updated_before_completion);
  ASSERT_TRUE(s.unlock_all(0).is_done());
  EXPECT_TRUE(s.local_store(0, byte_range{origin, 4, 8}).is_done()) << "the epoch's end completes every call";
}

TEST_F(RmaEpochs, ALaterCallMayNotWriteOrReadAPendingCallsBuffers) {
  s.fence();
  ASSERT_TRUE(s.issue(sum(call_kind::get_accumulate)).outcome.is_done());
  auto reads_result = sum();
  reads_result.origin = buffer{result, 0, 1, predefined(basic_type::int_)};
  EXPECT_EQ(s.issue(reads_result).outcome.broken_rule(), rma_rule::result_buffer_accessed_before_completion);
  auto writes_origin = sum(call_kind::get_accumulate);
  writes_origin.origin.offset = 8;
  writes_origin.result = buffer{origin, 0, 1, predefined(basic_type::int_)};
  EXPECT_EQ(s.issue(writes_origin).outcome.broken_rule(), rma_rule::origin_buffer_updated_before_completion);
  EXPECT_TRUE(s.issue(sum()).outcome.is_done()) << "two calls may read one origin buffer";
  s.fence();
  EXPECT_TRUE(s.issue(reads_result).outcome.is_done()) << "after the fence the result is there";
}

TEST_F(RmaEpochs, MpiNoOpIgnoresTheOriginBuffer) {
  s.fence();
  auto fetch = sum(call_kind::get_accumulate);
  fetch.op = op_id::no_op;
  ASSERT_TRUE(s.issue(fetch).outcome.is_done());
  EXPECT_TRUE(s.local_store(0, byte_range{origin, 0, 4}).is_done());
}

TEST_F(RmaEpochs, StartAndCompleteBoundAnActiveTargetAccessEpoch) {
  EXPECT_EQ(s.pscw_complete(0).broken_rule(), rma_rule::complete_without_start);
  ASSERT_TRUE(s.pscw_start(0, {1}).is_done());
  EXPECT_EQ(s.pscw_start(0, {1}).broken_rule(), rma_rule::overlapping_access_epochs);
  EXPECT_EQ(s.lock(0, 1, lock_type::shared).broken_rule(), rma_rule::overlapping_access_epochs);
  EXPECT_EQ(s.lock_all(0).broken_rule(), rma_rule::overlapping_access_epochs);
  ASSERT_TRUE(s.issue(sum()).outcome.is_done());
  EXPECT_EQ(s.issue(sum(call_kind::raccumulate)).outcome.broken_rule(), rma_rule::request_outside_passive_epoch);
  EXPECT_EQ(s.flush(0, 1).broken_rule(), rma_rule::flush_outside_passive_epoch);
  auto to_0 = sum();
  to_0.target.rank = 0;
  EXPECT_EQ(s.issue(to_0).outcome.broken_rule(), rma_rule::no_access_epoch) << "rank 0 is outside the start group";
  ASSERT_TRUE(s.pscw_complete(0).is_done());
  EXPECT_EQ(target0(), 11) << "MPI_Win_complete completes the epoch's calls";
  EXPECT_EQ(s.issue(sum()).outcome.broken_rule(), rma_rule::no_access_epoch);
  ASSERT_TRUE(s.lock_all(0).is_done());
  EXPECT_EQ(s.pscw_start(0, {1}).broken_rule(), rma_rule::overlapping_access_epochs);
}

TEST_F(RmaEpochs, PutsAndGetsAreFollowedForTheirBuffers) {
  ASSERT_TRUE(s.lock_all(0).is_done());
  const buffer from{origin, 0, 1, predefined(basic_type::int_)}, into{result, 0, 1, predefined(basic_type::int_)};
  ASSERT_TRUE(s.issue_transfer(0, 1, false, false, from, "the put").outcome.is_done());
  const issued get = s.issue_transfer(0, 1, true, true, into, "the rget");
  ASSERT_TRUE(get.outcome.is_done() && get.request);
  EXPECT_EQ(s.local_store(0, byte_range{origin, 0, 4}).broken_rule(), rma_rule::origin_buffer_updated_before_completion);
  EXPECT_EQ(s.local_load(0, byte_range{result, 0, 4}).broken_rule(), rma_rule::result_buffer_accessed_before_completion);
  ASSERT_TRUE(s.wait(*get.request).is_done());
  EXPECT_TRUE(s.local_load(0, byte_range{result, 0, 4}).is_done());
  EXPECT_EQ(target0(), 1) << "the session applies no put or get at the target";
  EXPECT_EQ(s.issue_transfer(1, 1, false, false, from, "").outcome.broken_rule(), rma_rule::no_access_epoch);
}

TEST_F(RmaEpochs, FlushLocalNeedsAPassiveTargetEpoch) {
  s.fence();
  EXPECT_EQ(s.flush_local(0, 1).broken_rule(), rma_rule::flush_outside_passive_epoch);
  EXPECT_EQ(s.flush_local_all(0).broken_rule(), rma_rule::flush_outside_passive_epoch);
}

}  // namespace
}  // namespace redsem::rma
