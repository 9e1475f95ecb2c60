/* SPDX-License-Identifier: BSD-3-Clause */
// One differential test case: two operand buffers of `count` elements, where each starts
// relative to a 64-byte boundary, and how the kernel call is split into chunks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model/opfile/op_domain.h"
#include "model/typemap.h"

namespace redsem::fuzz {

struct fuzz_case {
  std::int64_t count = 0;
  int in_offset = 0;                 // bytes past a 64-byte boundary where inbuf starts (0–7)
  int inout_offset = 0;              // the same for inoutbuf
  std::vector<std::int64_t> chunks;  // lengths of consecutive kernel calls; sum is count
  std::vector<std::byte> in;         // count × extent bytes
  std::vector<std::byte> inout;      // count × extent bytes
};

// "count 17, inbuf at +3, inoutbuf at +0, one call" — the layout, not the values.
std::string describe_layout(const fuzz_case& c);

struct generation_limits {
  std::int64_t max_length = 3000;
  bool misalign = true;  // vary the offsets 0–7 (off: both buffers 64-byte aligned)
  bool split = true;     // split some calls into chunks
  // MPI_C_BOOL/MPI_CXX_BOOL bytes other than 0 and 1 are not valid _Bool/bool values (C11
  // §6.2.6.1), so by default they are not generated (docs/semantics.md §9.7 lists them as a policy point).
  bool noncanonical_bools = false;
  // Bytes outside the typemap (gaps, padding) hold a marker, not zeros, so that a call that
  // writes zeros there is seen to write.
  bool mark_gaps = false;
};

// The one random source of the fuzzer: a case is a function of (type, limits, seed), so a
// seed printed with a failure replays it. xoshiro256** (Blackman and Vigna), seeded through
// splitmix64: generation is most of a campaign's time, and std::mt19937_64 was twice as slow.
class rng {
 public:
  using result_type = std::uint64_t;
  explicit rng(std::uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9e3779b97f4a7c15ULL;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      word = z ^ (z >> 31);
    }
  }
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

// With a domain, every element is drawn inside it (redrawn, or a known member when draws keep
// missing), counted in *draws.
fuzz_case generate_case(const datatype& type, const generation_limits& limits, std::uint64_t seed,
                        const opfile::op_domain* domain = nullptr, opfile::domain_draws* draws = nullptr);

// Fills one element at `out` of `type`: each scalar field special, random bits, small, or a
// copy of the same field of `partner` (ties matter to MINLOC/MAXLOC and ±0); partner may be null.
void generate_element(const datatype& type, rng& r, const std::byte* partner, std::byte* out,
                      bool noncanonical_bools = false);

// The length of a case: small lengths often, lengths around vector widths and powers of two,
// and sometimes anything up to max_length.
std::int64_t generate_length(rng& r, std::int64_t max_length);

}  // namespace redsem::fuzz
