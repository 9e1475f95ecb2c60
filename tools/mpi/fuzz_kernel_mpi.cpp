// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/fuzz_kernel_mpi.h"

#include <fmt/format.h>

#include <memory>

#include "model/buffer.h"
#include "sim/rma/scenario_values.h"
#include "tools/mpi/check_launch.h"
#include "tools/mpi/mpi_helper_path.h"
#include "tools/mpi/mpi_installation.h"

namespace redsem::tools {
namespace {

// Bytes an element's typemap holds (MPI_Type_size's count, MPI-4.1 §5.1.5).
std::int64_t type_size(const datatype& t) {
  std::int64_t size = 0;
  for (const auto& e : t.entries()) size += info(e.type).size;
  return size;
}

// The handle the kernel gets: --setup's, --datatype's, or --type's predefined one.
std::optional<decltype(fuzz::mpi_user_op_spec::handle)> choose_handle(const kernel_mpi_options& o,
                                                                      const datatype& element,
                                                                      const std::string& element_name,
                                                                      std::ostream& err) {
  const std::string head = "redsem " + o.command + ": ";
  if (!o.setup.empty() && !o.datatype.empty()) {
    err << head << "give at most one of --datatype and --setup (both name the kernel's datatype handle)\n";
    return std::nullopt;
  }
  if (!o.setup.empty()) {
    if (o.setup.find(':') == std::string::npos) {
      err << head << "--setup '" << o.setup << "': expected LIB.so:FUNCTION\n";
      return std::nullopt;
    }
    return o.setup;
  }
  if (o.datatype.empty()) {
    if (o.predefined_op) return *parse_basic_type(o.type);
    err << head
        << "--op-file with --mpi needs the kernel's datatype handle: --datatype DESCRIPTION "
           "(MPI_INT, struct(1:1,0:8,MPI_INT:MPI_DOUBLE), …) or --setup LIB.so:FUNCTION\n";
    return std::nullopt;
  }
  std::string why;
  const auto described = sim::rma::parse_datatype(o.datatype, &why);
  if (!described) {
    err << head << "--datatype '" << o.datatype << "': " << why << "\n";
    return std::nullopt;
  }
  if (const auto overlap = written_type_error(*described)) {  // the handle describes inoutvec too
    err << head << "--datatype '" << o.datatype << "': " << *overlap << "\n";
    return std::nullopt;
  }
  if (type_size(*described) != type_size(element) || described->extent() != element.extent()) {
    err << fmt::format(
        "{}--datatype '{}': its size is {} bytes and its extent {}, but an element of {} has size {} "
        "and extent {}: the description must lay out the kernel's element\n",
        head, o.datatype, type_size(*described), described->extent(), element_name, type_size(element),
        element.extent());
    return std::nullopt;
  }
  if (const auto t = described->predefined_type()) return *t;
  return *described;
}

const char* mpi_name(const std::string& mpi) { return mpi == "openmpi" ? "Open MPI" : "MPICH"; }

// Whether the library of `spec` (LIB.so:SYMBOL, as --option gives it) was built for the MPI
// the helper runs, as far as its DT_NEEDED says: one built for the other MPI would load a second
// MPI into the helper and crash there, which is no finding about the function.
bool built_for_this_mpi(const kernel_mpi_options& o, const std::string& option, const std::string& spec,
                        std::ostream& err) {
  const std::string path = spec.substr(0, spec.rfind(':'));
  const auto needed = elf_needed_mpi(path);
  if (!needed || needed->mpi == mpi_family(o.mpi)) return true;
  err << fmt::format(
      "redsem {}: {} '{}' was built for {} (it needs {}), but --mpi {} runs it in {}'s helper: rebuild it with "
      "mpicc.{}, or pass --mpi {}\n",
      o.command, option, path, mpi_name(needed->mpi), needed->library, o.mpi, mpi_name(o.mpi), o.mpi, needed->mpi);
  return false;
}

// Whether two layouts hold the same scalars at the same places: MPI_INT and MPI_INT32_T are two
// names of one representation here, as a handle made with either is the same bytes to the
// function (a library's own description of its handle may use either name).
std::vector<std::pair<std::int64_t, scalar_kind>> scalars_of(const datatype& t) {
  std::vector<std::pair<std::int64_t, scalar_kind>> out;
  for (const auto& e : t.entries()) {
    const auto& i = info(e.type);
    for (std::size_t f = 0; f < i.field_count; ++f) out.emplace_back(e.disp + i.fields[f].offset, i.fields[f].kind);
  }
  return out;
}

bool same_representation(const datatype& a, const datatype& b) {
  return a.lb() == b.lb() && a.extent() == b.extent() && scalars_of(a) == scalars_of(b);
}

// A --setup handle and --type, when both are given, must describe one layout: the function is
// called with the handle, and the command's element is --type's. Empty when they agree or the
// library cannot describe its handle (the extent is checked then).
std::string setup_disagreement(const kernel_mpi_options& o, const fuzz::mpi_handle_layout& layout,
                               const datatype& element) {
  if (o.setup.empty() || o.type.empty() || layout.type.empty()) return "";
  std::string why;
  const auto made = sim::rma::parse_datatype(layout.type, &why);
  if (!made || same_representation(*made, element)) return "";
  return fmt::format(
      "redsem {}: --type '{}' and the handle --setup {} made disagree: {} describes that handle as {}: give the "
      "--type it describes, or leave --type out\n",
      o.command, o.type, o.setup, mpi_name(o.mpi), layout.type);
}

}  // namespace

std::optional<std::string> setup_handle_type(const kernel_mpi_options& o, const std::string& mpi_helper,
                                             double call_timeout, std::ostream& err) {
  if (!mpi_helper_usable(o.command, o.mpi, mpi_helper, err) || !built_for_this_mpi(o, "--setup", o.setup, err))
    return std::nullopt;
  const std::string head = "redsem " + o.command + ": ";
  if (o.setup.find(':') == std::string::npos) {
    err << head << "--setup '" << o.setup << "': expected LIB.so:FUNCTION\n";
    return std::nullopt;
  }
  fuzz::mpi_helper helper(mpi_helper_path(o.mpi, mpi_helper), call_timeout);
  const auto made = fuzz::describe_setup_handle(helper, o.setup);
  if (const auto* why = std::get_if<std::string>(&made)) {
    err << head << "in the " << o.mpi << " helper: " << *why << "\n";
    return std::nullopt;
  }
  const auto& layout = std::get<fuzz::mpi_handle_layout>(made);
  if (layout.type.empty()) {
    err << fmt::format(
        "{}the handle --setup {} made has no description in redsem's datatype syntax ({} gives back a "
        "subarray, darray or Fortran constructor, or one nested too deep): give --type\n",
        head, o.setup, mpi_name(o.mpi));
    return std::nullopt;
  }
  return layout.type;
}

std::optional<fuzz::kernel_under_test> kernel_in_mpi_helper(const kernel_mpi_options& o, const datatype& element,
                                                            const std::string& element_name, fuzz::mpi_helper& helper,
                                                            std::ostream& err) {
  const std::string head = "redsem " + o.command + ": ";
  if (!o.through.empty() && o.through != "direct" && o.through != "reduce_local") {
    err << head << "--through '" << o.through << "': expected direct or reduce_local\n";
    return std::nullopt;
  }
  if (!built_for_this_mpi(o, "--kernel", o.kernel, err) ||
      (!o.setup.empty() && !built_for_this_mpi(o, "--setup", o.setup, err)))
    return std::nullopt;
  auto handle = choose_handle(o, element, element_name, err);
  if (!handle) return std::nullopt;
  fuzz::mpi_user_op_spec spec{o.kernel, o.through == "reduce_local", o.commute, std::move(*handle)};
  const auto prepared = fuzz::prepare_user_op(helper, spec);
  if (const auto* why = std::get_if<std::string>(&prepared)) {
    err << head << "in the " << o.mpi << " helper: " << *why << "\n";
    return std::nullopt;
  }
  // The library's own view of the handle: a --setup type must lay out elements at the element's
  // stride. (Its size may differ from redsem's count: MPI_DOUBLE_INT's holds no padding.)
  const auto layout = std::get<fuzz::mpi_handle_layout>(prepared);
  if (layout.extent != element.extent()) {
    err << fmt::format(
        "{}{} says the kernel's datatype handle has extent {} (size {}), but an element of {} has extent "
        "{}: the handle must describe the kernel's element\n",
        head, o.mpi, layout.extent, layout.size, element_name, element.extent());
    return std::nullopt;
  }
  if (const auto disagreement = setup_disagreement(o, layout, element); !disagreement.empty()) {
    err << disagreement;
    return std::nullopt;
  }
  return fuzz::mpi_user_op_kernel(helper, std::move(spec), element.extent(), o.mpi);
}

kernel_mpi_options typed_kernel_mpi(const std::string& command, const std::string& kernel, const std::string& type,
                                    bool commute, const std::string& mpi, const std::string& setup,
                                    const std::string& through) {
  return {kernel, mpi, type, false, setup.empty() ? type : "", setup, through, commute, command};
}

std::string handle_text(const kernel_mpi_options& o) {
  if (!o.setup.empty()) return "made by " + o.setup;
  return o.datatype.empty() ? o.type : o.datatype;
}

std::optional<fuzz::kernel_under_test> kernel_in_own_mpi_helper(const kernel_mpi_options& o,
                                                                const std::string& mpi_helper, double call_timeout,
                                                                const datatype& element, std::ostream& err) {
  if (!mpi_helper_usable(o.command, o.mpi, mpi_helper, err)) return std::nullopt;
  auto helper = std::make_shared<fuzz::mpi_helper>(mpi_helper_path(o.mpi, mpi_helper), call_timeout);
  auto k = kernel_in_mpi_helper(o, element, element.description(), *helper, err);
  if (k)
    k->run = [run = std::move(k->run), helper](std::byte* in, std::byte* inout, std::int64_t n) {
      return run(in, inout, n);
    };
  return k;
}

}  // namespace redsem::tools
