// SPDX-License-Identifier: BSD-3-Clause
// The MPIX add-on's proposal ops against their definitions in the model. Each op is written
// once, as an op file (examples/ops) that the model runs and Z3 proves laws of; the build
// generates its C for MPI programs with `redsem emit-c`. This runs both on the same random
// elements, the generated op through a real MPI's MPI_Reduce_local (the fuzz helper, which
// compiles it in) and the op file through the model's interpreter, and compares every field.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "model/opfile/concrete_op.h"
#include "model/opfile/typed_op.h"
#include "props/fuzz/mpi_library.h"

namespace redsem::opfile {
namespace {

struct pairing {
  const char* mpix_op;
  const char* op_file;     // in examples/ops
  const char* mpi_type;    // the pair type, laid out as the op file's struct {T value; int32 index}
  const char* value_type;  // the op file's T
};

// The fixed ops of docs/semantics.md §8 (what the MPIX library implements), on a floating and an
// integer pair type.
constexpr pairing pairings[] = {
    {"MPIX_SEGMENTED_SUM", "segmented_sum_normalised.op", "MPI_DOUBLE_INT", "double"},
    {"MPIX_SEGMENTED_SUM", "segmented_sum_normalised.op", "MPI_2INT", "int32"},
    {"MPIX_SELECT_SUM", "select_sum_identity.op", "MPI_DOUBLE_INT", "double"},
    {"MPIX_SELECT_SUM", "select_sum_identity.op", "MPI_2INT", "int32"},
    {"MPIX_ALL_EQUAL_MIN", "all_min_all_equal.op", "MPI_DOUBLE_INT", "double"},
    {"MPIX_ALL_EQUAL_MIN", "all_min_all_equal.op", "MPI_2INT", "int32"},
};

struct helper_path {
  const char* flavour;
  const char* path;  // empty when that MPI is not installed
};

constexpr helper_path helpers[] = {{"openmpi", REDSEM_MPI_HELPER_OPENMPI}, {"mpich", REDSEM_MPI_HELPER_MPICH}};

// A value field: ties, signed zeros, NaN and infinities for double; the extremes for int32.
void random_value(const std::string& type, std::byte* at, std::mt19937_64& rng) {
  if (type == "double") {
    const double v[] = {0.0, -0.0, 1.5, -2.0, 3.0, 1e16, -1e16, 0.1,
                        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()};
    std::memcpy(at, &v[rng() % std::size(v)], sizeof(double));
  } else {
    const std::int32_t v[] = {0, 1, -1, 7, 3, std::numeric_limits<std::int32_t>::max(), std::numeric_limits<std::int32_t>::min()};
    std::memcpy(at, &v[rng() % std::size(v)], sizeof(std::int32_t));
  }
}

// Equal fields: the same bytes, or (the model's compare policy, nan_equal) two NaNs.
bool same_field(const std::string& type, const std::byte* a, const std::byte* b) {
  if (type == "double") {
    double x, y;
    std::memcpy(&x, a, 8);
    std::memcpy(&y, b, 8);
    return std::memcmp(a, b, 8) == 0 || (std::isnan(x) && std::isnan(y));
  }
  return std::memcmp(a, b, 4) == 0;
}

std::string show(const concrete_op& op, const std::string& type, const std::byte* e) {
  std::string out = "(";
  if (type == "double") {
    double v;
    std::memcpy(&v, e + op.offset(0), 8);
    out += std::to_string(v);
  } else {
    std::int32_t v;
    std::memcpy(&v, e + op.offset(0), 4);
    out += std::to_string(v);
  }
  std::int32_t index;
  std::memcpy(&index, e + op.offset(1), 4);
  return out + ", " + std::to_string(index) + ")";
}

void PrintTo(const helper_path& h, std::ostream* os) { *os << h.flavour; }

class ProposalOpsMatchTheModel : public ::testing::TestWithParam<helper_path> {};

TEST_P(ProposalOpsMatchTheModel, OnRandomElements) {
  const helper_path& h = GetParam();
  if (std::string(h.path).empty()) GTEST_SKIP() << h.flavour << " is not installed";
  fuzz::mpi_helper mpi(h.path);
  std::mt19937_64 rng(20261124);
  for (const pairing& p : pairings) {
    SCOPED_TRACE(std::string(p.mpix_op) + " on " + p.mpi_type + " (" + h.flavour + ") vs " + p.op_file);
    const auto loaded = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/" + p.op_file);
    ASSERT_TRUE(loaded.op) << loaded.error.to_string();
    const typed_op* typed = loaded.op->instance(p.value_type);
    ASSERT_NE(typed, nullptr);
    const concrete_op op(*typed, policy{});
    const std::size_t size = op.size(), count = 4096;
    // Legal elements only (the op files' `require`): flags 0 and 1, and other non-zero flags
    // where the op file takes them.
    std::vector<std::byte> in(count * size), inout(count * size);
    for (std::vector<std::byte>* buffer : {&in, &inout}) {
      for (std::size_t k = 0; k < count; ++k) {
        std::byte* e = buffer->data() + k * size;
        do {
          std::memset(e, 0, size);
          random_value(p.value_type, e + op.offset(0), rng);
          const std::int32_t flags[] = {0, 1, 0, 1, 7, -3};
          std::memcpy(e + op.offset(1), &flags[rng() % std::size(flags)], 4);
        } while (!op.legal(op.load(e)));
      }
    }
    const fuzz::mpi_reply reply = mpi.reduce_local(p.mpix_op, p.mpi_type, static_cast<std::int64_t>(count), 0, 0,
                                                   in.data(), inout.data(), in.size());
    ASSERT_EQ(reply.status, fuzz::mpi_reply::kind::ok) << reply.text;
    ASSERT_EQ(reply.bytes.size(), inout.size());
    std::size_t differ = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const std::byte *a = in.data() + k * size, *b = inout.data() + k * size, *got = reply.bytes.data() + k * size;
      std::vector<std::byte> want(size);
      op.combine(a, b, want.data());  // in ∘ inout, in the left operand, as MPI_Reduce_local
      if (same_field(p.value_type, got + op.offset(0), want.data() + op.offset(0)) &&
          same_field("int32", got + op.offset(1), want.data() + op.offset(1)))
        continue;
      if (++differ <= 3)
        ADD_FAILURE() << show(op, p.value_type, a) << " ∘ " << show(op, p.value_type, b) << ": the MPIX op gives "
                      << show(op, p.value_type, got) << ", the op file " << show(op, p.value_type, want.data());
    }
    EXPECT_EQ(differ, 0u) << "elements that differ of " << count;
  }
}

INSTANTIATE_TEST_SUITE_P(Mpis, ProposalOpsMatchTheModel, ::testing::ValuesIn(helpers),
                         [](const auto& info) { return std::string(info.param.flavour); });

}  // namespace
}  // namespace redsem::opfile
