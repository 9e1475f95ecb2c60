// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/sim_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iostream>
#include <random>
#include <sstream>

#include "model/element_compare.h"
#include "model/element_json.h"
#include "model/opfile/typed_op.h"
#include "model/scalar_text.h"
#include "props/fuzz/in_process_guard.h"
#include "props/fuzz/kernel_contract.h"
#include "props/fuzz/kernel_op.h"
#include "props/fuzz/mpi_user_op.h"
#include "props/laws/opfile_check.h"
#include "props/laws/opfile_prove.h"
#include "sim/example_ops.h"
#include "sim/rma/scenario_values.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/op_file_choice.h"
#include "tools/mpi/fuzz_kernel_mpi.h"

namespace redsem::tools {
namespace {

sim::law_verdict as_sim(laws::verdict v) {
  switch (v) {
    case laws::verdict::proved:
      return sim::law_verdict::proved;
    case laws::verdict::refuted:
      return sim::law_verdict::refuted;
    case laws::verdict::unknown:
    case laws::verdict::holds_on_samples:  // evidence, not a proof
    case laws::verdict::not_applicable:
      break;
  }
  return sim::law_verdict::unknown;
}

// An op file's instance (--type picks it: "int32" or "T=int32"; the first when empty) as the
// model's element op, with its associativity and commutativity proved by Z3 on its AST.
std::optional<chosen_op> choose_op_file(const std::string& file, const std::string& type_name, const policy& semantics,
                                        std::string* error) {
  const auto loaded = opfile::load_op_path(file);
  if (!loaded.op) {
    *error = "--op-file: " + loaded.error.to_string();
    return std::nullopt;
  }
  const opfile::typed_op* instance = choose_instance(*loaded.op, type_name, file, error);
  if (!instance) return std::nullopt;
  auto op = std::make_shared<const opfile::concrete_op>(*instance, semantics);
  const auto concrete = laws::check_laws(*op);
  if (concrete.empty_domain) {
    *error = "--op-file: " + file + ": " + laws::empty_domain_message(concrete);
    return std::nullopt;
  }
  // The op file's laws, proved by Z3 on its AST (a concrete refutation is kept as found).
  const auto proofs = laws::prove_opfile(*op, concrete, laws::prove_options{});
  auto verdict_of = [&](laws::law l) {
    for (const auto& p : proofs)
      if (p.which == l) return as_sim(p.outcome);
    return sim::law_verdict::unknown;
  };
  // Z3 proves the laws for operands inside the `require` domain. Inputs come from inside it,
  // but the partial results of a reduction tree are operands too: only when the domain is
  // closed under the op do the laws hold for every tree.
  const bool closed = instance->requires_.empty() || verdict_of(laws::law::closed) == sim::law_verdict::proved;
  const sim::op_laws known{closed ? verdict_of(laws::law::associativity) : sim::law_verdict::unknown,
                           closed ? verdict_of(laws::law::commutativity) : sim::law_verdict::unknown,
                           "z3 on the op file's AST, for inputs inside its 'require' domain, which the op keeps"};
  std::string description = "op file " + instance->name +
                            (instance->instance.empty() ? "" : " (" + instance->instance + ")") +
                            (instance->commute ? ", declared commutative" : ", declared non-commutative");
  auto domain = std::make_shared<const opfile::op_domain>(op);
  return chosen_op{opfile::make_element_op(std::move(op)), std::nullopt, known, std::move(description),
                   std::move(domain)};
}

// The element as a user wrote it: "-60" or "5:0".
std::string shown_element(const chosen_op& op, const sim::element& e) { return format_element(op.op.type, e.data()); }

}  // namespace

std::optional<chosen_op> choose_op(const std::string& op_name, const std::string& op_file, const std::string& type_name,
                                   const policy& semantics, std::string* error) {
  if (!op_file.empty()) return choose_op_file(op_file, type_name, semantics, error);
  if (op_name == "segscan" || op_name == "MPI-4.1-7.11.3") {
    if (!type_name.empty() && type_name != "segscan") {
      *error = "--op segscan works on its own struct {double val; int log} type: leave out --type";
      return std::nullopt;
    }
    const sim::op_laws none{sim::law_verdict::unknown, sim::law_verdict::unknown, "none known"};
    return chosen_op{sim::segmented_scan_element_op(), std::nullopt, none,
                     "segScan (MPI-4.1 §7.11.3, non-commutative) on struct {double val; int log}", nullptr};
  }
  const auto op = op_from_option(op_name, error, "segscan (MPI-4.1 §7.11.3's example)");
  if (!op) return std::nullopt;
  if (type_name.empty()) {
    *error = "--type is required with --op " + op_name;
    return std::nullopt;
  }
  const auto type = type_from_option(type_name, error);
  if (!type) return std::nullopt;
  if (usage_of(*op) != op_usage::reduction) {
    *error = std::string(to_string(*op)) + " is for RMA only and cannot be used in a reduction (MPI-4.1 §13.3.4)";
    return std::nullopt;
  }
  if (!op_allows(*op, *type)) {
    *error = std::string(to_string(*op)) + " is not defined on " + std::string(to_string(*type)) + " (MPI-4.1 §7.9.2)";
    return std::nullopt;
  }
  return chosen_op{predefined_element_op(*op, *type, semantics), sim::predefined_pair{*op, *type, semantics},
                   sim::known_laws(*op, *type, semantics),
                   std::string(to_string(*op)) + " on " + std::string(to_string(*type)), nullptr};
}

namespace {

// --mpi: the function in that MPI's helper; nullopt with *error.
std::optional<fuzz::kernel_under_test> helper_kernel(const kernel_mpi_options& o, const std::string& mpi_helper,
                                                     const datatype& type, std::string* error) {
  std::ostringstream err;
  auto k = kernel_in_own_mpi_helper(o, mpi_helper, fuzz::default_call_timeout, type, err);
  if (!k) {
    // The message says "redsem COMMAND: …\n"; the command's caller says that itself.
    *error = err.str();
    const std::string head = "redsem " + o.command + ": ";
    if (error->rfind(head, 0) == 0) error->erase(0, head.size());
    while (!error->empty() && error->back() == '\n') error->pop_back();
  }
  return k;
}

}  // namespace

void add_op_choice_options(CLI::App* cmd, std::string& op, std::string& op_file, std::string& kernel,
                           std::string& commute, std::string& type, kernel_mpi_choice& mpi) {
  add_op_option(cmd, op, "A predefined op (MPI_SUM, …) or segscan (MPI-4.1 §7.11.3's example)");
  cmd->add_option("--op-file", op_file, "An op definition file")->type_name("FILE");
  cmd->add_option("--kernel", kernel, "A compiled MPI_User_function as the op: LIB.so:SYMBOL (with --commute)")
      ->type_name("LIB:SYMBOL");
  cmd->add_option("--commute", commute, "With --kernel: the commute flag its MPI_Op_create call passes")
      ->check(CLI::IsMember({"true", "false"}))
      ->type_name("true|false");
  add_type_option(cmd, type,
                  "Datatype (MPI_FLOAT, MPI_INT, …; with --kernel also contiguous(4,MPI_INT), …), or the op file's "
                  "type choice");
  add_kernel_mpi_options(cmd, mpi);
}

void check_op_choice(const CLI::App& cmd, const std::string& kernel, const kernel_mpi_choice& mpi) {
  if (cmd.count("--op") + cmd.count("--op-file") + cmd.count("--kernel") != 1)
    throw CLI::ValidationError("give exactly one of --op, --op-file, --kernel");
  if (kernel.empty() && !mpi.empty())
    throw CLI::ValidationError("--mpi, --setup, --through and --mpi-helper go with --kernel");
  if (cmd.count("--values") && cmd.count("--random")) throw CLI::ValidationError("give --values or --random, not both");
}

void add_kernel_mpi_options(CLI::App* cmd, std::string& mpi, std::string& setup, std::string& through,
                            std::string& mpi_helper) {
  cmd->add_option(
         "--mpi", mpi,
         "With --kernel: call the function in a process of that MPI, after MPI_Init, with a real datatype "
         "handle (--type's, predefined or committed as described, or --setup's); openmpi, mpich, or the path of an "
         "MPI's C compiler wrapper or prefix (its helper built on first use)")
      ->type_name("NAME|PATH");
  cmd->add_option("--setup", setup, setup_option_help)->type_name("LIB:FUNCTION[=GLOBAL]");
  cmd->add_option("--through", through,
                  "With --kernel and --mpi: call the function directly (default), or through MPI_Op_create (with "
                  "--commute) and the library's own MPI_Reduce_local")
      ->type_name("direct|reduce_local");
  cmd->add_option("--mpi-helper", mpi_helper,
                  "The helper program for --mpi (default: the one of redsem's add-on for that MPI)")
      ->type_name("PATH");
}

std::optional<chosen_op> choose_kernel_op(const std::string& kernel, const std::string& commute,
                                          const std::string& type_name, const kernel_mpi_choice& mpi,
                                          const policy& semantics, const std::string& command, std::string* error,
                                          bool* breach) {
  *breach = false;
  if (type_name.empty() || (commute != "true" && commute != "false")) {
    *error =
        "--kernel needs --type T (the datatype the function is created for) and --commute true|false (the flag "
        "its MPI_Op_create call passes)";
    return std::nullopt;
  }
  const auto type = sim::rma::parse_datatype(type_name, error);
  if (!type) {
    *error = "--type '" + type_name + "': " + *error;
    return std::nullopt;
  }
  if (!fuzz::fields_of(*type, error)) {
    *error = "--type '" + type_name + "': " + *error;
    return std::nullopt;
  }
  if (mpi.mpi.empty() && !mpi.empty()) {
    *error = "--setup, --through and --mpi-helper need --mpi openmpi|mpich (the MPI whose handles the function gets)";
    return std::nullopt;
  }
  const auto mpi_options =
      typed_kernel_mpi(command, kernel, type_name, commute == "true", mpi.mpi, mpi.setup, mpi.through);
  // The contract is checked on an isolated kernel (a child of this process, or the helper);
  // the search calls `per_element`.
  std::optional<fuzz::kernel_under_test> isolated, per_element;
  std::optional<fuzz::loaded_function> function;
  if (mpi.mpi.empty()) {
    auto loaded = fuzz::load_user_function(kernel);
    if (const auto* e = std::get_if<fuzz::load_error>(&loaded)) {
      *error = e->message;
      return std::nullopt;
    }
    function = std::get<fuzz::loaded_function>(std::move(loaded));
    isolated = fuzz::isolated_kernel(fuzz::loaded_function_kernel(*function, *type), fuzz::default_call_timeout);
  } else {
    isolated = per_element = helper_kernel(mpi_options, mpi.mpi_helper, *type, error);
    if (!isolated) return std::nullopt;
  }
  const auto contract = fuzz::check_contract(*isolated, *type, semantics);
  if (contract.breach) {
    *breach = true;
    *error = "--kernel " + kernel + ": " + fuzz::describe(*contract.breach, mpi.mpi.empty()) +
             "; such a function has no element-wise op to search (redsem opcheck --kernel says more)";
    return std::nullopt;
  }
  const std::string head = "redsem " + command + ": the function " + kernel;
  const std::string slow =
      "redsem " + command + ": " + fuzz::slow_text("a call of " + kernel, fuzz::default_call_timeout) + "\n";
  if (function)
    per_element = fuzz::in_process_kernel(fuzz::loaded_function_kernel(*function, *type), fuzz::default_call_timeout,
                                          [head, slow](fuzz::call_end what) {
                                            switch (what) {
                                              case fuzz::call_end::exited:
                                                return head + " ended the process inside a call\n";
                                              case fuzz::call_end::hung:
                                                return head + " used 10 s of CPU time in a call without returning\n";
                                              case fuzz::call_end::slow:
                                                return slow;
                                              case fuzz::call_end::crashed:
                                                break;
                                            }
                                            return head + " crashed inside a call (signal {signal})\n";
                                          });
  const auto span = static_cast<std::size_t>(type->extent());
  const auto margin = static_cast<std::size_t>(fuzz::helper_margin);
  // As the model's user_element_op (model/element_op.h) calls a function: on copies, so that it
  // may not see or write the caller's operands, and out may alias either. The copies have the
  // margin around them that the MPI helper carries to and fro (props/fuzz/mpi_user_op.h). A
  // call that fails in the helper (its crash or hang is reported, not suffered) ends the
  // command as the in-process guard does.
  auto combine = [run = per_element->run, span, margin,
                  failed = head + (mpi.mpi.empty() ? " " : " in the " + mpi.mpi + " helper ")](
                     const std::byte* a, const std::byte* b, std::byte* out) {
    std::vector<std::byte> left(span + 2 * margin), right(span + 2 * margin);
    std::memcpy(left.data() + margin, a, span);
    std::memcpy(right.data() + margin, b, span);
    if (const int status = run(left.data() + margin, right.data() + margin, 1); status != 0) {
      std::cout << failed << fuzz::describe_status(status) << " on one element\n" << std::flush;
      std::exit(mismatch);
    }
    std::memcpy(out, right.data() + margin, span);
  };
  const bool commutative = commute == "true";
  const sim::op_laws none{sim::law_verdict::unknown, sim::law_verdict::unknown,
                          "none known of a compiled function (redsem opcheck --kernel searches them)"};
  return chosen_op{
      element_op{kernel, *type, commutative, std::move(combine)}, std::nullopt, none,
      "kernel " + kernel + " on " + type->description() +
          (commutative ? ", created commutative" : ", created non-commutative") +
          (mpi.mpi.empty() ? "" : ", in the " + mpi.mpi + " helper with handle " + handle_text(mpi_options)),
      nullptr};
}

std::optional<std::vector<sim::element>> parse_values(const std::string& text, const chosen_op& op,
                                                      std::string* error) {
  auto out = parse_values(text, op.op.type, error);
  if (!out || !op.domain) return out;
  for (std::size_t k = 0; k < out->size(); ++k)
    if (!op.domain->contains((*out)[k].data())) {
      *error = "--values: element " + std::to_string(k) + " (" + shown_element(op, (*out)[k]) +
               ") is outside the op's domain: a 'require' of the op file is false for it";
      return std::nullopt;
    }
  return out;
}

namespace {

// One element of `type` from rng: see random_values.
void random_element(const datatype& type, const std::vector<field>& fields, std::mt19937_64& rng, std::byte* out) {
  const bool segscan = fields.size() == 2 && fields[0].kind == scalar_kind::f64 && fields[1].kind == scalar_kind::i32 &&
                       !type.is_predefined();
  const bool logical = type.is_predefined() && group_of(*type.predefined_type()) == type_group::logical;
  std::fill(out, out + type.extent(), std::byte{0});
  for (std::size_t i = 0; i < fields.size(); ++i) {
    std::byte* at = out + fields[i].offset;
    const scalar_kind kind = fields[i].kind;
    if (segscan) {
      if (i == 0)
        put(at, static_cast<double>(1 + rng() % 100));
      else
        put(at, static_cast<std::int32_t>(rng() % 2));
    } else if (logical) {
      put(at, static_cast<std::uint8_t>(rng() % 2));
    } else if (is_float_kind(kind)) {
      // A full random significand, so sums round (a few round bits would make every order exact).
      const double mag = std::ldexp(1.0 + static_cast<double>(rng() >> 11) * 0x1p-53, static_cast<int>(rng() % 16) - 8);
      const double v = rng() % 2 ? -mag : mag;
      if (kind == scalar_kind::f32)
        put(at, static_cast<float>(v));
      else if (kind == scalar_kind::f64)
        put(at, v);
      else
        put(at, static_cast<long double>(v));
    } else {
      const std::uint64_t bits = rng();
      std::memcpy(at, &bits, value_bytes(kind));
    }
  }
}

}  // namespace

std::vector<sim::element> random_values(std::size_t n, const chosen_op& op, std::uint64_t seed,
                                        opfile::domain_draws* draws) {
  const datatype& type = op.op.type;
  const std::vector<field> fields = scalar_fields(type);
  std::mt19937_64 rng(seed);
  opfile::domain_draws local;
  std::vector<sim::element> out;
  for (std::size_t k = 0; k < n; ++k) {
    sim::element e(static_cast<std::size_t>(type.extent()), std::byte{0});
    const auto generate = [&](std::byte* at) { random_element(type, fields, rng, at); };
    if (op.domain && op.domain->constrained())
      op.domain->draw(generate, rng(), e.data(), draws ? *draws : local);
    else
      generate(e.data());
    out.push_back(std::move(e));
  }
  return out;
}

std::string describe_draws(const opfile::domain_draws& d) {
  if (d.rejected == 0) return "";
  std::string s = "; " + std::to_string(d.rejected) + " of " + std::to_string(d.drawn) +
                  " random draws fell outside the op's domain and were redrawn";
  if (d.fallbacks > 0) s += ", " + std::to_string(d.fallbacks) + " element(s) taken from known members of the domain";
  return s;
}

std::string format_value(const datatype& type, const sim::element& e) { return format_element(type, e.data()); }

nlohmann::json value_json(const datatype& type, const sim::element& e) { return element_json(type, e.data()); }

}  // namespace redsem::tools
