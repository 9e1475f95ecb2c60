#include "props/fuzz/oracle.h"

#include <memory>

#include "model/opfile/concrete_op.h"

namespace redsem::fuzz {

oracle predefined_oracle(op_id op, basic_type type) {
  const bool sensitive = class_of(op) == op_class::minmax || class_of(op) == op_class::loc;
  return {std::string(to_string(op)) + " on " + std::string(to_string(type)), datatype::predefined(type),
          [op, type](const policy& p) { return predefined_element_op(op, type, p); }, sensitive, nullptr};
}

oracle user_function_oracle(const user_op& op, const datatype& type) {
  return {op.name + " on " + type.description(), type, [op, type](const policy&) { return user_element_op(op, type); },
          false, nullptr};
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
          float_extremes, std::move(domain)};
}

}  // namespace redsem::fuzz
