// SPDX-License-Identifier: BSD-3-Clause
// record_listener (record_listener.h): one thread polls the listening socket and every rank's
// connection, and appends what each sends to its file, whole lines at a time.
#include "tools/mpi/record_listener.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace redsem::tools {
namespace {

constexpr std::size_t max_header = 256;
// A partial line longer than this is written without waiting for its end: the launcher's memory
// stays bounded whatever a rank sends (the reader skips lines beyond its own bound anyway).
constexpr std::size_t max_pending = std::size_t{1} << 20;

struct connection {
  int fd = -1;
  bool named = false;  // the header was accepted
  int file = -1;
  std::string pending;  // the header, then a line not yet complete
};

void write_all(int fd, const char* text, std::size_t len) {
  while (len > 0) {
    const ssize_t n = write(fd, text, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // a full disk: the reader says what is missing
    text += n;
    len -= static_cast<std::size_t>(n);
  }
}

// "rank-<n>.jsonl" or "wrong-mpi-<n>.jsonl": the only files a rank writes (records.h).
bool valid_file_name(const std::string& name) {
  for (const std::string prefix : {"rank-", "wrong-mpi-"}) {
    if (name.rfind(prefix, 0) != 0 || name.size() <= prefix.size() + 6) continue;
    const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - 6);
    if (name.substr(name.size() - 6) == ".jsonl" && !digits.empty() && digits.size() <= 10 &&
        digits.find_first_not_of("0123456789") == std::string::npos)
      return true;
  }
  return false;
}

std::string random_token() {
  unsigned char bytes[16];
  if (getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes))
    throw std::runtime_error("cannot draw a token for the records connection: " + std::string(strerror(errno)));
  std::string hex;
  for (const unsigned char b : bytes) hex += fmt::format("{:02x}", b);
  return hex;
}

// This host's addresses as a rank reads them in REDSEM_CHECK_CONNECT ("10.1.2.3", "[fd00::3]"):
// IPv4's, then IPv6's (when the listener takes IPv6), then the loopbacks' (127.0.0.1, [::1]): a
// rank on another node reaches one of the others, whichever family its node has, and a rank on
// this one any. IPv6 link-local addresses are left out: each names an interface of this host,
// which means nothing on another.
std::vector<std::string> host_addresses(bool ipv6) {
  std::vector<std::string> v4, v6, loopback4, loopback6;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) == 0) {
    for (const ifaddrs* i = list; i; i = i->ifa_next) {
      if (!i->ifa_addr || !(i->ifa_flags & IFF_UP)) continue;
      const bool loopback = i->ifa_flags & IFF_LOOPBACK;
      char text[INET6_ADDRSTRLEN];
      std::string shown;
      std::vector<std::string>* into = nullptr;
      if (i->ifa_addr->sa_family == AF_INET) {
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
        shown = text;
        into = loopback ? &loopback4 : &v4;
      } else if (i->ifa_addr->sa_family == AF_INET6 && ipv6) {
        const in6_addr& a = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr)->sin6_addr;
        if (IN6_IS_ADDR_LINKLOCAL(&a) || IN6_IS_ADDR_V4MAPPED(&a)) continue;
        inet_ntop(AF_INET6, &a, text, sizeof text);
        shown = fmt::format("[{}]", text);  // the port's colon stays unambiguous
        into = loopback ? &loopback6 : &v6;
      }
      if (into && std::find(into->begin(), into->end(), shown) == into->end()) into->push_back(shown);
    }
    freeifaddrs(list);
  }
  if (loopback4.empty() && loopback6.empty()) loopback4.emplace_back("127.0.0.1");
  for (auto* part : {&v6, &loopback4, &loopback6}) v4.insert(v4.end(), part->begin(), part->end());
  return v4;
}

// A socket listening on a free port of every address of both families (IPv6's, taking IPv4
// connections as mapped addresses whatever net.ipv6.bindv6only says), or of IPv4's alone where
// the kernel has no IPv6; -1 when neither listens. `*ipv6` says which.
int listen_socket(int* port, bool* ipv6) {
  const int flags = SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK;
  int fd = socket(AF_INET6, flags, 0);
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  if (fd >= 0) {
    sockaddr_in6 any{};
    any.sin6_family = AF_INET6;
    any.sin6_addr = in6addr_any;
    const int off = 0;
    if (setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off) != 0 ||
        bind(fd, reinterpret_cast<sockaddr*>(&any), sizeof any) != 0) {
      close(fd);
      fd = -1;
    }
  }
  *ipv6 = fd >= 0;
  if (fd < 0 && (fd = socket(AF_INET, flags, 0)) >= 0) {
    sockaddr_in any{};
    any.sin_family = AF_INET;
    any.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(fd, reinterpret_cast<sockaddr*>(&any), sizeof any) != 0) {
      close(fd);
      fd = -1;
    }
  }
  if (fd < 0 || listen(fd, SOMAXCONN) != 0 || getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len) != 0) {
    const int why = errno;
    if (fd >= 0) close(fd);
    errno = why;
    return -1;
  }
  *port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<const sockaddr_in6*>(&bound)->sin6_port
                                            : reinterpret_cast<const sockaddr_in*>(&bound)->sin_port);
  return fd;
}

// Whether this kernel offers IPv6 sockets at all (what a listener would then take, for --dry-run).
bool has_ipv6() {
  const int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd >= 0) close(fd);
  return fd >= 0;
}

}  // namespace

struct record_listener::state {
  std::filesystem::path dir;
  std::string token;
  int listen_fd = -1, port = 0;
  bool ipv6 = false;  // the listener takes IPv6 connections too
  int wake[2] = {-1, -1};
  std::atomic<int> quiet_seconds{0};
  std::vector<connection> connections;
  listener_summary summary;
  std::uint64_t records = 0;  // lines written to the files
  on_records progress;
  std::thread thread;

  void accept_pending();
  bool receive(connection& c);  // false once it ended
  bool take_header(connection& c);
  void write_lines(connection& c, bool all);
  void run();
};

void record_listener::state::accept_pending() {
  for (;;) {
    const int fd = accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    connection c;
    c.fd = fd;
    connections.push_back(std::move(c));
  }
}

// The header line, once whole: its token and file name checked, "ok" answered, the file opened.
bool record_listener::state::take_header(connection& c) {
  const auto end = c.pending.find('\n');
  if (end == std::string::npos) return c.pending.size() < max_header || (++summary.refused, false);
  const std::string header = c.pending.substr(0, end);
  c.pending.erase(0, end + 1);
  const std::string prefix = "redsem-check 1 " + token + " ";
  const std::string name = header.rfind(prefix, 0) == 0 ? header.substr(prefix.size()) : "";
  if (!valid_file_name(name)) return ++summary.refused, false;
  // The file exists before the rank hears "ok": what the rank does next may already look for it.
  c.file = open((dir / name).c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (c.file < 0) {
    summary.notes.push_back(fmt::format("cannot write {}: {}", (dir / name).string(), strerror(errno)));
    return false;
  }
  if (send(c.fd, "ok\n", 3, MSG_NOSIGNAL) != 3) return false;  // the rank is gone: it writes its own file
  c.named = true;
  ++summary.connections;
  return true;
}

// Whole lines (every byte when `all`, or when the partial line grew past max_pending) to the file.
void record_listener::state::write_lines(connection& c, bool all) {
  const auto last = c.pending.rfind('\n');
  const std::size_t n = all || c.pending.size() > max_pending ? c.pending.size()
                        : last == std::string::npos           ? 0
                                                              : last + 1;
  write_all(c.file, c.pending.data(), n);
  records += static_cast<std::uint64_t>(std::count(c.pending.data(), c.pending.data() + n, '\n'));
  if (progress && n > 0) progress(summary.connections, records);
  c.pending.erase(0, n);
}

bool record_listener::state::receive(connection& c) {
  char buffer[65536];
  const ssize_t n = read(c.fd, buffer, sizeof buffer);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return true;
  if (n > 0) c.pending.append(buffer, static_cast<std::size_t>(n));
  if (!c.named && !take_header(c)) return false;
  if (!c.named && n <= 0) return ++summary.refused, false;  // ended before its header
  if (c.named) write_lines(c, n <= 0);
  return n > 0;
}

void record_listener::state::run() {
  using clock = std::chrono::steady_clock;
  bool stopping = false;
  auto last_activity = clock::now();
  for (;;) {
    std::vector<pollfd> fds{{stopping ? -1 : wake[0], POLLIN, 0}, {listen_fd, POLLIN, 0}};
    for (const connection& c : connections) fds.push_back({c.fd, POLLIN, 0});
    if (poll(fds.data(), fds.size(), stopping ? 200 : -1) < 0 && errno != EINTR) break;
    if (fds[0].revents) stopping = true;
    if (fds[1].revents || stopping) accept_pending();
    bool active = false;
    for (std::size_t i = 2; i < fds.size(); ++i) {
      connection& c = connections[i - 2];
      if (!fds[i].revents) continue;
      active = true;
      if (receive(c)) continue;
      close(c.fd);
      if (c.file >= 0) close(c.file);
      c.fd = -1;
    }
    std::erase_if(connections, [](const connection& c) { return c.fd < 0; });
    if (active) last_activity = clock::now();
    if (!stopping) continue;
    if (connections.empty() || clock::now() - last_activity >= std::chrono::seconds(quiet_seconds.load())) break;
  }
  for (connection& c : connections) {
    if (c.named) write_lines(c, true);
    close(c.fd);
    if (c.file >= 0) close(c.file);
  }
  summary.still_open = connections.size();
  connections.clear();
}

record_listener::record_listener(std::filesystem::path dir, on_records progress) : state_(std::make_unique<state>()) {
  state& s = *state_;
  s.dir = std::move(dir);
  s.progress = std::move(progress);
  s.token = random_token();
  s.listen_fd = listen_socket(&s.port, &s.ipv6);
  if (s.listen_fd < 0 || pipe2(s.wake, O_CLOEXEC) != 0) {
    const std::string why = strerror(errno);
    if (s.listen_fd >= 0) close(s.listen_fd);
    throw std::runtime_error("cannot listen for the ranks' records: " + why);
  }
  s.thread = std::thread([&s] { s.run(); });
}

record_listener::~record_listener() {
  if (state_->thread.joinable()) finish(0);
  close(state_->listen_fd);
  close(state_->wake[0]);
  close(state_->wake[1]);
}

std::vector<std::string> record_listener::environment() const {
  std::string where;
  for (const auto& a : host_addresses(state_->ipv6))
    where += fmt::format("{}{}:{}", where.empty() ? "" : ",", a, state_->port);
  return {"REDSEM_CHECK_CONNECT=" + where, "REDSEM_CHECK_TOKEN=" + state_->token};
}

listener_summary record_listener::finish(int quiet_seconds) {
  state& s = *state_;
  if (!s.thread.joinable()) return s.summary;
  s.quiet_seconds = quiet_seconds;
  const char stop = 1;
  write_all(s.wake[1], &stop, 1);
  s.thread.join();
  if (s.summary.refused)
    s.summary.notes.push_back(fmt::format(
        "{} connection(s) to the records port were refused (no valid token and file name): not this run's ranks",
        s.summary.refused));
  if (s.summary.still_open)
    s.summary.notes.push_back(fmt::format(
        "{} rank connection(s) were still open {} s after the program ended and they last sent: what they send later "
        "is not in the report",
        s.summary.still_open, quiet_seconds));
  return s.summary;
}

std::vector<std::string> listener_environment_shown() {
  std::string where;
  for (const auto& a : host_addresses(has_ipv6())) where += (where.empty() ? "" : ",") + a + ":PORT";
  return {"REDSEM_CHECK_CONNECT=" + where, "REDSEM_CHECK_TOKEN=TOKEN"};
}

}  // namespace redsem::tools
