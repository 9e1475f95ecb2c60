// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/fuzz_case.h"

#include <algorithm>
#include <cstring>

#include "model/special_values.h"
#include "props/fuzz/derived_layouts.h"

namespace redsem::fuzz {
namespace {

// Not 0 and not 0xff: bytes a stray store of zeros or of all ones would change.
constexpr std::byte gap_marker{0xa5};

std::uint64_t pick(rng& r, std::uint64_t n) { return n == 0 ? 0 : r() % n; }

// One draw decides the kind of value and, for specials and small values, which one.
void generate_scalar(scalar_kind k, rng& r, std::byte* out) {
  const std::size_t n = value_bytes(k);
  const std::uint64_t x = r();
  const auto roll = (x >> 32) % 100;
  const auto choice = static_cast<std::uint32_t>(x);
  scalar_bytes b{};
  if (roll < 35) {
    const auto specials = special_values(k);
    b = specials[choice % specials.size()];
  } else if (roll < 70) {
    for (std::size_t i = 0; i < n; i += 8) {
      const std::uint64_t bits = r();
      std::memcpy(b.data() + i, &bits, std::min<std::size_t>(8, n - i));
    }
    // x87's explicit integer bit must be set exactly when the exponent is nonzero: otherwise
    // the bits are an "unnormal" or "pseudo-denormal", encodings no arithmetic produces and
    // the FPU rejects as invalid operands.
    if (k == scalar_kind::f80) {
      const bool exponent_zero = b[8] == std::byte{0} && (b[9] & std::byte{0x7f}) == std::byte{0};
      b[7] = exponent_zero ? (b[7] & std::byte{0x7f}) : (b[7] | std::byte{0x80});
    }
  } else {
    b = small_value(k, static_cast<int>(choice % 17) - 8);
  }
  std::memcpy(out, b.data(), n);
}

std::vector<std::int64_t> generate_chunks(rng& r, std::int64_t count, bool split) {
  if (!split || count < 2 || pick(r, 10) < 7) return {count};
  std::vector<std::int64_t> cuts;
  const auto pieces = 1 + pick(r, 4);
  for (std::uint64_t i = 0; i < pieces; ++i) cuts.push_back(static_cast<std::int64_t>(pick(r, count + 1)));
  cuts.push_back(0);
  cuts.push_back(count);
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::int64_t> chunks;
  for (std::size_t i = 1; i < cuts.size(); ++i) chunks.push_back(cuts[i] - cuts[i - 1]);  // empty calls too
  return chunks;
}

}  // namespace

std::string describe_layout(const fuzz_case& c) {
  std::string s = "count " + std::to_string(c.count) + ", inbuf at +" + std::to_string(c.in_offset) +
                  ", inoutbuf at +" + std::to_string(c.inout_offset) + " (from a 64-byte boundary), ";
  if (c.chunks.size() <= 1) return s + "one call";
  s += std::to_string(c.chunks.size()) + " calls of lengths";
  for (auto n : c.chunks) s += " " + std::to_string(n);
  return s;
}

void generate_element(const datatype& type, rng& r, const std::byte* partner, std::byte* out, bool noncanonical_bools) {
  // One draw for the copy decisions: 3 bits for "copy the whole element", 3 per field after.
  std::uint64_t copies = partner != nullptr ? r() : 1;
  const bool copy_all = (copies & 7) == 0;
  for (const auto& e : type.entries()) {
    const type_info& t = info(e.type);
    for (std::size_t f = 0; f < t.field_count; ++f) {
      const std::int64_t at = e.disp + t.fields[f].offset;
      copies = (copies >> 3) | (std::uint64_t{1} << 61);  // never runs dry into "copy"
      const bool copy_field = partner != nullptr && (copy_all || (copies & 7) == 0);
      const bool boolean = e.type == basic_type::c_bool || e.type == basic_type::cxx_bool;
      if (copy_field)
        std::memcpy(out + at, partner + at, value_bytes(t.fields[f].kind));
      else if (boolean && !noncanonical_bools)
        out[at] = std::byte{static_cast<unsigned char>(r() & 1)};
      else
        generate_scalar(t.fields[f].kind, r, out + at);
    }
  }
}

std::int64_t generate_length(rng& r, std::int64_t max_length) {
  std::int64_t n = 0;
  switch (pick(r, 4)) {
    case 0:
      n = static_cast<std::int64_t>(pick(r, 10));
      break;
    case 1: {  // around a power of two: where vector bodies and their tails meet
      const auto p = std::int64_t{1} << pick(r, 12);
      n = p + static_cast<std::int64_t>(pick(r, 5)) - 2;
      break;
    }
    case 2:
      n = static_cast<std::int64_t>(pick(r, 300));
      break;
    default:
      n = static_cast<std::int64_t>(pick(r, static_cast<std::uint64_t>(max_length) + 1));
      break;
  }
  return std::clamp<std::int64_t>(n, 0, max_length);
}

fuzz_case generate_case(const datatype& type, const generation_limits& limits, std::uint64_t seed,
                        const opfile::op_domain* domain, opfile::domain_draws* draws) {
  rng r(seed);
  fuzz_case c;
  c.count = generate_length(r, limits.max_length);
  if (limits.misalign && pick(r, 2) == 0) {
    c.in_offset = static_cast<int>(pick(r, 8));
    c.inout_offset = static_cast<int>(pick(r, 8));
  }
  c.chunks = generate_chunks(r, c.count, limits.split);
  const auto extent = static_cast<std::size_t>(type.extent());
  c.in.assign(static_cast<std::size_t>(c.count) * extent, std::byte{0});
  c.inout.assign(c.in.size(), std::byte{0});
  opfile::domain_draws local;
  for (std::int64_t k = 0; k < c.count; ++k) {
    std::byte* a = c.in.data() + k * extent;
    std::byte* b = c.inout.data() + k * extent;
    if (!domain) {
      generate_element(type, r, nullptr, a, limits.noncanonical_bools);
      generate_element(type, r, a, b, limits.noncanonical_bools);
      continue;
    }
    domain->draw([&](std::byte* out) { generate_element(type, r, nullptr, out, limits.noncanonical_bools); }, r(), a,
                 draws ? *draws : local);
    domain->draw([&](std::byte* out) { generate_element(type, r, a, out, limits.noncanonical_bools); }, r(), b,
                 draws ? *draws : local);
  }
  if (limits.mark_gaps && extent != 0) {
    const std::vector<bool> covered = covered_bytes(type);
    for (std::size_t i = 0; i < c.in.size(); ++i)
      if (!covered[i % extent]) c.in[i] = c.inout[i] = gap_marker;
  }
  return c;
}

}  // namespace redsem::fuzz
