/* SPDX-License-Identifier: BSD-3-Clause */
// An op file and the type choices a command works on (`--op-file F --type T`), loaded and chosen
// one way for every command, with one message for each way it goes wrong (exit 2).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/opfile/typed_op.h"

namespace redsem::tools {

// The parsed and type-checked file; nullopt after printing its first error ("file:line:col: …").
std::optional<opfile::op_definition> load_op_file(const std::string& file, std::ostream& err);

// The instance `type` names ("" = the first); null with *error set to "--type T: FILE has no such
// type choice" when the file has none of that name.
const opfile::typed_op* choose_instance(const opfile::op_definition& op, const std::string& type,
                                        const std::string& file, std::string* error);

// The instance `type` names ("" = the first), or with `all` every one; empty after saying on
// `err`, for `command`, that the file has no such choice.
std::vector<const opfile::typed_op*> choose_instances(const opfile::op_definition& op, const std::string& type, bool all,
                                                      const std::string& command, const std::string& file,
                                                      std::ostream& err);

}  // namespace redsem::tools
