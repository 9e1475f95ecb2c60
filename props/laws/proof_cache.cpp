// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/proof_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>

#include "model/datatype.h"
#include "model/output_file.h"
#include "props/laws/concrete_laws.h"
#include "props/laws/law_json.h"
#include "props/laws/law_table.h"
#include "props/laws/opfile_prove.h"
#include "props/laws/prove.h"

namespace redsem::laws {
namespace {

// FNV-1a as 16 hex digits: stable across runs and compilers, unlike std::hash.
std::string fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string key_text(const std::string& op, law l, const policy& p) {
  return op + "|" + std::string(to_string(l)) + "|" + to_string(p) + "|z3 " + solver_version() + "|definitions " +
         std::to_string(definition_version);
}

std::string key_text(op_id op, basic_type type, law l, const policy& p) {
  return key_text(std::string(to_string(op)) + "|" + representation_key(type), l, p);
}

// A constant's type and exact bits.
std::string constant_text(const opfile::scalar& v) {
  return std::visit(
      [&](auto x) {
        unsigned char bytes[sizeof x] = {};
        std::memcpy(bytes, &x, value_bytes(scalar_kind_of<decltype(x)>()));
        std::string s = std::to_string(v.index()) + ":";
        for (unsigned char b : bytes) s += std::to_string(b) + ".";
        return s;
      },
      v);
}

// The typed AST as text: two type choices or two edits of a file compute the same function
// if this text is the same. (The name and description do not change what the op computes.)
std::string ast_text(const opfile::typed_op& op) {
  std::string s = op.instance + (op.commute ? "|commute" : "|no commute") + "|fields";
  for (const auto& f : op.fields) s += " " + f.name + ":" + std::string(opfile::to_string(f.type));
  s += "|nodes";
  for (const auto& n : op.nodes)
    s += " " + std::to_string(static_cast<int>(n.op)) + "," + std::to_string(static_cast<int>(n.type)) + "," +
         std::to_string(static_cast<int>(n.operand_type)) + "," + std::to_string(n.x) + "," + std::to_string(n.y) +
         "," + std::to_string(n.z) + "," + std::to_string(n.index) + "," + std::to_string(n.operand) + "," +
         (n.op == opfile::code::constant ? constant_text(n.value) : "");
  for (const auto* roots : {&op.requires_, &op.lets, &op.results, &op.identity}) {
    s += "|";
    for (int r : *roots) s += std::to_string(r) + " ";
  }
  return s;
}

std::string key_text(const opfile::typed_op& op, law l, const policy& p) {
  return key_text("op file " + fnv1a(ast_text(op)), l, p);
}

// The file keeps the full key, so a collision of names is detected, not believed.
std::string file_name(const std::string& key) { return fnv1a(key) + ".json"; }

// Over the key and the result's exact stored text: an entry damaged or edited by hand no longer
// matches it and is recomputed rather than believed.
std::string checksum(const std::string& key, const std::string& result_text) { return fnv1a(key + "\n" + result_text); }

// An absolute path from the environment; XDG base-directory rules ignore empty and relative ones.
std::optional<std::filesystem::path> absolute_from(const char* variable) {
  const char* value = std::getenv(variable);
  if (value == nullptr || *value == '\0') return std::nullopt;
  std::filesystem::path p(value);
  return p.is_absolute() ? std::optional(p) : std::nullopt;
}

// A stored refutation believed: its counterexample replayed in the model (concrete_laws.h), the
// model's values put in its place. Without a counterexample only the solver's "no element is an
// identity (absorbing)" is a refutation, believed as a proof is; any other is not.
bool replayed(law_result& r, const model_op& m, const policy& p, const std::vector<std::byte>* element) {
  const bool existence = (r.which == law::identity || r.which == law::absorbing) && element == nullptr;
  if (!r.example) return existence;
  if (existence) return false;  // an element refuted by example is one the caller names
  auto again = replay(r.which, m, p, *r.example, element);
  if (!again) return false;
  r.example = std::move(again);
  if (element) r.element = show(m.type, *element);
  return true;
}

// An entry another user owns or can write is not the user's: it is ignored (and replaced by the
// next store, whose rename puts the user's own file in its place).
bool entry_untrusted(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return true;
  return (st.st_uid != ::geteuid() && st.st_uid != 0) || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
}

}  // namespace

std::optional<std::filesystem::path> proof_cache::default_dir() {
  if (const auto xdg = absolute_from("XDG_CACHE_HOME")) return *xdg / "redsem";
  if (const auto home = absolute_from("HOME")) return *home / ".cache" / "redsem";
  return std::nullopt;
}

std::optional<std::string> proof_cache::unusable(const std::filesystem::path& dir) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec)) return "not a directory";
  // Made private: a cache directory others can write is not used (proof_cache::untrusted).
  // A bare name ("cache") has no parent to make: it is in the working directory.
  if (const auto parent = dir.parent_path(); !parent.empty()) std::filesystem::create_directories(parent, ec);
  if (!ec && std::filesystem::create_directory(dir, ec))
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
  if (ec) return "cannot create it: " + ec.message();
  if (::access(dir.c_str(), W_OK | X_OK) != 0) return std::string("cannot write to it: ") + std::strerror(errno);
  return std::nullopt;
}

std::optional<law_result> proof_cache::find(op_id op, basic_type type, law l, const policy& p) const {
  return find(key_text(op, type, l, p), l, predefined_model_op(op, type, p), p, nullptr);
}

void proof_cache::store(op_id op, basic_type type, law l, const policy& p, const law_result& r) const {
  store(key_text(op, type, l, p), r);
}

std::optional<law_result> proof_cache::find(const opfile::concrete_op& op, law l) const {
  std::vector<std::byte> identity(op.size());
  const bool declared = l == law::identity && op.has_identity();
  if (declared) op.store(op.identity(), identity.data());
  return find(key_text(op.op(), l, op.semantics()), l, opfile_model_op(op), op.semantics(),
              declared ? &identity : nullptr);
}

void proof_cache::store(const opfile::typed_op& op, law l, const policy& p, const law_result& r) const {
  store(key_text(op, l, p), r);
}

std::optional<law_result> proof_cache::find_c_source(const std::string& fingerprint, law l, const model_op& m,
                                                     const policy& p, const std::vector<std::byte>* element) const {
  return find(key_text("C source " + fnv1a(fingerprint), l, p), l, m, p, element);
}

void proof_cache::store_c_source(const std::string& fingerprint, law l, const policy& p, const law_result& r) const {
  store(key_text("C source " + fnv1a(fingerprint), l, p), r);
}

std::optional<law_result> proof_cache::find(const std::string& key, law l, const model_op& m, const policy& p,
                                            const std::vector<std::byte>* element) const {
  const auto path = dir_ / file_name(key);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) || entry_untrusted(path)) return std::nullopt;
  std::ifstream in(path);
  if (!in) return std::nullopt;
  // Any damage, whatever exception it raises, means the entry is recomputed.
  std::optional<law_result> r;
  try {
    const auto j = nlohmann::json::parse(in);
    const auto result_text = j.at("result").get<std::string>();
    if (j.at("key").get<std::string>() != key || j.at("checksum").get<std::string>() != checksum(key, result_text))
      return std::nullopt;
    r = law_result_from_json(nlohmann::json::parse(result_text), m.type);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  r->which = l;
  if (r->outcome == verdict::refuted && !replayed(*r, m, p, element)) {
    note("proof cache entry " + path.string() + " (" + m.name + " " + std::string(to_string(l)) +
         ") is a refutation that does not replay in the model; proved again");
    return std::nullopt;
  }
  r->reason += r->outcome == verdict::refuted && r->example ? " [from the proof cache, replayed in the model]"
                                                            : " [from the proof cache]";
  return r;
}

void proof_cache::note(const std::string& text) const {
  if (notes_ == nullptr) return;
  static std::mutex one_line_at_a_time;  // law_table's workers share the cache
  const std::lock_guard lock(one_line_at_a_time);
  *notes_ << command_ << ": " << text << "\n";
}

void proof_cache::store(const std::string& key, const law_result& r) const {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  const std::string result_text = to_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // Written whole or not at all (model/output_file.h); an entry that cannot be stored is
  // proved again next time, so the reason is not reported.
  (void)write_output_file(
      dir_ / file_name(key),
      nlohmann::json{{"key", key}, {"result", result_text}, {"checksum", checksum(key, result_text)}}.dump());
}

}  // namespace redsem::laws
