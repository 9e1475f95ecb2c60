/* SPDX-License-Identifier: BSD-3-Clause */
// MPI's predefined ops, the op × type-group validity table of MPI-4.1 §7.9.2 as data,
// and where each op may be used.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "model/datatype.h"

namespace redsem {

enum class op_id : std::uint8_t {
  max, min, sum, prod, land, band, lor, bor, lxor, bxor, maxloc, minloc,
  replace, no_op,  // RMA only (MPI-4.1 §13.3.4)
};
inline constexpr std::size_t op_count = 14;
inline constexpr std::size_t reduction_op_count = 12;

constexpr std::string_view to_string(op_id op) {
  constexpr std::array<std::string_view, op_count> names{
      "MPI_MAX", "MPI_MIN", "MPI_SUM",  "MPI_PROD",   "MPI_LAND",   "MPI_BAND",    "MPI_LOR",
      "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MAXLOC", "MPI_MINLOC", "MPI_REPLACE", "MPI_NO_OP"};
  return names[static_cast<std::size_t>(op)];
}

// Case-insensitive, "MPI_" optional.
std::optional<op_id> parse_op(std::string_view name);

// Where an op may be used.
enum class op_usage : std::uint8_t {
  reduction,  // collectives, their nonblocking/persistent forms, MPI_Reduce_local, and RMA accumulates
  rma_only,   // MPI_REPLACE, MPI_NO_OP: erroneous in collectives and MPI_Reduce_local
};
constexpr op_usage usage_of(op_id op) {
  return op == op_id::replace || op == op_id::no_op ? op_usage::rma_only : op_usage::reduction;
}

// The op classes that share a column of the §7.9.2 table.
enum class op_class : std::uint8_t { minmax, arith, logical, bitwise, loc, move };
constexpr op_class class_of(op_id op) {
  switch (op) {
    case op_id::max: case op_id::min: return op_class::minmax;
    case op_id::sum: case op_id::prod: return op_class::arith;
    case op_id::land: case op_id::lor: case op_id::lxor: return op_class::logical;
    case op_id::band: case op_id::bor: case op_id::bxor: return op_class::bitwise;
    case op_id::maxloc: case op_id::minloc: return op_class::loc;
    case op_id::replace: case op_id::no_op: return op_class::move;
  }
  return op_class::move;
}

namespace detail {
// Rows: type_group in enum order. Columns: op_class in enum order.
// MPI-4.1 §7.9.2; the pair row is §7.9.4; characters are excluded by §7.9.3. MPI_REPLACE and
// MPI_NO_OP (the `move` column) only move data, so any predefined type may carry them (§13.3.4).
inline constexpr bool Y = true, N = false;
inline constexpr std::array<std::array<bool, 6>, type_group_count> validity{{
    //          minmax arith logical bitwise loc  move
    /* C integer       */ {Y, Y, Y, Y, N, Y},
    /* Fortran integer */ {Y, Y, N, Y, N, Y},
    /* floating point  */ {Y, Y, N, N, N, Y},
    /* logical         */ {N, N, Y, N, N, Y},
    /* complex         */ {N, Y, N, N, N, Y},
    /* byte            */ {N, N, N, Y, N, Y},
    /* multi-language  */ {Y, Y, N, Y, N, Y},
    /* pair            */ {N, N, N, N, Y, Y},
    /* character       */ {N, N, N, N, N, Y},
}};
static_assert(validity.size() == type_group_count);
}  // namespace detail

// Whether MPI-4.1 lets `op` combine elements of `type` (ignoring where the op is used).
constexpr bool op_allows(op_id op, basic_type type) {
  return detail::validity[static_cast<std::size_t>(group_of(type))][static_cast<std::size_t>(class_of(op))];
}

// Calls f(op, type) for every predefined op on every predefined type, legal or not, type by
// type (the order of the laws table and the fuzz campaign).
template <class F>
void for_each_op_and_type(F&& f) {
  for (std::size_t t = 0; t < basic_type_count; ++t)
    for (std::size_t o = 0; o < op_count; ++o) f(static_cast<op_id>(o), static_cast<basic_type>(t));
}

// Whether the op is declared commutative: true for every predefined reduction op (§7.9.1).
// MPI_REPLACE and MPI_NO_OP are not mathematically commutative (docs/semantics.md §3, MPI_OP_COMMUTATIVE).
constexpr bool is_commutative(op_id op) { return usage_of(op) == op_usage::reduction; }

}  // namespace redsem
