// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/shrink.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <map>
#include <set>

#include "model/element_compare.h"
#include "model/special_values.h"

namespace redsem::fuzz {
namespace {

class shrinker {
 public:
  shrinker(const differential& d, const case_result& found, int budget)
      : d_(d), kind_(found.verdict), policy_(found.right_under), budget_(budget), hangs_before_(d.hangs_seen()) {}

  // A case outside the op's domain is no counterexample, however the kernel does on it.
  bool still_fails(const fuzz_case& c) {
    if (budget_ <= 0 || !d_.in_domain(c)) return false;
    // Candidates that hang while shrinking another failure each cost a whole time limit.
    if (kind_ != verdict_kind::hang && d_.hangs_seen() - hangs_before_ >= hang_shrink_budget) return false;
    --budget_;
    const case_result r = d_.check(c, policy_);
    return r.verdict == kind_ && r.right_under == policy_;
  }
  // Keeps `candidate` when it still fails.
  bool try_case(fuzz_case& current, fuzz_case candidate) {
    if (!still_fails(candidate)) return false;
    current = std::move(candidate);
    return true;
  }

 private:
  const differential& d_;
  verdict_kind kind_;
  std::optional<policy_variant> policy_;  // a policy choice's: the shrunk case must be right under it too
  int budget_;
  int hangs_before_;
};

// Drops elements [begin, begin + n), shortening the chunks that held them.
fuzz_case without(const fuzz_case& c, std::int64_t begin, std::int64_t n, std::int64_t extent) {
  fuzz_case out = c;
  const auto b = static_cast<std::ptrdiff_t>(begin * extent), e = static_cast<std::ptrdiff_t>((begin + n) * extent);
  out.in.erase(out.in.begin() + b, out.in.begin() + e);
  out.inout.erase(out.inout.begin() + b, out.inout.begin() + e);
  out.count -= n;
  std::int64_t at = 0;
  for (auto& len : out.chunks) {
    const std::int64_t lo = std::max(at, begin), hi = std::min(at + len, begin + n);
    at += len;
    if (hi > lo) len -= hi - lo;
  }
  if (out.chunks.empty()) out.chunks = {out.count};
  return out;
}

// The scalar fields of one element: kind and byte offset.
std::vector<std::pair<scalar_kind, std::int64_t>> fields_of(const datatype& t) {
  std::vector<std::pair<scalar_kind, std::int64_t>> out;
  for (const auto& e : t.entries()) {
    const type_info& ti = info(e.type);
    for (std::size_t f = 0; f < ti.field_count; ++f) out.emplace_back(ti.fields[f].kind, e.disp + ti.fields[f].offset);
  }
  return out;
}

void set_field(std::vector<std::byte>& buf, std::int64_t at, scalar_kind k, const scalar_bytes& v) {
  std::memcpy(buf.data() + at, v.data(), value_bytes(k));
}

void shrink_length(shrinker& s, fuzz_case& c, std::int64_t extent) {
  for (std::int64_t block = std::max<std::int64_t>(1, c.count / 2); block >= 1; block /= 2) {
    for (std::int64_t at = 0; at + block <= c.count;)
      if (!s.try_case(c, without(c, at, block, extent))) at += block;
    if (block == 1) break;
  }
}

bool is_value(const std::vector<std::byte>& buf, std::int64_t at, scalar_kind k, const scalar_bytes& v) {
  return std::memcmp(buf.data() + at, v.data(), value_bytes(k)) == 0;
}

// Each field of each element to 0, else 1: in one operand, then in both at once (a tie such as
// MINLOC's equal values must change on both sides together to stay a tie).
void simplify_values(shrinker& s, fuzz_case& c, const datatype& type, std::int64_t extent) {
  const auto fields = fields_of(type);
  for (std::int64_t k = 0; k < c.count; ++k)
    for (const auto& [kind, off] : fields) {
      const std::int64_t at = k * extent + off;
      for (auto side : std::array{&fuzz_case::in, &fuzz_case::inout})
        for (int v : {0, 1}) {
          const scalar_bytes value = small_value(kind, v);
          if (is_value(c.*side, at, kind, value)) break;  // already the simplest
          fuzz_case candidate = c;
          set_field(candidate.*side, at, kind, value);
          if (s.try_case(c, std::move(candidate))) break;
        }
      for (int v : {0, 1}) {
        const scalar_bytes value = small_value(kind, v);
        if (is_value(c.in, at, kind, value) && is_value(c.inout, at, kind, value)) break;
        fuzz_case candidate = c;
        set_field(candidate.in, at, kind, value);
        set_field(candidate.inout, at, kind, value);
        if (s.try_case(c, std::move(candidate))) break;
      }
    }
}

// An integer field as a signed 64-bit value (unsigned 64-bit values above INT64_MAX wrap).
std::int64_t read_integer(const std::byte* p, scalar_kind k) {
  return visit(k, [&]<class T>(std::type_identity<T>) -> std::int64_t {
    if constexpr (std::is_floating_point_v<T>) {
      internal_error("read_integer on a floating-point field");
    } else {
      T v;
      std::memcpy(&v, p, sizeof v);
      return static_cast<std::int64_t>(v);
    }
  });
}

// Integer fields halve towards 0 while the case still fails: 113 + 113 overflowing int8 becomes
// 64 + 64, the smallest pair that still overflows along that path.
void halve_integers(shrinker& s, fuzz_case& c, const datatype& type, std::int64_t extent) {
  const auto fields = fields_of(type);
  for (std::int64_t k = 0; k < c.count; ++k)
    for (auto side : std::array{&fuzz_case::in, &fuzz_case::inout})
      for (const auto& [kind, off] : fields) {
        if (is_float_kind(kind)) continue;
        const std::int64_t at = k * extent + off;
        for (int step = 0; step < 64; ++step) {
          const std::int64_t v = read_integer((c.*side).data() + at, kind);
          if (v == 0 || v == 1 || v == -1) break;
          fuzz_case candidate = c;
          const std::int64_t half = v / 2;
          std::memcpy((candidate.*side).data() + at, &half, value_bytes(kind));  // little-endian: low bytes
          if (!s.try_case(c, std::move(candidate))) break;
        }
      }
}

// Each shorter length in turn, from the shortest: dropping elements one block at a time stops
// where the failure skips a length (a kernel that ignores *len fails otherwise at lengths it
// overruns, and passes at the one it assumes). True when a shorter case was kept.
bool try_shorter_lengths(shrinker& s, fuzz_case& c, std::int64_t keep, std::int64_t extent) {
  for (std::int64_t length : shorter_lengths(c.count))
    for (auto& candidate : cut_to_length(c, length, keep, extent))
      if (s.try_case(c, std::move(candidate))) return true;
  return false;
}

// One call if that still fails, else the same calls without the empty ones.
void simplify_chunks(shrinker& s, fuzz_case& c) {
  if (c.chunks.size() <= 1) return;
  fuzz_case one = c;
  one.chunks = {c.count};
  if (s.try_case(c, std::move(one))) return;
  fuzz_case nonempty = c;
  std::erase(nonempty.chunks, 0);
  if (nonempty.chunks.size() < c.chunks.size() && !nonempty.chunks.empty()) s.try_case(c, std::move(nonempty));
}

}  // namespace

std::vector<fuzz_case> cut_to_length(const fuzz_case& c, std::int64_t length, std::int64_t keep, std::int64_t extent) {
  std::vector<fuzz_case> out{without(c, length, c.count - length, extent)};
  if (keep >= length && keep < c.count)
    out.push_back(without(without(c, keep + 1, c.count - keep - 1, extent), 0, keep + 1 - length, extent));
  return out;
}

std::vector<std::int64_t> shorter_lengths(std::int64_t n) {
  std::vector<std::int64_t> out;
  for (std::int64_t length = 1; length < n; ++length)
    if (n <= all_lengths_below || length <= 64 || std::has_single_bit(static_cast<std::uint64_t>(length)) ||
        length == n - 1)
      out.push_back(length);
  return out;
}

fuzz_case shrink(const differential& d, fuzz_case failing, const case_result& found, int budget) {
  const verdict_kind kind = found.verdict;
  shrinker s(d, found, budget);
  const std::int64_t extent = d.extent();
  fuzz_case& c = failing;
  // Verdicts about the call rather than its results: first try the first element alone.
  const bool has_elements = results_meaningful(kind);
  if (!has_elements && c.count > 1) s.try_case(c, without(c, 1, c.count - 1, extent));
  simplify_chunks(s, c);
  for (auto [in_off, inout_off] : {std::pair{0, 0}, std::pair{0, c.inout_offset}, std::pair{c.in_offset, 0}}) {
    if (in_off == c.in_offset && inout_off == c.inout_offset) continue;
    fuzz_case aligned = c;
    aligned.in_offset = in_off;
    aligned.inout_offset = inout_off;
    if (s.try_case(c, std::move(aligned))) break;
  }
  const auto first_differing = [&]() -> std::int64_t {
    if (!has_elements) return -1;
    const auto differing = d.check(c).differing;
    return differing.empty() ? -1 : differing.front();
  };
  // Everything after the first differing element can usually go at once.
  if (const auto first = first_differing(); first >= 0 && first + 1 < c.count)
    s.try_case(c, without(c, first + 1, c.count - first - 1, extent));
  for (int round = 0; round < 3; ++round) {
    const fuzz_case before = c;
    shrink_length(s, c, extent);
    if (try_shorter_lengths(s, c, first_differing(), extent)) shrink_length(s, c, extent);
    simplify_values(s, c, d.oracle_used().type, extent);
    halve_integers(s, c, d.oracle_used().type, extent);
    if (c.count == before.count && c.in == before.in && c.inout == before.inout) break;
  }
  simplify_chunks(s, c);
  return c;
}

}  // namespace redsem::fuzz
