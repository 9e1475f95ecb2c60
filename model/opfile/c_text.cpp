// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/c_text.h"

#include <algorithm>
#include <iterator>

namespace redsem::opfile {
namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_capital_word(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_'; });
}

std::string hex_byte(unsigned char u) {
  static constexpr char hex[] = "0123456789abcdef";
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

// C11 and C23 keywords, and the lower-case object-like macros of the headers the unit includes
// (limits.h math.h mpi.h stdbool.h stddef.h stdint.h stdio.h string.h) and their function-like
// ones that the unit calls.
// clang-format off
constexpr std::string_view unusable_words[]{
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "alignas",
    "alignof", "bool", "constexpr", "false", "nullptr", "static_assert", "thread_local", "true", "typeof",
    "typeof_unqual", "asm", "fortran", "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic",
    "_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local", "_BitInt", "_Decimal32", "_Decimal64",
    "_Decimal128", "stdin", "stdout", "stderr", "errno", "math_errhandling", "offsetof", "isnan", "isinf",
    "signbit", "memcpy", "fprintf", "assert", "complex", "imaginary", "noreturn"};
// clang-format on

// What is wrong with `s` as C's grammar for a name, or "".
std::string grammar_problem(std::string_view s) {
  if (s.empty()) return "it is empty";
  if (!is_letter(s.front()) && s.front() != '_') return "a C name begins with a letter or _";
  for (char c : s)
    if (!is_letter(c) && !is_digit(c) && c != '_')
      return "a C name holds only letters, digits and _, not " +
             (c >= 0x20 && c < 0x7f ? "'" + std::string(1, c) + "'"
                                    : "byte " + hex_byte(static_cast<unsigned char>(c)));
  return "";
}

}  // namespace

std::string c_comment_text(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += hex_byte(u);
      continue;
    }
    // `*/` `/*` would end or nest the comment; `??/` is a backslash where trigraphs are on.
    if ((c == '/' && !out.empty() && out.back() == '*') || (c == '*' && !out.empty() && out.back() == '/')) out += ' ';
    if (std::string_view("=/'()!<>-").find(c) != std::string_view::npos && out.size() >= 2 &&
        out.compare(out.size() - 2, 2, "??") == 0)
      out += ' ';
    // A backslash with only spaces after it would splice the line after the text into a // comment.
    if (c == '\\' && s.find_first_not_of(' ', i + 1) == std::string_view::npos) {
      out += hex_byte(u);
      continue;
    }
    out += c;
  }
  // The text's neighbours in the comment cannot complete a `*/` or `/*` with it either.
  if (!out.empty() && (out.front() == '/' || out.front() == '*')) out.insert(out.begin(), ' ');
  if (!out.empty() && (out.back() == '*' || out.back() == '/' || out.back() == '?')) out += ' ';
  return out;
}

std::string c_string_literal(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || c == '?') {
      out += '\\';
      out += c;
    } else if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      out += '\\';
      out += static_cast<char>('0' + (u >> 6));
      out += static_cast<char>('0' + ((u >> 3) & 7));
      out += static_cast<char>('0' + (u & 7));
    }
  }
  return out + "\"";
}

std::string c_prefix_problem(std::string_view prefix) {
  if (auto why = grammar_problem(prefix); !why.empty()) return why;
  if (prefix.starts_with("__") || (prefix.size() > 1 && prefix[0] == '_' && prefix[1] >= 'A' && prefix[1] <= 'Z') ||
      (prefix.size() == 1 && prefix[0] == '_'))
    return "names that begin with __ or _ and a capital are reserved to the C implementation";
  if (prefix.starts_with("MPI_") || prefix.starts_with("PMPI_") || prefix == "MPI" || prefix == "PMPI")
    return "names that begin with MPI_ or PMPI_ are reserved to MPI (MPI-4.1 §2.6.2)";
  return "";
}

std::string c_identifier_problem(std::string_view name) {
  if (auto why = c_prefix_problem(name); !why.empty()) return why;
  if (std::find(std::begin(unusable_words), std::end(unusable_words), name) != std::end(unusable_words))
    return "it is a C keyword or a macro of the headers the generated C includes";
  if (is_capital_word(name)) return "names of capitals, digits and _ only are the headers' macros' names";
  return "";
}

}  // namespace redsem::opfile
