// What `redsem orders` and `redsem simulate` share: the op a command line names (predefined,
// the standard's segmented-scan example, later op files), and typed values from text or a seed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/element_op.h"
#include "model/opfile/op_domain.h"
#include "sim/invariance.h"
#include "sim/order_results.h"
#include "tools/value_list.h"

namespace redsem::tools {

struct chosen_op {
  element_op op;
  std::optional<sim::predefined_pair> typed;  // a predefined op on a predefined type
  sim::op_laws laws;                          // what is known about it without search
  std::string description;                    // "MPI_SUM on MPI_FLOAT"
  std::shared_ptr<const opfile::op_domain> domain;  // an op file's `require` domain; null: every element
};

// --op NAME (a predefined op, or "segscan" for MPI-4.1 §7.11.3's example), --op-file FILE,
// --type NAME (optional for segscan). Returns nullopt with *error set on bad input.
std::optional<chosen_op> choose_op(const std::string& op_name, const std::string& op_file, const std::string& type_name,
                                   const policy& semantics, std::string* error);

// --kernel LIB.so:SYMBOL with --type (a datatype as `opcheck --kernel` takes it) and --commute
// true|false: a compiled MPI_User_function as the op. Its contract with MPI (element
// independence under any split, writes only to inoutvec) is checked first, in child processes
// (props/fuzz/kernel_contract.h); a function that breaks it is not used: nullopt with *error
// and *breach set (a finding, exit 1), where bad input leaves *breach false (exit 2). The
// search then calls it in this process, one element per call, guarded (in_process_guard.h): a
// crash, a hang or an exit inside it ends `command` with exit 1 and a message naming it.
std::optional<chosen_op> choose_kernel_op(const std::string& kernel, const std::string& commute,
                                          const std::string& type_name, const policy& semantics,
                                          const std::string& command, std::string* error, bool* breach);

// The --values list (tools/value_list.h) for `op`: nullopt with *error on bad text or on an
// element outside the op's domain.
std::optional<std::vector<sim::element>> parse_values(const std::string& text, const chosen_op& op,
                                                      std::string* error);

// `n` elements drawn from `seed`: floats of either sign in [2^-8, 2^8) with full random significands, integers over their
// full range, logicals 0/1, and for segscan small values with random logicals; inside the op's
// domain (redrawn, or a known member of it), counted in *draws.
std::vector<sim::element> random_values(std::size_t n, const chosen_op& op, std::uint64_t seed,
                                        opfile::domain_draws* draws = nullptr);

// "; 3 of 40 random draws fell outside the op's domain and were redrawn", or "" when none did.
std::string describe_draws(const opfile::domain_draws& draws);

std::string format_value(const datatype& type, const sim::element& e);

}  // namespace redsem::tools
