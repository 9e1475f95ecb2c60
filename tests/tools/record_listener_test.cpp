// SPDX-License-Identifier: BSD-3-Clause
// record_listener (tools/mpi/record_listener.h) spoken to as a rank's check library speaks
// (check/runtime/record_sink.c): what reaches the records directory, and what is refused.
#include "tools/mpi/record_listener.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

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

// A connection to the listener's loopback address (the last of REDSEM_CHECK_CONNECT's).
int connect_to(const record_listener& l) {
  const std::string where = value_of(l.environment(), "REDSEM_CHECK_CONNECT");
  const std::string last = where.substr(where.rfind(',') == std::string::npos ? 0 : where.rfind(',') + 1);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(std::stoi(last.substr(last.rfind(':') + 1))));
  inet_pton(AF_INET, last.substr(0, last.rfind(':')).c_str(), &a.sin_addr);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0) << where;
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

}  // namespace
}  // namespace redsem::tools
