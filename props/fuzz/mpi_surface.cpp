// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/mpi_surface.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <optional>
#include <sstream>

#include "model/reduce_local.h"
#include "props/fuzz/child_wait.h"
#include "model/process_group.h"

namespace redsem::fuzz {
namespace {

// The helper's layout: MPI_INT elements, `count` of them, inbuf 64 bytes into an arena and
// inoutbuf two buffers further on (tools/mpi/mpi_surface_helper.c).
constexpr std::int64_t count = 4, guard = 64, int_size = sizeof(int);

struct buffers {
  std::optional<std::int64_t> in_at = guard, io_at = guard + 2 * count * int_size;  // nullopt: MPI_IN_PLACE
  std::int64_t n = count;
  op_id op = op_id::sum;
};

// What the model says of the call: its rule and section when erroneous, "" when legal.
std::string model_rule(const buffers& b) {
  address_space space;
  const region_id arena = space.allocate("arena", 2 * guard + 3 * count * int_size);
  const auto arg = [&](std::optional<std::int64_t> at) -> buffer_arg {
    if (!at) return in_place;
    return buffer{arena, *at, b.n, datatype::predefined(basic_type::int_)};
  };
  const outcome o = reduce_local(space, arg(b.in_at), arg(b.io_at), b.op, policy{});
  if (o.is_done()) return "";
  const rule_info& r = describe(o.broken_rule());
  return std::string(r.text) + " (" + std::string(r.section) + ")";
}

surface_case modelled(std::string_view name, std::string_view call, const buffers& b, std::string_view mpi_class) {
  std::string rule = model_rule(b);
  const bool erroneous = !rule.empty();
  return {name, call, erroneous, std::move(rule), mpi_class};
}

// The handle cases: the model has no handles, so their rule is stated here.
surface_case handle_case(std::string_view name, std::string_view call, std::string rule, std::string_view cls) {
  return {name, call, true, std::move(rule), cls};
}

struct collective_case {
  std::string_view name, call;
  bool erroneous;
  std::string rule;
};

// MPI_Reduce and MPI_Allreduce on MPI_COMM_SELF (the one process is the root): the buffer rules
// one process can exercise. The model has no collectives, so their rules are stated here.
std::vector<collective_case> collective_cases() {
  const std::string alias = "OUT and INOUT arguments must not alias any other argument (MPI-4.1 §2.3)";
  return {
      {"reduce_in_place", "MPI_Reduce(MPI_IN_PLACE, b, 4, MPI_INT, MPI_SUM, 0, MPI_COMM_SELF)", false, ""},
      {"reduce_in_place_recvbuf", "MPI_Reduce(a, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, 0, MPI_COMM_SELF)", true,
       "MPI_IN_PLACE is the root's sendbuf, never recvbuf (MPI-4.1 §7.9.1)"},
      {"reduce_same_buffer", "MPI_Reduce(a, a, 4, MPI_INT, MPI_SUM, 0, MPI_COMM_SELF)", true, alias},
      {"allreduce_in_place", "MPI_Allreduce(MPI_IN_PLACE, b, 4, MPI_INT, MPI_SUM, MPI_COMM_SELF)", false, ""},
      {"allreduce_in_place_recvbuf", "MPI_Allreduce(a, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, MPI_COMM_SELF)", true,
       "MPI_IN_PLACE is sendbuf, never recvbuf (MPI-4.1 §7.9.6)"},
      {"allreduce_same_buffer", "MPI_Allreduce(a, a, 4, MPI_INT, MPI_SUM, MPI_COMM_SELF)", true, alias},
  };
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

std::vector<surface_case> surface_cases() {
  const std::int64_t in = guard;
  std::vector<surface_case> out;
  out.push_back(modelled("plain", "MPI_Reduce_local(a, b, 4, MPI_INT, MPI_SUM)", {}, ""));
  out.push_back(modelled("same_buffer", "MPI_Reduce_local(a, a, 4, MPI_INT, MPI_SUM)", {in, in}, ""));
  out.push_back(modelled("overlap_one_element", "MPI_Reduce_local(a, a + 3, 4, MPI_INT, MPI_SUM)",
                         {in, in + 3 * int_size}, ""));
  out.push_back(modelled("overlap_one_byte", "MPI_Reduce_local(a, (char*)(a + 4) - 1, 4, MPI_INT, MPI_SUM)",
                         {in, in + count * int_size - 1}, ""));
  out.push_back(modelled("in_place_inbuf", "MPI_Reduce_local(MPI_IN_PLACE, b, 4, MPI_INT, MPI_SUM)",
                         {std::nullopt}, ""));
  out.push_back(modelled("in_place_inoutbuf", "MPI_Reduce_local(a, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM)",
                         {in, std::nullopt}, ""));
  out.push_back(modelled("in_place_both", "MPI_Reduce_local(MPI_IN_PLACE, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM)",
                         {std::nullopt, std::nullopt}, ""));
  out.push_back(modelled("count_zero_null_buffers", "MPI_Reduce_local(NULL, NULL, 0, MPI_INT, MPI_SUM)",
                         {in, in + 2 * count * int_size, 0}, ""));
  out.push_back(modelled("negative_count", "MPI_Reduce_local(a, b, -1, MPI_INT, MPI_SUM)",
                         {in, in + 2 * count * int_size, -1}, "MPI_ERR_COUNT"));
  out.push_back(modelled("negative_count_c", "MPI_Reduce_local_c(a, b, (MPI_Count)-1, MPI_INT, MPI_SUM)",
                         {in, in + 2 * count * int_size, -1}, "MPI_ERR_COUNT"));
  // A buffer of 2^31 bytes is past the model's arena: the rule is stated here. Legal, and the one
  // case whose result is checked (tools/mpi/mpi_surface_helper.c probes elements up to the last).
  out.push_back({"large_count_c",
                 "MPI_Reduce_local_c(a, b, (MPI_Count)INT_MAX + 1, MPI_BYTE, MPI_BAND)  (2 GiB each)", false, "",
                 ""});
  out.push_back(modelled("op_replace", "MPI_Reduce_local(a, b, 4, MPI_INT, MPI_REPLACE)",
                         {in, in + 2 * count * int_size, count, op_id::replace}, "MPI_ERR_OP"));
  out.push_back(modelled("op_no_op", "MPI_Reduce_local(a, b, 4, MPI_INT, MPI_NO_OP)",
                         {in, in + 2 * count * int_size, count, op_id::no_op}, "MPI_ERR_OP"));
  out.push_back(handle_case("datatype_null", "MPI_Reduce_local(a, b, 4, MPI_DATATYPE_NULL, MPI_SUM)",
                            "MPI_DATATYPE_NULL is not a datatype a call may use (MPI-4.1 §2.5.1, §5.1)", "MPI_ERR_TYPE"));
  out.push_back(handle_case("op_null", "MPI_Reduce_local(a, b, 4, MPI_INT, MPI_OP_NULL)",
                            "MPI_OP_NULL is not an op a call may use (MPI-4.1 §2.5.1, §7.9.5)", "MPI_ERR_OP"));
  out.push_back(handle_case("freed_op", "MPI_Op_create(f, 1, &op); copy = op; MPI_Op_free(&op); "
                            "MPI_Reduce_local(a, b, 4, MPI_INT, copy)",
                            "a freed op's handle is invalid (MPI-4.1 §7.9.5, MPI_Op_free)", "MPI_ERR_OP"));
  out.push_back(handle_case("uncommitted_type", "MPI_Type_contiguous(2, MPI_INT, &t); "
                            "MPI_Reduce_local(a, b, 2, t, user_op)",
                            "a datatype must be committed before a call uses it (MPI-4.1 §5.1.9)", "MPI_ERR_TYPE"));
  for (auto [name, call, erroneous, rule] : collective_cases())
    out.push_back({name, call, erroneous, rule, ""});
  return out;
}

std::string_view to_string(surface_verdict v) {
  switch (v) {
    case surface_verdict::accepted: return "accepted";
    case surface_verdict::refused: return "refused";
    case surface_verdict::accepted_erroneous: return "accepted_erroneous";
    case surface_verdict::refused_legal: return "refused_legal";
    case surface_verdict::crashed: return "crashed";
    case surface_verdict::hung: return "hung";
    case surface_verdict::aborted: return "aborted";
    case surface_verdict::wrote_outside: return "wrote_outside";
    case surface_verdict::modified_inbuf: return "modified_inbuf";
    case surface_verdict::wrong_result: return "wrong_result";
    case surface_verdict::unsupported: return "unsupported";
  }
  return "?";
}

bool is_finding(surface_verdict v) {
  return v != surface_verdict::accepted && v != surface_verdict::refused && v != surface_verdict::unsupported;
}

surface_result classify_surface(const surface_case& c, const std::string& out, int exit_status, int signal) {
  surface_result r{c, surface_verdict::accepted, "", ""};
  std::istringstream line(first_line(out));
  std::string word, error_class, flags;
  line >> word;
  if (signal == SIGXCPU) {
    r.verdict = surface_verdict::hung;
    r.detail = "it used its CPU time limit without answering";
    return r;
  }
  if (signal != 0) {
    r.verdict = surface_verdict::crashed;
    r.detail = "signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    return r;
  }
  if (word == "unsupported") {
    r.verdict = surface_verdict::unsupported;
    std::getline(line >> std::ws, r.detail);
    return r;
  }
  if (word != "ok" && word != "error") {
    r.verdict = surface_verdict::aborted;
    r.detail = "the helper exited with status " + std::to_string(exit_status) + " without answering";
    return r;
  }
  if (word == "error") line >> error_class;
  line >> flags;
  std::getline(line >> std::ws, r.detail);
  if (flags.find("wrote_outside") != std::string::npos) r.verdict = surface_verdict::wrote_outside;
  else if (flags.find("inbuf_modified") != std::string::npos) r.verdict = surface_verdict::modified_inbuf;
  else if (flags.find("wrong_result") != std::string::npos) r.verdict = surface_verdict::wrong_result;
  else if (word == "ok") r.verdict = c.erroneous ? surface_verdict::accepted_erroneous : surface_verdict::accepted;
  else r.verdict = c.erroneous ? surface_verdict::refused : surface_verdict::refused_legal;
  r.error_class = error_class;
  return r;
}

namespace {

// One case's helper run: what it printed and how it ended; SIGXCPU stands for a helper killed
// for using its CPU time limit. Throws slow_call past the wall backstop.
struct surface_run {
  std::string out;
  int status = 0;
  int signal = 0;
};

surface_run run_case(const std::string& helper, const surface_case& c, unsigned seconds) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return {"", 127, 0};
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);  // a group of its own, ended with the case
    dup2(pipe_fds[1], STDOUT_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
    close(pipe_fds[0]);
    const std::string name(c.name);
    execl(helper.c_str(), helper.c_str(), name.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(pipe_fds[1]);
  surface_run run;
  if (pid < 0) {
    close(pipe_fds[0]);
    return {"", 127, 0};
  }
  setpgid(pid, pid);
  track_group(pid);
  cpu_budget budget(pid, seconds, 0.0);
  bool slow = false;
  for (char chunk[512];;) {
    pollfd p{pipe_fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(budget.next_check().count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready > 0) {
      const ssize_t n = read(pipe_fds[0], chunk, sizeof chunk);
      if (n <= 0) break;
      run.out.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (ready < 0) break;
    const auto state = budget.check();
    if (state == cpu_budget::state::within) continue;
    kill(-pid, SIGKILL);
    if (state == cpu_budget::state::cpu_spent) run.signal = SIGXCPU;
    slow = state == cpu_budget::state::wall_spent;
    break;
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  end_group(pid);
  if (slow) throw slow_call(slow_text("the surface case " + std::string(c.name) + " in " + helper, seconds));
  if (run.signal == 0) {
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
  return run;
}

}  // namespace

std::vector<surface_result> run_surface(const std::string& helper, unsigned seconds) {
  std::vector<surface_result> results;
  for (const surface_case& c : surface_cases()) {
    const surface_run run = run_case(helper, c, seconds);
    results.push_back(classify_surface(c, run.out, run.status, run.signal));
  }
  return results;
}

}  // namespace redsem::fuzz
