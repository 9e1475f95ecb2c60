// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/concurrency.h"

#include <array>
#include <optional>

#include "model/rma/element_update.h"

namespace redsem::rma {
namespace {

struct overlap {
  std::int64_t begin, end;
  const access_element* a;
  const access_element* b;
};

// The first pair of elements, one from each access, that share bytes.
std::optional<overlap> first_overlap(const access& x, const access& y) {
  if (x.target != y.target) return std::nullopt;
  for (const access_element& a : x.elements)
    for (const access_element& b : y.elements) {
      const std::int64_t begin = std::max(a.offset, b.offset), end = std::min(end_of(a), end_of(b));
      if (begin < end) return overlap{begin, end, &a, &b};
    }
  return std::nullopt;
}

// Elements that share a byte but differ in type or start: anywhere in the two accesses.
std::optional<overlap> first_mismatch(const access& x, const access& y) {
  for (const access_element& a : x.elements)
    for (const access_element& b : y.elements) {
      const std::int64_t begin = std::max(a.offset, b.offset), end = std::min(end_of(a), end_of(b));
      if (begin < end && (a.type != b.type || a.offset != b.offset)) return overlap{begin, end, &a, &b};
    }
  return std::nullopt;
}

bool is_remote(const access& a) { return a.kind != access_kind::local_load && a.kind != access_kind::local_store; }

// One origin's accumulates of different types that accumulate_ordering keeps in program order under
// ordering_types=any (and ordered_accumulates=sequential): applied one after the other, neither
// mismatched nor concurrent.
bool kept_in_order_across_types(const access& x, const access& y, const window_info& info, const policy& p) {
  return x.origin == y.origin && p.ordering_types == ordering_types_rule::any &&
         p.ordered_accumulates == ordered_accumulates_rule::sequential && first_mismatch(x, y) &&
         ordered_by_info(x, y, info.ordering);
}

}  // namespace

bool separated_by_completion(const access& x, const access& y) {
  if (x.fence_epoch != y.fence_epoch) return true;
  return x.origin == y.origin && is_remote(x) && is_remote(y) && x.completion_phase != y.completion_phase;
}

bool mutually_excluded(const access& x, const access& y) {
  return x.lock_epoch >= 0 && y.lock_epoch >= 0 && x.origin != y.origin && x.target == y.target &&
         (x.exclusive || y.exclusive);
}

bool ordered_by_exposure(const access& first, const access& second) {
  return first.exposure_begin >= 0 && second.exposure_begin >= 0 && first.target == second.target &&
         first.exposure_end <= second.exposure_begin;
}

namespace {

// "[accumulate MPI_SUM MPI_INT @0]", "[get MPI_INT @4]": the op only where the call takes one.
std::string element_text(const access& a, const access_element& e) {
  const bool has_op = a.kind == access_kind::accumulate || a.kind == access_kind::fetch_accumulate;
  return "[" + std::string(to_string(a.kind)) + (has_op ? " " + std::string(to_string(a.op)) : std::string()) + " " +
         std::string(to_string(e.type)) + " @" + std::to_string(e.offset) + "]";
}

std::optional<finding_kind> accumulate_pair(const access& x, const access& y, const window_info& info,
                                            const policy& p) {
  // Applied in program order (§13.7.2): not the concurrent accumulates accumulate_ops speaks of
  // (§13.2.1), nor two whose atomicity against each other matters.
  if (x.origin == y.origin && ordered_by_info(x, y, info.ordering) &&
      p.ordered_accumulates == ordered_accumulates_rule::sequential)
    return std::nullopt;
  const bool x_cas = x.kind == access_kind::compare_and_swap, y_cas = y.kind == access_kind::compare_and_swap;
  if (x_cas != y_cas) {
    const access& other = x_cas ? y : x;
    if (other.op != op_id::no_op) return finding_kind::cas_with_accumulate;
  } else if (!x_cas && x.op != y.op) {
    const bool no_op_involved = x.op == op_id::no_op || y.op == op_id::no_op;
    if (!(no_op_involved && info.ops == accumulate_ops_info::same_op_no_op)) return finding_kind::mixed_ops;
  }
  if (x.origin == y.origin && !ordered_by_info(x, y, info.ordering)) {
    // Order cannot show when neither writes, or neither reads and the updates commute exactly.
    const bool commute = (!x.writes() && !y.writes()) ||
                         (!x.reads() && !y.reads() && x.op == y.op && !x_cas &&
                          updates_commute(x.op, x.elements.front().type));
    if (!commute) return finding_kind::unordered_same_origin;
  }
  return std::nullopt;
}

}  // namespace

std::string_view to_string(guarantee g) {
  switch (g) {
    case guarantee::undefined: return "undefined outcome";
    case guarantee::outside_guarantee: return "outside the atomicity guarantee";
    case guarantee::unspecified: return "unspecified";
    case guarantee::either_order: return "either order";
  }
  return "?";
}

const finding_info& describe(finding_kind k) {
  static constexpr std::array<finding_info, finding_kind_count> table{{
      {"racing_access", "MPI-4.1 §13.3, §13.7", guarantee::undefined,
       "two accesses to one location conflict when at least one updates it (a put, a store, or an accumulate "
       "against a put, get, load or store): the outcome is undefined; reads never conflict with reads"},
      {"mismatched_accumulates", "MPI-4.1 §13.7.1", guarantee::undefined,
       "accumulates are atomic only per element of the same predefined type at the same displacement"},
      {"mixed_ops", "MPI-4.1 §13.2.1, §13.7.1", guarantee::outside_guarantee,
       "the window's accumulate_ops lets concurrent accumulates to one location use one op (and MPI_NO_OP for "
       "same_op_no_op) only"},
      {"cas_with_accumulate", "MPI-4.1 §13.7.1; mpi-issues #114", guarantee::unspecified,
       "whether compare-and-swap is atomic with respect to other accumulate ops is not specified"},
      {"unordered_same_origin", "MPI-4.1 §13.7.2", guarantee::either_order,
       "accumulate_ordering does not order these two accesses of one origin: either may take effect first"},
  }};
  return table[static_cast<std::size_t>(k)];
}

bool ordered_by_info(const access& first, const access& second, const accumulate_ordering& order) {
  bool ok = true;
  if (second.reads() && first.reads()) ok = ok && order.rar;
  if (second.reads() && first.writes()) ok = ok && order.raw;
  if (second.writes() && first.reads()) ok = ok && order.war;
  if (second.writes() && first.writes()) ok = ok && order.waw;
  return ok;
}

std::vector<finding> analyse_concurrency(const std::vector<access>& accesses, const window_info& info,
                                         const policy& p) {
  std::vector<finding> out;
  for (std::size_t i = 0; i < accesses.size(); ++i)
    for (std::size_t j = i + 1; j < accesses.size(); ++j) {
      const access& x = accesses[i];
      const access& y = accesses[j];
      const bool both_local = !is_remote(x) && !is_remote(y);
      if (both_local && x.origin == y.origin) continue;  // one process's loads and stores are in program order
      if (separated_by_completion(x, y) || mutually_excluded(x, y)) continue;
      if (ordered_by_exposure(x, y) || ordered_by_exposure(y, x)) continue;
      if (!x.writes() && !y.writes()) continue;  // reads never conflict with reads (§13.7: a conflict needs an update)
      const auto o = first_overlap(x, y);
      if (!o) continue;
      const bool x_acc = is_accumulate_family(x.kind), y_acc = is_accumulate_family(y.kind);
      std::optional<finding_kind> kind;
      std::optional<overlap> where = o;
      if (x_acc && y_acc) {
        if (kept_in_order_across_types(x, y, info, p)) continue;
        if (const auto m = first_mismatch(x, y)) {
          kind = finding_kind::mismatched_accumulates;
          where = m;
        } else {
          kind = accumulate_pair(x, y, info, p);
        }
      } else {
        // At least one of them updates: exactly one accumulate, or a put/store against anything.
        kind = finding_kind::racing_access;
      }
      if (!kind) continue;
      out.push_back(finding{*kind, i, j, x.target, where->begin, where->end,
                            x.label + " " + element_text(x, *where->a) + " and " + y.label + " " +
                                element_text(y, *where->b)});
    }
  return out;
}

}  // namespace redsem::rma
