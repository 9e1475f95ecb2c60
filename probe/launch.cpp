#include "probe/launch.h"

#include "probe/check.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <limits>

#include <array>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <functional>
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
  std::string cmd;
  if (o.flavor == "openmpi")
    cmd += "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " + std::string(mpirun) + " --oversubscribe";
  else
    cmd += std::string(mpirun);
  return cmd + " -n " + std::to_string(o.procs);
}

struct job_result {
  std::string out, first_error;
  int status = 0;
  bool stalled = false;  // killed after printing nothing for the stall timeout
};

// Runs `command` through the shell in its own process group, collecting stdout; kills the whole
// group when it prints nothing for `stall_seconds` (a library that corrupted its own memory may
// hang instead of crashing).
// `stop(out)` is asked after each read whether to end the job early.
job_result run(const std::string& command, const std::string& error_file, int stall_seconds,
               const std::function<bool(const std::string&)>& stop) {
  job_result r;
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("cannot create a pipe");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork to run: " + command);
  if (pid == 0) {
    setpgid(0, 0);
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    const std::string with_errors = command + " 2>" + quote(error_file);
    execl("/bin/sh", "sh", "-c", with_errors.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);
  close(fds[1]);
  std::array<char, 65536> buffer{};
  for (;;) {
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, stall_seconds * 1000);
    if (ready == 0) {
      r.stalled = true;
      kill(-pid, SIGKILL);
      break;
    }
    if (ready < 0 && errno == EINTR) continue;
    const ssize_t n = ready > 0 ? read(fds[0], buffer.data(), buffer.size()) : -1;
    if (n <= 0) break;
    r.out.append(buffer.data(), static_cast<std::size_t>(n));
    if (stop(r.out)) {
      kill(-pid, SIGKILL);
      break;
    }
  }
  close(fds[0]);
  waitpid(pid, &r.status, 0);
  std::ifstream errors(error_file);
  std::string line;
  while (std::getline(errors, line))
    if (line.find_first_not_of(" \t=-") != std::string::npos) {
      r.first_error = line;
      break;
    }
  return r;
}

// The first case of a job whose results hold bytes that no input had: a library that writes
// outside its buffers may have corrupted what the same process ran after it.
const case_trace* first_corrupting_case(const probe_trace& part) {
  for (const auto& c : part.cases)
    if (c.completed && results_look_corrupt(c)) return &c;
  return nullptr;
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
    const auto started = std::chrono::steady_clock::now();
    // A case that wrote foreign bytes ends the job: what ran after it in that process is suspect.
    const auto corrupted = [](const std::string& out) {
      probe_trace partial;
      parse_trace(std::string_view(out).substr(0, out.rfind('\n') + 1), partial);
      const case_trace* c = first_corrupting_case(partial);
      return c != nullptr && c != &partial.cases.back();  // its results are all in
    };
    const job_result job = run(command, error_file, o.stall_seconds, corrupted);
    if (std::getenv("REDSEM_PROBE_DEBUG") != nullptr)
      std::fprintf(stderr, "redsem probe: %s: status %d%s after %.1f s\n", command.c_str(), job.status,
                   job.stalled ? " (stalled)" : "",
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    probe_trace part;
    parse_trace(job.out, part);
    if (trace.size == 0) trace.size = part.size, trace.element_bytes = part.element_bytes, trace.library = part.library;
    // Cases after one that wrote foreign bytes are run again in a fresh process.
    const case_trace* corrupting = first_corrupting_case(part);
    const bool rerun_after = corrupting != nullptr && corrupting != &part.cases.back();
    const int keep_until = rerun_after ? corrupting->id : std::numeric_limits<int>::max();
    const case_trace* dead = rerun_after ? nullptr : unfinished_case(part);
    for (auto& c : part.cases)
      if (c.id <= keep_until) trace.cases.push_back(std::move(c));
    if (rerun_after) {
      first = keep_until + 1;
      continue;
    }
    if (job.status == 0 && !job.stalled && dead == nullptr) break;
    if (dead == nullptr && retries_left-- > 0) continue;  // died before its first line got out
    if (dead == nullptr) {
      std::filesystem::remove(error_file);
      throw std::runtime_error("the MPI job failed before any case (" + job.first_error + "): " + command);
    }
    case_trace& crashed = *std::find_if(trace.cases.begin(), trace.cases.end(),
                                        [&](const case_trace& c) { return c.id == dead->id; });
    crashed.crash = job.stalled ? "no progress for " + std::to_string(o.stall_seconds) + " s: killed (hung)"
                    : job.first_error.empty() ? "exit status " + std::to_string(job.status)
                                              : job.first_error;
    crashed.runs.clear();
    first = crashed.id + 1;
  }
  std::filesystem::remove(error_file);
  return trace;
}

}  // namespace redsem::probe
