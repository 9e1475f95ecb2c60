// `redsem fuzz`: differential fuzzing of a kernel with the MPI_User_function ABI against the
// model. Exit 0 when every case passes, 1 with a shrunk counterexample, 2 on bad input.
#include <fmt/format.h>

#include <optional>

#include "model/op.h"
#include "props/fuzz/fuzz_run.h"
#include "tools/command.h"
#include "tools/fuzz_render.h"

namespace redsem::tools {
namespace {

struct options {
  std::string kernel;
  std::string op;
  std::string type;
  std::string policy_text;
  std::int64_t cases = 1000;
  std::uint64_t seed = 1;
  std::int64_t max_length = 3000;
  bool aligned = false;
  bool json = false;
};

// The oracle of --op/--type, or a message naming what is wrong.
std::optional<fuzz::oracle> parse_oracle(const options& o, std::string* why) {
  if (o.op.empty() || o.type.empty()) {
    *why = "--kernel needs --op OP and --type TYPE (the predefined op and type the kernel implements)";
    return std::nullopt;
  }
  const auto op = parse_op(o.op);
  if (!op) {
    *why = "--op '" + o.op + "': not an MPI predefined op (MPI_SUM, MPI_MAX, MPI_MINLOC, …)";
    return std::nullopt;
  }
  const auto type = parse_basic_type(o.type);
  if (!type) {
    *why = "--type '" + o.type + "': not an MPI predefined datatype (MPI_INT, MPI_DOUBLE_INT, …)";
    return std::nullopt;
  }
  if (usage_of(*op) != op_usage::reduction || !op_allows(*op, *type)) {
    *why = fmt::format("{} on {} is not a legal reduction (MPI-4.1 §7.9.2): nothing to compare with", to_string(*op),
                       to_string(*type));
    return std::nullopt;
  }
  return fuzz::predefined_oracle(*op, *type);
}

int run(const options& o, std::ostream& out, std::ostream& err) {
  policy semantics;
  if (!o.policy_text.empty()) {
    std::string why;
    const auto parsed = parse_policy(o.policy_text, &why);
    if (!parsed) {
      err << "redsem fuzz: --policy: " << why << "\n";
      return bad_input;
    }
    semantics = *parsed;
  }
  if (o.cases < 0 || o.max_length < 0) {
    err << "redsem fuzz: --cases and --max-len must not be negative\n";
    return bad_input;
  }
  std::string why;
  const auto oracle = parse_oracle(o, &why);
  if (!oracle) {
    err << "redsem fuzz: " << why << "\n";
    return bad_input;
  }
  auto loaded = fuzz::load_user_function(o.kernel);
  if (const auto* e = std::get_if<fuzz::load_error>(&loaded)) {
    err << "redsem fuzz: " << e->message << "\n";
    return bad_input;
  }
  const fuzz::differential d(*oracle, fuzz::loaded_function_kernel(std::get<fuzz::loaded_function>(loaded), oracle->type),
                             semantics);
  fuzz::fuzz_options fo;
  fo.cases = o.cases;
  fo.seed = o.seed;
  fo.limits.max_length = o.max_length;
  fo.limits.misalign = !o.aligned;
  const fuzz::fuzz_report report = fuzz::run_fuzz(d, fo);
  if (o.json) out << to_json(d, fo, report).dump(2) << "\n";
  else out << render_text(d, fo, report);
  return report.first_failure ? int{mismatch} : int{ok};
}

}  // namespace

command add_fuzz_command(CLI::App& app) {
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("fuzz", "Differential fuzzing of a reduction kernel against the model");
  cmd->add_option("--kernel", opts->kernel, "A function with the MPI_User_function ABI: LIB.so:SYMBOL")
      ->type_name("LIB:SYMBOL")
      ->required();
  cmd->add_option("--op", opts->op, "The predefined op the kernel implements (MPI_SUM, …)");
  cmd->add_option("--type", opts->type, "The predefined datatype it works on (MPI_INT8_T, …)");
  cmd->add_option("--cases", opts->cases, "Number of generated cases (default 1000)");
  cmd->add_option("--seed", opts->seed, "Seed of the first case; case i uses seed + i (default 1)");
  cmd->add_option("--max-len", opts->max_length, "Longest buffer, in elements (default 3000)");
  cmd->add_option("--policy", opts->policy_text, "Semantics policy, key=value[,key=value…] (see README)")
      ->type_name("POLICY");
  cmd->add_flag("--aligned", opts->aligned, "Keep both buffers 64-byte aligned (for kernels that require it)");
  cmd->add_flag("--json", opts->json, "Print one JSON document instead of text");
  return {cmd, [opts](std::ostream& out, std::ostream& err) { return run(*opts, out, err); }};
}

}  // namespace redsem::tools
