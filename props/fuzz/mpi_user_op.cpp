// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/mpi_user_op.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>

namespace redsem::fuzz {
namespace {

struct request {
  std::string text;  // the line(s) and payload
  bool layout;       // answered "ok SIZE EXTENT TYPE" (else "ok")
};

request with_payload(const std::string& head, const std::string& payload, bool layout) {
  return {head + " " + std::to_string(payload.size()) + "\n" + payload, layout};
}

// The requests that make the handle and load the function (tools/mpi/mpi_user_op_helper.h).
std::vector<request> requests_for(const mpi_user_op_spec& spec) {
  std::vector<request> out;
  if (const auto* type = std::get_if<basic_type>(&spec.handle)) {
    out.push_back({"predefined " + std::string(to_string(*type)) + "\n", true});
  } else if (const auto* described = std::get_if<datatype>(&spec.handle)) {
    out.push_back({typemap_request(*described), true});
  } else {
    out.push_back(with_payload("setup", std::get<std::string>(spec.handle), true));
  }
  out.push_back(with_payload(
      std::string("load ") + (spec.through_reduce_local ? "reduce_local " : "direct ") + (spec.commute ? "1" : "0"),
      spec.kernel, false));
  // Calls from here on run in a forked worker, replaced after a crash (no new MPI_Init).
  out.push_back({"isolate\n", false});
  return out;
}

// Sends the requests; the layout, or why not: the helper's "fail" text, or how it was lost
// (then also in *lost, when given).
std::variant<mpi_handle_layout, std::string> send_requests(mpi_helper& helper, const std::vector<request>& requests,
                                                           mpi_reply* lost = nullptr) {
  const auto gone = [&helper, lost] {
    mpi_reply r = helper.lost();
    if (lost != nullptr) *lost = r;
    return r.text;
  };
  mpi_handle_layout layout;
  for (const auto& r : requests) {
    if (!helper.begin_exchange() || !helper.send(r.text.data(), r.text.size())) return gone();
    const std::string line = helper.receive_line();
    if (line.rfind("fail ", 0) == 0) return line.substr(5);
    if (line.rfind("ok", 0) != 0) return gone();
    if (r.layout) {
      std::istringstream words(line.substr(2));
      words >> layout.size >> layout.extent >> layout.type;
      if (layout.type == "-") layout.type.clear();
    }
  }
  return layout;
}

// Writes the stray bytes of an answer's " B:OFFSET:VALUE" tokens where the call wrote them, in
// inbuf (B 0) or inoutbuf (B 1) of n bytes: at most a page outside it, where the caller's
// canaries lie (helper_margin).
void put_strays(const std::string& answer, std::byte* in, std::byte* inout, std::int64_t n) {
  static const auto page = static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
  std::istringstream tokens(answer.substr(answer.find(' ') == std::string::npos ? answer.size() : answer.find(' ')));
  std::string token;
  while (tokens >> token) {
    int which = 0, value = 0;
    long long offset = 0;
    if (std::sscanf(token.c_str(), "%d:%lld:%d", &which, &offset, &value) != 3) continue;
    if (offset < -page || offset >= n + page || (offset >= 0 && offset < n)) continue;
    (which == 0 ? in : inout)[offset] = static_cast<std::byte>(value);
  }
}

}  // namespace

std::variant<mpi_handle_layout, std::string> prepare_user_op(mpi_helper& helper, const mpi_user_op_spec& spec) {
  return send_requests(helper, requests_for(spec));
}

std::variant<mpi_handle_layout, std::string> describe_setup_handle(mpi_helper& helper, const std::string& setup) {
  return send_requests(helper, {with_payload("setup", setup, true)});
}

kernel_under_test mpi_user_op_kernel(mpi_helper& helper, mpi_user_op_spec spec, std::int64_t extent,
                                     const std::string& library) {
  auto requests = std::make_shared<const std::vector<request>>(requests_for(spec));
  const auto status_of = [](const mpi_reply& r) {
    return r.status == mpi_reply::kind::hung ? hang_status : crash_status(r.signal);
  };
  const bool direct = !spec.through_reduce_local;
  auto run = [&helper, requests, extent, status_of, direct](std::byte* in, std::byte* inout, std::int64_t count) {
    // MPI calls a user function for elements only (as user_function_kernel does); through
    // MPI_Reduce_local the library decides.
    if (direct && count == 0) return 0;
    // A helper that died in an earlier call starts again as the first one did.
    // (A setup that fails now, having worked before, counts as a crash of the call.)
    mpi_reply lost;
    if (!helper.running() && std::holds_alternative<std::string>(send_requests(helper, *requests, &lost)))
      return status_of(lost);
    const auto n = static_cast<std::size_t>(count * extent);
    const auto m = static_cast<std::size_t>(helper_margin);
    const std::size_t window = n + 2 * m;
    std::byte* in_window = in - helper_margin;
    std::byte* inout_window = inout - helper_margin;
    // The helper places its buffers as ours are placed, relative to a 64-byte boundary.
    const std::string line = "call " + std::to_string(count) + " " +
                             std::to_string(reinterpret_cast<std::uintptr_t>(in) % 64) + " " +
                             std::to_string(reinterpret_cast<std::uintptr_t>(inout) % 64) + " " + std::to_string(n) +
                             " " + std::to_string(m) + "\n";
    if (!helper.begin_exchange()) return status_of(helper.lost());
    // One write for the request, so that a small call costs the helper one wake-up.
    std::string request = line;
    request.append(reinterpret_cast<const char*>(in_window), window);
    request.append(reinterpret_cast<const char*>(inout_window), window);
    const std::string answer = helper.send(request.data(), request.size()) ? helper.receive_line() : std::string();
    const std::string word = answer.substr(0, answer.find(' '));
    if (word == "ok" || word == "len") {
      if (!helper.receive(in_window, window) || !helper.receive(inout_window, window)) return status_of(helper.lost());
      put_strays(answer, in, inout, static_cast<std::int64_t>(n));
      return word == "ok" ? 0 : changed_len_status;
    }
    if (answer.rfind("crashed ", 0) == 0) return crash_status(std::atoi(answer.c_str() + 8));
    if (answer.rfind("exited ", 0) == 0) return crash_status(0);
    if (answer.rfind("error ", 0) == 0) {
      const int error_class = std::atoi(answer.c_str() + 6);
      return error_class == 0 ? -2 : error_class;
    }
    return status_of(helper.lost());
  };
  return {spec.kernel + " in " + library, std::move(run)};
}

}  // namespace redsem::fuzz
