#include "tools/fuzz_kernel_mpi.h"

#include <fmt/format.h>

#include "sim/rma/scenario_values.h"

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
                                                                      const fuzz::oracle& oracle, std::ostream& err) {
  if (!o.setup.empty() && !o.datatype.empty()) {
    err << "redsem fuzz: give at most one of --datatype and --setup (both name the kernel's datatype handle)\n";
    return std::nullopt;
  }
  if (!o.setup.empty()) {
    if (o.setup.find(':') == std::string::npos) {
      err << "redsem fuzz: --setup '" << o.setup << "': expected LIB.so:FUNCTION\n";
      return std::nullopt;
    }
    return o.setup;
  }
  if (o.datatype.empty()) {
    if (o.predefined_op) return *parse_basic_type(o.type);
    err << "redsem fuzz: --op-file with --mpi needs the kernel's datatype handle: --datatype DESCRIPTION "
           "(MPI_INT, struct(1:1,0:8,MPI_INT:MPI_DOUBLE), …) or --setup LIB.so:FUNCTION\n";
    return std::nullopt;
  }
  std::string why;
  const auto described = sim::rma::parse_datatype(o.datatype, &why);
  if (!described) {
    err << "redsem fuzz: --datatype '" << o.datatype << "': " << why << "\n";
    return std::nullopt;
  }
  if (type_size(*described) != type_size(oracle.type) || described->extent() != oracle.type.extent()) {
    err << fmt::format(
        "redsem fuzz: --datatype '{}': its size is {} bytes and its extent {}, but an element of {} has size {} "
        "and extent {}: the description must lay out the kernel's element\n",
        o.datatype, type_size(*described), described->extent(), oracle.name, type_size(oracle.type),
        oracle.type.extent());
    return std::nullopt;
  }
  if (const auto t = described->predefined_type()) return *t;
  return *described;
}

}  // namespace

std::optional<fuzz::kernel_under_test> kernel_in_mpi_helper(const kernel_mpi_options& o, const fuzz::oracle& oracle,
                                                            fuzz::mpi_helper& helper, std::ostream& err) {
  if (!o.through.empty() && o.through != "direct" && o.through != "reduce_local") {
    err << "redsem fuzz: --through '" << o.through << "': expected direct or reduce_local\n";
    return std::nullopt;
  }
  auto handle = choose_handle(o, oracle, err);
  if (!handle) return std::nullopt;
  fuzz::mpi_user_op_spec spec{o.kernel, o.through == "reduce_local", o.commute, std::move(*handle)};
  const auto prepared = fuzz::prepare_user_op(helper, spec);
  if (const auto* why = std::get_if<std::string>(&prepared)) {
    err << "redsem fuzz: in the " << o.mpi << " helper: " << *why << "\n";
    return std::nullopt;
  }
  // The library's own view of the handle: a --setup type must lay out elements at the oracle's
  // stride. (Its size may differ from redsem's count: MPI_DOUBLE_INT's holds no padding.)
  const auto layout = std::get<fuzz::mpi_handle_layout>(prepared);
  if (layout.extent != oracle.type.extent()) {
    err << fmt::format(
        "redsem fuzz: {} says the kernel's datatype handle has extent {} (size {}), but an element of {} has extent "
        "{}: the handle must describe the kernel's element\n",
        o.mpi, layout.extent, layout.size, oracle.name, oracle.type.extent());
    return std::nullopt;
  }
  return fuzz::mpi_user_op_kernel(helper, std::move(spec), oracle.type.extent(), o.mpi);
}

}  // namespace redsem::tools
