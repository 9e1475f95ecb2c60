/* SPDX-License-Identifier: BSD-3-Clause */
// Proofs kept on disk, so that a repeated `redsem laws` is instant. A verdict is keyed by
// everything it depends on: the op, the element representation (law_table.h), the law, the
// policy's canonical text, the solver's version, and definition_version — which must be
// bumped whenever model/op_definitions.h or the encoding in props/smt changes meaning. An op
// file's op is its typed AST (every node, field, `require`, identity and the type choice),
// hashed: an edited file is a different op, never a stale proof.
//
// The cache trusts nothing it cannot check (docs/design.md, "The proof cache"). Its checksum
// only catches damage: anyone who can write an entry can recompute it. So a refutation is
// replayed in the model before it is believed, and one that does not replay is proved again,
// saying so. A proof (or a solver's "no element works") cannot be replayed cheaply: it is
// believed only from a directory that no one but the user (or root) can write, as ssh uses a
// key only from such a place; any other directory is not used at all (open()).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/op.h"
#include "model/opfile/concrete_op.h"
#include "model/opfile/typed_op.h"
#include "props/laws/law.h"

namespace redsem::laws {

inline constexpr int definition_version = 1;

// What a command says, once, when default_dir() finds no directory.
inline constexpr const char* no_cache_dir_note =
    "no proof cache: neither XDG_CACHE_HOME nor HOME is an absolute path (or use --cache-dir DIR)";

class proof_cache {
 public:
  // `notes` (when given) hears of each entry discarded because it did not replay, as a line
  // that begins with `command` ("redsem laws").
  explicit proof_cache(std::filesystem::path dir, std::ostream* notes = nullptr, std::string command = "redsem")
      : dir_(std::move(dir)), notes_(notes), command_(std::move(command)) {}

  // The cache in `dir` (created if missing), or nothing after saying on `notes` why it is not
  // used: `dir` or a directory above it (up to $HOME) can be written by another user.
  static std::optional<proof_cache> open(const std::filesystem::path& dir, std::ostream& notes, std::string command);

  // Why verdicts in `dir` cannot be trusted, naming the directory to fix and how, or nothing:
  // `dir` must belong to the user (or root) and be writable by no one else; each directory
  // above it, up to $HOME or /, must belong to the user or root and be writable by no one else
  // unless it is sticky (/tmp), where no one can rename what another user made.
  static std::optional<std::string> untrusted(const std::filesystem::path& dir);

  // $XDG_CACHE_HOME/redsem, else $HOME/.cache/redsem, each only when absolute (the XDG base
  // directory rules); nothing when neither is, and then laws are proved without a cache.
  static std::optional<std::filesystem::path> default_dir();

  // Why `dir` cannot hold the cache (it cannot be created, is not a directory, or cannot be
  // written), or nothing when it can. A directory the user names is checked before use, so a
  // typo is an error rather than a silently uncached, slower run.
  static std::optional<std::string> unusable(const std::filesystem::path& dir);

  // The verdict stored for the law, a refutation only with its counterexample replayed in the
  // model (the model's values replace the stored ones); nothing when there is none, it is
  // damaged, or it does not replay (said on `notes`: the caller proves the law again).
  std::optional<law_result> find(op_id op, basic_type type, law l, const policy& p) const;
  // Best effort: a cache that cannot be written is only slower.
  void store(op_id op, basic_type type, law l, const policy& p, const law_result& r) const;
  // The same for one type choice of an op file (its identity law of its declared candidate).
  std::optional<law_result> find(const opfile::concrete_op& op, law l) const;
  void store(const opfile::typed_op& op, law l, const policy& p, const law_result& r) const;

  // The same for a C function proved from its source (c_prove.h): `fingerprint` is every byte
  // the proof depends on (the IR clang made of it, the handle's IR, the element's layout, the
  // identity candidate, the input domain), hashed; `m` is the executor's concrete op, in which
  // a stored refutation is replayed.
  std::optional<law_result> find_c_source(const std::string& fingerprint, law l, const model_op& m, const policy& p,
                                          const std::vector<std::byte>* element) const;
  void store_c_source(const std::string& fingerprint, law l, const policy& p, const law_result& r) const;

  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::optional<law_result> find(const std::string& key, law l, const model_op& m, const policy& p,
                                 const std::vector<std::byte>* element) const;
  void store(const std::string& key, const law_result& r) const;
  void note(const std::string& text) const;

  std::filesystem::path dir_;
  std::ostream* notes_;
  std::string command_;
};

}  // namespace redsem::laws
