/* SPDX-License-Identifier: BSD-3-Clause */
// redsem's standard output: what the commands print on std::cout goes to descriptor 1 through
// write(2), so that the reason of the first failed write (a full device, a file system gone) is
// kept and the exit status can say the output was lost. C's stdout is not used by redsem.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>

namespace redsem::tools {

// Buffers what it is given (by line on a terminal, so output appears as it is printed) and
// remembers the errno of the first write that failed; nothing is written after that.
class descriptor_buffer : public std::streambuf {
 public:
  explicit descriptor_buffer(int fd);
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void drain();

  int fd_;
  bool by_line_;
  std::string pending_;
  int error_ = 0;
};

// While it lives, std::cout writes through a descriptor_buffer on descriptor 1.
class standard_output {
 public:
  standard_output();
  ~standard_output();
  standard_output(const standard_output&) = delete;
  standard_output& operator=(const standard_output&) = delete;

  // The exit status once everything printed is written: when a write failed, "redsem COMMAND:
  // cannot write standard output: reason" on `err`, and `status` 0 or 1 becomes 2 (a verdict
  // the user never received is not a verdict; any other failure status is kept).
  int finish(int status, const std::string& command, std::ostream& err);

 private:
  descriptor_buffer buffer_;
  std::streambuf* previous_;
};

}  // namespace redsem::tools
