// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/access.h"

#include <algorithm>
#include <cstring>

#include "model/check.h"

namespace redsem::rma {

static_assert(std::all_of(type_table.begin(), type_table.end(),
                          [](const type_info& t) { return t.size <= max_element_bytes; }),
              "every predefined element fits an element_bytes");

std::string_view to_string(access_kind k) {
  switch (k) {
    case access_kind::accumulate: return "accumulate";
    case access_kind::fetch_accumulate: return "fetch-accumulate";
    case access_kind::compare_and_swap: return "compare-and-swap";
    case access_kind::put: return "put";
    case access_kind::get: return "get";
    case access_kind::local_store: return "local store";
    case access_kind::local_load: return "local load";
  }
  return "?";
}

bool access::reads() const {
  return kind == access_kind::fetch_accumulate || kind == access_kind::compare_and_swap || kind == access_kind::get ||
         kind == access_kind::local_load;
}

bool access::writes() const {
  switch (kind) {
    case access_kind::accumulate: case access_kind::fetch_accumulate: return op != op_id::no_op;
    case access_kind::compare_and_swap: case access_kind::put: case access_kind::local_store: return true;
    case access_kind::get: case access_kind::local_load: return false;
  }
  return false;
}

access access_of(const address_space& space, const window_geometry& w, const accumulate_call& c, int sequence,
                 std::string label) {
  access a;
  a.origin = c.origin_rank;
  a.sequence = sequence;
  a.target = c.target.rank;
  a.label = std::move(label);
  a.kind = c.kind == call_kind::compare_and_swap ? access_kind::compare_and_swap
           : fetches(c.kind)                     ? access_kind::fetch_accumulate
                                                 : access_kind::accumulate;
  a.op = c.kind == call_kind::compare_and_swap ? op_id::replace : std::get<op_id>(c.op);
  const buffer t = target_buffer(w, c.target);
  const bool uses_origin = a.op != op_id::no_op;
  // A shorter origin updates only the leading target elements (as a short message fills a receive buffer).
  const std::int64_t n = uses_origin ? std::min(element_count(t), element_count(c.origin)) : element_count(t);
  for (std::int64_t k = 0; k < n; ++k) {
    access_element e{element_type(t, k), element_address(t, k), {}, {}};
    const std::size_t size = info(e.type).size;
    if (uses_origin)
      std::memcpy(e.origin.data(), space.bytes(c.origin.region).data() + element_address(c.origin, k), size);
    if (c.compare)
      std::memcpy(e.compare.data(), space.bytes(c.compare->region).data() + element_address(*c.compare, k), size);
    a.elements.push_back(e);
  }
  return a;
}

}  // namespace redsem::rma
