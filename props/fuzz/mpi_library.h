/* SPDX-License-Identifier: BSD-3-Clause */
// A real MPI library's MPI_Reduce_local, run in a helper process (tools/mpi/mpi_fuzz_helper.c,
// built with the library's compiler wrapper) and reached through a pipe, so that a crash in
// the library is a finding, not the end of the fuzzer.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model/op.h"
#include "model/typemap.h"
#include "props/fuzz/child_wait.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

struct mpi_reply {
  enum class kind : std::uint8_t {
    ok,           // bytes hold inoutbuf after the call
    error,        // the call returned MPI error class `error_class`
    unsupported,  // the library has no such type or op
    extent,       // the library's extent for the type differs from redsem's
    crashed,      // the helper died; text says how (it is restarted on the next call)
    hung,         // the helper used its CPU time limit without answering: it was killed (and is restarted)
  };
  kind status = kind::crashed;
  int error_class = 0;
  int signal = 0;  // crashed: the signal that ended the helper (0: it exited)
  std::string text;
  std::vector<std::byte> bytes;
};

class mpi_helper {
 public:
  // Starts `program` (the environment is inherited, plus Open MPI's run-as-root permission) in a
  // process group of its own, ended with it. Requests go to its stdin; it answers on descriptor
  // answer_fd, named to it by REDSEM_ANSWER_FD; its stdout is redsem's stderr (a user function
  // that prints is heard, not read as an answer) and its stderr a file whose first line names
  // the cause of a crash.
  // A call whose answer costs the helper's process group more than `call_timeout` seconds of
  // CPU time is a hang; the start (MPI_Init and the version) gets startup_allowance more. One
  // that uses less but is not answered within the wall backstop (child_wait.h) throws slow_call.
  explicit mpi_helper(std::string program, double call_timeout = default_call_timeout);
  static constexpr double startup_allowance = 60;
  static constexpr int answer_fd = 3;
  ~mpi_helper();
  mpi_helper(const mpi_helper&) = delete;
  mpi_helper& operator=(const mpi_helper&) = delete;

  // The first line of MPI_Get_library_version, or why the helper could not start.
  std::string library_version();
  mpi_reply reduce_local(std::string_view op, std::string_view type, std::int64_t count, int in_offset,
                         int inout_offset, const std::byte* in, const std::byte* inout, std::size_t nbytes);
  // The same on a derived datatype the helper builds from `layout`'s typemap; `in` and `inout`
  // start at an element's lower bound (MPI's buffer arguments lie −lb bytes further on).
  mpi_reply reduce_local(std::string_view op, const datatype& layout, std::int64_t count, int in_offset,
                         int inout_offset, const std::byte* in, const std::byte* inout, std::size_t nbytes);
  int restarts() const { return restarts_; }

  // The pieces other requests are built on (props/fuzz/mpi_user_op.h): an exchange starts the
  // helper if it is down and answers within the call time limit; a send or receive that fails
  // ends in `lost`, which says how the helper hung or died (and leaves it down, to be restarted).
  // begin_exchange: false when the helper did not start, `lost` then says why.
  bool begin_exchange();
  bool send(const void* p, std::size_t n) { return write_bytes(p, n); }
  std::string receive_line() { return read_line(); }
  bool receive(std::byte* p, std::size_t n) { return read_bytes(p, n); }
  mpi_reply lost();
  // Whether the helper is up (after library_version: whether it started).
  bool running() const { return pid_ >= 0; }
  static constexpr std::size_t max_version_length = 1 << 16;
  // How long a wait for the helper polls before it sleeps (see ready()).
  static constexpr std::chrono::microseconds spin_before_sleeping{200};

 private:
  bool start();
  void reset_stderr_file();
  // posix_spawn's status; pid_ the helper's, which reads `requests` and answers on `answers`.
  int spawn(int requests, int answers);
  void stop();
  // Sends a reduce request (its lines) and both buffers; the answer.
  mpi_reply reduce_request(const std::string& request, const std::byte* in, const std::byte* inout,
                           std::size_t nbytes);
  // A budget of the helper's CPU (call_timeout_, +startup_allowance to start) for an exchange.
  void start_budget(double cpu_seconds);
  // Whether fd is ready for `events` (POLLIN, POLLOUT) within the budget; false (and hung_
  // set) when the helper's group used its CPU first. Past the wall backstop the helper is
  // killed and slow_call thrown: a blocked or starved helper earns no verdict.
  bool ready(int fd, short events);
  // Answers are read through a buffer, so that a line costs one read, not one per byte.
  std::string read_line();
  bool read_bytes(std::byte* p, std::size_t n);
  bool fill();  // refills the (empty) buffer with what the helper sent
  // Kills a helper that did not answer in time; what to report (`starting`: its version).
  std::string hang(bool starting);
  bool write_bytes(const void* p, std::size_t n);
  std::string died();

  std::string program_;
  double call_timeout_;
  std::optional<cpu_budget> budget_;  // of the answer being read
  bool hung_ = false;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  int restarts_ = -1;
  int stderr_file_ = -1;  // the helper's stderr: its last words name a crash's cause
  std::vector<char> received_ = std::vector<char>(1 << 16);
  std::size_t received_begin_ = 0, received_end_ = 0;  // the unread part of received_
  int last_signal_ = 0;                                // the signal that ended the helper last (0: it exited)
  std::string start_failure_;                          // why begin_exchange could not start the helper
};

// "typemap N LB EXTENT\n" and N lines "NAME DISP\n": the request from which the helper builds
// a committed derived datatype (tools/mpi/mpi_user_op_helper.h).
std::string typemap_request(const datatype& t);

// The library's MPI_Reduce_local of `op` on `type` as a kernel under test. An MPI error
// class becomes the kernel's status; a crash becomes status −1 (and restarts the helper), a
// hang hang_status.
kernel_under_test mpi_kernel(mpi_helper& helper, const std::string& library, op_id op, basic_type type);
// The same on a derived datatype: the kernel's elements start at the layout's lower bound
// (from_lower_bound, props/fuzz/derived_layouts.h).
kernel_under_test mpi_kernel(mpi_helper& helper, const std::string& library, op_id op, const datatype& layout);

}  // namespace redsem::fuzz
