// SPDX-License-Identifier: BSD-3-Clause
// record_listener (tools/mpi/record_listener.h) spoken to as a rank's check library speaks
// (check/runtime/record_sink.c): what reaches the records directory, and what is refused.
#include "tools/mpi/record_listener.h"

#include <gtest/gtest.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace redsem::tools {
namespace {

namespace fs = std::filesystem;

std::string value_of(const std::vector<std::string>& env, const std::string& name) {
  for (const auto& e : env)
    if (e.rfind(name + "=", 0) == 0) return e.substr(name.size() + 1);
  return "";
}

// The addresses of REDSEM_CHECK_CONNECT, in order.
std::vector<std::string> addresses(const record_listener& l) {
  std::vector<std::string> out;
  std::istringstream list(value_of(l.environment(), "REDSEM_CHECK_CONNECT"));
  for (std::string a; std::getline(list, a, ',');) out.push_back(a);
  return out;
}

// A connection to `address` ("127.0.0.1:PORT", "[::1]:PORT") as a rank makes it, -1 if none.
int connect_address(const std::string& address) {
  std::string host = address.substr(0, address.rfind(':'));
  if (host.front() == '[') host = host.substr(1, host.size() - 2);
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), address.substr(address.rfind(':') + 1).c_str(), &hints, &found) != 0) return -1;
  int fd = socket(found->ai_family, SOCK_STREAM, 0);
  if (fd >= 0 && connect(fd, found->ai_addr, found->ai_addrlen) != 0) {
    close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  return fd;
}

// A connection to the listener's last address: a loopback, of IPv6 where this host has it.
int connect_to(const record_listener& l) {
  const int fd = connect_address(addresses(l).back());
  EXPECT_GE(fd, 0) << value_of(l.environment(), "REDSEM_CHECK_CONNECT");
  return fd;
}

void send_text(int fd, const std::string& text) {
  ASSERT_EQ(send(fd, text.data(), text.size(), 0), ssize_t(text.size()));
}

std::string answer(int fd) {
  char buffer[8];
  const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
  return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : "";
}

std::string file_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class RecordListener : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/redsem_listener_test_XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(RecordListener, LinesOfARankReachItsFileAndALineCutShortIsKept) {
  record_listener l(dir_);
  const std::string token = value_of(l.environment(), "REDSEM_CHECK_TOKEN");
  ASSERT_EQ(token.size(), 32u);
  const int fd = connect_to(l);
  send_text(fd, "redsem-check 1 " + token + " rank-3.jsonl\n");
  EXPECT_EQ(answer(fd), "ok\n");
  send_text(fd, "{\"ev\":\"start\"}\n{\"ev\":\"fin");
  close(fd);  // the rank crashed in the middle of a line
  const auto summary = l.finish();
  EXPECT_EQ(summary.connections, 1u);
  EXPECT_EQ(summary.refused, 0u);
  EXPECT_EQ(file_text(dir_ / "rank-3.jsonl"), "{\"ev\":\"start\"}\n{\"ev\":\"fin");
}

// A rank may look for its file as soon as it hears "ok" (a test program appending its own lines).
TEST_F(RecordListener, TheFileExistsWhenTheRankHearsOk) {
  record_listener l(dir_);
  const int fd = connect_to(l);
  send_text(fd, "redsem-check 1 " + value_of(l.environment(), "REDSEM_CHECK_TOKEN") + " rank-0.jsonl\n");
  ASSERT_EQ(answer(fd), "ok\n");
  EXPECT_TRUE(fs::exists(dir_ / "rank-0.jsonl"));
  close(fd);
  l.finish();
}

TEST_F(RecordListener, AConnectionWithoutTheTokenOrWithAnotherFileNameIsRefused) {
  record_listener l(dir_);
  const std::string token = value_of(l.environment(), "REDSEM_CHECK_TOKEN");
  for (const std::string& header :
       std::vector<std::string>{"redsem-check 1 0123 rank-0.jsonl\n", "redsem-check 1 " + token + " ../rank-0.jsonl\n",
                                "redsem-check 1 " + token + " rank-0.json\n", "GET / HTTP/1.0\n"}) {
    const int fd = connect_to(l);
    send_text(fd, header);
    EXPECT_EQ(answer(fd), "") << header;
    close(fd);
  }
  const auto summary = l.finish();
  EXPECT_EQ(summary.refused, 4u);
  EXPECT_EQ(summary.connections, 0u);
  EXPECT_TRUE(fs::is_empty(dir_));
  ASSERT_FALSE(summary.notes.empty());
  EXPECT_NE(summary.notes[0].find("4 connection(s) to the records port were refused"), std::string::npos);
}

// Two processes that both believe they are rank 0 (one-process jobs): their lines are never
// mixed within a line.
TEST_F(RecordListener, TwoConnectionsOfOneFileAppendWholeLines) {
  record_listener l(dir_);
  const std::string token = value_of(l.environment(), "REDSEM_CHECK_TOKEN");
  const int a = connect_to(l), b = connect_to(l);
  for (const int fd : {a, b}) {
    send_text(fd, "redsem-check 1 " + token + " rank-0.jsonl\n");
    EXPECT_EQ(answer(fd), "ok\n");
  }
  send_text(a, "{\"from\":");
  // Time for the listener to take a's half line before b's line comes (a pass never rests on it).
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  send_text(b, "{\"from\":\"b\"}\n");
  send_text(a, "\"a\"}\n");
  close(a);
  close(b);
  l.finish();
  const std::string text = file_text(dir_ / "rank-0.jsonl");
  EXPECT_TRUE(text == "{\"from\":\"b\"}\n{\"from\":\"a\"}\n" || text == "{\"from\":\"a\"}\n{\"from\":\"b\"}\n") << text;
}

// Whether this host has the IPv6 loopback: a node whose only way to the launcher is IPv6.
bool has_ipv6_loopback() {
  const int fd = socket(AF_INET6, SOCK_STREAM, 0);
  sockaddr_in6 a{};
  a.sin6_family = AF_INET6;
  a.sin6_addr = in6addr_loopback;
  const bool ok = fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  if (fd >= 0) close(fd);
  return ok;
}

TEST_F(RecordListener, ARankReachingItOnlyOverIpv6IsHeard) {
  if (!has_ipv6_loopback()) GTEST_SKIP() << "this host has no IPv6 loopback (::1)";
  record_listener l(dir_);
  const auto where = addresses(l);
  // IPv4's before IPv6's, the loopbacks last (127.0.0.1, where this host has it, before [::1]):
  // a rank on another node tries the others first.
  ASSERT_TRUE(where.back().starts_with("[::1]:")) << where.back();
  const auto v4_loopback =
      std::find_if(where.begin(), where.end(), [](const auto& a) { return a.starts_with("127."); });
  if (v4_loopback != where.end()) {
    EXPECT_EQ(v4_loopback + 2, where.end()) << *v4_loopback;
  }
  const auto others_end = v4_loopback != where.end() ? v4_loopback : where.end() - 1;
  const auto first_v6 = std::find_if(where.begin(), others_end, [](const auto& a) { return a.front() == '['; });
  EXPECT_TRUE(std::all_of(first_v6, others_end, [](const auto& a) { return a.front() == '['; }));
  const int fd = connect_address(where.back());
  ASSERT_GE(fd, 0) << where.back();
  send_text(fd, "redsem-check 1 " + value_of(l.environment(), "REDSEM_CHECK_TOKEN") + " rank-1.jsonl\n");
  EXPECT_EQ(answer(fd), "ok\n");
  send_text(fd, "{\"ev\":\"start\"}\n");
  close(fd);
  EXPECT_EQ(l.finish().connections, 1u);
  EXPECT_EQ(file_text(dir_ / "rank-1.jsonl"), "{\"ev\":\"start\"}\n");
}

// The one socket takes IPv4 connections too (as mapped addresses).
TEST_F(RecordListener, ARankReachingItOverIpv4IsHeard) {
  record_listener l(dir_);
  const auto where = addresses(l);
  const auto v4 = std::find_if(where.begin(), where.end(), [](const auto& a) { return a.starts_with("127."); });
  if (v4 == where.end()) GTEST_SKIP() << "this host has no IPv4 loopback";
  const int fd = connect_address(*v4);
  ASSERT_GE(fd, 0) << *v4;
  send_text(fd, "redsem-check 1 " + value_of(l.environment(), "REDSEM_CHECK_TOKEN") + " rank-2.jsonl\n");
  EXPECT_EQ(answer(fd), "ok\n");
  close(fd);
  EXPECT_EQ(l.finish().connections, 1u);
}

TEST_F(RecordListener, NoLinkLocalAddressIsPassed) {
  record_listener l(dir_);
  for (const auto& a : addresses(l)) EXPECT_FALSE(a.starts_with("[fe80:")) << a;
}

}  // namespace
}  // namespace redsem::tools
