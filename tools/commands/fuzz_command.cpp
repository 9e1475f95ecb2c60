// SPDX-License-Identifier: BSD-3-Clause
// `redsem fuzz`: differential fuzzing against the model, of a kernel with the
// MPI_User_function ABI (--kernel) or of a real MPI library's MPI_Reduce_local (--mpi).
// Exit 0 when every case passes, 1 with a shrunk counterexample, 2 on bad input.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "model/op.h"
#include "model/opfile/typed_op.h"
#include "props/fuzz/fuzz_run.h"
#include "props/fuzz/in_process_guard.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/op_file_choice.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/progress.h"
#include "tools/mpi/fuzz_kernel_mpi.h"
#include "tools/mpi/mpi_helper_path.h"
#include "tools/render/fuzz_mpi_render.h"
#include "tools/render/fuzz_render.h"
#include "tools/render/fuzz_surface_render.h"

namespace redsem::tools {
namespace {

struct options {
  std::string kernel;
  std::string op_file;
  std::string mpi;
  std::string mpi_helper;
  std::string datatype;
  std::string setup;
  std::string through;
  std::string op;
  std::string type;
  std::string policy_text;
  std::optional<std::int64_t> cases;
  std::uint64_t seed = 1;
  std::optional<std::int64_t> max_length;
  double call_timeout = fuzz::default_call_timeout;
  bool aligned = false;
  bool in_process = false;
  bool noncanonical_bools = false;
  bool json = false;
  std::string json_file;  // --json-file's FILE (run_subcommand writes the document; --in-process's end needs it)
  bool surface = false;
  std::string layouts;  // empty: not given (all, with --mpi alone)
};

// --layouts: "all", "none" or names separated by commas; nullopt after saying what is wrong.
std::optional<std::vector<fuzz::derived_layout>> parse_layouts(const std::string& text, std::ostream& err) {
  if (text == "all") return fuzz::all_derived_layouts();
  std::vector<fuzz::derived_layout> out;
  if (text == "none") return out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto l = fuzz::parse_derived_layout(name);
    if (!l) {
      err << "redsem fuzz: --layouts: unknown layout '" << name << "'; expected all, none or a list of";
      for (auto known : fuzz::all_derived_layouts()) err << " " << to_string(known);
      err << "\n";
      return std::nullopt;
    }
    out.push_back(*l);
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

// The oracle of --op/--type, or a message naming what is wrong; *commute: the op's commute flag.
std::optional<fuzz::oracle> parse_oracle(const options& o, const policy& semantics, std::string* why, bool* commute) {
  if (!o.op_file.empty()) {
    if (!o.op.empty()) {
      *why = "give one of --op and --op-file";
      return std::nullopt;
    }
    const auto loaded = opfile::load_op_path(o.op_file);
    if (!loaded.op) {
      *why = "--op-file: " + loaded.error.to_string();
      return std::nullopt;
    }
    const auto* instance = choose_instance(*loaded.op, o.type, o.op_file, why);
    if (!instance) return std::nullopt;
    *commute = instance->commute;
    auto oracle = fuzz::opfile_oracle(*instance, o.op_file, semantics);
    if (oracle.domain && oracle.domain->empty()) {
      *why = "--op-file: " + o.op_file +
             ": no element satisfies its 'require' lines (none among the small-value "
             "elements nor in random draws): the op's domain is empty, so there is nothing to fuzz";
      return std::nullopt;
    }
    return oracle;
  }
  if (o.op.empty() || o.type.empty()) {
    *why =
        "--kernel needs --op OP and --type TYPE (the predefined op and type the kernel implements), or --op-file FILE";
    return std::nullopt;
  }
  const auto op = op_from_option(o.op, why);
  if (!op) return std::nullopt;
  const auto type = type_from_option(o.type, why);
  if (!type) return std::nullopt;
  if (usage_of(*op) != op_usage::reduction || !op_allows(*op, *type)) {
    *why = fmt::format("{} on {} is not a legal reduction (MPI-4.1 §7.9.2): nothing to compare with", to_string(*op),
                       to_string(*type));
    return std::nullopt;
  }
  *commute = is_commutative(*op);
  return fuzz::predefined_oracle(*op, *type);
}

// With --in-process, what is left to say when a call ends the process (exit, quick_exit, a
// crash) or does not return in time: the verdict without a shrunk case (exit status 1), or,
// for a call that outlasted the wall backstop without using its CPU time, that there is none.
std::string in_process_end_message(bool json, const std::string& kernel, double call_timeout, fuzz::call_end what) {
  std::string why, verdict = "kernel_error";
  switch (what) {
    case fuzz::call_end::exited:
      why = "the kernel ended the process (exit or quick_exit) inside a call; a user function must return to MPI";
      break;
    case fuzz::call_end::hung:
      why = fmt::format("hang: a call used {} s of CPU time without returning (--call-timeout)", call_timeout);
      verdict = "hang";
      break;
    case fuzz::call_end::slow:
      why = fuzz::slow_text("a call", call_timeout);
      verdict = "slow";
      break;
    case fuzz::call_end::crashed:
      why = "the kernel crashed inside a call: signal {signal}";
      break;
  }
  if (what != fuzz::call_end::slow) why += "; run without --in-process for the shrunk case";
  if (json)
    return json_text(json_document(
               "fuzz", {{"mode", "kernel"}, {"kernel", kernel}, {"verdict", verdict}, {"explanation", why}})) +
           "\n";
  return (what == fuzz::call_end::slow ? "redsem fuzz: " : "FAIL: ") + why + "\n";
}

// A kernel that crashes on every call may be checking its datatype argument, which without
// --mpi is redsem's own description of the type, not an MPI handle, or exhausting the memory a
// call may use (props/fuzz/kernel.cpp): say so beside the verdict.
void add_handle_hint(const fuzz::differential& d, fuzz::failure& f) {
  if (!fuzz::is_crash_status(f.minimal_result.kernel_status) || !fuzz::crashes_on_every_call(d)) return;
  f.conditions.push_back(
      {"every call",
       "the kernel crashed on every call tried, even on one element of zeros: it may be checking its datatype "
       "argument, which redsem fuzz --kernel fills with redsem's own description of the type, not an MPI handle "
       "(MPI_INT and the like mean nothing to it): run it with --mpi openmpi or --mpi mpich (the MPI it was built "
       "with), which calls it after MPI_Init with real MPI handles. Or it allocates without end: a call may add at "
       "most 256 MiB to redsem's address space, and an allocation past that fails"});
}

constexpr std::int64_t default_layout_cases = 50;
constexpr std::int64_t default_layout_length = 200;

int run_mpi(const options& o, const policy& semantics, std::ostream& out, std::ostream& err) {
  fuzz::mpi_campaign_options mo;
  mo.semantics = semantics;
  mo.per_pair.cases = o.cases.value_or(200);
  mo.per_pair.seed = o.seed;
  mo.per_pair.limits.max_length = o.max_length.value_or(1100);
  mo.per_pair.limits.misalign = !o.aligned;
  mo.per_pair.limits.noncanonical_bools = o.noncanonical_bools;
  mo.per_pair.shrink_budget = 1500;
  mo.per_pair.call_timeout = o.call_timeout;
  std::string bad_name;
  if ((!o.op.empty() && !(mo.only_op = op_from_option(o.op, &bad_name))) ||
      (!o.type.empty() && !(mo.only_type = type_from_option(o.type, &bad_name)))) {
    err << "redsem fuzz: " << bad_name << "\n";
    return bad_input;
  }
  const auto layouts = parse_layouts(o.layouts.empty() ? "all" : o.layouts, err);
  if (!layouts) return bad_input;
  mo.layouts = *layouts;
  // Each derived element holds several basic ones: fewer and shorter cases keep a full run short.
  mo.per_layout = mo.per_pair;
  mo.per_layout.cases = o.cases.value_or(default_layout_cases);
  mo.per_layout.limits.max_length = o.max_length.value_or(default_layout_length);
  if (!mpi_helper_usable("fuzz", o.mpi, o.mpi_helper, err)) return bad_input;
  const std::string helper_program = mpi_helper_path(o.mpi, o.mpi_helper);
  if (o.surface) {
    const std::string surface_helper = mpi_helper_path(o.mpi, o.mpi_helper, "redsem-mpi-surface-helper-");
    if (access(surface_helper.c_str(), X_OK) != 0) {
      err << "redsem fuzz: no surface helper for " << o.mpi << " at " << surface_helper << "\n";
      return bad_input;
    }
    const auto rows = fuzz::run_surface(surface_helper);
    if (o.json)
      out << json_text(json_document("fuzz", surface_json(o.mpi, rows))) << "\n";
    else
      out << render_surface(o.mpi, rows);
    return std::any_of(rows.begin(), rows.end(), [](const auto& r) { return fuzz::is_finding(r.verdict); })
               ? int{mismatch}
               : int{ok};
  }
  fuzz::mpi_helper helper(helper_program, o.call_timeout);
  progress bar(err, stderr_is_terminal(), "fuzz --mpi " + o.mpi);
  const auto report = fuzz::run_mpi_campaign(
      helper, o.mpi, mo,
      [&](std::size_t done, std::size_t total, const std::string& pair) { bar.update(done, total, pair); });
  bar.finish();
  if (!report.started) {
    err << "redsem fuzz: the " << o.mpi << " helper did not start: " << report.version << "\n";
    return bad_input;
  }
  // A legal pair's pass must rest on some comparison; a refused illegal pair is a verdict of its own.
  const auto unearned_pass = [](const fuzz::mpi_pair_result& row) {
    return (row.legal || row.layout) && row.verdict == fuzz::mpi_pair_verdict::pass && row.elements_compared == 0;
  };
  if (!has_findings(report) && std::any_of(report.rows.begin(), report.rows.end(), unearned_pass)) {
    err << "redsem fuzz: no element was compared (every buffer drawn was empty): no verdict; "
           "give more --cases or a larger --max-len\n";
    return bad_input;
  }
  if (o.json)
    out << json_text(json_document("fuzz", to_json(report, mo))) << "\n";
  else
    out << render_text(report, mo);
  return has_findings(report) ? int{mismatch} : int{ok};
}

// --kernel without --mpi: the function loaded into this process and called in a forked child
// (with --in-process: here). nullopt after saying why it cannot be loaded.
std::optional<fuzz::kernel_under_test> local_kernel(const options& o, const fuzz::oracle& oracle, std::ostream& err) {
  if (!(o.datatype.empty() && o.setup.empty() && o.through.empty())) {
    err << "redsem fuzz: --datatype, --setup and --through need --mpi openmpi|mpich (the MPI whose handles the "
           "kernel gets)\n";
    return std::nullopt;
  }
  auto loaded = fuzz::load_user_function(o.kernel, o.call_timeout);
  if (const auto* e = std::get_if<fuzz::load_error>(&loaded)) {
    err << "redsem fuzz: " << e->message << "\n";
    return std::nullopt;
  }
  auto kernel = fuzz::loaded_function_kernel(std::get<fuzz::loaded_function>(loaded), oracle.type);
  if (o.in_process) {
    // A call that ends the process leaves no time for run_subcommand to write --json-file's
    // document: the guard writes it there itself, through a descriptor opened now and kept open.
    int out = STDOUT_FILENO;
    if (!o.json_file.empty() &&
        (out = ::open(o.json_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0) {
      err << "redsem fuzz: --json-file: cannot write " << o.json_file << ": " << std::strerror(errno) << "\n";
      return std::nullopt;
    }
    return fuzz::in_process_kernel(
        std::move(kernel), o.call_timeout,
        [&o](fuzz::call_end what) { return in_process_end_message(o.json, o.kernel, o.call_timeout, what); }, out);
  }
  return fuzz::isolated_kernel(std::move(kernel), o.call_timeout);
}

// --kernel with --mpi: the function in the library's helper process, with real handles; the
// helper isolates its calls. It lives in `helper`, which must outlive the kernel.
std::optional<fuzz::kernel_under_test> helper_kernel(const options& o, const fuzz::oracle& oracle, bool commute,
                                                     std::optional<fuzz::mpi_helper>& helper, std::ostream& err) {
  if (o.in_process) {
    err << "redsem fuzz: --in-process and --mpi exclude each other (with --mpi the kernel runs in the MPI helper "
           "process)\n";
    return std::nullopt;
  }
  if (!mpi_helper_usable("fuzz", o.mpi, o.mpi_helper, err)) return std::nullopt;
  helper.emplace(mpi_helper_path(o.mpi, o.mpi_helper), o.call_timeout);
  return kernel_in_mpi_helper({o.kernel, o.mpi, o.type, o.op_file.empty(), o.datatype, o.setup, o.through, commute},
                              oracle.type, oracle.name, *helper, err);
}

int run_kernel(const options& o, const policy& semantics, std::ostream& out, std::ostream& err) {
  std::string why;
  bool commute = true;
  const auto oracle = parse_oracle(o, semantics, &why, &commute);
  if (!oracle) {
    err << "redsem fuzz: " << why << "\n";
    return bad_input;
  }
  std::optional<fuzz::mpi_helper> helper;
  auto kernel = o.mpi.empty() ? local_kernel(o, *oracle, err) : helper_kernel(o, *oracle, commute, helper, err);
  if (!kernel) return bad_input;
  const fuzz::differential d(*oracle, std::move(*kernel), semantics);
  fuzz::fuzz_options fo;
  fo.call_timeout = o.call_timeout;
  fo.cases = o.cases.value_or(1000);
  fo.seed = o.seed;
  fo.limits.max_length = o.max_length.value_or(3000);
  fo.limits.misalign = !o.aligned;
  fo.limits.noncanonical_bools = o.noncanonical_bools;
  if (!o.json) out << render_header(d) << std::flush;  // before the cases, which may take a while
  progress bar(err, stderr_is_terminal(), "fuzz --kernel " + d.kernel().name, static_cast<std::uint64_t>(fo.cases));
  fo.on_case = [&](std::int64_t done, std::int64_t total) {
    bar.update(static_cast<std::uint64_t>(done), static_cast<std::uint64_t>(total));
  };
  fuzz::fuzz_report report = fuzz::run_fuzz(d, fo);
  bar.finish();
  if (!report.first_failure && report.elements_compared == 0) {  // a pass must rest on some comparison
    err << fmt::format(
        "redsem fuzz: {} case(s) compared no element (every buffer drawn was empty): no verdict; "
        "give more --cases or a larger --max-len\n",
        report.cases_run);
    return bad_input;
  }
  if (report.first_failure && o.mpi.empty()) add_handle_hint(d, *report.first_failure);
  if (o.json)
    out << json_text(json_document("fuzz", to_json(d, fo, report))) << "\n";
  else
    out << render_text(d, fo, report);
  return report.first_failure ? int{mismatch} : int{ok};
}

int run(options& o, std::ostream& out, std::ostream& err) {
  std::string why;
  const auto parsed = policy_from_option(o.policy_text, &why);
  if (!parsed) {
    err << "redsem fuzz: " << why << "\n";
    return bad_input;
  }
  const policy semantics = *parsed;
  if (o.surface && (o.mpi.empty() || !o.kernel.empty())) {
    err << "redsem fuzz: --surface needs --mpi openmpi|mpich (it runs a library's MPI_Reduce_local)\n";
    return bad_input;
  }
  if (!o.layouts.empty() && (o.mpi.empty() || !o.kernel.empty() || o.surface)) {
    err << "redsem fuzz: --layouts is for --mpi alone (a library's MPI_Reduce_local on derived datatypes); with "
           "--kernel give the datatype with --datatype, --surface has its own cases\n";
    return bad_input;
  }
  if (o.kernel.empty() && !(o.datatype.empty() && o.setup.empty() && o.through.empty())) {
    err << "redsem fuzz: --datatype, --setup and --through need --kernel LIB.so:SYMBOL (the function that gets the "
           "handle)\n";
    return bad_input;
  }
  if (o.kernel.empty() && o.mpi.empty()) {
    err << "redsem fuzz: give --kernel LIB.so:SYMBOL (with --mpi openmpi|mpich: called with that MPI's handles), "
           "or --mpi openmpi|mpich alone (the library's own MPI_Reduce_local)\n";
    return bad_input;
  }
  return o.kernel.empty() ? run_mpi(o, semantics, out, err) : run_kernel(o, semantics, out, err);
}

}  // namespace

command add_fuzz_command(CLI::App& app) {
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("fuzz", "Differential fuzzing of a reduction kernel against the model");
  cmd->add_option("--kernel", opts->kernel, "A function with the MPI_User_function ABI: LIB.so:SYMBOL")
      ->type_name("LIB:SYMBOL");
  cmd->add_option(
         "--mpi", opts->mpi,
         "Fuzz a real MPI library's MPI_Reduce_local over every (op, type); with --kernel: call the "
         "function in a process of that MPI, after MPI_Init, with its real datatype handle; openmpi, mpich, or "
         "the path of an MPI's C compiler wrapper or prefix (its helpers built on first use)")
      ->type_name("NAME|PATH");
  cmd->add_option("--datatype", opts->datatype,
                  "With --kernel and --mpi: the datatype handle the function gets, a predefined name or a committed "
                  "type built as described: contiguous(n,T), vector(c,b,s,T), hvector(c,b,bytes,T), "
                  "indexed(b:b,d:d,T), struct(b:b,bytes:bytes,T:T), resized(T,lb,extent) (default: --type's)")
      ->type_name("DESCRIPTION");
  cmd->add_option("--setup", opts->setup, setup_option_help)->type_name("LIB:FUNCTION[=GLOBAL]");
  cmd->add_option("--through", opts->through,
                  "With --kernel and --mpi: call the function directly as fn(in, inout, &len, &type) (default), or "
                  "through MPI_Op_create and the library's own MPI_Reduce_local")
      ->type_name("direct|reduce_local");
  cmd->add_flag("--surface", opts->surface,
                "With --mpi: MPI_Reduce_local's argument surface (aliasing, MPI_IN_PLACE, counts, handles), one "
                "process per call");
  cmd->add_option("--layouts", opts->layouts,
                  "With --mpi alone: also run every legal pair on these derived datatypes of its type: all (default), "
                  "none, or names from vector,hvector,indexed,padded,negative_lb,nested (default 50 cases each, "
                  "lengths up to 200)")
      ->type_name("all|none|LIST");
  cmd->add_option("--mpi-helper", opts->mpi_helper,
                  "The helper program for --mpi (default: the one of redsem's add-on for that MPI)")
      ->type_name("PATH");
  cmd->add_option("--op-file", opts->op_file, "The op file the kernel implements (--type picks its instance)")
      ->type_name("FILE");
  add_op_option(cmd, opts->op, "The predefined op the kernel implements (with --mpi alone: only this op)");
  add_type_option(cmd, opts->type,
                  "The predefined datatype it works on, or the op file's type choice (with --mpi alone: only this "
                  "type)");
  // At least one case of at least one element: a run that compares nothing must not pass.
  add_whole_option(cmd, "--cases", opts->cases, {1, 1'000'000'000},
                   "Generated cases (default 1000; with --mpi alone: 200 per pair)");
  add_whole_option(cmd, "--seed", opts->seed, {}, "Seed of the first case; case i uses seed + i (default 1)");
  add_whole_option(cmd, "--max-len", opts->max_length, {1, 1 << 20},
                   "Longest buffer, in elements (default 3000; with --mpi alone: 1100)");
  add_policy_option(cmd, opts->policy_text);
  add_seconds_option(cmd, "--call-timeout", opts->call_timeout, fuzz::max_call_timeout,
                     "Seconds of CPU time a kernel call (or the library's load, or an MPI helper's answer) may use "
                     "before it is a hang (default 10; a blocked call gets 10 times as much wall time, then is no "
                     "verdict, exit 3)");
  cmd->add_flag("--aligned", opts->aligned, "Keep both buffers 64-byte aligned (for kernels that require it)");
  cmd->add_flag("--in-process", opts->in_process,
                "Call the kernel in this process (faster; a crash, a hang or an exit then ends the run with a "
                "FAIL but no shrunk case)");
  cmd->add_flag("--noncanonical-bools", opts->noncanonical_bools,
                "Also generate MPI_C_BOOL/MPI_CXX_BOOL bytes other than 0 and 1 (not valid _Bool values)");
  add_json_flag(cmd, opts->json);
  cmd->get_option("--json-file")->each([opts](const std::string& file) { opts->json_file = file; });
  return {cmd, [opts](std::ostream& out, std::ostream& err) { return run(*opts, out, err); }};
}

}  // namespace redsem::tools
