/* SPDX-License-Identifier: BSD-3-Clause */
// The semantics policy: every point MPI leaves open (docs/semantics.md §9), as one value passed by
// value. Every verdict names the policy it holds under. The defaults are documented in
// docs/commands/redsem.md ("Semantics policy"), one line of reason each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace redsem {

// MIN/MAX when an operand is NaN (§9.1).
enum class nan_rule : std::uint8_t {
  propagate,  // a NaN operand wins (IEEE 754-2019 maximum/minimum)
  ignore,     // the number wins; NaN only if both are NaN (IEEE maxNum, C fmax)
  c_ternary,  // `a > b ? a : b`: the answer depends on operand order
};

// Which zero MIN/MAX return when the operands are −0 and +0 (§9.3).
enum class zero_rule : std::uint8_t {
  ordered,    // −0 < +0 (IEEE 754-2019 maximum/minimum)
  c_ternary,  // the second operand, as `a > b ? a : b` gives
};

// MINLOC/MAXLOC when a value is NaN (§9.2).
enum class loc_nan_rule : std::uint8_t {
  extreme,  // NaN is the extreme value (smallest for MINLOC, largest for MAXLOC); NaN ties keep the smaller index
  c_chain,  // `if (u<v) … else if (u==v) … else …`: the right operand wins, whatever the order
};

// MINLOC/MAXLOC on floating values: which operand wins a ±0 tie or a NaN, on which MPI-4.1
// §7.9.4's three cases (u < v, u = v, u > v) say nothing.
enum class loc_tie_rule : std::uint8_t {
  by_value,  // decided by the values, as loc_nan and minmax_zero say
  first,     // the first operand (invec): its value on a ±0 tie (index still the smaller), all of it with a NaN
  second,    // the second operand (inoutvec), the same way: `if (io == in) … else if (io > in) …` with io kept
};

// Complex MPI_PROD (MPI-4.1 §7.9.2 allows it, and names no formula): (a+bi)(c+di).
enum class complex_prod_rule : std::uint8_t {
  textbook,  // (ac − bd) + (ad + bc)i, each product rounded on its own
  annex_g,   // C11 Annex G.5.1: the textbook result, except that NaN + NaNi from an infinite operand
             // or an overflowing product is recomputed as an infinity (libgcc's __muldc3)
};

// Signed SUM/PROD overflow on integer types (§9.6). Unsigned types always wrap.
enum class overflow_rule : std::uint8_t {
  wrap,       // two's complement
  erroneous,  // an overflow makes the result an error the model reports
};

// How a logical op reads its operands (§9.7).
enum class truth_rule : std::uint8_t {
  nonzero,  // any nonzero value is true (C)
  low_bit,  // the lowest bit decides (some Fortran compilers)
};

// How a logical op writes true (§9.7).
enum class true_rule : std::uint8_t {
  one,       // 1 (C, gfortran)
  all_ones,  // −1 / all bits set (some Fortran compilers)
};

// Derived datatypes with a predefined op in a reduction (§9.11).
enum class derived_rule : std::uint8_t {
  strict,   // erroneous, as MPI-4.1 §7.9.2 says
  lenient,  // applied per basic element, as some implementations accept
};

// How two results are compared when a verdict needs "equal" (§9.4, §9.17).
enum class compare_rule : std::uint8_t {
  bitwise,    // the value bytes, padding excluded
  nan_equal,  // bitwise, except any NaN equals any NaN
  ulps,       // floats within `ulps` units in the last place, NaNs equal
};

// Whether one origin's accumulates to one location that accumulate_ordering keeps in program
// order (§13.7.2: the default `rar,raw,war,waw` keeps them all) are "concurrent accumulate calls"
// for the accumulate_ops assertion (§13.2.1), which lets concurrent ones use one op only (§9.19).
enum class ordered_accumulates_rule : std::uint8_t {
  sequential,  // not concurrent: applied one after the other, so their ops may differ
  concurrent,  // covered by accumulate_ops all the same: different ops on one location are mixed_ops
};

// Whether accumulate_ordering (§13.7.2: "ordering ... on a per-datatype granularity") keeps one
// origin's accumulates to overlapping bytes in program order when their predefined types differ
// (an MPI_BYTE replace, then an MPI_INT sum). The default is the standard's words: the ordering
// holds per datatype, so accumulates of two types on the same bytes are concurrent.
enum class ordering_types_rule : std::uint8_t {
  any,   // ordered whatever the types, as Open MPI and MPICH apply them (not promised by MPI)
  same,  // ordered only when the types are the same: others are concurrent, mismatched_accumulates
};

struct policy {
  nan_rule minmax_nan = nan_rule::propagate;
  zero_rule minmax_zero = zero_rule::ordered;
  loc_nan_rule loc_nan = loc_nan_rule::extreme;
  overflow_rule overflow = overflow_rule::wrap;
  truth_rule truth = truth_rule::nonzero;
  true_rule true_value = true_rule::one;
  derived_rule derived = derived_rule::strict;
  compare_rule compare = compare_rule::nan_equal;
  std::uint32_t ulps = 0;
  loc_tie_rule loc_tie = loc_tie_rule::by_value;
  complex_prod_rule complex_prod = complex_prod_rule::textbook;
  ordered_accumulates_rule ordered_accumulates = ordered_accumulates_rule::sequential;
  ordering_types_rule ordering_types = ordering_types_rule::same;

  friend bool operator==(const policy&, const policy&) = default;
};

// "key=value,key=value" over the defaults, e.g. "minmax_nan=c_ternary,compare=bitwise".
// Returns nullopt and fills *error with the offending key or value on bad input.
std::optional<policy> parse_policy(std::string_view text, std::string* error);

// The keys parse_policy knows, in the canonical order; the named choices of `key` (empty for
// `ulps`, which takes a number, and for a key it does not know). For suggesting a mistyped word.
std::vector<std::string> policy_keys();
std::vector<std::string> policy_choices(std::string_view key);

// The canonical text of a policy: every key, in a fixed order (it keys caches). Keys added
// after the text was first fixed (loc_tie, complex_prod) appear only when they are not at their
// default, so the text, and every proof cached under it, of an older policy is unchanged.
std::string to_string(const policy& p);

// The keys whose values differ, as `to`'s "key=value" items in the canonical order; empty
// when the policies are equal.
std::string changed_keys(const policy& from, const policy& to);

}  // namespace redsem
