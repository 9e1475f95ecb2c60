#include "probe/launch.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace redsem::probe {
namespace {

struct flavor_info {
  std::string_view name, mpirun;
};
// Filled in by probe/CMakeLists.txt from what mpix/CMakeLists.txt found.
constexpr std::array<flavor_info, 2> flavors{{
    {"openmpi", REDSEM_MPIRUN_OPENMPI},
    {"mpich", REDSEM_MPIRUN_MPICH},
}};

std::string tracer_path(std::string_view flavor) {
  return std::string(REDSEM_MPI_BUILD_DIR) + "/" + std::string(flavor) + "/redsem_probe_tracer";
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string launcher(const launch_options& o, std::string_view mpirun) {
  std::string cmd = "timeout " + std::to_string(o.timeout_seconds) + " ";
  if (o.flavor == "openmpi")
    cmd += "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " + std::string(mpirun) + " --oversubscribe";
  else
    cmd += std::string(mpirun);
  return cmd + " -n " + std::to_string(o.procs);
}

struct job_result {
  std::string out, first_error;
  int status = 0;
};

job_result run(const std::string& command, const std::string& error_file) {
  job_result r;
  FILE* pipe = popen((command + " 2>" + quote(error_file)).c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start: " + command);
  std::array<char, 65536> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  r.status = pclose(pipe);
  std::ifstream errors(error_file);
  std::string line;
  while (std::getline(errors, line))
    if (line.find_first_not_of(" \t=-") != std::string::npos) {
      r.first_error = line;
      break;
    }
  return r;
}

}  // namespace

std::vector<std::string> available_flavors() {
  std::vector<std::string> out;
  for (const auto& f : flavors)
    if (!f.mpirun.empty() && std::filesystem::exists(tracer_path(f.name))) out.emplace_back(f.name);
  return out;
}

probe_trace run_tracer(const launch_options& o) {
  const flavor_info* flavor = nullptr;
  for (const auto& f : flavors)
    if (f.name == o.flavor) flavor = &f;
  if (flavor == nullptr) throw std::invalid_argument("unknown MPI '" + o.flavor + "' (openmpi or mpich)");
  const std::string tracer = o.tracer.empty() ? tracer_path(o.flavor) : o.tracer;
  if (flavor->mpirun.empty() || !std::filesystem::exists(tracer))
    throw std::invalid_argument(o.flavor + " is not available: no mpirun." + o.flavor + " or no tracer at " + tracer);
  const std::string error_file = (std::filesystem::temp_directory_path() /
                                  ("redsem_probe_" + std::to_string(getpid()) + ".err")).string();
  probe_trace trace;
  int retries_left = 2;
  for (int first = 0;;) {
    std::string command = launcher(o, flavor->mpirun) + " " + quote(tracer) + " " + std::to_string(first);
    for (int c : o.counts) command += " " + std::to_string(c);
    const job_result job = run(command, error_file);
    parse_trace(job.out, trace);
    if (job.status == 0) break;
    const case_trace* dead = unfinished_case(trace);
    if (dead == nullptr && retries_left-- > 0) continue;  // died before its first line got out
    if (dead == nullptr) {
      std::filesystem::remove(error_file);
      throw std::runtime_error("the MPI job failed before any case (" + job.first_error + "): " + command);
    }
    auto& crashed = trace.cases[static_cast<std::size_t>(dead - trace.cases.data())];
    crashed.crash = job.first_error.empty() ? "exit status " + std::to_string(job.status) : job.first_error;
    crashed.runs.clear();
    first = crashed.id + 1;
  }
  std::filesystem::remove(error_file);
  return trace;
}

}  // namespace redsem::probe
