// SPDX-License-Identifier: BSD-3-Clause
// A user op in the MPICH helper (props/fuzz/mpi_user_op.h), below the command line: the handle's
// layout as MPI reports it, a failing setup's reason, a call on guarded buffers, a stray write
// that comes back to the caller's canaries, and a crash that costs the helper no restart.
#include "props/fuzz/mpi_user_op.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "props/fuzz/guarded_buffer.h"

namespace redsem::fuzz {
namespace {

const std::string helper_program = REDSEM_MPICH_HELPER;  // empty: MPICH's mpicc was not found
const std::string handle_ops = REDSEM_MPICH_HANDLE_OPS;

std::vector<std::byte> ints(std::initializer_list<int> v) {
  std::vector<std::byte> b(v.size() * sizeof(int));
  std::memcpy(b.data(), std::data(v), b.size());
  return b;
}

#define REQUIRE_MPICH() \
  if (helper_program.empty()) GTEST_SKIP() << "the MPICH helper is not built"

TEST(FuzzMpiUserOp, HandleLayoutsAsTheLibraryReportsThem) {
  REQUIRE_MPICH();
  mpi_helper helper(helper_program);
  const auto predefined = prepare_user_op(helper, {handle_ops + ":sum_int_or_double", false, true, basic_type::int_});
  ASSERT_TRUE(std::holds_alternative<mpi_handle_layout>(predefined)) << std::get<std::string>(predefined);
  EXPECT_EQ(std::get<mpi_handle_layout>(predefined).size, 4);
  EXPECT_EQ(std::get<mpi_handle_layout>(predefined).extent, 4);
  const auto pair = datatype::structure(
      {1, 1}, {0, 8}, {datatype::predefined(basic_type::int_), datatype::predefined(basic_type::double_)});
  const auto described = prepare_user_op(helper, {handle_ops + ":pair_sum_checks_size", false, true, pair});
  ASSERT_TRUE(std::holds_alternative<mpi_handle_layout>(described)) << std::get<std::string>(described);
  EXPECT_EQ(std::get<mpi_handle_layout>(described).size, 12);
  EXPECT_EQ(std::get<mpi_handle_layout>(described).extent, 16);
  const auto made = prepare_user_op(helper, {handle_ops + ":pair_sum", false, true, handle_ops + ":make_pair_type"});
  ASSERT_TRUE(std::holds_alternative<mpi_handle_layout>(made)) << std::get<std::string>(made);
  EXPECT_EQ(std::get<mpi_handle_layout>(made).extent, 16);
}

TEST(FuzzMpiUserOp, AFailingSetupSaysWhy) {
  REQUIRE_MPICH();
  mpi_helper helper(helper_program);
  const auto refused = prepare_user_op(helper, {handle_ops + ":pair_sum", false, true, handle_ops + ":refuse_setup"});
  ASSERT_TRUE(std::holds_alternative<std::string>(refused));
  EXPECT_NE(std::get<std::string>(refused).find("returned 7, not 0"), std::string::npos)
      << std::get<std::string>(refused);
  const auto missing = prepare_user_op(helper, {handle_ops + ":no_such_op", false, true, basic_type::int_});
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_NE(std::get<std::string>(missing).find("has no symbol 'no_such_op'"), std::string::npos)
      << std::get<std::string>(missing);
}

TEST(FuzzMpiUserOp, CallsOnGuardedBuffersAndACrashCostsNoRestart) {
  REQUIRE_MPICH();
  mpi_helper helper(helper_program);
  for (bool through_reduce_local : {false, true}) {
    const mpi_user_op_spec spec{handle_ops + ":sum_int_or_double", through_reduce_local, true, basic_type::int_};
    ASSERT_TRUE(std::holds_alternative<mpi_handle_layout>(prepare_user_op(helper, spec)));
    const auto k = mpi_user_op_kernel(helper, spec, 4, "mpich");
    guarded_buffer in(ints({1, 2, 3}), 3), inout(ints({10, 20, 30}), 5);
    EXPECT_EQ(k.run(in.data(), inout.data(), 3), 0);
    EXPECT_EQ(inout.content(), ints({11, 22, 33}));
    EXPECT_EQ(inout.stray_write(), std::nullopt);
  }
  // MPI_FLOAT: the op aborts; the helper's forked worker dies, not the helper.
  const mpi_user_op_spec on_float{handle_ops + ":sum_int_or_double", false, true, basic_type::float_};
  ASSERT_TRUE(std::holds_alternative<mpi_handle_layout>(prepare_user_op(helper, on_float)));
  const auto k = mpi_user_op_kernel(helper, on_float, 4, "mpich");
  guarded_buffer in(ints({1}), 0), inout(ints({2}), 0);
  EXPECT_EQ(k.run(in.data(), inout.data(), 1), crash_status(SIGABRT));
  EXPECT_EQ(k.run(in.data(), inout.data(), 1), crash_status(SIGABRT));
  EXPECT_EQ(helper.restarts(), 0);
}

TEST(FuzzMpiUserOp, AStrayWriteComesBackToTheCallersCanaries) {
  REQUIRE_MPICH();
  mpi_helper helper(helper_program);
  const mpi_user_op_spec spec{std::string(REDSEM_HOSTILE_KERNELS) + ":sum_int32_writes_after_inbuf", false, true,
                              basic_type::int32};
  ASSERT_TRUE(std::holds_alternative<mpi_handle_layout>(prepare_user_op(helper, spec)));
  const auto k = mpi_user_op_kernel(helper, spec, 4, "mpich");
  guarded_buffer in(ints({1, 2}), 0), inout(ints({3, 4}), 0);
  EXPECT_EQ(k.run(in.data(), inout.data(), 2), 0);
  EXPECT_EQ(inout.content(), ints({4, 6}));
  EXPECT_EQ(in.stray_write(), 8 + 100);  // 100 bytes past inbuf's 2 elements
  EXPECT_EQ(inout.stray_write(), std::nullopt);
}

}  // namespace
}  // namespace redsem::fuzz
