// SPDX-License-Identifier: BSD-3-Clause
// One judgement of a kernel run serves the differential fuzzer and the contract checks: each
// status and each stray write is classified once (kernel_run.h), and the two name it in their
// own verdicts. A hang is its own verdict for the fuzzer; for the contract it is a call that
// failed, whose status says it hung.
#include "props/fuzz/kernel_run.h"

#include <gtest/gtest.h>

#include <functional>

#include "props/fuzz/differential.h"
#include "props/fuzz/kernel_contract.h"

namespace redsem::fuzz {
namespace {

constexpr std::int64_t extent = 4;  // int32 elements

fuzz_case three_elements() {
  fuzz_case c;
  c.count = 3;
  c.chunks = {3};
  c.in.assign(static_cast<std::size_t>(c.count * extent), std::byte{1});
  c.inout.assign(c.in.size(), std::byte{2});
  return c;
}

// A kernel that returns `status` after doing `act` to the buffers of the call.
kernel_under_test kernel(int status, std::function<void(std::byte*, std::byte*, std::int64_t)> act = {}) {
  return {"test", [=](std::byte* in, std::byte* inout, std::int64_t n) {
            if (act) act(in, inout, n);
            return status;
          }};
}

void flip(std::byte& b) { b = ~b; }

run_judgement judged(const kernel_under_test& k) { return judge(run_guarded(k, extent, three_elements())); }

TEST(KernelRun, a_call_that_returns_and_writes_its_elements_returned) {
  EXPECT_EQ(judged(kernel(0, [](std::byte*, std::byte* io, std::int64_t n) { flip(io[n * extent - 1]); })).outcome,
            run_outcome::returned);
}

TEST(KernelRun, the_statuses_of_a_call_that_did_not_return_are_told_apart) {
  const run_judgement hang = judged(kernel(hang_status));
  EXPECT_EQ(hang.outcome, run_outcome::hang);
  EXPECT_EQ(hang.status, hang_status);
  EXPECT_EQ(judged(kernel(changed_len_status)).outcome, run_outcome::changed_len);
  const run_judgement error = judged(kernel(5));
  EXPECT_EQ(error.outcome, run_outcome::failed);
  EXPECT_EQ(error.status, 5);
  EXPECT_EQ(judged(kernel(crash_status(11))).outcome, run_outcome::failed);
}

TEST(KernelRun, a_status_comes_before_what_the_call_wrote) {
  const auto stray = [](std::byte*, std::byte* io, std::int64_t n) { flip(io[n * extent]); };
  EXPECT_EQ(judged(kernel(hang_status, stray)).outcome, run_outcome::hang);
  EXPECT_EQ(judged(kernel(7, stray)).outcome, run_outcome::failed);
}

TEST(KernelRun, a_stray_write_is_placed_in_its_buffer) {
  const run_judgement after =
      judged(kernel(0, [](std::byte*, std::byte* io, std::int64_t n) { flip(io[n * extent]); }));
  EXPECT_EQ(after.outcome, run_outcome::wrote_outside);
  EXPECT_EQ(after.byte_offset, 3 * extent);
  EXPECT_FALSE(after.in_inbuf);
  const run_judgement before = judged(kernel(0, [](std::byte* in, std::byte*, std::int64_t) { flip(in[-1]); }));
  EXPECT_EQ(before.outcome, run_outcome::wrote_outside);
  EXPECT_EQ(before.byte_offset, -1);
  EXPECT_TRUE(before.in_inbuf);
}

TEST(KernelRun, a_write_to_inbuf_is_a_write_to_an_input) {
  const run_judgement j = judged(kernel(0, [](std::byte* in, std::byte*, std::int64_t) { flip(in[5]); }));
  EXPECT_EQ(j.outcome, run_outcome::wrote_invec);
  EXPECT_EQ(j.byte_offset, 5);
}

TEST(KernelRun, the_fuzzer_calls_a_hang_a_hang) {
  const differential d(predefined_oracle(op_id::sum, basic_type::int32), kernel(hang_status), policy{});
  const case_result r = d.check(three_elements());
  EXPECT_EQ(r.verdict, verdict_kind::hang);
  EXPECT_EQ(r.kernel_status, hang_status);
}

TEST(KernelRun, the_contract_calls_a_hang_a_failed_call_that_hung) {
  contract_options o;
  o.cases = 1;
  const contract_report r = check_contract(kernel(hang_status), datatype::predefined(basic_type::int32), policy{}, o);
  ASSERT_TRUE(r.breach);
  EXPECT_EQ(r.breach->kind, contract_breach::call_failed);
  EXPECT_EQ(r.breach->status, hang_status);
  EXPECT_NE(describe(*r.breach).find("did not return within the call timeout"), std::string::npos)
      << describe(*r.breach);
}

TEST(KernelRun, the_contract_names_each_breach_a_run_shows) {
  contract_options o;
  o.cases = 1;
  const auto breach = [&](const kernel_under_test& k) {
    return check_contract(k, datatype::predefined(basic_type::int32), policy{}, o).breach->kind;
  };
  EXPECT_EQ(breach(kernel(3)), contract_breach::call_failed);
  EXPECT_EQ(breach(kernel(changed_len_status)), contract_breach::changed_len);
  EXPECT_EQ(breach(kernel(0, [](std::byte*, std::byte* io, std::int64_t n) { flip(io[n * extent]); })),
            contract_breach::wrote_outside);
  EXPECT_EQ(breach(kernel(0, [](std::byte* in, std::byte*, std::int64_t) { flip(in[0]); })),
            contract_breach::wrote_invec);
}

}  // namespace
}  // namespace redsem::fuzz
