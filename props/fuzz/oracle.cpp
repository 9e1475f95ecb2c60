// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/oracle.h"

#include <memory>

#include "model/opfile/concrete_op.h"

namespace redsem::fuzz {

oracle predefined_oracle(op_id op, basic_type type) {
  const policy_choices choices = class_of(op) == op_class::minmax ? policy_choices::minmax
                                 : class_of(op) == op_class::loc  ? policy_choices::loc
                                 : op == op_id::prod && group_of(type) == type_group::complex
                                     ? policy_choices::complex_prod
                                     : policy_choices::none;
  return {std::string(to_string(op)) + " on " + std::string(to_string(type)), datatype::predefined(type),
          [op, type](const policy& p) { return predefined_element_op(op, type, p); }, choices, nullptr, false};
}

oracle derived_oracle(op_id op, basic_type element, const datatype& layout) {
  oracle o = predefined_oracle(op, element);
  o.name = std::string(to_string(op)) + " on " + layout.description();
  o.type = layout;
  o.make = [op, element, layout](const policy& p) {
    const element_op basic = predefined_element_op(op, element, p);
    return element_op{basic.name, layout, basic.commutative,
                      [basic, entries = layout.entries()](const std::byte* a, const std::byte* b, std::byte* out) {
                        for (const auto& e : entries) basic.combine(a + e.disp, b + e.disp, out + e.disp);
                      }};
  };
  o.gaps_untouched = true;
  return o;
}

oracle user_function_oracle(const user_op& op, const datatype& type) {
  return {op.name + " on " + type.description(), type, [op, type](const policy&) { return user_element_op(op, type); },
          policy_choices::none, nullptr, false};
}

oracle opfile_oracle(const opfile::typed_op& op, const std::string& file, const policy& semantics) {
  bool float_extremes = false;
  for (const auto& n : op.nodes)
    float_extremes = float_extremes || ((n.op == opfile::code::min || n.op == opfile::code::max) &&
                                        opfile::is_float(n.operand_type));
  const auto make = [op](const policy& p) {
    return opfile::make_element_op(std::make_shared<const opfile::concrete_op>(op, p));
  };
  auto concrete = std::make_shared<const opfile::concrete_op>(op, semantics);
  const datatype type = concrete->type();
  std::shared_ptr<const opfile::op_domain> domain;
  if (!op.requires_.empty()) domain = std::make_shared<const opfile::op_domain>(std::move(concrete));
  return {"op file " + file + " (" + op.name + (op.instance.empty() ? "" : ", " + op.instance) + ")", type, make,
          float_extremes ? policy_choices::minmax : policy_choices::none, std::move(domain), false};
}

}  // namespace redsem::fuzz
