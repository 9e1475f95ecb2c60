// SPDX-License-Identifier: BSD-3-Clause
// The launcher's end of the ranks' record connections (check/runtime/record_sink.h): `redsem
// check` listens on a TCP port of every IPv4 and IPv6 address of its host, passes where and a
// secret token in the environment it forwards to every rank, and writes the lines each rank sends into that
// rank's file in the records directory as they arrive. The files are then what they would be on a
// shared file system, and the reader (check/analysis/records.h) reads them as it always did.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace redsem::tools {

struct listener_summary {
  std::size_t connections = 0;     // ranks (and wrong-MPI processes) that sent their lines here
  std::size_t refused = 0;         // connections without the token or a valid file name
  std::size_t still_open = 0;      // connections that had not ended when waiting stopped
  std::vector<std::string> notes;  // what the report should say about them
};

class record_listener {
 public:
  // Told, from the receiving thread, the ranks connected and the records (lines) received so far.
  using on_records = std::function<void(std::size_t ranks, std::uint64_t records)>;

  // Listens and starts receiving into `dir`; throws std::runtime_error when it cannot listen.
  explicit record_listener(std::filesystem::path dir, on_records progress = {});
  ~record_listener();
  record_listener(const record_listener&) = delete;
  record_listener& operator=(const record_listener&) = delete;

  // REDSEM_CHECK_CONNECT=ADDR:PORT,… (this host's addresses, IPv6's in brackets: IPv4's, then
  // IPv6's, then the loopbacks') and
  // REDSEM_CHECK_TOKEN=…, for the ranks' environment.
  std::vector<std::string> environment() const;

  // Once the program has ended: receives what its ranks sent until each connection ends (after a
  // rank's exit its lines are all on their way), then stops. A connection a process that outlived
  // the program keeps open is waited for while it still sends, and at most `quiet_seconds` after
  // it last did.
  listener_summary finish(int quiet_seconds = 10);

  struct state;  // the receiving thread's

 private:
  std::unique_ptr<state> state_;
};

// What the environment() of a listener would be, for --dry-run: the port and token as words.
std::vector<std::string> listener_environment_shown();

}  // namespace redsem::tools
