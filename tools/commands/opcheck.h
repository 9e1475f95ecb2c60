/* SPDX-License-Identifier: BSD-3-Clause */
// The op-file law table (tools/commands/opcheck_command.cpp), shared by `redsem opcheck` and
// `redsem laws --op-file`; and the same table for a compiled user function
// (`redsem opcheck --kernel`, tools/commands/opcheck_kernel.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "model/policy.h"
#include "props/fuzz/kernel.h"
#include "props/fuzz/kernel_op.h"
#include "props/laws/opfile_check.h"

namespace redsem::tools {

struct opcheck_request {
  std::string file;
  std::string type;  // the type parameter's choice; "" = the first (with --kernel: the datatype)
  bool all_types = false;
  bool json = false;
  bool prove = false;
  unsigned timeout_ms = 10000;
  std::string policy_text;
  std::string kernel;     // LIB.so:SYMBOL: a compiled MPI_User_function instead of an op file
  std::string source;     // FILE.c:FUNCTION: the C source of an MPI_User_function, proved
  std::string cflags;     // with source: the user's own compiler flags (-I, -D, -ffast-math, …)
  bool no_cache = false;  // with source: neither read nor write the proof cache
  std::string cache_dir;  // with source: the proof cache's directory (default $XDG_CACHE_HOME/redsem)
  std::string commute;    // with kernel: "true" or "false", as its MPI_Op_create call declares
  std::string identity;   // with kernel: an identity candidate, as --values writes an element
  // A law that fails only as MPI's own predefined op on the type fails it (float SUM and PROD
  // are not associative) is a warning; with strict_laws an error, as every other refuted law.
  bool strict_laws = false;
  std::uint64_t seed = 1;
  double call_timeout = fuzz::default_call_timeout;  // with kernel: seconds a call (or the load) may take
  // With kernel: run it in the helper process of this MPI (openmpi, mpich) with a real handle:
  // --type's (predefined or committed as described) or the one --setup's LIB.so:FUNCTION makes;
  // called directly or --through reduce_local (tools/mpi/fuzz_kernel_mpi.h).
  std::string mpi, mpi_helper, setup, through;
};

// Prints the table; returns the exit code (0 ok, 1 a declared or required law refuted, 2 bad
// input). A law refuted only as MPI's own op on the type refutes it is a warning (exit 0) unless
// strict_laws.
int run_opcheck(const opcheck_request& request, std::ostream& out, std::ostream& err);

// The same for request.kernel under policy p (opcheck_kernel.cpp). With --json and `document`,
// the report's members go there instead of out (--source beside --kernel makes one document).
int run_opcheck_kernel(const opcheck_request& request, const policy& p, std::ostream& out, std::ostream& err,
                       nlohmann::json* document = nullptr);

// The same for request.source: each law proved from the C source (opcheck_source.cpp). `searched`
// is the --kernel report made first, if any, which the JSON document holds as "search".
int run_opcheck_source(const opcheck_request& request, const policy& p, std::ostream& out, std::ostream& err,
                       const nlohmann::json* searched = nullptr);

// --identity's text as an element of the function's fields, or nullopt and *why.
std::optional<opfile::concrete_element> parse_identity(const std::string& text, const datatype& type,
                                                       const fuzz::element_fields& fields, std::string* why);

// How a compiled function's commute flag is named in findings (--kernel and --source alike).
extern const laws::declaration_words kernel_words;

// One law's verdict as the table prints it; with as_ranks, a counterexample's operands are
// named by the ranks that hold them ("rank 0 holds a = 1, rank 1 holds b = 2").
std::string law_verdict_text(const laws::law_result& r, bool as_ranks = false);
// One law's entry of the JSON report; a counterexample's operands are element objects of `type`,
// whose fields lie as `fields` says (model/element_json.h), displayed as the table shows them.
nlohmann::json law_json(const laws::law_result& r, const datatype& type, const fuzz::element_fields& fields);

}  // namespace redsem::tools
