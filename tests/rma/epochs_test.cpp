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

}  // namespace
}  // namespace redsem::rma
