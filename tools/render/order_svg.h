/* SPDX-License-Identifier: BSD-3-Clause */
// Pictures of evaluation orders: two trees that disagree, side by side with every node's
// value (laid out by Graphviz `dot`, found on PATH at run time), and for floats a histogram
// of the distinct results (drawn here). Both go into one SVG file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/element_op.h"
#include "sim/order_results.h"
#include "sim/tree.h"

namespace redsem::tools {

struct pictured_tree {
  std::string title;  // "order A: 0.0599999"
  sim::tree tree;
};

// DOT text: one cluster per tree, leaves labelled "rank r\nvalue", inner nodes "∘\nvalue".
std::string trees_to_dot(const std::vector<pictured_tree>& trees, const element_op& op,
                         const std::vector<sim::element>& inputs);

struct histogram_bar {
  double value;        // the result
  double weight = 1;   // bar height: how many trees (or evaluation orders, sim::count_unit) give it
  std::string label;
};
// A value marked on the axis with its name: the result one run of a real library gave.
struct histogram_mark {
  double value;
  std::string label;
};
// A self-contained <svg> of the distinct results along the value axis, and `mark`'s value under
// it in red when given.
std::string histogram_svg(const std::vector<histogram_bar>& bars, const std::string& title,
                          const std::optional<histogram_mark>& mark = std::nullopt);

// The trees side by side with every node's value, laid out by Graphviz; nullopt with *error
// when it fails.
std::optional<std::string> trees_svg(const std::vector<pictured_tree>& trees, const element_op& op,
                                     const std::vector<sim::element>& inputs, std::string* error);

// A float or double element's value (the histogram's axis).
double scalar_as_double(const sim::element& e);

// Runs `dot -Tsvg` on the DOT text; nullopt with *error when Graphviz is missing or fails.
std::optional<std::string> render_dot(const std::string& dot, std::string* error);

// One SVG holding the given SVG documents side by side (their XML prologues dropped). Its
// viewBox is the whole drawing, so that a page narrower than the drawing scales it, not clips it.
std::string side_by_side(const std::vector<std::string>& svgs);

// The picture of a disagreement: the first and last distinct results' trees side by side, and,
// when `histogram` (a float or double scalar), the histogram of every distinct result weighed by
// how many trees give it. nullopt with *error when Graphviz fails.
std::optional<std::string> disagreement_svg(const element_op& op, const std::vector<sim::element>& inputs,
                                            const std::vector<sim::distinct_result>& results, bool histogram,
                                            const std::string& description, std::string* error);

}  // namespace redsem::tools
