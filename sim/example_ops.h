/* SPDX-License-Identifier: BSD-3-Clause */
// User-defined ops the standard itself shows, for simulations and tests.
#pragma once

#include "model/element_op.h"
#include "model/user_op.h"
#include "sim/tree.h"

namespace redsem::sim {

// MPI-4.1 §7.11.3's segmented scan: elements are `struct { double val; int log; }` and
// (u,i) ∘ (v,j) = (i == j ? u + v : v, j), registered non-commutative. It is not associative
// (docs/semantics.md §8.4), so bracketing changes the result: with logicals 0, 1, 0 the sequential
// fold gives (11, 0) for inputs 5, 7, 11 while (5,0) ∘ ((7,1) ∘ (11,0)) gives (16, 0).
const user_op& segmented_scan_op();
const datatype& segmented_scan_type();  // the example's struct {double; int}, extent 16
element_op segmented_scan_element_op();
element segmented_scan_value(double val, int log);

}  // namespace redsem::sim
