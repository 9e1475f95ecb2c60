/* SPDX-License-Identifier: BSD-3-Clause */
// The subset of textual LLVM IR (as Debian's clang 14 prints it: typed pointers) that a C
// MPI_User_function compiles to, parsed into plain data for the symbolic executor
// (props/smt/ir_exec.h). Solver-free. The parser keeps every instruction it reads, whatever its
// opcode: the executor, not the parser, decides what is modelled, so that nothing is dropped.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace redsem::csource {

struct ir_type;
using type_ref = std::shared_ptr<const ir_type>;

struct ir_type {
  enum class kind : std::uint8_t { integer, f32, f64, f80, pointer, array, structure, vector, void_, label, other };
  kind k = kind::other;
  unsigned bits = 0;            // integer
  std::uint64_t count = 0;      // array, vector
  std::vector<type_ref> elems;  // structure fields; array/vector/pointer: the one element
  bool packed = false;
  std::string text;  // as written, for messages
};

// Layout on x86-64 (the target clang compiles for): size, ABI alignment, field offsets.
std::uint64_t size_of(const ir_type& t);
std::uint64_t align_of(const ir_type& t);
std::uint64_t field_offset(const ir_type& t, std::size_t field);
bool is_float(const ir_type& t);

struct ir_value {
  enum class kind : std::uint8_t { local, global, integer, floating, null, undef, zero, constexpr_ };
  kind k = kind::undef;
  type_ref type;
  std::string text;  // local/global name; an integer's decimal digits; a float's literal
  // A constant expression: its opcode (bitcast, getelementptr, …) and operands; for
  // getelementptr `source` is the source element type.
  std::string op;
  std::vector<ir_value> operands;
  type_ref source;
};

struct ir_instr {
  std::string result;  // "" when the instruction has none
  std::string op;      // add, fcmp, call, …
  type_ref type;       // the result type (load, cast target, call return) or the operand type
  std::vector<ir_value> args;
  std::string pred;                                     // icmp/fcmp predicate
  std::vector<std::pair<ir_value, std::string>> pairs;  // phi (value, block); switch (case, block)
  std::vector<std::string> labels;                      // br targets; switch default
  type_ref source;                                      // getelementptr, alloca, load: the element type
  std::string callee;                                   // call: the function name; "asm" for inline assembly
  std::vector<unsigned> indices;                        // extractvalue, insertvalue
  bool fast_math = false;                               // any fast-math flag on a float operation
  int line = 0;                                         // source line (from !dbg), 0 if none
};

struct ir_block {
  std::string label;
  std::vector<ir_instr> instrs;
};

struct ir_function {
  std::string name;
  type_ref return_type;
  std::vector<std::pair<type_ref, std::string>> params;
  std::vector<ir_block> blocks;
  int line = 0;
  const ir_block* block(const std::string& label) const;
};

struct ir_global {
  std::string name;
  type_ref type;
  bool constant = false;
  bool external = false;
};

struct ir_module {
  std::map<std::string, ir_function> functions;  // definitions
  std::map<std::string, ir_global> globals;
  std::string source_file;
};

// Parses clang's textual IR; throws std::runtime_error naming the line it cannot read.
ir_module parse_ir(const std::string& text);

// An integer literal's value modulo 2^64 (the executor builds wider ones from the digits).
std::uint64_t integer_literal(const std::string& digits);

}  // namespace redsem::csource
