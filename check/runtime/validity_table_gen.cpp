// SPDX-License-Identifier: BSD-3-Clause
// Writes redsem's op × datatype validity table (model/validity_table.h), the rules it cites
// (model/outcome.h) and each predefined type's element layout (model/datatype.h) as a C header
// for the check runtime, which is C built by an MPI's compiler wrapper and cannot link the
// model. One source of truth: the runtime decides exactly as `redsem` does.
#include <cctype>
#include <cstdio>
#include <string>

#include "model/datatype.h"
#include "model/outcome.h"
#include "model/scalar.h"
#include "model/validity_table.h"

namespace {

using namespace redsem;

constexpr std::size_t scalar_kind_count = static_cast<std::size_t>(scalar_kind::wchar) + 1;

// RC_I8, RC_F64, ...: the model's name of the kind, in capitals.
std::string kind_name(scalar_kind k) {
  std::string name = "RC_";
  for (const char c : to_string(k)) name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

char verdict_letter(cell_verdict v) {
  switch (v) {
    case cell_verdict::valid:
      return 'v';
    case cell_verdict::rma_only:
      return 'r';
    case cell_verdict::erroneous:
      return 'e';
  }
  return 'e';
}

// A C string literal of `text` (the rule texts are ASCII without quotes or backslashes, but the
// § of the sections is UTF-8: written as octal escapes so the header is plain ASCII).
std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (const unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\%03o", c);
      out += esc;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void write(std::FILE* out) {
  const auto table = validity_table();
  std::fprintf(out,
               "/* Generated at build time by check/runtime/validity_table_gen.cpp from redsem's model\n"
               " * (model/validity_table.h, model/outcome.h, model/datatype.h): do not edit. */\n"
               "#ifndef REDSEM_CHECK_VALIDITY_DATA_H\n#define REDSEM_CHECK_VALIDITY_DATA_H\n\n");
  std::fprintf(out, "enum { RC_TYPE_COUNT = %zu, RC_OP_COUNT = %zu, RC_RULE_COUNT = %zu };\n\n", basic_type_count,
               op_count, rule_count);
  std::fprintf(out,
               "/* X(index, handle): every predefined type the model knows, in its order. */\n"
               "#define RC_PREDEFINED_TYPES(X)");
  for (std::size_t t = 0; t < basic_type_count; ++t)
    std::fprintf(out, " \\\n  X(%zu, %s)", t, std::string(info(static_cast<basic_type>(t)).name).c_str());
  std::fprintf(out, "\n\n/* X(index, handle): every predefined op. */\n#define RC_PREDEFINED_OPS(X)");
  for (std::size_t o = 0; o < op_count; ++o)
    std::fprintf(out, " \\\n  X(%zu, %s)", o, std::string(to_string(static_cast<op_id>(o))).c_str());
  std::fprintf(out,
               "\n\n/* The model's scalar kinds, and how many bytes carry each one's value. */\n"
               "enum rc_scalar_kind {");
  for (std::size_t k = 0; k < scalar_kind_count; ++k)
    std::fprintf(out, "%s %s", k ? "," : "", kind_name(static_cast<scalar_kind>(k)).c_str());
  std::fprintf(out, " };\nstatic const unsigned char rc_value_bytes[] = {");
  for (std::size_t k = 0; k < scalar_kind_count; ++k)
    std::fprintf(out, "%s%zu", k ? ", " : "", value_bytes(static_cast<scalar_kind>(k)));
  std::fprintf(out,
               "};\n"
               "struct rc_field { enum rc_scalar_kind kind; unsigned short offset; };\n"
               "struct rc_type_layout { unsigned short size; unsigned char fields; struct rc_field field[2]; };\n"
               "static const struct rc_type_layout rc_type_layouts[RC_TYPE_COUNT] = {\n");
  for (std::size_t t = 0; t < basic_type_count; ++t) {
    const type_info& ti = info(static_cast<basic_type>(t));
    std::fprintf(out, "  {%u, %u, {{%s, %u}, {%s, %u}}},\n", unsigned{ti.size}, unsigned{ti.field_count},
                 kind_name(ti.fields[0].kind).c_str(), unsigned{ti.fields[0].offset},
                 kind_name(ti.field_count > 1 ? ti.fields[1].kind : ti.fields[0].kind).c_str(),
                 ti.field_count > 1 ? unsigned{ti.fields[1].offset} : 0u);
  }
  std::fprintf(out,
               "};\n\nstruct rc_rule_text { const char *name, *section, *text; };\n"
               "static const struct rc_rule_text rc_rules[RC_RULE_COUNT] = {\n");
  for (std::size_t r = 0; r < rule_count; ++r) {
    const rule_info& ri = describe(static_cast<rule>(r));
    std::fprintf(out, "  {%s, %s, %s},\n", quoted(ri.name).c_str(), quoted(ri.section).c_str(),
                 quoted(ri.text).c_str());
  }
  std::fprintf(out, "};\n/* Index of each rule in rc_rules. */\nenum rc_rule {");
  for (std::size_t r = 0; r < rule_count; ++r) {
    std::string name(describe(static_cast<rule>(r)).name);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::fprintf(out, "%s RC_RULE_%s = %zu", r ? "," : "", name.c_str(), r);
  }
  std::fprintf(out,
               " };\n\n/* Per type (row) and op (column): 'v' valid in reductions, 'r' valid only in RMA\n"
               " * accumulates, 'e' erroneous; and the rule (index in rc_rules) of each refused cell, -1 when\n"
               " * valid. */\nstatic const char rc_verdicts[RC_TYPE_COUNT][RC_OP_COUNT + 1] = {\n");
  for (const auto& row : table) {
    std::string letters;
    for (const auto& cell : row) letters += verdict_letter(cell.verdict);
    std::fprintf(out, "  \"%s\", /* %s */\n", letters.c_str(), std::string(info(row.front().type).name).c_str());
  }
  std::fprintf(out, "};\nstatic const signed char rc_reasons[RC_TYPE_COUNT][RC_OP_COUNT] = {\n");
  for (const auto& row : table) {
    std::fprintf(out, "  {");
    for (const auto& cell : row) std::fprintf(out, "%d,", cell.reason ? static_cast<int>(*cell.reason) : -1);
    std::fprintf(out, "},\n");
  }
  std::fprintf(out, "};\n\n#endif\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.h\n", argv[0]);
    return 2;
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) {
    std::perror(argv[1]);
    return 2;
  }
  write(out);
  return std::fclose(out) == 0 ? 0 : 2;
}
