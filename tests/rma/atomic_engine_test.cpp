// SPDX-License-Identifier: BSD-3-Clause
// The native accumulate engine under real concurrency: sums conserved, every fetched value
// consistent with a serial order per element, and single-threaded agreement with the model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "kernels/atomic/atomic_accumulate.h"
#include "model/element_io.h"
#include "model/rma/element_update.h"

namespace redsem::kernels::atomic {
namespace {

constexpr int threads = 4;
#if defined(__SANITIZE_THREAD__)
constexpr int ops_per_thread = 20'000;  // TSan runs ~10x slower; the interleavings are what matter
#else
constexpr int ops_per_thread = 300'000;  // 4 threads: 1.2 million operations per test
#endif

struct fetch_record {
  std::size_t element;
  long double old_value, increment;
};

// Runs `body(thread, records)` on `threads` threads and returns all their records.
template <class Body>
std::vector<fetch_record> run_threads(Body body) {
  std::vector<std::vector<fetch_record>> per(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back([&, t] { body(t, per[static_cast<std::size_t>(t)]); });
  for (auto& th : pool) th.join();
  std::vector<fetch_record> all;
  for (auto& p : per) all.insert(all.end(), p.begin(), p.end());
  return all;
}

// With positive increments, the fetched values of one element are consistent with a serial order
// exactly when, sorted, each one plus its increment is the next (the last gives the final value).
void expect_serial_chain(std::vector<fetch_record> records, std::size_t element, long double initial, long double final_value) {
  std::vector<fetch_record> mine;
  std::copy_if(records.begin(), records.end(), std::back_inserter(mine), [&](const auto& r) { return r.element == element; });
  std::sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.old_value < b.old_value; });
  long double expected = initial;
  for (const auto& r : mine) {
    ASSERT_EQ(r.old_value, expected) << "element " << element << ": a fetched value no serial order produces";
    expected += r.increment;
  }
  EXPECT_EQ(expected, final_value) << "element " << element;
}

// A fetch-and-add workload on `elements` elements of type T through the engine.
template <class T>
void fetch_and_add_workload(basic_type type, std::size_t elements) {
  alignas(64) std::vector<T> window(elements, T{});
  for (std::size_t e = 0; e < elements; ++e) window[e] = static_cast<T>(e * 1000);
  const std::vector<T> initial = window;
  const policy p{};
  const auto records = run_threads([&](int t, std::vector<fetch_record>& out) {
    std::mt19937 rng(static_cast<unsigned>(t) * 7919u + 1);
    out.reserve(ops_per_thread);
    for (int i = 0; i < ops_per_thread; ++i) {
      const std::size_t e = rng() % elements;
      const T inc = static_cast<T>(1 + rng() % 3);
      T old{};
      accumulate(type, op_id::sum, p, reinterpret_cast<std::byte*>(&window[e]), reinterpret_cast<const std::byte*>(&inc),
                 reinterpret_cast<std::byte*>(&old), 1);
      out.push_back({e, static_cast<long double>(old), static_cast<long double>(inc)});
    }
  });
  ASSERT_EQ(records.size(), static_cast<std::size_t>(threads) * ops_per_thread);
  for (std::size_t e = 0; e < elements; ++e)
    expect_serial_chain(records, e, static_cast<long double>(initial[e]), static_cast<long double>(window[e]));
}

TEST(RmaAtomic, IntegerFetchAndAddUsesHardwareAndConservesTheSum) {
  long probe = 0;
  EXPECT_EQ(method_for(basic_type::long_, op_id::sum, &probe), atomic_method::hardware_rmw);
  fetch_and_add_workload<long>(basic_type::long_, 4);
}

TEST(RmaAtomic, DoubleFetchAndAddUsesACasLoopAndConservesTheSum) {
  double probe = 0;
  EXPECT_EQ(method_for(basic_type::double_, op_id::sum, &probe), atomic_method::cas_loop);
  fetch_and_add_workload<double>(basic_type::double_, 3);  // integer-valued doubles: exact sums
}

TEST(RmaAtomic, FloatFetchAndAddOnOneElement) { fetch_and_add_workload<float>(basic_type::float_, 1); }

TEST(RmaAtomic, LongDoubleUsesSixteenByteCas) {
  alignas(16) long double probe = 0;
  EXPECT_EQ(method_for(basic_type::long_double, op_id::sum, &probe), atomic_method::cas16_loop);
  fetch_and_add_workload<long double>(basic_type::long_double, 2);
}

// Complex and pair elements: every thread adds (1, 2) to a complex, or offers MAXLOC pairs.
template <class S>
void complex_sum_workload(basic_type type, atomic_method expected_method) {
  alignas(32) complex_val<S> value{S(0), S(0)};
  EXPECT_EQ(method_for(type, op_id::sum, &value), expected_method);
  const policy p{};
  run_threads([&](int, std::vector<fetch_record>&) {
    const complex_val<S> inc{S(1), S(2)};
    for (int i = 0; i < ops_per_thread / 4; ++i)
      accumulate(type, op_id::sum, p, reinterpret_cast<std::byte*>(&value), reinterpret_cast<const std::byte*>(&inc),
                 nullptr, 1);
  });
  EXPECT_EQ(value.re, S(threads * (ops_per_thread / 4)));
  EXPECT_EQ(value.im, S(2 * threads * (ops_per_thread / 4)));
}

TEST(RmaAtomic, FloatComplexSumThroughEightByteCas) { complex_sum_workload<float>(basic_type::c_complex, atomic_method::cas_loop); }
TEST(RmaAtomic, DoubleComplexSumThroughSixteenByteCas) {
  complex_sum_workload<double>(basic_type::c_double_complex, atomic_method::cas16_loop);
}
TEST(RmaAtomic, LongDoubleComplexSumThroughStripedLocks) {
  complex_sum_workload<long double>(basic_type::c_long_double_complex, atomic_method::lock_striped);
}

TEST(RmaAtomic, MaxlocOnDoubleIntPairsFindsTheSerialResult) {
  using P = pair_val<double, int>;
  alignas(16) P value{-1.0, 0};
  EXPECT_EQ(method_for(basic_type::double_int, op_id::maxloc, &value), atomic_method::cas16_loop);
  const policy p{};
  const auto records = run_threads([&](int t, std::vector<fetch_record>& out) {
    std::mt19937 rng(static_cast<unsigned>(t) + 99);
    for (int i = 0; i < ops_per_thread / 4; ++i) {
      const P offer{static_cast<double>(rng() % 1000), static_cast<int>(rng() % 100000)};
      P old{};
      accumulate(basic_type::double_int, op_id::maxloc, p, reinterpret_cast<std::byte*>(&value),
                 reinterpret_cast<const std::byte*>(&offer), reinterpret_cast<std::byte*>(&old), 1);
      // MAXLOC only grows: every fetched value is at most the final one, and ordered (value, -index).
      out.push_back({0, static_cast<long double>(old.value) * 1e6L - old.index, static_cast<long double>(offer.value) * 1e6L - offer.index});
    }
  });
  long double best = -1e6L;
  for (const auto& r : records) {
    best = std::max(best, r.increment);
    EXPECT_LE(r.old_value, static_cast<long double>(value.value) * 1e6L - value.index);
  }
  EXPECT_EQ(static_cast<long double>(value.value) * 1e6L - value.index, best) << "the serial MAXLOC of every offer";
}

TEST(RmaAtomic, CompareAndSwapCountsEveryIncrementOnce) {
  long long counter = 0;
  const auto records = run_threads([&](int, std::vector<fetch_record>& out) {
    for (int i = 0; i < ops_per_thread / 4; ++i) {
      long long seen = 0;
      for (;;) {
        accumulate(basic_type::long_long_int, op_id::no_op, policy{}, reinterpret_cast<std::byte*>(&counter), nullptr,
                   reinterpret_cast<std::byte*>(&seen), 1);
        const long long next = seen + 1;
        long long old = 0;
        if (compare_and_swap(basic_type::long_long_int, reinterpret_cast<std::byte*>(&counter),
                             reinterpret_cast<const std::byte*>(&next), reinterpret_cast<const std::byte*>(&seen),
                             reinterpret_cast<std::byte*>(&old))) {
          out.push_back({0, static_cast<long double>(old), 1});
          break;
        }
      }
    }
  });
  EXPECT_EQ(counter, static_cast<long long>(threads) * (ops_per_thread / 4));
  expect_serial_chain(records, 0, 0, static_cast<long double>(counter));
}

// Single-threaded, every legal (op, type): the engine computes what the model computes.
TEST(RmaAtomic, AgreesWithTheModelOnEveryLegalPair) {
  std::mt19937_64 rng(3);
  const policy p{};
  std::size_t pairs = 0;
  for_each_op_and_type([&](op_id op, basic_type type) {
    if (!op_allows(op, type)) return;
    ++pairs;
    const std::size_t size = info(type).size;
    for (int i = 0; i < 50; ++i) {
      alignas(32) std::byte engine[32]{}, model[32]{}, origin[32]{}, fetched[32]{};
      for (std::size_t k = 0; k < size; ++k) {
        engine[k] = model[k] = static_cast<std::byte>(rng());
        origin[k] = static_cast<std::byte>(rng());
      }
      accumulate(type, op, p, engine, origin, fetched, 1);
      ASSERT_TRUE(redsem::rma::identical_element(type, fetched, model)) << to_string(op) << " " << to_string(type);
      if (op != op_id::no_op) redsem::rma::element_update(type)(op, p, model, origin);
      ASSERT_TRUE(redsem::rma::identical_element(type, engine, model)) << to_string(op) << " on " << to_string(type);
    }
  });
  EXPECT_GT(pairs, 300u);
}

TEST(RmaAtomic, MisalignedElementsFallBackToStripedLocks) {
  alignas(8) std::byte buffer[16]{};
  EXPECT_EQ(method_for(basic_type::double_, op_id::sum, buffer + 4), atomic_method::lock_striped);
  const double inc = 2.5;
  double out = 0;
  accumulate(basic_type::double_, op_id::sum, policy{}, buffer + 4, reinterpret_cast<const std::byte*>(&inc),
             reinterpret_cast<std::byte*>(&out), 1);
  accumulate(basic_type::double_, op_id::sum, policy{}, buffer + 4, reinterpret_cast<const std::byte*>(&inc),
             reinterpret_cast<std::byte*>(&out), 1);
  EXPECT_EQ(out, 2.5);
  double now = 0;
  std::memcpy(&now, buffer + 4, 8);
  EXPECT_EQ(now, 5.0);
}

}  // namespace
}  // namespace redsem::kernels::atomic
