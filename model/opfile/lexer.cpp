// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/lexer.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>

namespace redsem::opfile::detail {
namespace {

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string shown(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  static constexpr char hex[] = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace

void lexer::advance() {
  if (text_[pos_] == '\n') {
    ++loc_.line;
    loc_.col = 1;
  } else {
    ++loc_.col;
  }
  ++pos_;
}

void lexer::skip_space_and_comments() {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') advance();
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      advance();
    } else {
      return;
    }
  }
}

token lexer::next() {
  skip_space_and_comments();
  token t;
  t.loc = loc_;
  if (pos_ >= text_.size()) return t;
  const std::size_t start = pos_;
  const char c = text_[pos_];
  if (is_name_start(c)) {
    while (pos_ < text_.size() && is_name_char(text_[pos_])) advance();
    if (pos_ - start > max_name_) throw syntax_error(t.loc, "name longer than " + std::to_string(max_name_) + " characters");
    t.kind = token_kind::identifier;
    t.text = text_.substr(start, pos_ - start);
    return t;
  }
  if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number(t.loc);
  if (c == '"') return string_literal(t.loc);
  static constexpr std::array<std::string_view, 8> two_char{"&&", "||", "==", "!=", "<=", ">=", "<<", ">>"};
  for (auto op : two_char) {
    if (text_.substr(pos_, 2) == op) {
      advance();
      advance();
      t.kind = token_kind::punct;
      t.text = op;
      return t;
    }
  }
  static constexpr std::string_view one_char = "+-*&|^~!<>=(){},.:";
  if (one_char.find(c) != std::string_view::npos) {
    advance();
    t.kind = token_kind::punct;
    t.text = text_.substr(start, 1);
    return t;
  }
  throw syntax_error(t.loc, "unexpected " + shown(c));
}

token lexer::number(source_loc at) {
  const std::size_t start = pos_;
  token t;
  t.loc = at;
  const bool hex = peek() == '0' && (peek(1) == 'x' || peek(1) == 'X');
  if (hex) {
    advance();
    advance();
    while (std::isxdigit(static_cast<unsigned char>(peek()))) advance();
  } else {
    while (is_digit(peek())) advance();
    if (peek() == '.') {
      t.kind = token_kind::floating;
      advance();
      while (is_digit(peek())) advance();
    }
    if (peek() == 'e' || peek() == 'E') {
      const std::size_t sign = (peek(1) == '+' || peek(1) == '-') ? 1 : 0;
      if (is_digit(peek(1 + sign))) {
        t.kind = token_kind::floating;
        for (std::size_t i = 0; i < 1 + sign; ++i) advance();
        while (is_digit(peek())) advance();
      }
    }
  }
  if (is_name_char(peek())) throw syntax_error(loc_, "unexpected " + shown(peek()) + " in a number");
  t.text = text_.substr(start, pos_ - start);
  if (t.kind == token_kind::floating) {
    // Its value is read once its type is known (typecheck): rounding straight to that type.
    if (t.text.size() > 400) throw syntax_error(at, "number longer than 400 characters");
    return t;
  }
  t.kind = token_kind::integer;
  const std::string_view digits = hex ? t.text.substr(2) : t.text;
  if (digits.empty()) throw syntax_error(at, "expected hexadecimal digits after 0x");
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), t.integer, hex ? 16 : 10);
  if (ec != std::errc{} || end != digits.data() + digits.size())
    throw syntax_error(at, "integer literal " + std::string(t.text) + " does not fit in 64 bits");
  return t;
}

token lexer::string_literal(source_loc at) {
  token t;
  t.kind = token_kind::string;
  t.loc = at;
  advance();  // opening quote
  while (true) {
    if (pos_ >= text_.size() || peek() == '\n') throw syntax_error(at, "string not closed by '\"' on its line");
    const char c = peek();
    advance();
    if (c == '"') break;
    if (c == '\\') {
      const char e = peek();
      if (e != '"' && e != '\\') throw syntax_error(loc_, "expected '\"' or '\\' after '\\' in a string");
      advance();
      t.value += e;
    } else {
      t.value += c;
    }
  }
  return t;
}

}  // namespace redsem::opfile::detail
