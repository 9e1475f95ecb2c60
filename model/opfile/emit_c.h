/* SPDX-License-Identifier: BSD-3-Clause */
// An op file as C source for real MPI programs (`redsem emit-c`, docs/op-files.md): per type
// choice, an MPI_User_function generated from the typed AST through c_source_domain.h (so it
// computes what the model computes), the function that creates the MPI_Op with the file's
// commute flag, the datatype the function expects, and the identity candidate when declared.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/opfile/typed_op.h"
#include "model/policy.h"

namespace redsem::opfile {

struct c_unit_request {
  std::string source;     // the op file as the user named it, for the header comment
  std::string generator;  // "redsem 0.9.0 (commit …)", for the header comment
  std::string prefix;     // the C names' prefix; "" = the op's name in lower case
  policy semantics;       // MIN/MAX's NaN and ±0 rules
};

// The C names one instance's definitions get: PREFIX[_TYPE]_function, _op_create, _datatype,
// _identity and _element, TYPE the type choice of a generic op.
std::string c_name_prefix(const typed_op& op, const std::string& prefix);

// One translation unit defining every instance in `instances`, and with more than one of them
// PREFIX_function and PREFIX_op_create for all, which pass each call to the instance whose
// datatype handle it gets; nullopt with *why set when C cannot express the op (a field named
// like a C keyword, a NaN literal with a payload, …).
std::optional<std::string> emit_c(const std::vector<const typed_op*>& instances, const c_unit_request& request,
                                  std::string* why);

}  // namespace redsem::opfile
