#include "props/fuzz/oracle.h"

namespace redsem::fuzz {

oracle predefined_oracle(op_id op, basic_type type) {
  const bool sensitive = class_of(op) == op_class::minmax || class_of(op) == op_class::loc;
  return {std::string(to_string(op)) + " on " + std::string(to_string(type)), datatype::predefined(type),
          [op, type](const policy& p) { return predefined_element_op(op, type, p); }, sensitive};
}

oracle user_function_oracle(const user_op& op, const datatype& type) {
  return {op.name + " on " + type.description(), type, [op, type](const policy&) { return user_element_op(op, type); },
          false};
}

}  // namespace redsem::fuzz
