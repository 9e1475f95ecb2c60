// SPDX-License-Identifier: BSD-3-Clause
// Reads clang's textual IR line by line: named types, globals, debug locations (for source
// lines), and the body of every defined function. An instruction whose form this parser does
// not know is kept with its opcode alone, for the executor to report as not modelled.
#include <set>
#include <sstream>

#include "props/csource/ir.h"
#include "props/csource/ir_lexer.h"

namespace redsem::csource {
namespace {

using detail::cursor;

const std::set<std::string> int_binary{"add", "sub",  "mul",  "udiv", "sdiv", "urem", "srem",
                                       "shl", "lshr", "ashr", "and",  "or",   "xor"};
const std::set<std::string> float_binary{"fadd", "fsub", "fmul", "fdiv", "frem"};
const std::set<std::string> casts{"zext",   "sext",   "trunc",    "fptrunc",  "fpext",   "fptoui",       "fptosi",
                                  "uitofp", "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast"};
const std::set<std::string> flags{"nuw",      "nsw", "exact",   "fast",     "nnan",     "ninf", "nsz",      "arcp",
                                  "contract", "afn", "reassoc", "inbounds", "volatile", "tail", "musttail", "notail"};
const std::set<std::string> fast_flags{"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"};

// The lines of the text, a `switch`'s cases joined to its line.
std::vector<std::string> logical_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  int open = 0;
  while (std::getline(in, line)) {
    if (open > 0)
      out.back() += " " + line;
    else
      out.push_back(line);
    if (line.find("switch ") != std::string::npos || open > 0)
      for (char c : line) open += c == '[' ? 1 : c == ']' ? -1 : 0;
  }
  return out;
}

void skip_flags(cursor& c, ir_instr& ins) {
  while (flags.count(c.peek())) {
    if (fast_flags.count(c.peek())) ins.fast_math = true;
    c.next();
  }
}

std::string label_name(cursor& c) {
  c.expect("label");
  return c.next().substr(1);
}

void parse_call(cursor& c, ir_instr& ins) {
  skip_flags(c, ins);
  c.skip_attributes();
  ins.type = c.type();
  if (c.accept("asm")) {
    while (c.peek()[0] != '"') c.next();  // sideeffect, alignstack, inteldialect
    ins.callee = "asm";
    c.next();
    c.expect(",");
    c.next();
  } else {
    const std::string callee = c.next();
    ins.callee = callee[0] == '@' ? callee.substr(1) : callee;
  }
  c.expect("(");
  if (!c.accept(")")) {
    do ins.args.push_back(c.typed_value());
    while (c.accept(","));
    c.expect(")");
  }
}

void parse_operands(cursor& c, ir_instr& ins) {
  const std::string& op = ins.op;
  if (int_binary.count(op) || float_binary.count(op)) {
    skip_flags(c, ins);
    ins.type = c.type();
    ins.args.push_back(c.value(ins.type));
    c.expect(",");
    ins.args.push_back(c.value(ins.type));
  } else if (op == "fneg" || op == "freeze") {
    skip_flags(c, ins);
    ins.args.push_back(c.typed_value());
    ins.type = ins.args[0].type;
  } else if (op == "icmp" || op == "fcmp") {
    skip_flags(c, ins);
    ins.pred = c.next();
    const type_ref t = c.type();
    ins.args.push_back(c.value(t));
    c.expect(",");
    ins.args.push_back(c.value(t));
  } else if (op == "select") {
    skip_flags(c, ins);
    for (int i = 0; i < 3; ++i) {
      if (i) c.expect(",");
      ins.args.push_back(c.typed_value());
    }
    ins.type = ins.args[1].type;
  } else if (op == "phi") {
    skip_flags(c, ins);
    ins.type = c.type();
    do {
      c.expect("[");
      ir_value v = c.value(ins.type);
      c.expect(",");
      ins.pairs.emplace_back(std::move(v), c.next().substr(1));
      c.expect("]");
    } while (c.accept(","));
  } else if (op == "br") {
    if (c.peek() == "label") {
      ins.labels.push_back(label_name(c));
    } else {
      ins.args.push_back(c.typed_value());
      c.expect(",");
      ins.labels.push_back(label_name(c));
      c.expect(",");
      ins.labels.push_back(label_name(c));
    }
  } else if (op == "switch") {
    ins.args.push_back(c.typed_value());
    c.expect(",");
    ins.labels.push_back(label_name(c));
    c.expect("[");
    while (!c.accept("]")) {
      ir_value v = c.typed_value();
      c.expect(",");
      ins.pairs.emplace_back(std::move(v), label_name(c));
    }
  } else if (op == "ret") {
    if (!c.accept("void")) ins.args.push_back(c.typed_value());
  } else if (op == "load") {
    skip_flags(c, ins);
    ins.type = c.type();
    c.expect(",");
    ins.args.push_back(c.typed_value());
  } else if (op == "store") {
    skip_flags(c, ins);
    ins.args.push_back(c.typed_value());
    c.expect(",");
    ins.args.push_back(c.typed_value());
  } else if (op == "getelementptr") {
    skip_flags(c, ins);
    ins.source = c.type();
    while (c.accept(",")) ins.args.push_back(c.typed_value());
  } else if (op == "alloca") {
    ins.source = c.type();
    if (c.accept(",") && c.peek() != "align") ins.args.push_back(c.typed_value());
  } else if (casts.count(op)) {
    ins.args.push_back(c.typed_value());
    c.expect("to");
    ins.type = c.type();
  } else if (op == "extractvalue" || op == "insertvalue") {
    ins.args.push_back(c.typed_value());
    if (op == "insertvalue") c.expect(","), ins.args.push_back(c.typed_value());
    while (c.accept(",")) ins.indices.push_back(static_cast<unsigned>(std::stoul(c.next())));
    ins.type = ins.args[0].type;
  } else if (op == "call") {
    parse_call(c, ins);
  }
  // Any other opcode (unreachable, invoke, atomicrmw, …) keeps no operands.
}

// One instruction line; `lines` maps debug locations to source lines.
ir_instr parse_instruction(const std::string& text, detail::type_table& types,
                           const std::map<std::string, int>& lines) {
  ir_instr ins;
  if (text.find("@llvm.dbg.") != std::string::npos) {
    ins.op = "dbg";  // debug-info bookkeeping: no effect on the computation
    return ins;
  }
  std::vector<std::string> tokens = detail::tokenize(text);
  // Metadata attachments (", !dbg !41, !tbaa !42") and attribute groups (#3) close the line.
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == "!dbg" && i + 1 < tokens.size())
      if (auto it = lines.find(tokens[i + 1]); it != lines.end()) ins.line = it->second;
  }
  std::vector<std::string> body;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == "," && i + 1 < tokens.size() && tokens[i + 1][0] == '!') break;
    if (tokens[i][0] == '#') continue;
    body.push_back(tokens[i]);
  }
  cursor c(body, types);
  if (body.size() > 1 && body[0][0] == '%' && body[1] == "=") {
    ins.result = body[0].substr(1);
    c.next(), c.next();
  }
  while (c.peek() == "tail" || c.peek() == "musttail" || c.peek() == "notail") c.next();
  ins.op = c.next();
  try {
    parse_operands(c, ins);
  } catch (const std::runtime_error&) {
    ins.args.clear();
    ins.op = "unparsed";  // the executor reports it, with its text and line
    ins.callee = text.substr(text.find_first_not_of(' '));
  }
  return ins;
}

// "!41 = !DILocation(line: 35, …)" and "!15 = distinct !DISubprogram(…, line: 4, …)".
void read_metadata(const std::string& line, std::map<std::string, int>& lines) {
  const auto eq = line.find(" = ");
  if (eq == std::string::npos) return;
  const bool location = line.find("!DILocation(") != std::string::npos;
  if (!location && line.find("!DISubprogram(") == std::string::npos) return;
  const auto at = line.find(location ? "(line: " : " line: ");
  if (at == std::string::npos) return;
  lines[line.substr(0, eq)] = std::stoi(line.substr(at + 7));
}

void read_global(const std::string& line, detail::type_table& types, ir_module& m) {
  const auto tokens = detail::tokenize(line);
  ir_global g;
  g.name = tokens[0].substr(1);
  std::size_t i = 2;
  for (; i < tokens.size() && tokens[i] != "global" && tokens[i] != "constant"; ++i)
    if (tokens[i] == "external" || tokens[i] == "extern_weak") g.external = true;
  if (i == tokens.size()) return;  // an alias or ifunc: not data
  g.constant = tokens[i] == "constant";
  std::vector<std::string> rest(tokens.begin() + static_cast<std::ptrdiff_t>(i) + 1, tokens.end());
  cursor c(rest, types);
  g.type = c.type();
  m.globals[g.name] = std::move(g);
}

ir_function read_signature(const std::string& line, detail::type_table& types,
                           const std::map<std::string, int>& lines) {
  auto tokens = detail::tokenize(line);
  std::size_t at = 0;
  while (at < tokens.size() && tokens[at][0] != '@') ++at;
  ir_function f;
  f.name = tokens.at(at).substr(1);
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
    if (tokens[i] == "!dbg")
      if (auto it = lines.find(tokens[i + 1]); it != lines.end()) f.line = it->second;
  // The return type: the tokens before the name, less linkage and attributes.
  static const std::set<std::string> words{"define",
                                           "dso_local",
                                           "internal",
                                           "private",
                                           "hidden",
                                           "noundef",
                                           "signext",
                                           "zeroext",
                                           "linkonce_odr",
                                           "weak",
                                           "fastcc",
                                           "nonnull",
                                           "available_externally",
                                           "protected",
                                           "local_unnamed_addr"};
  std::vector<std::string> ret;
  for (std::size_t i = 0; i < at; ++i)
    if (!words.count(tokens[i])) ret.push_back(tokens[i]);
  cursor rc(ret, types);
  f.return_type = rc.type();
  std::vector<std::string> rest(tokens.begin() + static_cast<std::ptrdiff_t>(at) + 1, tokens.end());
  cursor c(rest, types);
  c.expect("(");
  if (!c.accept(")")) {
    do {
      type_ref t = c.type();
      c.skip_attributes();
      std::string name = c.peek()[0] == '%' ? c.next().substr(1) : std::to_string(f.params.size());
      f.params.emplace_back(std::move(t), std::move(name));
    } while (c.accept(","));
  }
  return f;
}

}  // namespace

const ir_block* ir_function::block(const std::string& label) const {
  for (const auto& b : blocks)
    if (b.label == label) return &b;
  return nullptr;
}

std::uint64_t integer_literal(const std::string& digits) {
  const bool negative = !digits.empty() && digits[0] == '-';
  std::uint64_t v = 0;
  for (std::size_t i = negative ? 1 : 0; i < digits.size(); ++i)
    v = v * 10 + static_cast<std::uint64_t>(digits[i] - '0');
  return negative ? ~v + 1 : v;
}

ir_module parse_ir(const std::string& text) {
  const auto all = logical_lines(text);
  detail::type_table types;
  std::map<std::string, int> lines;
  ir_module m;
  for (const auto& line : all) {
    if (line.rfind("!", 0) == 0)
      read_metadata(line, lines);
    else if (line.rfind("%", 0) == 0 && line.find(" = type ") != std::string::npos) {
      auto tokens = detail::tokenize(line);
      types.define(tokens[0], std::vector<std::string>(tokens.begin() + 3, tokens.end()));
    } else if (line.rfind("source_filename = \"", 0) == 0) {
      m.source_file = line.substr(19, line.size() - 20);
    }
  }
  ir_function* f = nullptr;
  std::size_t number = 0;
  for (std::size_t n = 0; n < all.size(); ++n) {
    const std::string& line = all[n];
    try {
      if (line.rfind("@", 0) == 0)
        read_global(line, types, m);
      else if (line.rfind("define ", 0) == 0) {
        ir_function g = read_signature(line, types, lines);
        f = &(m.functions[g.name] = std::move(g));
        number = f->params.size();  // the entry block's implicit number
        f->blocks.push_back({std::to_string(number), {}});
      } else if (f && line == "}") {
        f = nullptr;
      } else if (f && !line.empty() && line[0] != ' ' && line.find(':') != std::string::npos) {
        const std::string label = line.substr(0, line.find(':'));
        if (f->blocks.back().instrs.empty())
          f->blocks.back().label = label;
        else
          f->blocks.push_back({label, {}});
      } else if (f && line.find_first_not_of(' ') != std::string::npos && line[0] == ' ') {
        f->blocks.back().instrs.push_back(parse_instruction(line, types, lines));
      }
    } catch (const std::exception& e) {
      throw std::runtime_error("line " + std::to_string(n + 1) + " of the IR: " + e.what());
    }
  }
  return m;
}

}  // namespace redsem::csource
