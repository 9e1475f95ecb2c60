/* SPDX-License-Identifier: BSD-3-Clause */
// Tokens of one logical line of textual LLVM IR, and the parsers of types and operands over
// them (props/csource/ir_parse.cpp reads instructions with these).
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "props/csource/ir.h"

namespace redsem::csource::detail {

std::vector<std::string> tokenize(const std::string& line);

// The named struct types of a module: parsed on first use, so that a type may name a later one.
class type_table {
 public:
  void define(const std::string& name, std::vector<std::string> tokens) { pending_[name] = std::move(tokens); }
  type_ref named(const std::string& name);

 private:
  std::map<std::string, std::vector<std::string>> pending_;
  std::map<std::string, type_ref> done_;
};

class cursor {
 public:
  cursor(const std::vector<std::string>& t, type_table& types) : t_(t), types_(types) {}
  bool done() const { return i_ >= t_.size(); }
  const std::string& peek(std::size_t ahead = 0) const;
  std::string next();
  bool accept(const std::string& s);
  void expect(const std::string& s);
  [[noreturn]] void fail(const std::string& what) const;

  type_ref type();
  ir_value value(type_ref t);  // an operand of type t
  ir_value typed_value();      // "T v"
  // Skips parameter attributes (noundef, align 8, dereferenceable(16), …) before an operand.
  void skip_attributes();
  std::size_t position() const { return i_; }

 private:
  const std::vector<std::string>& t_;
  type_table& types_;
  std::size_t i_ = 0;
  ir_value constant_expression(type_ref t, const std::string& op);
};

}  // namespace redsem::csource::detail
