// SPDX-License-Identifier: BSD-3-Clause
// `redsem opcheck --kernel LIB.so:SYMBOL --type T --commute true|false [--identity V]
// [--mpi openmpi|mpich]`: the laws of a compiled MPI_User_function, no model needed. First its contract with MPI
// (props/fuzz/kernel_contract.h: element independence under any split, writes only to
// inoutvec[0 .. len), determinism); then the op-file law checker (props/laws/opfile_check.h) on
// the function as an element-level op (props/fuzz/kernel_op.h): commutativity against the
// declared flag, associativity, the identity candidate, and whether a refutation needs a NaN.
// With --mpi the function runs in that MPI's helper process with a real datatype handle
// (tools/mpi/fuzz_kernel_mpi.h), as the library would call it; without, in a child of redsem.
// Exit 0 when the function is what its MPI_Op_create call declares, 1 with an error finding,
// 2 on bad input. Not associative only as MPI's own op on the type is not (a float SUM) is a
// warning, an error with --strict-laws (props/laws/predefined_failure.h).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "model/element_json.h"
#include "props/fuzz/kernel_contract.h"
#include "props/fuzz/kernel_op.h"
#include "props/laws/predefined_failure.h"
#include "sim/rma/scenario_values.h"
#include "tools/cli/command.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/value_list.h"
#include "tools/commands/law_progress.h"
#include "tools/commands/opcheck.h"
#include "tools/mpi/fuzz_kernel_mpi.h"

namespace redsem::tools {
namespace {

constexpr std::string_view not_a_proof =
    "The search is concrete (every small value per field, special values, random draws): "
    "\"holds on samples\" is evidence, not a proof.";

}  // namespace

const laws::declaration_words kernel_words{"created commutative (--commute true)",
                                           "created non-commutative (--commute false)", "creating it with commute = 1"};

namespace {

std::string fields_text(const fuzz::element_fields& f) {
  std::string s;
  for (auto t : f.types) s += (s.empty() ? "" : ", ") + std::string(to_string(t));
  return s;
}

// The laws a compiled function has: `closed` belongs to op files' `require` lines.
std::vector<const laws::law_result*> shown_laws(const laws::law_report& r) {
  std::vector<const laws::law_result*> out;
  for (const auto& l : r.laws)
    if (l.which != laws::law::closed) out.push_back(&l);
  return out;
}

struct kernel_check {
  fuzz::contract_options contract_options;
  fuzz::contract_report contract;
  std::optional<laws::law_report> laws;                 // when the contract holds
  std::optional<fuzz::kernel_call_failed> failed_call;  // a call of the law search that failed
  std::uint64_t law_calls = 0;
  bool has_error() const { return contract.breach || failed_call || (laws && laws->has_error()); }
};

std::string contract_text(const fuzz::contract_report& c, const fuzz::contract_options& o, bool own_handle) {
  if (c.breach) return "broken: " + fuzz::describe(*c.breach, own_handle);
  return fmt::format(
      "holds on {} buffers of 1 to {} elements (one call, the same call again, random splits, one call "
      "per element up to {}; guard bytes around both buffers)",
      c.cases, c.longest, o.short_lengths);
}

std::string failed_call_text(const fuzz::kernel_call_failed& f) {
  const std::string head = "the function " + fuzz::describe_status(f.status) + " during the law search, ";
  if (f.operands.size() == 2)
    return head + "on one element: invec a = " + opfile::format(f.operands[0]) +
           ", inoutvec b = " + opfile::format(f.operands[1]);
  return head + "on a call of " + std::to_string(f.count) + " elements";
}

kernel_mpi_options mpi_options(const opcheck_request& o) {
  return typed_kernel_mpi("opcheck", o.kernel, o.type, o.commute == "true", o.mpi, o.setup, o.through);
}

// How --mpi calls the function: "in the openmpi helper after MPI_Init, with handle MPI_INT, directly".
std::string mpi_call_text(const opcheck_request& o) {
  return "in the " + o.mpi + " helper after MPI_Init, with handle " + handle_text(mpi_options(o)) + ", " +
         (o.through == "reduce_local" ? "through MPI_Op_create and MPI_Reduce_local" : "directly");
}

// The function under test: in a child of this process, or with --mpi in that MPI's helper.
// nullopt after saying why (exit 2).
std::optional<fuzz::kernel_under_test> kernel_of(const opcheck_request& o, const datatype& type, std::ostream& err) {
  if (!o.mpi.empty()) return kernel_in_own_mpi_helper(mpi_options(o), o.mpi_helper, o.call_timeout, type, err);
  if (!(o.setup.empty() && o.through.empty() && o.mpi_helper.empty())) {
    err << "redsem opcheck: --setup, --through and --mpi-helper need --mpi openmpi|mpich (the MPI whose handles "
           "the function gets)\n";
    return std::nullopt;
  }
  auto loaded = fuzz::load_user_function(o.kernel, o.call_timeout);
  if (const auto* e = std::get_if<fuzz::load_error>(&loaded)) {
    err << "redsem opcheck: " << e->message << "\n";
    return std::nullopt;
  }
  return fuzz::isolated_kernel(fuzz::loaded_function_kernel(std::get<fuzz::loaded_function>(loaded), type),
                               o.call_timeout);
}

// The function's header: printed before it is called, which may take a while.
void render_header(std::ostream& out, const opcheck_request& o, const datatype& type,
                   const fuzz::element_fields& fields, const policy& p) {
  out << "opcheck " << o.kernel << " on " << type.description() << "\n";
  out << "  fields (" << fields_text(fields) << "); "
      << (o.commute == "true" ? kernel_words.commute_true : kernel_words.commute_false) << "\n";
  out << "  policy " << to_string(p) << "\n";
  if (!o.mpi.empty()) out << "  called       " << mpi_call_text(o) << "\n";
  out << std::flush;
}

// The rest of the table, after render_header.
void render_text(std::ostream& out, const kernel_check& k, bool in_process) {
  out << "  element-wise " << contract_text(k.contract, k.contract_options, in_process) << "\n";
  if (k.contract.breach) {
    out << "  laws         not checked: "
        << (k.contract.breach->kind == fuzz::contract_breach::split_dependent
                ? "a function whose elements are not independent has no element-wise op whose laws MPI could rely on"
                : "the function must keep its contract with MPI first")
        << "\n\n  error: the function breaks its contract with MPI (MPI-4.1 §7.9.5): see element-wise above\n\n";
    return;
  }
  if (k.failed_call) {
    out << "  laws         not checked\n\n  error: " << failed_call_text(*k.failed_call) << "\n\n";
    return;
  }
  out << "  search       " << k.laws->exhaustive.describe() << ", then random elements (" << k.law_calls
      << " calls)\n\n";
  for (const auto* l : shown_laws(*k.laws))
    out << fmt::format("  {:<12} {}\n", laws::property_name(l->which),
                       law_verdict_text(*l, l->which == laws::law::commutativity));
  if (!k.laws->findings.empty()) out << "\n";
  for (const auto& f : k.laws->findings) out << "  " << to_string(f.level) << ": " << f.message << "\n";
  out << "\n  " << not_a_proof << "\n\n";
}

nlohmann::json to_json(const opcheck_request& o, const datatype& type, const fuzz::element_fields& fields,
                       const policy& p, const kernel_check& k) {
  nlohmann::json contract = {{"verdict", k.contract.breach ? "broken" : "holds_on_samples"},
                             {"buffers", k.contract.cases},
                             {"calls", k.contract.calls}};
  if (const auto& b = k.contract.breach) {
    nlohmann::json evidence = {{"kind", std::string(to_string(b->kind))},
                               {"count", b->count},
                               {"chunks", b->chunks},
                               {"message", fuzz::describe(*b, o.mpi.empty())}};
    if (b->element >= 0)  // the element's operands and two results, numbers beside their display
      evidence.update({{"element", b->element},
                       {"invec", element_json(type, b->in_bytes.data())},
                       {"inoutvec", element_json(type, b->inout_bytes.data())},
                       {"whole", element_json(type, b->whole_bytes.data())},
                       {"other", element_json(type, b->other_bytes.data())}});
    contract["breach"] = evidence;
  }
  nlohmann::json field_names = nlohmann::json::array();
  for (auto t : fields.types) field_names.push_back(std::string(to_string(t)));
  nlohmann::json j = {{"kernel", o.kernel},
                      {"type", type.description()},
                      {"fields", field_names},
                      {"policy", to_string(p)},
                      {"declared_commute", o.commute == "true"},
                      {"element_wise", contract},
                      {"evidence", std::string(not_a_proof)}};
  if (!o.mpi.empty()) j["mpi"] = mpi_call_text(o);
  nlohmann::json findings = nlohmann::json::array();
  if (k.contract.breach)
    findings.push_back({{"severity", "error"}, {"message", fuzz::describe(*k.contract.breach, o.mpi.empty())}});
  if (k.failed_call) findings.push_back({{"severity", "error"}, {"message", failed_call_text(*k.failed_call)}});
  if (k.laws) {
    nlohmann::json laws = nlohmann::json::object();
    for (const auto* l : shown_laws(*k.laws))
      laws[std::string(laws::property_name(l->which))] = law_json(*l, type, fields);
    j["laws"] = laws;
    j["exhaustive"] = k.laws->exhaustive.describe();
    for (const auto& f : k.laws->findings)
      findings.push_back({{"severity", std::string(to_string(f.level))}, {"message", f.message}});
  }
  j["findings"] = findings;
  j["verdict"] = k.has_error() ? "error" : "ok";
  return j;
}

}  // namespace

// The identity candidate as an element of the function's fields.
std::optional<opfile::concrete_element> parse_identity(const std::string& text, const datatype& type,
                                                       const fuzz::element_fields& fields, std::string* why) {
  const auto values = parse_values(text, type, why);
  if (!values) return std::nullopt;
  if (values->size() != 1) {
    *why = "'" + text + "' is " + std::to_string(values->size()) + " elements; give one (fields separated by ':')";
    return std::nullopt;
  }
  return opfile::load_fields(fields.types, fields.offsets, values->front().data());
}

int run_opcheck_kernel(const opcheck_request& o, const policy& p, std::ostream& out, std::ostream& err,
                       nlohmann::json* document) {
  const auto fail = [&](const std::string& why) {
    err << "redsem opcheck: " << why << "\n";
    return int{bad_input};
  };
  if (o.type.empty() && !o.setup.empty() && !o.mpi.empty()) {
    // The handle the library made says what it is: its layout is the function's element.
    const auto described = setup_handle_type(mpi_options(o), o.mpi_helper, o.call_timeout, err);
    if (!described) return bad_input;
    opcheck_request typed = o;
    typed.type = *described;
    return run_opcheck_kernel(typed, p, out, err, document);
  }
  if (o.type.empty())
    return fail(
        "--kernel needs --type T, the datatype the function is created for (MPI_INT, MPI_DOUBLE_INT, "
        "contiguous(4,MPI_INT), …), unless --setup and --mpi make the handle, which describes itself");
  if (o.commute.empty())
    return fail("--kernel needs --commute true|false, the commute flag its MPI_Op_create call passes");
  std::string why;
  const auto type = sim::rma::parse_datatype(o.type, &why);
  if (!type) return fail("--type '" + o.type + "': " + why);
  const auto fields = fuzz::fields_of(*type, &why);
  if (!fields) return fail("--type '" + o.type + "': " + why);
  std::optional<opfile::concrete_element> identity;
  if (!o.identity.empty() && !(identity = parse_identity(o.identity, *type, *fields, &why)))
    return fail("--identity: " + why);
  const auto found = kernel_of(o, *type, err);
  if (!found) return bad_input;
  const fuzz::kernel_under_test& kernel = *found;

  if (!o.json) render_header(out, o, *type, *fields, p);
  law_progress shown(err, "opcheck " + o.kernel, type->description());
  kernel_check k;
  k.contract_options.seed = o.seed;
  shown.at("its contract with MPI");
  k.contract = fuzz::check_contract(kernel, *type, p, k.contract_options);
  if (!k.contract.breach) {
    const fuzz::kernel_op op(kernel, *type, *fields, p, identity);
    laws::check_options lo;
    lo.seed = o.seed;
    shown.watch(lo);
    try {
      auto report = laws::check_laws(op, o.commute == "true", lo, kernel_words);
      laws::mark_nan_or_zero_only(op, report, lo, kernel_words);
      laws::mark_as_predefined(op, report, lo, kernel_words);
      if (o.strict_laws) laws::make_warnings_errors(report.findings);
      k.laws = std::move(report);
    } catch (const fuzz::kernel_call_failed& f) {
      k.failed_call = f;
    }
    k.law_calls = op.calls();
  }
  shown.finish();
  if (o.json && document)
    *document = to_json(o, *type, *fields, p, k);
  else if (o.json)
    out << json_text(json_document("opcheck", to_json(o, *type, *fields, p, k))) << "\n";
  else
    render_text(out, k, o.mpi.empty());
  return k.has_error() ? int{mismatch} : int{ok};
}

}  // namespace redsem::tools
