// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/element_update.h"

#include <cstring>

#include "model/concrete_domain.h"
#include "model/element_io.h"
#include "model/op_definitions.h"

namespace redsem::rma {
namespace {

template <basic_type B>
void update(op_id op, const policy& p, std::byte* target, const std::byte* origin) {
  using E = element_t<B>;
  const concrete_domain d(p);
  store_element(target, ops::apply<B>(op, d, p, load_element<E>(target), load_element<E>(origin)));
}

}  // namespace

element_update_fn element_update(basic_type type) {
  return visit(type, [](auto tag) -> element_update_fn { return &update<decltype(tag)::value>; });
}

bool identical_element(basic_type type, const std::byte* x, const std::byte* y) {
  const type_info& t = info(type);
  for (std::size_t f = 0; f < t.field_count; ++f) {
    const auto off = t.fields[f].offset;
    if (std::memcmp(x + off, y + off, value_bytes(t.fields[f].kind)) != 0) return false;
  }
  return true;
}

void copy_element(basic_type type, std::byte* dst, const std::byte* src) {
  const type_info& t = info(type);
  for (std::size_t f = 0; f < t.field_count; ++f) {
    const auto off = t.fields[f].offset;
    std::memcpy(dst + off, src + off, value_bytes(t.fields[f].kind));
  }
}

bool updates_commute(op_id op, basic_type type) {
  if (!op_allows(op, type)) return false;
  switch (group_of(type)) {
    case type_group::c_integer: case type_group::fortran_integer: case type_group::logical:
    case type_group::byte: case type_group::multi_language:
      break;
    default:
      return false;  // floats round; complex and pairs hold floats or index tie rules
  }
  switch (op) {
    case op_id::max: case op_id::min: case op_id::sum: case op_id::prod: case op_id::land:
    case op_id::lor: case op_id::lxor: case op_id::band: case op_id::bor: case op_id::bxor:
    case op_id::no_op:
      return true;  // wrapping integer arithmetic and bit/truth ops are commutative monoids
    default:
      return false;  // MPI_REPLACE: the last writer wins
  }
}

}  // namespace redsem::rma
