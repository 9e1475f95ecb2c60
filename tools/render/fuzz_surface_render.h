/* SPDX-License-Identifier: BSD-3-Clause */
// `redsem fuzz --mpi LIB --surface`: the table of MPI_Reduce_local's argument surface.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "props/fuzz/mpi_surface.h"

namespace redsem::tools {

std::string render_surface(const std::string& library, const std::vector<fuzz::surface_result>& rows);
nlohmann::json surface_json(const std::string& library, const std::vector<fuzz::surface_result>& rows);

}  // namespace redsem::tools
