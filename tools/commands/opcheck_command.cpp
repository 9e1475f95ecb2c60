// SPDX-License-Identifier: BSD-3-Clause
// `redsem opcheck --op-file F`: the concrete law table of an op file (docs/op-files.md).
// With --prove, each law the samples do not refute is also decided by Z3 (props/smt).
// Exit 0 when the op is what it declares; 1 when a declared or required property is refuted
// (a 'commute true' op that is not commutative, any op that is not associative, an identity
// that is not one); 2 when the file or the command line is wrong. An op that is not
// associative only as MPI's own op on its type is not (float SUM, PROD) gets a warning, and
// exit 0 unless --strict-laws (props/laws/predefined_failure.h).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "model/element_json.h"
#include "model/opfile/typed_op.h"
#include "props/laws/opfile_check.h"
#include "props/laws/opfile_prove.h"
#include "props/laws/predefined_failure.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/op_file_choice.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/sim_inputs.h"
#include "tools/commands/law_progress.h"
#include "tools/commands/opcheck.h"
#include "tools/mpi/fuzz_kernel_mpi.h"

namespace redsem::tools {
namespace {

using options = opcheck_request;

// The solver's verdicts merged into the concrete table: a proof replaces "holds on samples",
// a solver counterexample turns a law refuted.
struct proof_column {
  std::map<laws::law, std::string> text;  // per law the report has; none for n/a
  std::string of(laws::law l) const {
    const auto it = text.find(l);
    return it == text.end() ? std::string() : it->second;
  }
};

void merge_proofs(laws::law_report& r, const std::vector<laws::law_result>& proofs, proof_column& column) {
  column.text.clear();
  for (const auto& p : proofs) {
    auto& l = r.at(p.which);
    std::string t = std::string(to_string(p.outcome));
    if (p.outcome == laws::verdict::refuted && l.outcome != laws::verdict::refuted) {
      l.outcome = laws::verdict::refuted;
      l.operands = p.operands;
      l.claim = p.claim;
    }
    if (p.outcome == laws::verdict::proved)
      t = p.reason;  // "proved (solver)"
    else if (p.outcome == laws::verdict::unknown)
      t += ": " + p.reason;
    else
      t += p.reason.find("solver") != std::string::npos ? " (solver counterexample, replayed)" : " (as above)";
    column.text[p.which] = t;
  }
  r.findings = laws::findings_for(r.declared_commute, r.laws);
}

// The op's header: printed before its laws are searched, which may take a while.
void render_header(std::ostream& out, const opfile::typed_op& op, const std::string& file, const policy& p) {
  out << "op " << op.name << (op.instance.empty() ? "" : " (" + op.instance + ")") << " from " << file << "\n";
  if (!op.description.empty()) out << "  " << op.description << "\n";
  std::string fields;
  for (const auto& f : op.fields)
    fields += (fields.empty() ? "" : ", ") + f.name + ": " + std::string(to_string(f.type));
  out << "  fields (" << fields << "); declared commute " << (op.commute ? "true" : "false") << "\n";
  out << "  policy " << to_string(p) << "\n" << std::flush;
}

// The rest of the op's table, after render_header.
void render_text(std::ostream& out, const laws::law_report& r, const proof_column* proofs) {
  out << "  search " << r.exhaustive.describe() << ", then random legal elements\n\n";
  for (const auto& l : r.laws) {
    out << fmt::format("  {:<12} {}\n", laws::property_name(l.which), law_verdict_text(l));
    if (proofs && !proofs->of(l.which).empty()) out << fmt::format("  {:<12} Z3: {}\n", "", proofs->of(l.which));
  }
  if (!r.findings.empty()) out << "\n";
  for (const auto& f : r.findings) out << "  " << to_string(f.level) << ": " << f.message << "\n";
  out << "\n";
}

nlohmann::json to_json(const opfile::concrete_op& concrete, const laws::law_report& r, const proof_column* proofs) {
  const opfile::typed_op& op = concrete.op();
  fuzz::element_fields fields{concrete.field_types(), {}};
  for (std::size_t f = 0; f < fields.types.size(); ++f) fields.offsets.push_back(concrete.offset(f));
  nlohmann::json laws = nlohmann::json::object();
  for (const auto& l : r.laws) {
    nlohmann::json j = law_json(l, concrete.type(), fields);
    if (proofs) j["z3"] = proofs->of(l.which);
    laws[std::string(laws::property_name(l.which))] = j;
  }
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : r.findings)
    findings.push_back({{"severity", std::string(to_string(f.level))}, {"message", f.message}});
  return {{"op", op.name},
          {"instance", op.instance},
          {"declared_commute", op.commute},
          {"laws", laws},
          {"findings", findings},
          {"evidence", "concrete (exhaustive small values + random search)"},
          {"exhaustive", r.exhaustive.describe()},
          {"domain_rejected", r.domain_rejected}};
}

}  // namespace

std::string law_verdict_text(const laws::law_result& r, bool as_ranks) {
  switch (r.outcome) {
    case laws::verdict::not_applicable:
      return r.which == laws::law::identity ? "n/a (no identity declared)" : "n/a (no 'require')";
    case laws::verdict::holds_on_samples:
      return fmt::format("holds on {} samples (not a proof)", r.samples);
    case laws::verdict::proved:
    case laws::verdict::unknown:
      return std::string(to_string(r.outcome)) + ": " + r.reason;
    case laws::verdict::refuted:
      break;
  }
  std::string operands;
  const char* names[] = {"a", "b", "c"};
  for (std::size_t i = 0; i < r.operands.size() && i < 3; ++i)
    operands += fmt::format(
        "{}{}{} = {}", i ? ", " : "", as_ranks && r.operands.size() > 1 ? fmt::format("rank {} holds ", i) : "",
        r.operands.size() == 1 && r.which == laws::law::identity ? "a" : names[i], opfile::format(r.operands[i]));
  return fmt::format("refuted{} (concrete counterexample): {}: {}",
                     r.only_nan_or_signed_zero ? " only with NaN or -0" : "", operands, r.claim);
}

nlohmann::json law_json(const laws::law_result& l, const datatype& type, const fuzz::element_fields& fields) {
  nlohmann::json j = {{"verdict", to_string(l.outcome)}, {"samples", l.samples}};
  if (l.outcome == laws::verdict::refuted) {
    nlohmann::json operands = nlohmann::json::array();
    for (const auto& x : l.operands) {
      std::vector<std::byte> bytes(static_cast<std::size_t>(type.extent()));
      opfile::store_fields(fields.types, fields.offsets, x, bytes.data());
      nlohmann::json e = element_json(type, bytes.data());
      e["display"] = opfile::format(x);
      operands.push_back(std::move(e));
    }
    j["counterexample"] = {{"operands", operands}, {"claim", l.claim}};
    if (l.only_nan_or_signed_zero) j["only_nan_or_signed_zero"] = true;
    if (!l.fails_as_predefined.empty()) j["fails_as_predefined"] = l.fails_as_predefined;
    if (l.equals_predefined) j["equals_predefined"] = true;  // proved by the solver, for every input
  }
  return j;
}

int run_opcheck(const opcheck_request& o, std::ostream& out, std::ostream& err) {
  std::string why;
  const auto parsed = policy_from_option(o.policy_text, &why);
  if (!parsed) {
    err << "redsem opcheck: " << why << "\n";
    return bad_input;
  }
  const policy p = *parsed;
  if (o.file.empty() == (o.kernel.empty() && o.source.empty()) || (!o.file.empty() && !o.source.empty())) {
    err << "redsem opcheck: give exactly one of --op-file FILE and --kernel LIB.so:SYMBOL (or --source "
           "FILE.c:FUNCTION, alone or beside --kernel)\n";
    return bad_input;
  }
  if ((!o.cflags.empty() || o.no_cache || !o.cache_dir.empty()) && o.source.empty()) {
    err << "redsem opcheck: --cflags, --no-cache and --cache-dir go with --source (the flags its C file is compiled "
           "with, the cache of its proofs)\n";
    return bad_input;
  }
  if (!o.source.empty()) {
    if (o.all_types) {
      err << "redsem opcheck: --source takes no --all-types (the function is proved for --type)\n";
      return bad_input;
    }
    int kernel_status = ok;
    nlohmann::json searched;  // with --json, the --kernel report goes into the one document
    if (!o.kernel.empty()) {
      opcheck_request search = o;
      search.prove = false;
      kernel_status = run_opcheck_kernel(search, p, out, err, &searched);
      if (kernel_status == bad_input) return kernel_status;
    }
    const int proved = run_opcheck_source(o, p, out, err, searched.is_null() ? nullptr : &searched);
    return proved == bad_input ? proved : std::max(kernel_status, proved);
  }
  if (!o.kernel.empty()) {
    if (o.all_types || o.prove) {
      err << "redsem opcheck: --kernel takes neither --all-types nor --prove (a compiled function is searched, not "
             "proved; --source FILE.c:FUNCTION proves its source)\n";
      return bad_input;
    }
    return run_opcheck_kernel(o, p, out, err);
  }
  if (!o.commute.empty() || !o.identity.empty()) {
    err << "redsem opcheck: --commute and --identity go with --kernel; an op file declares both itself\n";
    return bad_input;
  }
  if (!(o.mpi.empty() && o.mpi_helper.empty() && o.setup.empty() && o.through.empty())) {
    err << "redsem opcheck: --mpi, --mpi-helper, --setup and --through go with --kernel (an op file has no function "
           "to call)\n";
    return bad_input;
  }
  const auto loaded = load_op_file(o.file, err);
  if (!loaded) return bad_input;
  const auto chosen = choose_instances(*loaded, o.type, o.all_types, "opcheck", o.file, err);
  if (chosen.empty()) return bad_input;
  bool any_error = false;
  nlohmann::json reports = nlohmann::json::array();
  for (const auto* op : chosen) {
    const opfile::concrete_op concrete(*op, p);
    if (!o.json) render_header(out, *op, o.file, p);
    law_progress shown(err, "opcheck " + o.file, op->name + (op->instance.empty() ? "" : " (" + op->instance + ")"));
    laws::check_options co;
    co.seed = o.seed;
    shown.watch(co);
    auto report = laws::check_laws(concrete, co);
    if (report.empty_domain) {
      shown.finish();
      err << "redsem opcheck: " << o.file << (op->instance.empty() ? "" : " (" + op->instance + ")") << ": "
          << laws::empty_domain_message(report, co) << "\n";
      return bad_input;
    }
    laws::mark_as_predefined(concrete, report, co);
    proof_column column;
    if (o.prove) {
      laws::prove_options po;
      po.on_law = [&shown](laws::law l) { shown.at(fmt::format("Z3 proves {}", laws::property_name(l))); };
      po.timeout_ms = o.timeout_ms;
      merge_proofs(report, laws::prove_opfile(concrete, report, po), column);
    }
    if (o.strict_laws) laws::make_warnings_errors(report.findings);
    shown.finish();
    const proof_column* proofs = o.prove ? &column : nullptr;
    any_error = any_error || report.has_error();
    if (o.json)
      reports.push_back(to_json(concrete, report, proofs));
    else
      render_text(out, report, proofs);
  }
  if (o.json)
    out << json_text(json_document("opcheck", {{"file", o.file},
                                               {"policy", to_string(p)},
                                               {"reports", reports},
                                               {"verdict", any_error ? "error" : "ok"}}))
        << "\n";
  return any_error ? mismatch : ok;
}

command add_opcheck_command(CLI::App& app) {
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand(
      "opcheck", "Check the laws of an op definition file, or of a compiled MPI_User_function, by concrete search");
  cmd->add_option("--op-file", opts->file, "The .op file (see docs/op-files.md)")->type_name("FILE");
  cmd->add_option("--kernel", opts->kernel, "A function with the MPI_User_function ABI: LIB.so:SYMBOL")
      ->type_name("LIB:SYMBOL");
  cmd->add_option("--type", opts->type,
                  "The type parameter's choice (default: the first one); with --kernel the datatype: MPI_DOUBLE_INT, "
                  "contiguous(4,MPI_INT), …; with --setup and --mpi read from the handle made, which --type must "
                  "then describe if given")
      ->type_name("TYPE");
  cmd->add_option("--commute", opts->commute, "With --kernel: the commute flag its MPI_Op_create call passes")
      ->check(CLI::IsMember({"true", "false"}))
      ->type_name("true|false");
  cmd->add_option("--identity", opts->identity,
                  "With --kernel: an identity candidate; entries by ',', a pair's or complex's fields by ':'")
      ->type_name("V");
  add_kernel_mpi_options(cmd, opts->mpi, opts->setup, opts->through, opts->mpi_helper);
  add_whole_option(cmd, "--seed", opts->seed, {}, "Seed of the random search (default 1)");
  add_seconds_option(
      cmd, "--call-timeout", opts->call_timeout, fuzz::max_call_timeout,
      "With --kernel: seconds of CPU time a call (or the library's load) may use before it is a hang (default "
      "10; a blocked call gets 10 times as much wall time, then is no verdict, exit 3)");
  cmd->add_flag("--all-types", opts->all_types, "Check every choice of the type parameter");
  cmd->add_flag("--strict-laws", opts->strict_laws,
                "A law that fails only as MPI's own op on the type fails it (float SUM, PROD: not associative; with "
                "--source, a function proved equal to that op) is an error, not a warning");
  add_json_flag(cmd, opts->json);
  cmd->add_flag("--prove", opts->prove, "Also decide each law with Z3 over all legal inputs");
  cmd->add_option("--source", opts->source,
                  "The C source of an MPI_User_function, proved: FILE.c:FUNCTION (alone, or beside --kernel)")
      ->type_name("FILE.c:FUNCTION");
  cmd->add_option("--cflags", opts->cflags, "With --source: the file's own compiler flags (-I, -D, -ffast-math, …)")
      ->type_name("FLAGS");
  cmd->add_flag("--no-cache", opts->no_cache, "With --source: neither read nor write the proof cache");
  cmd->add_option("--cache-dir", opts->cache_dir,
                  "With --source: the proof cache's directory (default $XDG_CACHE_HOME/redsem)")
      ->type_name("DIR");
  add_whole_option(cmd, "--timeout-ms", opts->timeout_ms, {1, 3'600'000},
                   "Solver work per law, in milliseconds of a current core (with --prove)")
      ->type_name("MS");
  add_policy_option(cmd, opts->policy_text);
  return {cmd, [opts](std::ostream& out, std::ostream& err) { return run_opcheck(*opts, out, err); }};
}

}  // namespace redsem::tools
