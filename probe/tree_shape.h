/* SPDX-License-Identifier: BSD-3-Clause */
// Names for the shapes of evaluation trees that MPI libraries' algorithms produce, found by
// comparing a tree's structure with the shapes each algorithm builds. A stand-in until sim/'s
// algorithm schedules can be matched instead (they will name the same shapes, and more).
#pragma once

#include <string>

#include "probe/eval_tree.h"

namespace redsem::probe {

// The tree's structure with every leaf written 'x': "((xx)x)".
std::string structure_of(const eval_tree& t);

// Ideal structures for n leaves.
std::string left_chain(int n);          // ((((xx)x)x)x): linear, left to right
std::string right_chain(int n);         // (x(x(x(xx)))): linear, right to left
std::string binomial(int n);            // split at the largest power of two below n, left heavy
std::string recursive_doubling(int n);  // MPICH style: pair the first 2(n - 2^k), then a perfect tree

// "binomial", "left chain", ..., or "other (depth d)"; for a power of two, binomial and
// recursive doubling coincide and are named "balanced".
std::string shape_name(const eval_tree& t);

// How the leaves are ordered: "rank order", "descending", "rotated by s" (ascending from rank
// s, wrapping), or "permuted".
std::string order_name(const eval_tree& t);

}  // namespace redsem::probe
