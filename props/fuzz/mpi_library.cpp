// SPDX-License-Identifier: BSD-3-Clause
// The MPI helper's requests (props/fuzz/mpi_library.h): the library's version, MPI_Reduce_local
// on a predefined type or a typemap, their answers, and the helper as a kernel under test. The
// process is started and reaped in mpi_helper_process.cpp, spoken to in mpi_helper_pipe.cpp.
#include "props/fuzz/mpi_library.h"

#include <signal.h>

#include <cstdlib>
#include <cstring>

namespace redsem::fuzz {

std::string mpi_helper::library_version() {
  if (pid_ < 0 && !start()) return "cannot start " + program_;
  start_budget(call_timeout_ + startup_allowance);
  if (!write_bytes("version\n", 8)) return died();
  const std::string line = read_line();
  if (line.rfind("ok ", 0) != 0) return hung_ ? hang(true) : died();
  // The helper may be any program (--mpi-helper): its length must be a number, and a sane one.
  char* end = nullptr;
  const unsigned long long length = std::strtoull(line.c_str() + 3, &end, 10);
  if (end == line.c_str() + 3 || *end != '\0' || length > max_version_length) {
    kill(pid_, SIGKILL);
    return "helper answered 'version' with '" + line.substr(0, 80) + "', not 'ok LENGTH' (at most " +
           std::to_string(max_version_length) + "): " + died();
  }
  std::vector<std::byte> text(length);
  if (!read_bytes(text.data(), text.size())) return died();
  std::string s(reinterpret_cast<const char*>(text.data()), text.size());
  s = s.substr(0, s.find_first_of(std::string("\n\0", 2)));
  for (auto& c : s)
    if (c == '\t') c = ' ';
  return s;
}

mpi_reply mpi_helper::reduce_local(std::string_view op, std::string_view type, std::int64_t count, int in_offset,
                                   int inout_offset, const std::byte* in, const std::byte* inout, std::size_t nbytes) {
  return reduce_request("reduce " + std::string(op) + " " + std::string(type) + " " + std::to_string(count) + " " +
                            std::to_string(in_offset) + " " + std::to_string(inout_offset) + " " +
                            std::to_string(nbytes) + "\n",
                        in, inout, nbytes);
}

mpi_reply mpi_helper::reduce_local(std::string_view op, const datatype& layout, std::int64_t count, int in_offset,
                                   int inout_offset, const std::byte* in, const std::byte* inout, std::size_t nbytes) {
  return reduce_request("reduce_typemap " + std::string(op) + " " + std::to_string(count) + " " +
                            std::to_string(in_offset) + " " + std::to_string(inout_offset) + " " +
                            std::to_string(nbytes) + "\n" + typemap_request(layout),
                        in, inout, nbytes);
}

mpi_reply mpi_helper::reduce_request(const std::string& request, const std::byte* in, const std::byte* inout,
                                     std::size_t nbytes) {
  mpi_reply reply;
  if (pid_ < 0) {
    // Start the helper and wait for its version first: MPI_Init gets its allowance there, and
    // the call below only the time limit of a call.
    std::string version = library_version();
    if (pid_ < 0) {
      reply.status = hung_ ? mpi_reply::kind::hung : mpi_reply::kind::crashed;
      reply.text = std::move(version);
      return reply;
    }
  }
  start_budget(call_timeout_);
  const std::string line =
      write_bytes(request.data(), request.size()) && write_bytes(in, nbytes) && write_bytes(inout, nbytes)
          ? read_line()
          : std::string();
  if (line.rfind("ok ", 0) == 0) {
    reply.bytes.resize(nbytes);
    if (read_bytes(reply.bytes.data(), nbytes)) {
      reply.status = mpi_reply::kind::ok;
      return reply;
    }
  } else if (line.rfind("error ", 0) == 0) {
    reply.status = mpi_reply::kind::error;
    reply.error_class = std::atoi(line.c_str() + 6);
    const auto space = line.find(' ', 6);
    reply.text = space == std::string::npos ? "" : line.substr(space + 1);
    return reply;
  } else if (line.rfind("unsupported ", 0) == 0) {
    reply.status = mpi_reply::kind::unsupported;
    reply.text = line.substr(12);
    return reply;
  } else if (line.rfind("fail ", 0) == 0) {  // a derived datatype the library would not build
    reply.status = mpi_reply::kind::unsupported;
    reply.text = line.substr(5);
    return reply;
  } else if (line.rfind("extent ", 0) == 0) {
    reply.status = mpi_reply::kind::extent;
    reply.text = "the library's extent is " + line.substr(7) + " bytes";
    return reply;
  }
  return lost();
}

bool mpi_helper::begin_exchange() {
  if (pid_ < 0) {
    // MPI_Init gets its allowance here, and the exchange only the time limit of a call.
    start_failure_ = library_version();
    if (pid_ < 0) return false;
  }
  start_failure_.clear();
  start_budget(call_timeout_);
  return true;
}

mpi_reply mpi_helper::lost() {
  mpi_reply reply;
  reply.status = hung_ ? mpi_reply::kind::hung : mpi_reply::kind::crashed;
  if (pid_ < 0) {
    reply.text = start_failure_;
  } else {
    reply.text = hung_ ? hang(false) : died();
    reply.signal = hung_ ? 0 : last_signal_;
  }
  return reply;
}

std::string typemap_request(const datatype& t) {
  std::string text = "typemap " + std::to_string(t.entries().size()) + " " + std::to_string(t.lb()) + " " +
                     std::to_string(t.extent()) + "\n";
  for (const auto& e : t.entries()) text += std::string(to_string(e.type)) + " " + std::to_string(e.disp) + "\n";
  return text;
}

namespace {

// `call` (the helper's reduce_local on one type) as a kernel on elements of `extent` bytes.
template <class Call>
kernel_under_test helper_reduce_kernel(const std::string& library, std::size_t extent, Call call) {
  auto run = [call, extent](std::byte* in, std::byte* inout, std::int64_t count) {
    // The helper places its buffers as ours are placed, relative to a 64-byte boundary.
    const int in_off = static_cast<int>(reinterpret_cast<std::uintptr_t>(in) % 64);
    const int inout_off = static_cast<int>(reinterpret_cast<std::uintptr_t>(inout) % 64);
    const std::size_t n = static_cast<std::size_t>(count) * extent;
    const mpi_reply r = call(count, in_off, inout_off, in, inout, n);
    if (r.status == mpi_reply::kind::ok) {
      if (n != 0) std::memcpy(inout, r.bytes.data(), n);
      return 0;
    }
    if (r.status == mpi_reply::kind::hung) return hang_status;
    return r.status == mpi_reply::kind::error ? (r.error_class == 0 ? -2 : r.error_class) : -1;
  };
  return {library + " MPI_Reduce_local", std::move(run)};
}

}  // namespace

kernel_under_test mpi_kernel(mpi_helper& helper, const std::string& library, op_id op, basic_type type) {
  return helper_reduce_kernel(library, static_cast<std::size_t>(info(type).size),
                              [&helper, op, type](std::int64_t count, int in_off, int inout_off, const std::byte* in,
                                                  const std::byte* inout, std::size_t n) {
                                return helper.reduce_local(to_string(op), to_string(type), count, in_off, inout_off, in,
                                                           inout, n);
                              });
}

kernel_under_test mpi_kernel(mpi_helper& helper, const std::string& library, op_id op, const datatype& layout) {
  return helper_reduce_kernel(library, static_cast<std::size_t>(layout.extent()),
                              [&helper, op, layout](std::int64_t count, int in_off, int inout_off, const std::byte* in,
                                                    const std::byte* inout, std::size_t n) {
                                return helper.reduce_local(to_string(op), layout, count, in_off, inout_off, in, inout,
                                                           n);
                              });
}

}  // namespace redsem::fuzz
