// SPDX-License-Identifier: BSD-3-Clause
// `redsem opcheck --source FILE.c:FUNCTION --type T --commute true|false [--identity V]
// [--cflags "…"] [--mpi openmpi|mpich]`: the laws of a C MPI_User_function proved from its
// source (props/laws/c_prove.h): clang compiles it (props/csource/compile.h), the law engine
// decides each law over every input. Beside --kernel, the compiled library is searched first
// and the source proved after, in one report. Exit 0 when the function is what its
// MPI_Op_create call declares, 1 when a law it declares or MPI assumes is refuted (or its
// elements are not independent), 2 on bad input.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "props/csource/compile.h"
#include "props/fuzz/kernel_op.h"
#include "props/laws/c_prove.h"
#include "props/laws/opfile_findings.h"
#include "sim/rma/scenario_values.h"
#include "tools/cli/command.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/progress.h"
#include "tools/commands/opcheck.h"
#include "tools/commands/proof_cache_option.h"

namespace redsem::tools {
namespace {

std::string verdict_text(const laws::law_result& l) {
  if (l.outcome == laws::verdict::proved) return l.reason;  // "proved (solver)"
  std::string t = law_verdict_text(l, l.which == laws::law::commutativity);
  if (l.equals_predefined) t += "; the function equals " + l.fails_as_predefined + " for every input: proved (solver)";
  // Where the counterexample came from; either way the executor ran it on the values shown.
  const std::string concrete = "(concrete counterexample)";
  const bool solver = l.reason.find("solver") != std::string::npos;
  if (auto at = t.find(concrete); at != std::string::npos)
    t.replace(at, concrete.size(),
              solver ? "(solver counterexample, replayed)" : "(special values, run in the executor)");
  return t;
}

// The findings of the op-file and --kernel reports (props/laws/opfile_findings.h), and the
// element-wise one.
std::vector<laws::finding> findings(const opcheck_request& o, const laws::c_report& r) {
  auto out = laws::findings_for(o.commute == "true", r.laws, kernel_words);
  if (r.element_wise == laws::verdict::refuted)
    out.insert(out.begin(), {severity::error,
                             "the function's elements are not independent: MPI may split a call "
                             "into parts (MPI-4.1 §7.9.5)"});
  if (o.strict_laws) laws::make_warnings_errors(out);
  return out;
}

bool has_error(const opcheck_request& o, const laws::c_report& r) {
  for (const auto& f : findings(o, r))
    if (f.level == severity::error) return true;
  return false;
}

// The function's header: printed before its laws are proved, which may take a while.
void render_header(std::ostream& out, const opcheck_request& o, const datatype& type, const csource::compiled& c) {
  out << "opcheck --source " << o.source << " on " << type.description() << "\n";
  out << "  "
      << (o.commute == "true" ? "created commutative (--commute true)" : "created non-commutative (--commute false)")
      << "; the proof is about the function as this command compiles it:\n    " << c.command << "\n"
      << std::flush;
}

// The rest of the report, after render_header.
void render_text(std::ostream& out, const opcheck_request& o, const laws::c_report& r) {
  out << "  element-wise " << r.element_wise_text << "\n\n";
  for (const auto& l : r.laws)
    if (l.which != laws::law::closed)  // op files' `require`: n/a here
      out << fmt::format("  {:<12} {}\n", laws::property_name(l.which), verdict_text(l));
  const auto f = findings(o, r);
  if (!f.empty() || !r.notes.empty()) out << "\n";
  for (const auto& x : f) out << "  " << to_string(x.level) << ": " << x.message << "\n";
  for (const auto& n : r.notes) out << "  note: " << n << "\n";
  out << "\n";
}

nlohmann::json findings_json(const opcheck_request& o, const laws::c_report& r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : findings(o, r))
    out.push_back({{"severity", std::string(to_string(f.level))}, {"message", f.message}});
  return out;
}

nlohmann::json to_json(const opcheck_request& o, const datatype& type, const fuzz::element_fields& fields,
                       const csource::compiled& c, const laws::c_report& r) {
  nlohmann::json laws = nlohmann::json::object();
  for (const auto& l : r.laws) {
    if (l.which == laws::law::closed) continue;
    nlohmann::json j = law_json(l, type, fields);
    j["reason"] = l.reason;
    j["seconds"] = l.seconds;
    laws[std::string(laws::property_name(l.which))] = j;
  }
  return {{"source", o.source},
          {"type", type.description()},
          {"declared_commute", o.commute == "true"},
          {"compiled", c.command},
          {"element_wise", {{"verdict", to_string(r.element_wise)}, {"text", r.element_wise_text}}},
          {"not_modelled", r.not_modelled},
          {"laws", laws},
          {"findings", findings_json(o, r)},
          {"notes", r.notes},
          {"verdict", has_error(o, r) ? "error" : "ok"}};
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

int run_opcheck_source(const opcheck_request& o, const policy& p, std::ostream& out, std::ostream& err,
                       const nlohmann::json* searched) {
  const auto fail = [&](const std::string& why) {
    err << "redsem opcheck: " << why << "\n";
    return int{bad_input};
  };
  const auto colon = o.source.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == o.source.size())
    return fail("--source '" + o.source + "': expected FILE.c:FUNCTION");
  if (o.type.empty()) return fail("--source needs --type T, the datatype the function is created for");
  if (o.commute.empty())
    return fail("--source needs --commute true|false, the commute flag its MPI_Op_create call passes");
  std::string why;
  const auto type = sim::rma::parse_datatype(o.type, &why);
  if (!type) return fail("--type '" + o.type + "': " + why);
  const auto fields = fuzz::fields_of(*type, &why);
  if (!fields) return fail("--type '" + o.type + "': " + why);
  laws::c_source_op op{{}, {},           o.source.substr(colon + 1), *type, fields->types, fields->offsets,
                       p,  std::nullopt, o.commute == "true"};
  if (!o.identity.empty() && !(op.identity = parse_identity(o.identity, *type, *fields, &why)))
    return fail("--identity: " + why);
  csource::compile_request cr{o.source.substr(0, colon), words(o.cflags), o.mpi.empty() ? "openmpi" : o.mpi,
                              type->predefined_type() ? type->description() : ""};
  const auto compiled = csource::compile_to_ir(cr, &why);
  if (!compiled) return fail("--source '" + o.source + "': " + why);
  op.ir = compiled->ir;
  op.handle_ir = compiled->handle_ir;
  laws::prove_options po;
  po.timeout_ms = o.timeout_ms;
  std::optional<laws::proof_cache> cache;
  if (!open_proof_cache(o.no_cache, o.cache_dir, "redsem opcheck", cache, err)) return bad_input;
  if (!o.json) render_header(out, o, *type, *compiled);
  progress bar(err, stderr_is_terminal(), "opcheck --source " + o.source);
  std::uint64_t started = 0;
  po.on_law = [&](laws::law l) {
    bar.update(started++, 0, fmt::format("laws proved, Z3: {}", laws::property_name(l)));
  };
  laws::c_report r;
  try {
    r = laws::prove_c_op(op, po, cache ? &*cache : nullptr);
  } catch (const std::runtime_error& e) {
    bar.finish();
    return fail("--source '" + o.source + "': " + e.what());
  }
  bar.finish();
  if (o.json) {
    nlohmann::json j = to_json(o, *type, *fields, *compiled, r);
    if (searched) j["search"] = *searched;
    out << json_text(json_document("opcheck", std::move(j))) << "\n";
  } else
    render_text(out, o, r);
  return has_error(o, r) ? int{mismatch} : int{ok};
}

}  // namespace redsem::tools
