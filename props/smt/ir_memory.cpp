// SPDX-License-Identifier: BSD-3-Clause
// Memory of the symbolic IR executor: typed cells, cut into bytes only where an access
// straddles them (props/smt/ir_value.h).
#include <vector>

#include "props/smt/ir_value.h"

namespace redsem::smt::cexec {
namespace {

using csource::ir_type;
using K = ir_type::kind;

// Bytes a load or store of t touches (x86_fp80: 10 of its 16).
std::uint64_t store_size(const ir_type& t) {
  if (t.k == K::f80) return 10;
  if (t.k == K::integer) return (t.bits + 7) / 8;
  return csource::size_of(t);
}

z3::expr byte_of(z3::context& c, const cell& x, std::uint64_t i) {
  const z3::expr bits = as_bits(c, x.v);
  const auto lo = static_cast<unsigned>(i * 8);
  if (bits.get_sort().bv_size() < lo + 8) throw unmodelled_error{"a partial access to a value narrower than a byte"};
  return bits.extract(lo + 7, lo);
}

void check_bounds(const region& r, std::uint64_t offset, std::uint64_t n, const char* verb) {
  if (r.bounded && offset + n > r.size)
    throw unmodelled_error{std::string(verb) + " " + r.name + " at byte " + std::to_string(offset) + ", past its " +
                           std::to_string(r.size) + " bytes"};
}

// Removes what [offset, offset + n) overwrites; a cell reaching outside keeps those bytes as byte cells.
void clear(z3::context& c, region& r, std::uint64_t offset, std::uint64_t n) {
  auto it = r.cells.lower_bound(offset);
  if (it != r.cells.begin()) --it;
  std::vector<std::pair<std::uint64_t, cell>> kept;
  while (it != r.cells.end() && it->first < offset + n) {
    const std::uint64_t start = it->first, end = start + it->second.size;
    if (end <= offset) {
      ++it;
      continue;
    }
    for (std::uint64_t b = start; b < end; ++b)
      if (b < offset || b >= offset + n)
        kept.push_back({b, {1, sval::of(sval::kind::bits, byte_of(c, it->second, b - start))}});
    it = r.cells.erase(it);
  }
  for (auto& [at, x] : kept) r.cells.insert_or_assign(at, std::move(x));
}

void put(z3::context& c, region& r, std::uint64_t offset, cell x) {
  clear(c, r, offset, x.size);
  r.cells.insert_or_assign(offset, std::move(x));
}

const cell* cell_at(const region& r, std::uint64_t b, std::uint64_t* start) {
  auto it = r.cells.upper_bound(b);
  if (it == r.cells.begin()) return nullptr;
  --it;
  if (it->first + it->second.size <= b) return nullptr;
  *start = it->first;
  return &it->second;
}

bool same_kind(const sval& v, const ir_type& t) {
  if (t.k == K::pointer) return v.k == sval::kind::ptr;
  if (csource::is_float(t))
    return v.k == sval::kind::fp &&
           v.term().get_sort().fpa_sbits() + v.term().get_sort().fpa_ebits() == (t.k == K::f32   ? 32u
                                                                                 : t.k == K::f64 ? 64u
                                                                                                 : 79u);
  return t.k == K::integer && v.k == sval::kind::bits && v.term().get_sort().bv_size() == t.bits;
}

}  // namespace

z3::sort fp_sort(z3::context& c, const ir_type& t) {
  if (t.k == K::f32) return c.fpa_sort(8, 24);
  if (t.k == K::f64) return c.fpa_sort(11, 53);
  return c.fpa_sort(15, 64);
}

z3::expr as_bits(z3::context& c, const sval& v) {
  switch (v.k) {
    case sval::kind::bits:
      return v.term();
    case sval::kind::boolean:
      return z3::ite(v.term(), c.bv_val(1, 1), c.bv_val(0, 1));
    case sval::kind::fp: {
      const z3::expr ieee(c, Z3_mk_fpa_to_ieee_bv(c, v.term()));
      if (ieee.get_sort().bv_size() != 79) return ieee;
      // x86_fp80 in memory: sign and exponent, the explicit integer bit, 63 fraction bits.
      const z3::expr sign_exp = ieee.extract(78, 63);
      const z3::expr integer_bit = z3::ite(sign_exp.extract(14, 0) == c.bv_val(0, 15), c.bv_val(0, 1), c.bv_val(1, 1));
      return z3::concat(z3::concat(sign_exp, integer_bit), ieee.extract(62, 0));
    }
    case sval::kind::ptr:
      throw unmodelled_error{"a pointer used as data"};
    case sval::kind::agg:
      throw unmodelled_error{"an aggregate used as data"};
  }
  throw unmodelled_error{"a value of unknown kind"};
}

sval from_bits(z3::context& c, const z3::expr& bits, const ir_type& t) {
  if (t.k == K::pointer) throw unmodelled_error{"data used as a pointer"};
  if (t.k == K::integer) {
    if (t.bits == 1) return sval::of(sval::kind::boolean, bits.extract(0, 0) == c.bv_val(1, 1));
    return sval::of(sval::kind::bits, bits.get_sort().bv_size() == t.bits ? bits : bits.extract(t.bits - 1, 0));
  }
  if (t.k == K::f80) {
    const z3::expr ieee = z3::concat(bits.extract(79, 64), bits.extract(62, 0));
    return sval::of(sval::kind::fp, ieee.mk_from_ieee_bv(fp_sort(c, t)));
  }
  if (csource::is_float(t)) return sval::of(sval::kind::fp, bits.mk_from_ieee_bv(fp_sort(c, t)));
  throw unmodelled_error{"a value of type " + t.text + " in memory"};
}

sval load(z3::context& c, const region& r, std::uint64_t offset, const ir_type& t) {
  const std::uint64_t n = store_size(t);
  check_bounds(r, offset, n, "reads");
  std::uint64_t start = 0;
  const cell* whole = cell_at(r, offset, &start);
  if (whole && start == offset && whole->size == n) {
    if (same_kind(whole->v, t)) return whole->v;
    return from_bits(c, as_bits(c, whole->v), t);
  }
  std::optional<z3::expr> bits;
  for (std::uint64_t b = offset; b < offset + n; ++b) {
    const cell* x = cell_at(r, b, &start);
    if (!x) throw unmodelled_error{"reads " + r.name + " at byte " + std::to_string(b) + ", where nothing was written"};
    const z3::expr byte = byte_of(c, *x, b - start);
    bits = bits ? z3::concat(byte, *bits) : byte;
  }
  return from_bits(c, *bits, t);
}

void store(z3::context& c, region& r, std::uint64_t offset, const ir_type& t, const sval& v) {
  const std::uint64_t n = store_size(t);
  check_bounds(r, offset, n, "writes");
  if (v.k == sval::kind::ptr || v.k == sval::kind::fp) return put(c, r, offset, {n, v});
  if (v.k == sval::kind::agg) throw unmodelled_error{"a store of an aggregate value"};
  z3::expr bits = as_bits(c, v);
  if (bits.get_sort().bv_size() < n * 8)
    bits = z3::zext(bits, static_cast<unsigned>(n * 8 - bits.get_sort().bv_size()));
  put(c, r, offset, {n, sval::of(sval::kind::bits, bits)});
}

void copy(z3::context& c, region& to, std::uint64_t to_offset, const region& from, std::uint64_t from_offset,
          std::uint64_t n) {
  check_bounds(from, from_offset, n, "copies from");
  check_bounds(to, to_offset, n, "copies to");
  std::vector<std::pair<std::uint64_t, cell>> cells;  // a snapshot: memmove may overlap
  for (std::uint64_t b = from_offset; b < from_offset + n;) {
    std::uint64_t start = 0;
    const cell* x = cell_at(from, b, &start);
    if (!x)
      throw unmodelled_error{"copies " + from.name + " at byte " + std::to_string(b) + ", where nothing was written"};
    if (start == b && b + x->size <= from_offset + n) {
      cells.push_back({b - from_offset, *x});
      b += x->size;
    } else {
      cells.push_back({b - from_offset, {1, sval::of(sval::kind::bits, byte_of(c, *x, b - start))}});
      ++b;
    }
  }
  for (auto& [at, x] : cells) put(c, to, to_offset + at, std::move(x));
}

}  // namespace redsem::smt::cexec
