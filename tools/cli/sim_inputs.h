/* SPDX-License-Identifier: BSD-3-Clause */
// What `redsem orders` and `redsem simulate` share: the op a command line names (predefined,
// the standard's segmented-scan example, later op files), and typed values from text or a seed.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/element_op.h"
#include "model/opfile/op_domain.h"
#include "sim/invariance.h"
#include "sim/order_results.h"
#include "tools/cli/value_list.h"

namespace redsem::tools {

struct chosen_op {
  element_op op;
  std::optional<sim::predefined_pair> typed;        // a predefined op on a predefined type
  sim::op_laws laws;                                // what is known about it without search
  std::string description;                          // "MPI_SUM on MPI_FLOAT"
  std::shared_ptr<const opfile::op_domain> domain;  // an op file's `require` domain; null: every element
};

// --op NAME (a predefined op, or "segscan" for MPI-4.1 §7.11.3's example), --op-file FILE,
// --type NAME (optional for segscan). Returns nullopt with *error set on bad input.
std::optional<chosen_op> choose_op(const std::string& op_name, const std::string& op_file, const std::string& type_name,
                                   const policy& semantics, std::string* error);

// With --kernel: --mpi openmpi|mpich runs the function in that MPI's helper process with a real
// datatype handle (tools/mpi/fuzz_kernel_mpi.h): --type's, predefined or committed as described, or
// the one --setup's LIB.so:FUNCTION makes; called directly or --through reduce_local.
struct kernel_mpi_choice {
  std::string mpi, mpi_helper, setup, through;
  bool empty() const { return mpi.empty() && mpi_helper.empty() && setup.empty() && through.empty(); }
};

// Adds --mpi, --setup, --through and --mpi-helper (for --kernel) to `cmd`: opcheck, orders and
// simulate take them alike.
void add_kernel_mpi_options(CLI::App* cmd, std::string& mpi, std::string& setup, std::string& through,
                            std::string& mpi_helper);
inline void add_kernel_mpi_options(CLI::App* cmd, kernel_mpi_choice& choice) {
  add_kernel_mpi_options(cmd, choice.mpi, choice.setup, choice.through, choice.mpi_helper);
}

// How orders and simulate name their op: --op (a predefined op or segscan), --op-file, --kernel
// LIB.so:SYMBOL with --commute true|false (a compiled op), --type, and the kernel's MPI options.
void add_op_choice_options(CLI::App* cmd, std::string& op, std::string& op_file, std::string& kernel,
                           std::string& commute, std::string& type, kernel_mpi_choice& mpi);
// For the command's callback, once parsed: exactly one of --op, --op-file and --kernel; the
// kernel's MPI options only with --kernel; --values and --random not both. Throws
// CLI::ValidationError.
void check_op_choice(const CLI::App& cmd, const std::string& kernel, const kernel_mpi_choice& mpi);

// --kernel LIB.so:SYMBOL with --type (a datatype as `opcheck --kernel` takes it) and --commute
// true|false: a compiled MPI_User_function as the op. Its contract with MPI (element
// independence under any split, writes only to inoutvec) is checked first, in child processes
// or the MPI helper (props/fuzz/kernel_contract.h); a function that breaks it is not used:
// nullopt with *error and *breach set (a finding, exit 1), where bad input leaves *breach false
// (exit 2). The search then calls it one element per call: in this process, guarded
// (in_process_guard.h), or in the MPI helper. A crash, a hang or an exit inside it ends
// `command` with exit 1 and a message naming it.
std::optional<chosen_op> choose_kernel_op(const std::string& kernel, const std::string& commute,
                                          const std::string& type_name, const kernel_mpi_choice& mpi,
                                          const policy& semantics, const std::string& command, std::string* error,
                                          bool* breach);

// The --values list (tools/cli/value_list.h) for `op`: nullopt with *error on bad text or on an
// element outside the op's domain.
std::optional<std::vector<sim::element>> parse_values(const std::string& text, const chosen_op& op, std::string* error);

// `n` elements drawn from `seed`: floats of either sign in [2^-8, 2^8) with full random significands, integers over
// their full range, logicals 0/1, and for segscan small values with random logicals; inside the op's domain (redrawn,
// or a known member of it), counted in *draws.
std::vector<sim::element> random_values(std::size_t n, const chosen_op& op, std::uint64_t seed,
                                        opfile::domain_draws* draws = nullptr);

// "; 3 of 40 random draws fell outside the op's domain and were redrawn", or "" when none did.
std::string describe_draws(const opfile::domain_draws& draws);

std::string format_value(const datatype& type, const sim::element& e);
// The same element in a JSON document: {"value", "bits", "display"} (model/element_json.h).
nlohmann::json value_json(const datatype& type, const sim::element& e);

}  // namespace redsem::tools
