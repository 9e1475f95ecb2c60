// One differential test case: two operand buffers of `count` elements, where each starts
// relative to a 64-byte boundary, and how the kernel call is split into chunks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "model/typemap.h"

namespace redsem::fuzz {

struct fuzz_case {
  std::int64_t count = 0;
  int in_offset = 0;     // bytes past a 64-byte boundary where inbuf starts (0–7)
  int inout_offset = 0;  // the same for inoutbuf
  std::vector<std::int64_t> chunks;  // lengths of consecutive kernel calls; sum is count
  std::vector<std::byte> in;     // count × extent bytes
  std::vector<std::byte> inout;  // count × extent bytes
};

// "count 17, inbuf at +3, inoutbuf at +0, one call" — the layout, not the values.
std::string describe_layout(const fuzz_case& c);

struct generation_limits {
  std::int64_t max_length = 3000;
  bool misalign = true;  // vary the offsets 0–7 (off: both buffers 64-byte aligned)
  bool split = true;     // split some calls into chunks
  // MPI_C_BOOL/MPI_CXX_BOOL bytes other than 0 and 1 are not valid _Bool/bool values (C11
  // §6.2.6.1), so by default they are not generated (spec §9.7 lists them as a policy point).
  bool noncanonical_bools = false;
};

// The one random source of the fuzzer: a case is a function of (type, limits, seed), so a
// seed printed with a failure replays it.
using rng = std::mt19937_64;

fuzz_case generate_case(const datatype& type, const generation_limits& limits, std::uint64_t seed);

// Fills one element at `out` of `type`: each scalar field special, random bits, small, or a
// copy of the same field of `partner` (ties matter to MINLOC/MAXLOC and ±0); partner may be null.
void generate_element(const datatype& type, rng& r, const std::byte* partner, std::byte* out,
                      bool noncanonical_bools = false);

// The length of a case: small lengths often, lengths around vector widths and powers of two,
// and sometimes anything up to max_length.
std::int64_t generate_length(rng& r, std::int64_t max_length);

}  // namespace redsem::fuzz
