// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/accumulate.h"

#include <algorithm>
#include <string>

#include "model/check.h"
#include "model/rma/element_update.h"

namespace redsem::rma {
bool is_no_op(const accumulate_call& c) {
  const auto* id = std::get_if<op_id>(&c.op);
  return c.kind != call_kind::compare_and_swap && id != nullptr && *id == op_id::no_op;
}

namespace {

using std::string;

string name_of(basic_type t) { return string(to_string(t)); }

struct named_type {
  std::string_view role;
  std::int64_t count;
  const datatype* type;
};

// The datatypes a call uses, with their counts: origin (unless NO_OP), compare, result, target.
std::vector<named_type> datatypes_of(const accumulate_call& c) {
  std::vector<named_type> out;
  if (!is_no_op(c)) out.push_back({"origin", c.origin.count, &c.origin.type});
  if (c.compare) out.push_back({"compare", c.compare->count, &c.compare->type});
  if (c.result) out.push_back({"result", c.result->count, &c.result->type});
  out.push_back({"target", c.target.count, &c.target.type});
  return out;
}

rma_outcome check_op(const accumulate_call& c) {
  if (c.kind == call_kind::compare_and_swap) return rma_outcome::done();
  if (const auto* user = std::get_if<const user_op*>(&c.op))
    return rma_outcome::erroneous(rma_rule::user_op_in_accumulate,
                                  "user-defined op '" + (*user ? (*user)->name : string("null")) + "' in " +
                                      string(to_string(c.kind)));
  if (std::get<op_id>(c.op) == op_id::no_op && !fetches(c.kind))
    return rma_outcome::erroneous(rma_rule::no_op_in_accumulate, "MPI_NO_OP in " + string(to_string(c.kind)));
  return rma_outcome::done();
}

rma_outcome check_datatypes(const accumulate_call& c) {
  std::optional<basic_type> common;
  std::string_view common_role;
  for (const named_type& t : datatypes_of(c)) {
    if (t.count < 0)
      return rma_outcome::erroneous(rma_rule::negative_count, string(t.role) + "_count is " + std::to_string(t.count));
    const bool single_element = c.kind == call_kind::fetch_and_op || c.kind == call_kind::compare_and_swap;
    if (single_element && !t.type->is_predefined())
      return rma_outcome::erroneous(rma_rule::derived_type_not_allowed,
                                    string(to_string(c.kind)) + " with derived datatype " + t.type->description());
    if (t.type->entries().empty()) continue;
    const auto basic = t.type->single_basic_type();
    if (!basic)
      return rma_outcome::erroneous(rma_rule::mixed_basic_types,
                                    string(t.role) + "_datatype " + t.type->description() + " mixes predefined types");
    if (common && *common != *basic)
      return rma_outcome::erroneous(rma_rule::basic_type_mismatch, string(common_role) + " is built from " +
                                                                      name_of(*common) + " but " + string(t.role) +
                                                                      " from " + name_of(*basic));
    common = basic;
    common_role = t.role;
  }
  if (!common) return rma_outcome::done();
  if (c.kind == call_kind::compare_and_swap) {
    switch (group_of(*common)) {
      case type_group::c_integer: case type_group::fortran_integer: case type_group::logical:
      case type_group::multi_language: case type_group::byte:
        return rma_outcome::done();
      default:
        return rma_outcome::erroneous(rma_rule::cas_type_not_allowed,
                                      "MPI_Compare_and_swap on " + name_of(*common) + " (" +
                                          string(to_string(group_of(*common))) + " group)");
    }
  }
  const op_id op = std::get<op_id>(c.op);
  if (!op_allows(op, *common))
    return rma_outcome::erroneous(rma_rule::op_not_for_type, string(to_string(op)) + " on " + name_of(*common) +
                                                                 " (" + string(to_string(group_of(*common))) +
                                                                 " group)");
  return rma_outcome::done();
}

string range_text(const byte_range& r) {
  return "bytes [" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ")";
}

rma_outcome check_target(const window_geometry& w, const accumulate_call& c) {
  if (auto o = check_target_bounds(w, c.target); !o.is_done()) return o;
  const buffer t = target_buffer(w, c.target);
  if (const auto at = first_self_overlap(t))
    return rma_outcome::erroneous(rma_rule::target_overlapping_entries,
                                  "target_datatype " + c.target.type.description() + " touches window byte " +
                                      std::to_string(*at) + " twice");
  const std::int64_t n_target = element_count(t);
  if (!is_no_op(c) && c.kind != call_kind::compare_and_swap && element_count(c.origin) > n_target)
    return rma_outcome::erroneous(rma_rule::origin_truncated,
                                  std::to_string(element_count(c.origin)) + " origin elements into " +
                                      std::to_string(n_target) + " target elements");
  if (c.result && element_count(*c.result) < n_target)
    return rma_outcome::erroneous(rma_rule::result_truncated, std::to_string(n_target) + " target elements into " +
                                                                  std::to_string(element_count(*c.result)) +
                                                                  " result elements");
  return rma_outcome::done();
}

rma_outcome check_origin_side(const address_space& space, const accumulate_call& c) {
  const auto check_fits = [&](const buffer& b, std::string_view role) {
    if (fits(space, b)) return rma_outcome::done();
    return rma_outcome::erroneous(rma_rule::buffer_out_of_bounds, string(role) + " buffer");
  };
  if (!is_no_op(c))
    if (auto o = check_fits(c.origin, "origin"); !o.is_done()) return o;
  if (c.compare)
    if (auto o = check_fits(*c.compare, "compare"); !o.is_done()) return o;
  if (c.result) {
    if (auto o = check_fits(*c.result, "result"); !o.is_done()) return o;
    if (!is_no_op(c))
      if (const auto r = first_overlap(c.origin, *c.result))
        return rma_outcome::erroneous(rma_rule::origin_result_overlap,
                                      "origin and result share " + range_text(*r) + " of '" + space.name(r->region) + "'");
    if (c.compare)
      if (const auto r = first_overlap(*c.compare, *c.result))
        return rma_outcome::erroneous(rma_rule::compare_result_overlap,
                                      "compare and result share " + range_text(*r) + " of '" + space.name(r->region) + "'");
  }
  return rma_outcome::done();
}

}  // namespace

std::string_view to_string(call_kind k) {
  switch (k) {
    case call_kind::accumulate: return "MPI_Accumulate";
    case call_kind::raccumulate: return "MPI_Raccumulate";
    case call_kind::get_accumulate: return "MPI_Get_accumulate";
    case call_kind::rget_accumulate: return "MPI_Rget_accumulate";
    case call_kind::fetch_and_op: return "MPI_Fetch_and_op";
    case call_kind::compare_and_swap: return "MPI_Compare_and_swap";
  }
  return "?";
}

accumulate_call fetch_and_op_call(int origin_rank, region_id origin_region, std::int64_t origin_offset,
                                  region_id result_region, std::int64_t result_offset, const datatype& type,
                                  int target_rank, std::int64_t target_disp, op_id op) {
  accumulate_call c;
  c.kind = call_kind::fetch_and_op;
  c.origin_rank = origin_rank;
  c.origin = buffer{origin_region, origin_offset, 1, type};
  c.result = buffer{result_region, result_offset, 1, type};
  c.target = target_spec{target_rank, target_disp, 1, type};
  c.op = op;
  return c;
}

accumulate_call compare_and_swap_call(int origin_rank, region_id origin_region, std::int64_t origin_offset,
                                      region_id compare_region, std::int64_t compare_offset, region_id result_region,
                                      std::int64_t result_offset, const datatype& type, int target_rank,
                                      std::int64_t target_disp) {
  accumulate_call c;
  c.kind = call_kind::compare_and_swap;
  c.origin_rank = origin_rank;
  c.origin = buffer{origin_region, origin_offset, 1, type};
  c.compare = buffer{compare_region, compare_offset, 1, type};
  c.result = buffer{result_region, result_offset, 1, type};
  c.target = target_spec{target_rank, target_disp, 1, type};
  return c;
}

rma_outcome check_target_bounds(const window_geometry& w, const target_spec& t) {
  if (t.disp < 0)
    return rma_outcome::erroneous(rma_rule::negative_displacement, "target_disp is " + std::to_string(t.disp));
  if (t.count < 0) return rma_outcome::erroneous(rma_rule::negative_count, "target_count is " + std::to_string(t.count));
  if (t.count == 0 || t.type.entries().empty()) return rma_outcome::done();
  // Element k spans [true_lb, true_ub) + k × extent: the first or the last is outermost.
  std::int64_t offset = 0, last = 0, last_lb = 0, last_ub = 0, begin = 0, end = 0;
  const bool overflow = __builtin_mul_overflow(t.disp, w.disp_unit, &offset) ||
                        __builtin_mul_overflow(t.count - 1, t.type.extent(), &last) ||
                        __builtin_add_overflow(t.type.true_lb(), last, &last_lb) ||
                        __builtin_add_overflow(t.type.true_ub(), last, &last_ub) ||
                        __builtin_add_overflow(offset, std::min(t.type.true_lb(), last_lb), &begin) ||
                        __builtin_add_overflow(offset, std::max(t.type.true_ub(), last_ub), &end);
  if (overflow)
    return rma_outcome::erroneous(rma_rule::target_outside_window,
                                  "target_disp " + std::to_string(t.disp) + " × disp_unit " + std::to_string(w.disp_unit) +
                                      " with " + std::to_string(t.count) + " × " + t.type.description() +
                                      " reaches beyond 2^63 bytes");
  if (begin < 0 || end > w.bytes)
    return rma_outcome::erroneous(rma_rule::target_outside_window,
                                  "the target buffer spans window bytes [" + std::to_string(begin) + ", " +
                                      std::to_string(end) + ") of a " + std::to_string(w.bytes) + "-byte window");
  return rma_outcome::done();
}

buffer target_buffer(const window_geometry& w, const target_spec& t) {
  return buffer{w.memory.at(static_cast<std::size_t>(t.rank)), t.disp * w.disp_unit, t.count, t.type};
}

std::optional<basic_type> call_basic_type(const accumulate_call& c) {
  for (const named_type& t : datatypes_of(c))
    if (const auto b = t.type->single_basic_type()) return b;
  return std::nullopt;
}

rma_outcome check_call(const address_space& space, const window_geometry& w, const accumulate_call& c) {
  const auto ranks = static_cast<int>(w.memory.size());
  if (c.target.rank < 0 || c.target.rank >= ranks)
    return rma_outcome::erroneous(rma_rule::rank_out_of_range, "target_rank " + std::to_string(c.target.rank) +
                                                                   " in a window of " + std::to_string(ranks) +
                                                                   " ranks");
  if (c.origin_rank < 0 || c.origin_rank >= ranks)
    return rma_outcome::erroneous(rma_rule::rank_out_of_range, "origin rank " + std::to_string(c.origin_rank));
  // In order, each only once the earlier ones hold (check_datatypes needs a predefined op).
  if (auto o = check_op(c); !o.is_done()) return o;
  if (auto o = check_datatypes(c); !o.is_done()) return o;
  if (auto o = check_target(w, c); !o.is_done()) return o;
  return check_origin_side(space, c);
}

void apply_call(address_space& space, const window_geometry& w, const accumulate_call& c,
                std::span<const std::byte> origin_snapshot, std::span<const std::byte> compare_snapshot,
                const policy& p) {
  const auto basic = call_basic_type(c);
  if (!basic) return;
  const buffer t = target_buffer(w, c.target);
  std::byte* window = space.bytes(t.region).data();
  const bool no_op = is_no_op(c);
  const op_id op = c.kind == call_kind::compare_and_swap ? op_id::replace : std::get<op_id>(c.op);
  const element_update_fn update = element_update(*basic);
  const std::int64_t n_target = element_count(t);
  const std::int64_t n_update = no_op ? 0 : std::min(n_target, element_count(c.origin));
  for (std::int64_t k = 0; k < n_target; ++k) {
    std::byte* target = window + element_address(t, k);
    if (c.result) copy_element(*basic, space.bytes(c.result->region).data() + element_address(*c.result, k), target);
    if (k >= n_update) continue;
    const std::byte* origin = origin_snapshot.data() + element_address(c.origin, k);
    if (c.kind == call_kind::compare_and_swap) {
      ensure(c.compare.has_value(), "compare-and-swap without a compare buffer");
      if (identical_element(*basic, compare_snapshot.data() + element_address(*c.compare, k), target))
        copy_element(*basic, target, origin);
    } else {
      update(op, p, target, origin);
    }
  }
}

}  // namespace redsem::rma
