/* SPDX-License-Identifier: BSD-3-Clause */
// Rendering `redsem fuzz --mpi`: one row per (op, type) with its verdict and minimal
// counterexample, as text and as JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "props/fuzz/mpi_campaign.h"

namespace redsem::tools {

std::string render_text(const fuzz::mpi_campaign_report& r, const fuzz::mpi_campaign_options& o);
nlohmann::json to_json(const fuzz::mpi_campaign_report& r, const fuzz::mpi_campaign_options& o);

// Whether any row is a finding (the command's exit status).
bool has_findings(const fuzz::mpi_campaign_report& r);

}  // namespace redsem::tools
