// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/standard_output.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "tools/cli/command.h"

namespace redsem::tools {
namespace {

constexpr std::size_t block = 1 << 16;

}  // namespace

descriptor_buffer::descriptor_buffer(int fd) : fd_(fd), by_line_(isatty(fd) != 0) {}

// The put area stays empty, so every character reaches overflow or xsputn and the line rule
// sees it.
std::streambuf::int_type descriptor_buffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof()))
    return sync() == 0 ? traits_type::not_eof(c) : traits_type::eof();
  const char ch = traits_type::to_char_type(c);
  return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

std::streamsize descriptor_buffer::xsputn(const char* s, std::streamsize n) {
  if (error_ != 0) return 0;
  pending_.append(s, static_cast<std::size_t>(n));
  if (pending_.size() >= block || (by_line_ && std::memchr(s, '\n', static_cast<std::size_t>(n)) != nullptr)) drain();
  return error_ == 0 ? n : 0;
}

int descriptor_buffer::sync() {
  drain();
  return error_ == 0 ? 0 : -1;
}

void descriptor_buffer::drain() {
  std::size_t done = 0;
  while (done < pending_.size() && error_ == 0) {
    const ssize_t n = ::write(fd_, pending_.data() + done, pending_.size() - done);
    if (n >= 0)
      done += static_cast<std::size_t>(n);
    else if (errno != EINTR)
      error_ = errno;
  }
  pending_.clear();
}

standard_output::standard_output() : buffer_(STDOUT_FILENO), previous_(std::cout.rdbuf(&buffer_)) {}

standard_output::~standard_output() {
  std::cout.flush();
  std::cout.rdbuf(previous_);
}

int standard_output::finish(int status, const std::string& command, std::ostream& err) {
  std::cout.flush();
  if (buffer_.error() == 0) return status;
  err << "redsem" << (command.empty() ? "" : " " + command)
      << ": cannot write standard output: " << std::strerror(buffer_.error()) << "\n";
  return status == ok || status == mismatch ? int{bad_input} : status;
}

}  // namespace redsem::tools
