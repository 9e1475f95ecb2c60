// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/emit_c.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>

#include "model/opfile/c_source_domain.h"
#include "model/opfile/c_text.h"
#include "model/opfile/evaluate.h"

namespace redsem::opfile {
namespace {

using c_element = element<c_source_domain>;

std::string c_type_of(field_type t) {
  return std::string(visit(t, [](auto tag) { return c_type<field_cpp_t<decltype(tag)::value>>(); }));
}

// A predefined handle whose C layout is the element's; `condition` is the preprocessor test
// under which that holds (MPI_INT is int32 only where int is 32 bits).
struct handle {
  std::string name;
  std::string condition;
};

// The predefined datatypes of a one-field element: the exact-width name first.
std::vector<handle> scalar_handles(field_type t) {
  switch (t) {
    case field_type::boolean: return {{"MPI_C_BOOL", ""}};
    case field_type::i8: return {{"MPI_INT8_T", ""}, {"MPI_SIGNED_CHAR", ""}};
    case field_type::i16: return {{"MPI_INT16_T", ""}, {"MPI_SHORT", "SHRT_MAX == INT16_MAX"}};
    case field_type::i32: return {{"MPI_INT32_T", ""}, {"MPI_INT", "INT_MAX == INT32_MAX"}};
    case field_type::i64:
      return {{"MPI_INT64_T", ""}, {"MPI_LONG", "LONG_MAX == INT64_MAX"}, {"MPI_LONG_LONG", "LLONG_MAX == INT64_MAX"}};
    case field_type::u8: return {{"MPI_UINT8_T", ""}, {"MPI_UNSIGNED_CHAR", ""}};
    case field_type::u16: return {{"MPI_UINT16_T", ""}, {"MPI_UNSIGNED_SHORT", "USHRT_MAX == UINT16_MAX"}};
    case field_type::u32: return {{"MPI_UINT32_T", ""}, {"MPI_UNSIGNED", "UINT_MAX == UINT32_MAX"}};
    case field_type::u64:
      return {{"MPI_UINT64_T", ""},
              {"MPI_UNSIGNED_LONG", "ULONG_MAX == UINT64_MAX"},
              {"MPI_UNSIGNED_LONG_LONG", "ULLONG_MAX == UINT64_MAX"}};
    case field_type::f32: return {{"MPI_FLOAT", ""}};
    case field_type::f64: return {{"MPI_DOUBLE", ""}};
    case field_type::f80: return {{"MPI_LONG_DOUBLE", ""}};
  }
  internal_error("unknown field_type");
}

// MPI-4.1 §7.9.4's value–index pair types whose C struct is {value; int index}.
std::vector<handle> pair_handles(field_type value) {
  const std::string int32 = "INT_MAX == INT32_MAX";
  switch (value) {
    case field_type::f32: return {{"MPI_FLOAT_INT", int32}};
    case field_type::f64: return {{"MPI_DOUBLE_INT", int32}};
    case field_type::f80: return {{"MPI_LONG_DOUBLE_INT", int32}};
    case field_type::i32: return {{"MPI_2INT", int32}};
    case field_type::i16: return {{"MPI_SHORT_INT", int32 + " && SHRT_MAX == INT16_MAX"}};
    case field_type::i64: return {{"MPI_LONG_INT", int32 + " && LONG_MAX == INT64_MAX"}};
    default: return {};
  }
}

// The predefined handles an element of these fields is, best first; empty for a derived one.
std::vector<handle> predefined_handles(const typed_op& op) {
  if (op.fields.size() == 1) return scalar_handles(op.fields[0].type);
  if (op.fields.size() == 2 && op.fields[1].type == field_type::i32) return pair_handles(op.fields[0].type);
  return {};
}

// The NaN a literal gives in C (NAN, converted): the default quiet NaN, either sign.
bool is_default_nan(const scalar& v) {
  return std::visit(
      [](auto x) {
        using S = decltype(x);
        if constexpr (std::is_floating_point_v<S>) {
          if (!std::isnan(x)) return true;
          S quiet = std::numeric_limits<S>::quiet_NaN();
          S y = std::fabs(x);
          return std::memcmp(&quiet, &y, std::is_same_v<S, long double> ? 10 : sizeof(S)) == 0;
        } else {
          return true;
        }
      },
      v);
}

// Why C cannot express this instance, or "": every name the unit declares is checked here
// (c_text.h), so none can stand for anything but itself.
std::string inexpressible(const typed_op& op, const std::string& prefix) {
  const std::string p = c_name_prefix(op, prefix);
  if (auto why = c_prefix_problem(p); !why.empty())
    return "the C names' prefix '" + p + "' cannot be written into C: " + why +
           (prefix.empty() ? " (it is the op's name in lower case; name another with --prefix)" : "");
  for (const auto& f : op.fields)
    if (auto why = c_identifier_problem(f.name); !why.empty())
      return "field '" + f.name + "' cannot be written into C: " + why + "; rename it to generate C";
  for (const auto& n : op.nodes)
    if (n.op == code::constant && !is_default_nan(n.value))
      return "a NaN constant with a payload, which a C literal cannot spell";
  return "";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string type_choice(const typed_op& op) {
  const auto eq = op.instance.find('=');
  return eq == std::string::npos ? op.instance : op.instance.substr(eq + 1);
}

// The operand's fields as C locals named `side`0, `side`1, …
c_element operand(const typed_op& op, const std::string& side) {
  c_element out;
  for (std::size_t f = 0; f < op.fields.size(); ++f)
    out.push_back(visit(op.fields[f].type, [&](auto tag) -> value<c_source_domain> {
      constexpr auto F = decltype(tag)::value;
      return value<c_source_domain>(std::in_place_index<static_cast<std::size_t>(F)>,
                                    c_expr<field_cpp_t<F>>{side + std::to_string(f)});
    }));
  return out;
}

std::string text_of(const value<c_source_domain>& v) {
  return std::visit([](const auto& e) { return e.text; }, v);
}

std::string field_offset(const std::string& p, const typed_op& op, std::size_t f) {
  return "offsetof(" + p + "_element, " + op.fields[f].name + ")";
}

// Statements that store element `values` into the bytes at `at`: value bytes only, a bool as one byte 0 or 1.
std::string store_element(const std::string& p, const typed_op& op, const c_element& values, const std::string& at,
                          const std::string& indent) {
  std::string s;
  for (std::size_t f = 0; f < op.fields.size(); ++f) {
    const std::string r = "r" + std::to_string(f);
    if (op.fields[f].type == field_type::boolean) {
      s += indent + "((unsigned char *)" + at + ")[" + field_offset(p, op, f) + "] = " + text_of(values[f]) +
           " ? 1 : 0;\n";
    } else {
      s += indent + "{\n" + indent + "  const " + c_type_of(op.fields[f].type) + " " + r + " = " + text_of(values[f]) +
           ";\n" + indent + "  memcpy((char *)" + at + " + " + field_offset(p, op, f) + ", &" + r + ", sizeof " + r +
           ");\n" + indent + "}\n";
    }
  }
  return s;
}

std::string load_operand(const std::string& p, const typed_op& op, const std::string& side, const std::string& at) {
  std::string s;
  for (std::size_t f = 0; f < op.fields.size(); ++f) {
    const std::string name = side + std::to_string(f);
    if (op.fields[f].type == field_type::boolean) {
      s += "    const bool " + name + " = ((const unsigned char *)" + at + ")[" + field_offset(p, op, f) + "] != 0;\n";
    } else {
      s += "    " + c_type_of(op.fields[f].type) + " " + name + ";\n    memcpy(&" + name + ", " + at + " + " +
           field_offset(p, op, f) + ", sizeof " + name + ");\n";
    }
  }
  return s;
}

std::string element_typedef(const std::string& p, const typed_op& op) {
  std::string s = "/* One element, as MPI lays it out: the C struct of the op file's fields";
  if (std::any_of(op.fields.begin(), op.fields.end(), [](const auto& f) { return f.type == field_type::boolean; }))
    s += "; a bool field is one\n * byte (MPI_C_BOOL) read as 0 or not 0, so it is unsigned char here";
  s += ". */\ntypedef struct {\n";
  for (const auto& f : op.fields)
    s += "  " + (f.type == field_type::boolean ? std::string("unsigned char") : c_type_of(f.type)) + " " + f.name + ";\n";
  return s + "} " + p + "_element;\n\n";
}

std::string accepts_function(const std::string& p, const std::vector<handle>& handles) {
  std::string s = "static MPI_Datatype " + p + "_made_type = MPI_DATATYPE_NULL;\n\n";
  s += "static int " + p + "_accepts(MPI_Datatype type) {\n";
  s += "  if (type == MPI_DATATYPE_NULL) return 0;\n  if (type == " + p + "_made_type) return 1;\n";
  for (const auto& h : handles) {
    if (!h.condition.empty()) s += "#if " + h.condition + "\n";
    s += "  if (type == " + h.name + ") return 1;\n";
    if (!h.condition.empty()) s += "#endif\n";
  }
  return s + "  return 0;\n}\n\n";
}

// What an instance's function takes, for messages.
std::string expected_text(const std::string& p, const std::vector<handle>& handles) {
  std::string expected = handles.empty() ? "the datatype " + p + "_datatype() makes" : handles.front().name;
  if (handles.size() > 1) expected += " or an equivalent predefined datatype";
  return expected;
}

std::string refuse_function(const std::string& p, const std::string& what, const std::string& expected) {
  std::string s = "/* A user function cannot return an error (MPI-4.1 §7.9.5), and going on would read and\n"
                  " * write elements of another layout: a wrong datatype ends the program, saying why. */\n";
  s += "static void " + p + "_refuse(MPI_Datatype type) {\n";
  s += "  char name[MPI_MAX_OBJECT_NAME] = \"\";\n  int length = 0;\n";
  s += "  if (type != MPI_DATATYPE_NULL) MPI_Type_get_name(type, name, &length);\n";
  s += "  fprintf(stderr, \"%s: called with datatype '%s'; it takes %s\\n\", " +
       c_string_literal(p + "_function (" + what + ")") + ", length > 0 ? name : \"(unnamed)\", " +
       c_string_literal(expected) + ");\n";
  s += "  MPI_Abort(MPI_COMM_WORLD, MPI_ERR_TYPE);\n}\n\n";
  return s;
}

std::string user_function(const std::string& p, const typed_op& op, const policy& pol) {
  std::vector<std::string> statements;
  int counter = 0;
  const c_source_domain d(statements, counter);
  evaluator<c_source_domain> e(op, d, pol);
  const c_element result = e.combine(operand(op, "a"), operand(op, "b"));

  std::string s = "/* inoutvec[k] := invec[k] ∘ inoutvec[k] for k < *len, invec the left operand (MPI-4.1 §7.9.5).\n"
                  " * Both operands are read before the result is written, so the buffers may be the same. */\n";
  s += "void " + p + "_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype) {\n";
  s += "  if (!" + p + "_accepts(*datatype)) {\n    " + p + "_refuse(*datatype);\n    return;\n  }\n";
  s += "  for (int k = 0; k < *len; ++k) {\n";
  s += "    const char *in = (const char *)invec + (size_t)k * sizeof(" + p + "_element);\n";
  s += "    char *inout = (char *)inoutvec + (size_t)k * sizeof(" + p + "_element);\n";
  s += load_operand(p, op, "a", "in") + load_operand(p, op, "b", "inout");
  for (const auto& line : statements) s += "    " + line + "\n";
  s += store_element(p, op, result, "inout", "    ");
  return s + "  }\n}\n\n";
}

std::string op_create_function(const std::string& p, const typed_op& op) {
  return "/* The op, created " + std::string(op.commute ? "commutative" : "non-commutative") +
         " as the op file declares (commute " + (op.commute ? "true" : "false") + "). */\n" + "int " + p +
         "_op_create(MPI_Op *op) { return MPI_Op_create(" + p + "_function, " + (op.commute ? "1" : "0") +
         ", op); }\n\n";
}

// With several type choices: one function for all of them, choosing by the datatype handle, so
// that one MPI_Op serves every type (as the predefined ops do).
std::string dispatch_text(const std::vector<const typed_op*>& instances, const c_unit_request& r) {
  const typed_op& first = *instances.front();
  const std::string p = r.prefix.empty() ? lower(first.name) : r.prefix;
  std::string expected;
  std::string s = "/* ---- " + c_comment_text(first.name) + ": " + p +
                  "_function, every type choice by its datatype handle ---- */\n\n";
  for (const auto* op : instances) {
    const std::string q = c_name_prefix(*op, r.prefix);
    expected += (expected.empty() ? "" : ", ") + expected_text(q, predefined_handles(*op));
  }
  s += refuse_function(p, "op " + first.name, expected);
  s += "/* The function of the type choice whose datatype this is. */\n";
  s += "void " + p + "_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype) {\n";
  for (const auto* op : instances) {
    const std::string q = c_name_prefix(*op, r.prefix);
    s += "  if (" + q + "_accepts(*datatype)) {\n    " + q + "_function(invec, inoutvec, len, datatype);\n    return;\n  }\n";
  }
  s += "  " + p + "_refuse(*datatype);\n}\n\n";
  return s + op_create_function(p, first);
}

std::string datatype_function(const std::string& p, const typed_op& op, const std::vector<handle>& handles) {
  std::string s;
  if (!handles.empty() && handles.front().condition.empty()) {
    s += "/* The datatype " + p + "_function takes: a predefined one. */\n";
    s += "int " + p + "_datatype(MPI_Datatype *type) {\n  *type = " + handles.front().name + ";\n  return MPI_SUCCESS;\n}\n\n";
    return s;
  }
  const std::string n = std::to_string(op.fields.size());
  std::string lengths, displacements, types;
  for (std::size_t f = 0; f < op.fields.size(); ++f) {
    const std::string sep = f ? ", " : "";
    lengths += sep + "1";
    displacements += sep + "(MPI_Aint)" + field_offset(p, op, f);
    types += sep + scalar_handles(op.fields[f].type).front().name;
  }
  s += "/* The datatype " + p + "_function takes: " +
       (handles.empty() ? "" : handles.front().name + " where its C layout is this struct's, otherwise ") +
       "the struct of\n * its fields, resized to the C struct's size so that consecutive elements follow the C array.\n"
       " * Made once and kept: the function accepts this handle and no other. Call it after MPI_Init,\n"
       " * before threads share it. */\n";
  s += "int " + p + "_datatype(MPI_Datatype *type) {\n";
  if (!handles.empty()) s += "#if " + handles.front().condition + "\n  *type = " + handles.front().name + ";\n  return MPI_SUCCESS;\n#else\n";
  s += "  if (" + p + "_made_type == MPI_DATATYPE_NULL) {\n";
  s += "    int lengths[" + n + "] = {" + lengths + "};\n";
  s += "    MPI_Aint displacements[" + n + "] = {" + displacements + "};\n";
  s += "    MPI_Datatype types[" + n + "] = {" + types + "};\n";
  s += "    MPI_Datatype fields, resized;\n";
  s += "    int rc = MPI_Type_create_struct(" + n + ", lengths, displacements, types, &fields);\n";
  s += "    if (rc != MPI_SUCCESS) return rc;\n";
  s += "    rc = MPI_Type_create_resized(fields, 0, (MPI_Aint)sizeof(" + p + "_element), &resized);\n";
  s += "    MPI_Type_free(&fields);\n    if (rc != MPI_SUCCESS) return rc;\n";
  s += "    rc = MPI_Type_commit(&resized);\n";
  s += "    if (rc != MPI_SUCCESS) {\n      MPI_Type_free(&resized);\n      return rc;\n    }\n";
  s += "    " + p + "_made_type = resized;\n  }\n";
  s += "  *type = " + p + "_made_type;\n  return MPI_SUCCESS;\n";
  if (!handles.empty()) s += "#endif\n";
  return s + "}\n\n";
}

std::string identity_function(const std::string& p, const typed_op& op, const policy& pol) {
  if (op.identity.empty()) return "";
  std::vector<std::string> statements;
  int counter = 0;
  const c_source_domain d(statements, counter);
  evaluator<c_source_domain> e(op, d, pol);
  const c_element id = e.identity();
  std::string s = "/* The op file's identity candidate, written into one element (value bytes only). */\n";
  s += "void " + p + "_identity(void *element) {\n";
  for (const auto& line : statements) s += "  " + line + "\n";
  return s + store_element(p, op, id, "element", "  ") + "}\n\n";
}

std::string instance_text(const typed_op& op, const c_unit_request& r) {
  const std::string p = c_name_prefix(op, r.prefix);
  const auto handles = predefined_handles(op);
  std::string s = "/* ---- " + c_comment_text(op.name + (op.instance.empty() ? "" : " (" + op.instance + ")")) + ": " +
                  p + "_function ---- */\n\n";
  s += element_typedef(p, op) + accepts_function(p, handles) +
       refuse_function(p, "op " + op.name + (op.instance.empty() ? "" : ", " + op.instance), expected_text(p, handles)) +
       user_function(p, op, r.semantics) + op_create_function(p, op) + datatype_function(p, op, handles) +
       identity_function(p, op, r.semantics);
  return s;
}

bool has_float(const typed_op& op) {
  return std::any_of(op.fields.begin(), op.fields.end(), [](const auto& f) { return is_float(f.type); });
}

std::string header(const std::vector<const typed_op*>& instances, const c_unit_request& r) {
  const typed_op& first = *instances.front();
  std::string types;
  for (const auto* op : instances) types += (types.empty() ? "" : ", ") + (op->instance.empty() ? "-" : op->instance);
  // The path and the description are anyone's text: c_comment_text keeps them inside the comment.
  std::string s =
      "/* Generated by `redsem emit-c` (" + c_comment_text(r.generator) + ") from " + c_comment_text(r.source) + ":\n";
  s += " *   op " + c_comment_text(first.name + (first.instance.empty() ? "" : " for " + types)) + ", policy " +
       c_comment_text(to_string(r.semantics)) + "\n";
  if (!first.description.empty()) s += " *   \"" + c_comment_text(first.description) + "\"\n";
  s += " * Do not edit: change the op file and generate again. The functions compute exactly what the\n"
       " * op file means in redsem's model (docs/op-files.md): integers wrap, MIN/MAX follow the policy's\n"
       " * NaN and signed-zero rules, each floating operation rounds once. They rely on what GCC and\n"
       " * Clang define: converting to a signed type wraps, >> of a negative value is arithmetic.\n";
  if (std::any_of(instances.begin(), instances.end(), [](const auto* op) { return has_float(*op); }))
    s += " * The pragmas below keep the compiler from contracting a * b + c into one fused multiply-add,\n"
         " * which rounds once where the op file rounds twice (as -ffp-contract=off does).\n";
  s += " * Each function checks its datatype handle and ends the program (MPI_Abort with MPI_ERR_TYPE)\n"
       " * on any other, saying which (the _refuse functions below). */\n";
  s += "#include <limits.h>\n#include <math.h>\n#include <mpi.h>\n#include <stdbool.h>\n#include <stddef.h>\n"
       "#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n\n";
  if (std::any_of(instances.begin(), instances.end(), [](const auto* op) { return has_float(*op); }))
    s += "#if defined(__clang__)\n#pragma STDC FP_CONTRACT OFF\n#elif defined(__GNUC__)\n"
         "#pragma GCC optimize(\"fp-contract=off\")\n#endif\n\n";
  return s;
}

}  // namespace

std::string c_name_prefix(const typed_op& op, const std::string& prefix) {
  std::string p = prefix.empty() ? lower(op.name) : prefix;
  if (!op.instance.empty()) p += "_" + type_choice(op);
  return p;
}

std::optional<std::string> emit_c(const std::vector<const typed_op*>& instances, const c_unit_request& request,
                                  std::string* why) {
  ensure(!instances.empty(), "emit_c of no instance");
  for (const auto* op : instances) {
    if (auto reason = inexpressible(*op, request.prefix); !reason.empty()) {
      *why = reason;
      return std::nullopt;
    }
  }
  std::string out = header(instances, request);
  for (const auto* op : instances) out += instance_text(*op, request);
  if (instances.size() > 1) out += dispatch_text(instances, request);
  while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace redsem::opfile
