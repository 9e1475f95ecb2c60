// SPDX-License-Identifier: BSD-3-Clause
#include "probe/launch.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "model/process_group.h"
#include "probe/check.h"
#include "probe/mpi_parts.h"

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

std::string tracer_path(std::string_view flavor) { return mpi_part_path(flavor, "redsem_probe_tracer"); }

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// One job: the launcher's argv and the variables it adds to this process's environment.
struct job_command {
  std::vector<std::string> argv, extra_env;
  std::string display() const {  // for messages: the command as a shell would take it
    std::string s;
    for (const auto& e : extra_env) s += e + " ";
    for (const auto& a : argv) s += (&a == &argv.front() ? "" : " ") + quote(a);
    return s;
  }
};

job_command launcher(const launch_options& o, std::string_view mpirun, const std::string& tracer, int first) {
  job_command c;
  if (o.flavor == "openmpi") c.extra_env = {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"};
  c.argv = {std::string(mpirun)};
  if (o.flavor == "openmpi") c.argv.emplace_back("--oversubscribe");
  c.argv.insert(c.argv.end(), {"-n", std::to_string(o.procs), tracer, std::to_string(first)});
  if (!o.forms.empty()) {
    std::string list = "forms=";
    for (call_form f : o.forms) list += (list.back() == '=' ? "" : ",") + std::string(to_string(f));
    c.argv.push_back(list);
  }
  for (int n : o.counts) c.argv.push_back(std::to_string(n));
  return c;
}

// An anonymous file for the job's stderr: created with mkstemp (O_EXCL, mode 0600) and unlinked
// at once, so no other user can plant a link at its name or read it. Closed on exec.
int error_file() {
  std::string name = (std::filesystem::temp_directory_path() / "redsem_probe_XXXXXX").string();
  const int fd = mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot create a file for mpirun's errors in " + name);
  unlink(name.c_str());
  return fd;
}

// The first line of the job's stderr that says something (not a rule of dashes).
std::string first_error_line(int fd) {
  std::string text;
  std::array<char, 4096> buffer{};
  for (off_t at = 0; text.size() < 65536;) {
    const ssize_t n = pread(fd, buffer.data(), buffer.size(), at);
    if (n <= 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(n));
    at += n;
  }
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.find_first_not_of(" \t=-") != std::string::npos) return line;
  return "";
}

struct job_result {
  std::string out, first_error;
  int status = 0;
  bool stalled = false;  // killed after printing nothing for the stall timeout
};

// Runs the job (no shell: argv as given) in its own process group, collecting stdout, its stderr
// into `errors`; kills the whole group when it prints nothing for `stall_seconds` (a library that
// corrupted its own memory may hang instead of crashing).
// `stop(out)` is asked after each read whether to end the job early.
job_result run(const job_command& command, int errors, int stall_seconds,
               const std::function<bool(const std::string&)>& stop) {
  job_result r;
  // Emptied for each job, and the shared offset rewound: else the next job writes after a hole of NULs.
  if (ftruncate(errors, 0) != 0 || lseek(errors, 0, SEEK_SET) != 0)
    throw std::runtime_error("cannot reset the file for mpirun's errors");
  // Built before fork: the child only calls async-signal-safe functions.
  std::vector<std::string> env_text(command.extra_env);
  for (char** e = environ; *e != nullptr; ++e) env_text.emplace_back(*e);
  std::vector<char*> argv, envp;
  for (const auto& a : command.argv) argv.push_back(const_cast<char*>(a.c_str()));
  for (const auto& e : env_text) envp.push_back(const_cast<char*>(e.c_str()));
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("cannot create a pipe");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork to run: " + command.display());
  if (pid == 0) {
    setpgid(0, 0);
    dup2(fds[1], STDOUT_FILENO);
    dup2(errors, STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    execvpe(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  setpgid(pid, pid);
  track_group(pid);  // a SIGINT or SIGTERM to redsem ends the job too
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
  end_group(pid);  // what the launcher left in its group
  r.first_error = first_error_line(errors);
  return r;
}

// The first case of a job whose results hold bytes that no input had: a library that writes
// outside its buffers may have corrupted what the same process ran after it.
const case_trace* first_corrupting_case(const probe_trace& part) {
  for (const auto& c : part.cases)
    if (c.completed && results_look_corrupt(c)) return &c;
  return nullptr;
}

// A job's output must be the tracer's for this job: its size, and only cases from `first` on
// (a restart that printed an earlier case again would be restarted at the same place forever).
void check_part(const probe_trace& part, const launch_options& o, int first, const std::string& tracer) {
  const std::string whose = "the tracer " + tracer;
  if (part.size != 0 && part.size != o.procs)
    throw std::runtime_error(whose + " reported " + std::to_string(part.size) + " processes in a job of " +
                             std::to_string(o.procs) + " (is it redsem's probe tracer?)");
  for (const auto& c : part.cases)
    if (c.id < first)
      throw std::runtime_error(whose + ", restarted at case " + std::to_string(first) + ", ran case " +
                               std::to_string(c.id) + " again (is it redsem's probe tracer?)");
}

}  // namespace

std::vector<std::string> available_flavors() {
  std::vector<std::string> out;
  for (const auto& f : flavors)
    if (!f.mpirun.empty() && std::filesystem::exists(tracer_path(f.name))) out.emplace_back(f.name);
  return out;
}

probe_trace run_tracer(const launch_options& o) {
  std::string_view mpirun = o.launcher;
  if (mpirun.empty()) {
    const flavor_info* flavor = nullptr;
    for (const auto& f : flavors)
      if (f.name == o.flavor) flavor = &f;
    if (flavor == nullptr) throw std::invalid_argument("unknown MPI '" + o.flavor + "' (openmpi or mpich)");
    mpirun = flavor->mpirun;
  }
  const std::string tracer = o.tracer.empty() ? tracer_path(o.flavor) : o.tracer;
  if (!std::filesystem::exists(tracer))
    throw std::invalid_argument(o.flavor + " is not available: " +
                                (o.tracer.empty() ? mpi_part_missing(o.flavor, tracer) : "no tracer at " + tracer));
  if (mpirun.empty())
    throw std::invalid_argument(o.flavor + " is not available: this redsem was built without mpirun." + o.flavor);
  const int errors = error_file();
  struct closer {
    int fd;
    ~closer() { close(fd); }
  } close_errors{errors};
  probe_trace trace;
  int retries_left = 2;
  for (int first = 0;;) {
    const job_command command = launcher(o, mpirun, tracer, first);
    const auto started = std::chrono::steady_clock::now();
    // A case that wrote foreign bytes ends the job: what ran after it in that process is suspect.
    const auto corrupted = [&](const std::string& out) {
      probe_trace partial;
      parse_trace(std::string_view(out).substr(0, out.rfind('\n') + 1), partial);
      if (o.on_progress) {
        const auto done =
            std::count_if(partial.cases.begin(), partial.cases.end(), [](const auto& c) { return c.completed; });
        o.on_progress(trace.size ? trace : partial, trace.cases.size() + static_cast<std::size_t>(done));
      }
      const case_trace* c = first_corrupting_case(partial);
      return c != nullptr && c != &partial.cases.back();  // its results are all in
    };
    const job_result job = run(command, errors, o.stall_seconds, corrupted);
    if (std::getenv("REDSEM_PROBE_DEBUG") != nullptr)
      std::fprintf(stderr, "redsem probe: %s: status %d%s after %.1f s\n", command.display().c_str(), job.status,
                   job.stalled ? " (stalled)" : "",
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    probe_trace part;
    parse_trace(job.out, part);
    check_part(part, o, first, tracer);
    if (trace.size == 0) {
      trace.size = part.size, trace.element_bytes = part.element_bytes, trace.library = part.library;
      trace.forms = part.forms;
    }
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
    if (dead == nullptr)
      throw std::runtime_error("the MPI job failed before any case (" + job.first_error + "): " + command.display());
    case_trace& crashed =
        *std::find_if(trace.cases.begin(), trace.cases.end(), [&](const case_trace& c) { return c.id == dead->id; });
    crashed.crash = job.stalled ? "no progress for " + std::to_string(o.stall_seconds) + " s: killed (hung)"
                    : job.first_error.empty() ? "exit status " + std::to_string(job.status)
                                              : job.first_error;
    crashed.runs.clear();
    first = crashed.id + 1;
  }
  return trace;
}

}  // namespace redsem::probe
