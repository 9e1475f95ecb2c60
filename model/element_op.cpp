// SPDX-License-Identifier: BSD-3-Clause
#include "model/element_op.h"

#include <cstring>
#include <vector>

#include "model/check.h"
#include "model/concrete_domain.h"
#include "model/element_io.h"
#include "model/op_definitions.h"

namespace redsem {

checked_combine predefined_checked_combine(op_id op, basic_type type, const policy& p) {
  ensure(op_allows(op, type), "a predefined combine needs a legal (op, type) pair");
  return visit(type, [&](auto tag) -> checked_combine {
    constexpr basic_type B = decltype(tag)::value;
    using E = element_t<B>;
    return [op, p](const std::byte* a, const std::byte* b, std::byte* out) {
      const concrete_domain d(p);
      store_element(out, ops::apply<B>(op, d, p, load_element<E>(a), load_element<E>(b)));
      return !(d.overflowed() && p.overflow == overflow_rule::erroneous);
    };
  });
}

element_op predefined_element_op(op_id op, basic_type type, const policy& p) {
  auto combine = [checked = predefined_checked_combine(op, type, p)](const std::byte* a, const std::byte* b, std::byte* out) {
    checked(a, b, out);
  };
  return {std::string(to_string(op)), datatype::predefined(type), is_commutative(op), std::move(combine)};
}

element_op user_element_op(const user_op& op, const datatype& type) {
  ensure(op.function != nullptr, "user_element_op needs a function");
  const std::size_t span = static_cast<std::size_t>(type.extent());
  auto handle = std::make_shared<datatype>(type);
  user_function* fn = op.function;
  auto combine = [fn, span, handle](const std::byte* a, const std::byte* b, std::byte* out) {
    // Copies, so that the function may not see (or write) the caller's operands, and out may alias either.
    std::vector<std::byte> left(a, a + span), right(b, b + span);
    int len = 1;
    fn(left.data(), right.data(), &len, handle.get());
    std::memcpy(out, right.data(), span);
  };
  return {op.name, type, op.commute, std::move(combine)};
}

}  // namespace redsem
