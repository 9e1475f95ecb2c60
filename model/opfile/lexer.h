/* SPDX-License-Identifier: BSD-3-Clause */
// Tokens of an op file. Internal to the parser.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "model/opfile/syntax.h"

namespace redsem::opfile::detail {

enum class token_kind : std::uint8_t { end, identifier, integer, floating, string, punct };

struct token {
  token_kind kind = token_kind::end;
  std::string_view text;  // the source text (a string's contents, unescaped, are in `value`)
  std::string value;      // string literal contents
  std::uint64_t integer = 0;
  source_loc loc;
};

// Thrown inside the parser and turned into a diagnostic at its boundary.
struct syntax_error : std::runtime_error {
  syntax_error(source_loc where, const std::string& what) : std::runtime_error(what), loc(where) {}
  source_loc loc;
};

// Splits the text into tokens on demand. Comments run from '#' to the end of the line;
// newlines are ordinary white space.
class lexer {
 public:
  lexer(std::string_view text, std::size_t max_name_length) : text_(text), max_name_(max_name_length) {}
  token next();

 private:
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  void advance();
  void skip_space_and_comments();
  token number(source_loc at);
  token string_literal(source_loc at);

  std::string_view text_;
  std::size_t max_name_;
  std::size_t pos_ = 0;
  source_loc loc_;
};

}  // namespace redsem::opfile::detail
