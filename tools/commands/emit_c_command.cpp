// SPDX-License-Identifier: BSD-3-Clause
// `redsem emit-c --op-file F [--type T] [--prefix P] [--policy …] [-o FILE]`: the op file as C for
// real MPI programs (model/opfile/emit_c.h). Exit 0 with the translation unit written; 2 when the
// file does not load, has no such type choice, or holds something C cannot express.
#include <filesystem>
#include <memory>

#include "model/opfile/c_text.h"
#include "model/opfile/emit_c.h"
#include "model/opfile/typed_op.h"
#include "model/output_file.h"
#include "tools/cli/command.h"
#include "tools/cli/op_file_choice.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/version.h"

namespace redsem::tools {
namespace {

struct emit_c_options {
  std::string file, type, prefix, output, policy_text;
};

int run_emit_c(const emit_c_options& o, std::ostream& out, std::ostream& err) {
  std::string why;
  const auto p = policy_from_option(o.policy_text, &why);
  if (!p) {
    err << "redsem emit-c: " << why << "\n";
    return bad_input;
  }
  if (const auto problem = opfile::c_prefix_problem(o.prefix); !o.prefix.empty() && !problem.empty()) {
    err << "redsem emit-c: --prefix '" << opfile::c_comment_text(o.prefix) << "' cannot be written into C: " << problem
        << "\n";
    return bad_input;
  }
  // The same file under any name (a link, a relative path): its C would replace its definition.
  std::error_code ec;
  if (!o.output.empty() && std::filesystem::equivalent(o.file, o.output, ec)) {
    err << "redsem emit-c: -o " << o.output << " is the op file " << o.file << " itself: its C would replace it\n";
    return bad_input;
  }
  const auto loaded = load_op_file(o.file, err);
  if (!loaded) return bad_input;
  const auto chosen = choose_instances(*loaded, o.type, o.type.empty(), "emit-c", o.file, err);
  if (chosen.empty()) return bad_input;
  const auto text = opfile::emit_c(chosen, {o.file, version_line(), o.prefix, *p}, &why);
  if (!text) {
    err << "redsem emit-c: " << o.file << ": C cannot express op " << loaded->syntax.name << ": " << why << "\n";
    return bad_input;
  }
  if (o.output.empty()) {
    out << *text;
    return ok;
  }
  if (const auto problem = write_output_file(o.output, *text)) {
    err << "redsem emit-c: " << *problem << "\n";
    return bad_input;
  }
  return ok;
}

}  // namespace

command add_emit_c_command(CLI::App& app) {
  auto opts = std::make_shared<emit_c_options>();
  CLI::App* cmd = app.add_subcommand(
      "emit-c", "Write an op file as C: an MPI_User_function, its MPI_Op_create and the datatype it takes");
  cmd->add_option("--op-file", opts->file, "The .op file (see docs/op-files.md)")->type_name("FILE")->required();
  cmd->add_option("--type", opts->type,
                  "The type parameter's choice (default: every choice, one set of functions each)")
      ->type_name("TYPE");
  cmd->add_option("--prefix", opts->prefix, "The C names' prefix (default: the op's name in lower case)")
      ->type_name("NAME");
  cmd->add_option("-o,--output", opts->output, "Write the C to FILE instead of standard output")->type_name("FILE");
  add_policy_option(cmd, opts->policy_text);
  return {cmd, [opts](std::ostream& out, std::ostream& err) { return run_emit_c(*opts, out, err); }};
}

}  // namespace redsem::tools
