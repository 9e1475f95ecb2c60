// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/float_order.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <optional>

#include "check/analysis/hex_bytes.h"
#include "model/element_compare.h"
#include "model/element_json.h"
#include "model/element_op.h"
#include "sim/float_spread.h"
#include "sim/order_results.h"

namespace redsem::check {
namespace {

constexpr std::string_view rule = "MPI-4.1 §7.9.1";

// One reduction record, decoded: nullopt when it is not a predefined float op on a float type.
struct float_reduction {
  std::string call;
  op_id op;
  basic_type type;
  std::size_t elements = 0;
  std::vector<std::vector<std::byte>> inputs;  // per rank, `elements` elements each
  std::vector<std::byte> result;               // empty when not recorded
};

bool float_type(basic_type t) {
  const type_info& i = info(t);
  return i.field_count == 1 && (i.fields[0].kind == scalar_kind::f32 || i.fields[0].kind == scalar_kind::f64);
}

std::optional<float_reduction> decode(const nlohmann::json& line) {
  const auto op = parse_op(line.value("op", ""));
  const auto type = parse_basic_type(line.value("type", ""));
  if (!op || !type || !float_type(*type) || !op_allows(*op, *type)) return std::nullopt;
  if (*op != op_id::sum && *op != op_id::prod && *op != op_id::min && *op != op_id::max) return std::nullopt;
  float_reduction r{line.value("call", ""), *op, *type, 0, {}, {}};
  const auto elements = line.value("elements", -1LL);
  const auto inputs = line.find("inputs");
  // The runtime gathers a bounded prefix; a count past this is not a record it wrote.
  constexpr long long max_elements = 1 << 24;
  if (elements <= 0 || elements > max_elements || inputs == line.end() || !inputs->is_array() || inputs->empty())
    return std::nullopt;
  r.elements = static_cast<std::size_t>(elements);
  const std::size_t bytes = r.elements * info(*type).size;
  for (const auto& hex : *inputs) {
    auto b = hex.is_string() ? bytes_from_hex(hex.get<std::string>()) : std::nullopt;
    if (!b || b->size() != bytes) return std::nullopt;
    r.inputs.push_back(std::move(*b));
  }
  if (auto b = bytes_from_hex(line.value("result", "")); b && b->size() == bytes) r.result = std::move(*b);
  return r;
}

sim::element element_at(const std::vector<std::byte>& bytes, std::size_t index, std::size_t size) {
  return {bytes.begin() + static_cast<std::ptrdiff_t>(index * size),
          bytes.begin() + static_cast<std::ptrdiff_t>((index + 1) * size)};
}

double as_double(basic_type type, const sim::element& e) {
  if (info(type).fields[0].kind == scalar_kind::f32) {
    float f;
    std::memcpy(&f, e.data(), sizeof f);
    return f;
  }
  double d;
  std::memcpy(&d, e.data(), sizeof d);
  return d;
}

// The legal results of the smallest and the largest value (NaNs aside).
std::pair<const sim::distinct_result*, const sim::distinct_result*> extremes(basic_type type,
                                                                             const sim::order_results& o) {
  const sim::distinct_result *lo = nullptr, *hi = nullptr;
  for (const auto& r : o.results) {
    const double x = as_double(type, r.value);
    if (std::isnan(x)) continue;
    if (!lo || x < as_double(type, lo->value)) lo = &r;
    if (!hi || x > as_double(type, hi->value)) hi = &r;
  }
  return {lo, hi};
}

struct element_verdict {
  std::size_t index;
  std::vector<sim::element> contributions;
  sim::order_results orders;
  sim::float_spread spread;
};

// Every distinct legal result (up to max_listed_results) with how many evaluation orders (or
// trees, when a count of orders would not be whole) give it: the histogram of the HTML report.
nlohmann::json listed_results(const datatype& type, const element_verdict& v) {
  const auto unit = sim::count_unit_of(v.orders.results, static_cast<int>(v.contributions.size()), true);
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : v.orders.results) {
    if (list.size() == max_listed_results) break;
    list.push_back({{"value", element_json(type, r.value.data())}, {"weight", unit.of(r.trees)}});
  }
  return {{"unit", std::string(unit.noun())}, {"list", list}};
}

finding order_finding(const nlohmann::json& line, const float_reduction& r, const element_verdict& worst,
                      std::size_t elements_over) {
  const datatype type = datatype::predefined(r.type);
  const auto [lo, hi] = extremes(r.type, worst.orders);
  const std::string smallest = format_element(type, lo->value.data()), largest = format_element(type, hi->value.data());
  nlohmann::json contributions = nlohmann::json::array();
  for (const auto& c : worst.contributions) contributions.push_back(element_json(type, c.data()));
  nlohmann::json evidence{
      {"op", std::string(to_string(r.op))},
      {"type", std::string(to_string(r.type))},
      {"element", worst.index},
      {"contributions", contributions},
      {"smallest", element_json(type, lo->value.data())},
      {"largest", element_json(type, hi->value.data())},
      {"spread_ulps", worst.spread.spread_ulps},
      {"distinct_results", worst.spread.distinct},
      {"search_complete", worst.orders.complete},
      {"trees", {{"smallest", sim::to_string(lo->witness)}, {"largest", sim::to_string(hi->witness)}}},
      {"tree_shapes", {{"smallest", tree_shape(lo->witness)}, {"largest", tree_shape(hi->witness)}}},
      {"results", listed_results(type, worst)},
      {"elements_over_tolerance", elements_over}};
  std::string library;
  if (!r.result.empty()) {
    const auto mine = element_at(r.result, worst.index, info(r.type).size);
    library = format_element(type, mine.data());
    evidence["library_result"] = element_json(type, mine.data());
  }
  finding f;
  f.check = "order_dependent_result";
  f.level = severity_of(f.check);
  f.call = r.call;
  f.rule = std::string(rule);
  f.message = fmt::format(
      "{} of {} on {} over {} ranks: element {} is {} or {} depending on the evaluation order ({} ulps apart){}",
      r.call, to_string(r.op), to_string(r.type), r.inputs.size(), worst.index, smallest, largest,
      worst.spread.spread_ulps, library.empty() ? "" : "; this run gave " + library);
  f.caller = line.contains("caller") ? line["caller"] : nlohmann::json();
  f.evidence = std::move(evidence);
  f.ranks = {line.value("rank", -1)};
  return f;
}

struct search_cost {
  std::uint64_t combinations = 0;  // op applications over the whole analysis
  std::size_t skipped_procs = 0, skipped_budget = 0, cut_elements = 0, incomplete = 0;
};

// The worst element of one reduction over the tolerance, as a finding; nullopt when none is.
std::optional<finding> search_reduction(const nlohmann::json& line, const float_reduction& r,
                                        const analysis_options& options, const float_order_bounds& bounds,
                                        search_cost& cost) {
  const element_op op = predefined_element_op(r.op, r.type, options.semantics);
  const sim::predefined_pair typed{r.op, r.type, options.semantics};
  sim::order_limits limits;
  limits.max_combinations = bounds.max_combinations;
  const std::size_t size = info(r.type).size;
  std::optional<element_verdict> worst;
  std::size_t over = 0;
  if (r.elements > bounds.max_elements) ++cost.cut_elements;
  for (std::size_t i = 0; i < r.elements && i < bounds.max_elements; ++i) {
    element_verdict v{i, {}, {}, {}};
    for (const auto& in : r.inputs) v.contributions.push_back(element_at(in, i, size));
    v.orders = sim::all_order_results(op, v.contributions, typed, limits);
    cost.combinations += v.orders.combinations;
    if (!v.orders.complete) ++cost.incomplete;
    const auto spread = sim::spread_of(r.type, r.op, v.contributions, v.orders);
    if (spread && spread->spread_ulps > options.tolerance_ulps) {
      v.spread = *spread;
      ++over;
      if (!worst || v.spread.spread_ulps > worst->spread.spread_ulps) worst = std::move(v);
    }
  }
  if (!worst) return std::nullopt;
  return order_finding(line, r, *worst, over);
}

std::vector<coverage_note> cost_notes(const search_cost& cost, const float_order_bounds& bounds) {
  const std::pair<std::size_t, std::string> bounded[] = {
      {cost.skipped_procs,
       fmt::format("sampled reduction(s) over more than {} ranks were not searched", bounds.max_procs)},
      {cost.skipped_budget, fmt::format("sampled reduction(s) were not searched: the analysis had spent its {} op "
                                        "applications",
                                        bounds.max_total_combinations)},
      {cost.cut_elements,
       fmt::format("sampled reduction(s) were searched in their first {} elements only", bounds.max_elements)},
      {cost.incomplete, fmt::format("element search(es) stopped at {} op applications (a spread found is real; "
                                    "one not found may exist)",
                                    bounds.max_combinations)},
  };
  std::vector<coverage_note> notes;
  for (const auto& [count, what] : bounded)
    if (count) notes.push_back({fmt::format("float order: {} {}", count, what)});
  return notes;
}

}  // namespace

nlohmann::json tree_shape(const sim::tree& t) {
  if (t->is_leaf()) return t->rank;
  return nlohmann::json::array({tree_shape(t->left), tree_shape(t->right)});
}

sim::tree tree_from_shape(const nlohmann::json& shape, int max_depth) {
  if (shape.is_number_integer()) {
    const auto rank = shape.get<std::int64_t>();
    return rank >= 0 && rank < (1 << 20) ? sim::leaf(static_cast<int>(rank)) : nullptr;
  }
  if (max_depth <= 0 || !shape.is_array() || shape.size() != 2) return nullptr;
  auto left = tree_from_shape(shape[0], max_depth - 1), right = tree_from_shape(shape[1], max_depth - 1);
  if (!left || !right) return nullptr;
  return sim::combine(std::move(left), std::move(right));
}

analysis_outcome float_order_findings(const run_records& records, const analysis_options& options) {
  return float_order_findings(records, options, {});
}

analysis_outcome float_order_findings(const run_records& records, const analysis_options& options,
                                      const float_order_bounds& bounds) {
  analysis_outcome out;
  search_cost cost;
  for (const auto& rank : records.ranks)
    for (const auto& line : rank.lines) {
      if (line.value("ev", "") != "reduction") continue;
      const auto r = decode(line);
      if (!r) continue;
      if (static_cast<int>(r->inputs.size()) > bounds.max_procs) {
        ++cost.skipped_procs;
        continue;
      }
      if (cost.combinations >= bounds.max_total_combinations) {
        ++cost.skipped_budget;
        continue;
      }
      if (auto f = search_reduction(line, *r, options, bounds, cost)) out.findings.push_back(std::move(*f));
    }
  out.notes = cost_notes(cost, bounds);
  return out;
}

}  // namespace redsem::check
