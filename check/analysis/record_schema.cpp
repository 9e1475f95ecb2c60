// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/record_schema.h"

#include <array>
#include <string_view>

namespace redsem::check {
namespace {

enum class shape { integer, string, boolean, object, array, object_or_null };

struct field {
  std::string_view name;
  shape type;
  bool optional = false;  // may be absent; when present, of its shape
};

struct kind {
  std::string_view ev;
  field fields[10];  // besides ev, rank and seq, which every line has; unnamed: unused
};

using enum shape;
// The one table of required fields, and of optional ones whose shape the analysis relies on when
// they are there; unknown fields are allowed.
constexpr std::array kinds{
    kind{"start", {{"size", integer}, {"built_for", string}, {"library", string}, {"delay_ms", integer, true}}},
    kind{"finalize", {{"calls", object}, {"delay", object, true}}},
    kind{"wrong_mpi", {{"built_for", string}, {"library", string}}},
    kind{"finding",
         {{"check", string},
          {"call", string},
          {"rule", string},
          {"message", string},
          {"caller", object_or_null},
          {"evidence", object}}},
    kind{"op_create", {{"op", string}, {"commute", boolean}}},
    kind{"reduction",
         {{"call", string},
          {"index", integer},
          {"comm_size", integer},
          {"op", string},
          {"type", string},
          {"count", integer},
          {"elements", integer},
          {"inputs", array}}},
    kind{"rma_win",
         {{"win", integer},
          {"call", string},
          {"win_rank", integer},
          {"win_size", integer},
          {"size", integer},
          {"disp_unit", integer}}},
    kind{"rma_win_free", {{"win", integer}, {"call", string}}},
    kind{"rma_sync", {{"win", integer}, {"call", string}, {"epoch", integer}}},
    kind{"rma_repeat", {{"win", integer}, {"lines", integer}, {"times", integer}, {"time_last", integer}}},
    kind{"rma_call",
         {{"win", integer},
          {"call", string},
          {"epoch", integer},
          {"target", integer},
          {"disp", integer},
          {"count", integer}}},
    kind{"rma_request_done", {{"win", integer}, {"request", integer}}},
    kind{"rma_result", {{"win", integer}, {"of", integer}, {"result", string}}},
    kind{"rma_attach", {{"win", integer}, {"call", string}, {"epoch", integer}, {"base", integer}, {"size", integer}}},
    kind{"rma_detach", {{"win", integer}, {"call", string}, {"epoch", integer}, {"base", integer}}},
    kind{"rma_shared_query",
         {{"win", integer},
          {"call", string},
          {"epoch", integer},
          {"segment_rank", integer},
          {"base", integer},
          {"size", integer},
          {"disp_unit", integer}}},
    kind{"rma_limit", {{"what", string}}},
    kind{"not_checked", {{"call", string}, {"reason", string}}},
    kind{"note", {{"what", string}, {"call", string}, {"message", string}}},
    kind{"watch", {{"win", integer}, {"buffer", string}, {"epoch", integer}, {"bytes", integer}, {"watches", string}}},
    kind{"watch_unavailable", {{"buffer", string}, {"reason", string}}},
    kind{"watch_sampled", {{"buffer", string}}},
    kind{"local_access",
         {{"win", integer},
          {"buffer", string},
          {"offset", integer},
          {"bytes", integer},
          {"access", string},
          {"stride", integer, true},
          {"count", integer, true},
          {"held_from", integer, true},
          {"in_fence", integer, true},
          {"in_post", integer, true}}},
    kind{"watch_open",
         {{"win", integer}, {"buffer", string}, {"offset", integer}, {"bytes", integer}, {"access", string}}},
    kind{"sync_comm", {{"comm", integer}, {"members", array}, {"name", string, true}}},
    kind{"process_sync",
         {{"call", string},
          {"comm", integer},
          {"after", array, true},
          {"start", integer, true},
          {"probe", object, true}}},
    kind{"sync_unmodelled", {{"call", string}}},
    kind{"thread_sync_off", {{"reason", string}}},
};

bool has_shape(const nlohmann::json& v, shape s) {
  switch (s) {
    case integer:
      return v.is_number_integer();
    case string:
      return v.is_string();
    case boolean:
      return v.is_boolean();
    case object:
      return v.is_object();
    case array:
      return v.is_array();
    case object_or_null:
      return v.is_object() || v.is_null();
  }
  return false;
}

std::string_view shape_name(shape s) {
  constexpr std::array names{"an integer", "a string", "a boolean", "an object", "an array", "an object or null"};
  return names[static_cast<std::size_t>(s)];
}

const kind* kind_of(const std::string& ev) {
  for (const auto& k : kinds)
    if (k.ev == ev) return &k;
  return nullptr;
}

std::string missing(std::string_view ev, const field& f) {
  return "`" + std::string(ev) +
         (f.optional ? "` whose `" + std::string(f.name) + "` is not " : "` without `" + std::string(f.name) + "` (") +
         std::string(shape_name(f.type)) + (f.optional ? "" : ")");
}

}  // namespace

bool known_record_kind(const std::string& ev) { return kind_of(ev) != nullptr; }

std::string record_problem(const nlohmann::json& line) {
  const auto ev_it = line.find("ev");
  if (ev_it == line.end() || !ev_it->is_string()) return "a line without `ev` (a string)";
  const std::string ev = ev_it->get<std::string>();
  const kind* k = kind_of(ev);
  if (k == nullptr) return "";
  for (const field f : {field{"rank", integer}, field{"seq", integer}}) {
    const auto it = line.find(std::string(f.name));
    if (it == line.end() || !has_shape(*it, f.type)) return missing(ev, f);
  }
  for (const auto& f : k->fields) {
    if (f.name.empty()) break;
    const auto it = line.find(std::string(f.name));
    if (it == line.end() ? !f.optional : !has_shape(*it, f.type)) return missing(ev, f);
  }
  return "";
}

}  // namespace redsem::check
