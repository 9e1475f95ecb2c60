/* SPDX-License-Identifier: BSD-3-Clause */
// Values and memory of the symbolic IR executor (props/smt/ir_exec.h). A value is a solver
// term (bit-vector for an integer, FloatingPoint for float/double/x86_fp80, Boolean for i1), a
// pointer (a region and a concrete byte offset), or an aggregate. Memory is a set of regions
// (the two buffers, *len, *datatype, each alloca and global), each a map of typed cells, so a
// float stored and loaded back stays a float term, and bytes are cut out of a cell only when
// an access straddles it.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "props/csource/ir.h"

namespace redsem::smt::cexec {

// Thrown where the executor meets what it does not model; the path ends there and is
// reported with the construct and its source line.
struct unmodelled_error {
  std::string what;
};

struct pointer {
  int region = -1;  // -1: null
  std::int64_t offset = 0;
};

struct sval {
  enum class kind : std::uint8_t { bits, fp, boolean, ptr, agg };
  kind k = kind::bits;
  std::optional<z3::expr> e;  // bits, fp, boolean
  pointer p;                  // ptr
  std::vector<sval> parts;    // agg
  const z3::expr& term() const { return *e; }
  static sval of(kind k, z3::expr e) { return {k, std::move(e), {}, {}}; }
  static sval ptr(pointer p) { return {kind::ptr, std::nullopt, p, {}}; }
};

struct cell {
  std::uint64_t size;
  sval v;
};

struct region {
  std::string name;  // "invec", "inoutvec", "a local variable", "global @x"
  std::uint64_t size = 0;
  bool bounded = true;
  std::map<std::uint64_t, cell> cells;
};

// The FloatingPoint sort of a float IR type.
z3::sort fp_sort(z3::context& c, const csource::ir_type& t);

// A value's bits as a bit-vector (an i1 as one bit, a float by its IEEE encoding).
z3::expr as_bits(z3::context& c, const sval& v);
// Bits read back as a value of type t.
sval from_bits(z3::context& c, const z3::expr& bits, const csource::ir_type& t);

// The value of type t at byte `offset` of r; throws unmodelled_error outside r or on bytes
// never written.
sval load(z3::context& c, const region& r, std::uint64_t offset, const csource::ir_type& t);
// Writes v (of type t) at `offset`; a cell it partly overwrites keeps its other bytes.
void store(z3::context& c, region& r, std::uint64_t offset, const csource::ir_type& t, const sval& v);
// memcpy/memmove of n bytes: cells wholly inside the range keep their type.
void copy(z3::context& c, region& to, std::uint64_t to_offset, const region& from, std::uint64_t from_offset,
          std::uint64_t n);

}  // namespace redsem::smt::cexec
