// SPDX-License-Identifier: BSD-3-Clause
// Text written into generated C cannot end its comment or string early, nor name anything but
// itself (model/opfile/c_text.h): what `redsem emit-c` relies on for every input it embeds.
#include "model/opfile/c_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace redsem::opfile {
namespace {

// Texts an op file's path or description may hold that once wrote C of their own.
std::vector<std::string> hostile_texts() {
  std::vector<std::string> out{"*/ __attribute__((constructor)) static void f(void) {} /*",
                               "a*",
                               "/b",
                               "*",
                               "/",
                               "**//**",
                               "x\n#include \"/etc/passwd\"\ny",
                               "ends in \\",
                               "ends in \\   ",
                               "trigraph ?\?/",
                               "?\?/\n",
                               "?\?=?\?(?\?)",
                               "\r\t\v\f\x7f",
                               "?"};
  std::string every_byte;
  for (int b = 1; b < 256; ++b) every_byte += static_cast<char>(b);
  out.push_back(every_byte);
  return out;
}

// Whether `text`, wrapped in /* */ with a letter on either side as the generator does, is one
// comment that ends where the generator ends it, with no line break, splice or trigraph in it.
bool stays_in_comment(const std::string& text) {
  const std::string c = "/* a" + text + "b */";
  if (c.find("*/") != c.size() - 2 || c.find("/*", 1) != std::string::npos) return false;
  for (char ch : text)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) return false;
  // (written ?\? here: this file is C++, where they would be trigraphs too)
  for (const char* tri : {"?\?=", "?\?/", "?\?'", "?\?(", "?\?)", "?\?!", "?\?<", "?\?>", "?\?-"})
    if (c.find(tri) != std::string::npos) return false;
  const auto last = text.find_last_not_of(' ');
  return last == std::string::npos || text[last] != '\\';
}

TEST(CCommentText, NoTextEndsOrLeavesTheComment) {
  for (const auto& t : hostile_texts()) {
    const std::string safe = c_comment_text(t);
    EXPECT_TRUE(stays_in_comment(safe)) << safe;
    EXPECT_TRUE(stays_in_comment(" " + safe)) << safe;  // a neighbour's `*` or `/` cannot complete one either
    EXPECT_TRUE(stays_in_comment("/" + safe + "*")) << safe;
  }
}

TEST(CCommentText, PlainTextIsUnchanged) {
  EXPECT_EQ(c_comment_text("MPI_MINLOC written as an op file (§7.9.4 ∘)"),
            "MPI_MINLOC written as an op file (§7.9.4 ∘)");
  EXPECT_EQ(c_comment_text("a\nb"), "a\\x0ab");
}

// The bytes a C compiler reads from the literal (the escapes c_string_literal writes).
std::string decoded(const std::string& literal) {
  EXPECT_GE(literal.size(), 2u);
  EXPECT_EQ(literal.front(), '"');
  EXPECT_EQ(literal.back(), '"');
  std::string out;
  for (std::size_t i = 1; i + 1 < literal.size(); ++i) {
    char c = literal[i];
    EXPECT_FALSE(c == '"' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
        << "unescaped byte in " << literal;
    if (c == '?') ADD_FAILURE() << "unescaped ? (a trigraph may follow) in " << literal;
    if (c != '\\') {
      out += c;
      continue;
    }
    c = literal[++i];
    if (c >= '0' && c <= '7') {
      out += static_cast<char>((c - '0') * 64 + (literal[i + 1] - '0') * 8 + (literal[i + 2] - '0'));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

TEST(CStringLiteral, HoldsEveryByteExactly) {
  for (const auto& t : hostile_texts()) EXPECT_EQ(decoded(c_string_literal(t)), t);
  EXPECT_EQ(c_string_literal("100% \"x\""), "\"100% \\\"x\\\"\"");
  EXPECT_EQ(c_string_literal("\x01"
                             "7"),
            "\"\\0017\"");  // octal escapes have three digits: the 7 stays a 7
}

TEST(CIdentifier, AcceptsTheOpFilesNames) {
  for (const char* ok : {"value", "index", "start", "x", "a1", "all_min_all_equal", "val_"})
    EXPECT_EQ(c_identifier_problem(ok), "") << ok;
  for (const char* ok : {"mpix_segmented_sum", "int", "minloc_double", "Ab"}) EXPECT_EQ(c_prefix_problem(ok), "") << ok;
}

TEST(CIdentifier, RefusesWhatIsNotOrWouldNotStayAName) {
  for (const char* bad :
       {"",         "9x",   "a-b", "a b",   "a*/b",   "a\nb", "register", "int", "bool",   "true",  "typeof",
        "__x",      "_X",   "_",   "MPI_X", "PMPI_x", "NAN",  "INT_MAX",  "X",   "stderr", "errno", "math_errhandling",
        "offsetof", "isnan"})
    EXPECT_NE(c_identifier_problem(bad), "") << bad;
  for (const char* bad : {"", "9x", "a*/b", "__init", "_Foo", "_", "MPI_X", "MPI", "PMPI_x", "é"})
    EXPECT_NE(c_prefix_problem(bad), "") << bad;
}

}  // namespace
}  // namespace redsem::opfile
