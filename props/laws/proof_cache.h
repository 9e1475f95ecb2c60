// Proofs kept on disk, so that a repeated `redsem laws` is instant. A verdict is keyed by
// everything it depends on: the op, the element representation (law_table.h), the law, the
// policy's canonical text, the solver's version, and definition_version — which must be
// bumped whenever model/op_definitions.h or the encoding in props/smt changes meaning. An op
// file's op is its typed AST (every node, field, `require`, identity and the type choice),
// hashed: an edited file is a different op, never a stale proof.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "model/op.h"
#include "model/opfile/typed_op.h"
#include "props/laws/law.h"

namespace redsem::laws {

inline constexpr int definition_version = 1;

// What a command says, once, when default_dir() finds no directory.
inline constexpr const char* no_cache_dir_note =
    "no proof cache: neither XDG_CACHE_HOME nor HOME is an absolute path (or use --cache-dir DIR)";

class proof_cache {
 public:
  explicit proof_cache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // $XDG_CACHE_HOME/redsem, else $HOME/.cache/redsem, each only when absolute (the XDG base
  // directory rules); nothing when neither is, and then laws are proved without a cache.
  static std::optional<std::filesystem::path> default_dir();

  // Why `dir` cannot hold the cache (it cannot be created, is not a directory, or cannot be
  // written), or nothing when it can. A directory the user names is checked before use, so a
  // typo is an error rather than a silently uncached, slower run.
  static std::optional<std::string> unusable(const std::filesystem::path& dir);

  std::optional<law_result> find(op_id op, basic_type type, law l, const policy& p) const;
  // Best effort: a cache that cannot be written is only slower.
  void store(op_id op, basic_type type, law l, const policy& p, const law_result& r) const;
  // The same for one type choice of an op file.
  std::optional<law_result> find(const opfile::typed_op& op, law l, const policy& p) const;
  void store(const opfile::typed_op& op, law l, const policy& p, const law_result& r) const;

  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::optional<law_result> find(const std::string& key, law l) const;
  void store(const std::string& key, const law_result& r) const;

  std::filesystem::path dir_;
};

}  // namespace redsem::laws
