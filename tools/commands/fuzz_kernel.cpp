// SPDX-License-Identifier: BSD-3-Clause
// `redsem fuzz --kernel` (fuzz.h): differential fuzzing of a function with the
// MPI_User_function ABI against the model of a predefined op or an op file, the function
// called in a forked child, in redsem's process (--in-process) or in an MPI's helper (--mpi).
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

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
#include "tools/cli/op_file_choice.h"
#include "tools/cli/progress.h"
#include "tools/commands/fuzz.h"
#include "tools/mpi/fuzz_kernel_mpi.h"
#include "tools/mpi/mpi_helper_path.h"
#include "tools/render/fuzz_render.h"

namespace redsem::tools {
namespace {

// The oracle of --op/--type, or a message naming what is wrong; *commute: the op's commute flag.
std::optional<fuzz::oracle> parse_oracle(const fuzz_request& o, const policy& semantics, std::string* why,
                                         bool* commute) {
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

// --kernel without --mpi: the function loaded into this process and called in a forked child
// (with --in-process: here). nullopt after saying why it cannot be loaded.
std::optional<fuzz::kernel_under_test> local_kernel(const fuzz_request& o, const fuzz::oracle& oracle,
                                                    std::ostream& err) {
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
std::optional<fuzz::kernel_under_test> helper_kernel(const fuzz_request& o, const fuzz::oracle& oracle, bool commute,
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

}  // namespace

int run_fuzz_kernel(const fuzz_request& o, const policy& semantics, std::ostream& out, std::ostream& err) {
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

}  // namespace redsem::tools
