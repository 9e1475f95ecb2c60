// SPDX-License-Identifier: BSD-3-Clause
// The proof cache believes only what it wrote or can check: a damaged, tampered or misplaced
// entry is recomputed, a refutation is replayed in the model before it is believed, a
// directory others can write is not used, and its directory follows the XDG base-directory rules.
#include "props/laws/proof_cache.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "props/laws/law_json.h"
#include "props/laws/law_table.h"

namespace redsem::laws {
namespace {

struct ProofCache : ::testing::Test {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("redsem-proof-cache-test-" + std::to_string(::getpid()));
  std::ostringstream notes;
  proof_cache cache{dir, &notes, "redsem laws"};
  policy p;

  void SetUp() override {
    std::filesystem::remove_all(dir);
    law_result r;
    r.which = law::commutativity;
    r.outcome = verdict::proved;
    r.reason = "proved (solver)";
    cache.store(op_id::sum, basic_type::int_, law::commutativity, p, r);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  std::filesystem::path entry() const { return std::filesystem::directory_iterator(dir)->path(); }
  std::string entry_text() const {
    std::ifstream in(entry());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  void rewrite(const std::string& text) const { std::ofstream(entry(), std::ios::trunc) << text; }
  bool found() const { return cache.find(op_id::sum, basic_type::int_, law::commutativity, p).has_value(); }
};

TEST_F(ProofCache, FindsWhatItStored) { EXPECT_TRUE(found()); }

TEST_F(ProofCache, ATamperedButWellFormedEntryIsNotBelieved) {
  std::string text = entry_text();
  const auto at = text.find("proved");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 6, "unknow");  // still JSON, still a verdict word's length
  rewrite(text);
  EXPECT_FALSE(found());
}

TEST_F(ProofCache, GarbageOrADirectoryInPlaceOfAnEntryIsRecomputed) {
  rewrite("{\"key\": 1, \"result\": [}");
  EXPECT_FALSE(found());
  const auto path = entry();
  std::filesystem::remove(path);
  std::filesystem::create_directory(path);
  EXPECT_FALSE(found());
  law_result r;
  r.outcome = verdict::proved;
  EXPECT_NO_THROW(cache.store(op_id::sum, basic_type::int_, law::commutativity, p, r));
}

shown_value int_value(std::int32_t v) {
  shown_value s{std::vector<std::byte>(sizeof v), std::to_string(v), datatype::predefined(basic_type::int_)};
  std::memcpy(s.bytes.data(), &v, sizeof v);
  return s;
}

// What someone who can write the cache could plant: MPI_SUM on int "not commutative", with a
// counterexample that the model does not reproduce, stored with a checksum that matches (store()
// computes it as anyone can).
law_result forged_refutation() {
  law_result r;
  r.which = law::commutativity;
  r.outcome = verdict::refuted;
  r.reason = "counterexample from the solver, replayed in the model";
  r.example = counterexample{{{"x", int_value(1)}, {"y", int_value(2)}}, "x∘y", "y∘x", int_value(3), int_value(4)};
  return r;
}

TEST_F(ProofCache, AForgedRefutationIsNotBelievedButProvedAgainSayingSo) {
  cache.store(op_id::sum, basic_type::int_, law::commutativity, p, forged_refutation());
  EXPECT_FALSE(found());
  EXPECT_NE(
      notes.str().find("redsem laws: proof cache entry " + entry().string() +
                       " (MPI_SUM commutativity) is a refutation that does not replay in the model; proved again"),
      std::string::npos)
      << notes.str();
  table_request r;
  r.op = op_id::sum;
  r.type = basic_type::int_;
  r.which = {law::commutativity};
  r.semantics = p;
  r.cache = &cache;
  const auto table = law_table(r);
  ASSERT_EQ(table.size(), 1u);
  EXPECT_EQ(table[0].results[0].outcome, verdict::proved) << table[0].results[0].reason;
  const auto again = cache.find(op_id::sum, basic_type::int_, law::commutativity, p);  // the proof replaced it
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->outcome, verdict::proved);
}

TEST_F(ProofCache, ARefutationThatReplaysIsShownWithTheModelsValues) {
  // MPI_SUM on int wraps and is associative, so take idempotence: 1 + 1 = 2, not 1.
  law_result r;
  r.which = law::idempotence;
  r.outcome = verdict::refuted;
  r.example = counterexample{{{"x", int_value(1)}}, "x∘x", "x", int_value(7), int_value(1)};  // 7: a wrong text
  cache.store(op_id::sum, basic_type::int_, law::idempotence, p, r);
  const auto hit = cache.find(op_id::sum, basic_type::int_, law::idempotence, p);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->outcome, verdict::refuted);
  EXPECT_EQ(hit->example->lhs.bytes, int_value(2).bytes);  // replayed: the model's 1 + 1
  EXPECT_NE(hit->reason.find("replayed in the model"), std::string::npos) << hit->reason;
}

TEST_F(ProofCache, ARefutationOfTheWrongShapeIsNotBelieved) {
  law_result r = forged_refutation();
  r.example->inputs[0].second.bytes.resize(2);  // not an int's size: never read past it
  cache.store(op_id::sum, basic_type::int_, law::commutativity, p, r);
  EXPECT_FALSE(found());
  r.example.reset();  // a refutation of commutativity without a counterexample
  cache.store(op_id::sum, basic_type::int_, law::commutativity, p, r);
  EXPECT_FALSE(found());
}

TEST_F(ProofCache, AnEntryOthersCanWriteIsIgnored) {
  ASSERT_TRUE(found());
  std::filesystem::permissions(entry(), std::filesystem::perms::others_write, std::filesystem::perm_options::add);
  EXPECT_FALSE(found());
}

TEST_F(ProofCache, ADirectoryOthersCanWriteIsNotUsedAndTheMessageSaysHowToFixIt) {
  ASSERT_EQ(::chmod(dir.c_str(), 0777), 0);
  std::ostringstream err;
  EXPECT_FALSE(proof_cache::open(dir, err, "redsem laws").has_value());
  EXPECT_NE(err.str().find("redsem laws: not using the proof cache " + dir.string() + ": " + dir.string() +
                           " can be written by group or others (mode 0777)"),
            std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("`chmod go-w " + dir.string() + "`"), std::string::npos) << err.str();
  ASSERT_EQ(::chmod(dir.c_str(), 0700), 0);
  std::ostringstream quiet;
  EXPECT_TRUE(proof_cache::open(dir, quiet, "redsem laws").has_value()) << quiet.str();
  EXPECT_EQ(quiet.str(), "");
}

TEST_F(ProofCache, AParentOthersCanWriteIsNamedUnlessItIsSticky) {
  const auto inner = dir / "inner";
  std::filesystem::create_directory(inner);
  ASSERT_EQ(::chmod(dir.c_str(), 0777), 0);
  const auto why = proof_cache::untrusted(inner);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("`chmod go-w " + dir.string() + "`"), std::string::npos) << *why;
  ASSERT_EQ(::chmod(dir.c_str(), 01777), 0);  // as /tmp: no one can rename what another made
  EXPECT_FALSE(proof_cache::untrusted(inner).has_value());
  ASSERT_EQ(::chmod(dir.c_str(), 0755), 0);
}

TEST_F(ProofCache, ANewCacheDirectoryIsPrivate) {
  const auto fresh = dir / "fresh";
  const mode_t old_mask = ::umask(0);  // even where the user's umask would let others write
  std::ostringstream err;
  const auto opened = proof_cache::open(fresh, err, "redsem laws");
  ::umask(old_mask);
  EXPECT_TRUE(opened.has_value()) << err.str();
  struct stat st {};
  ASSERT_EQ(::stat(fresh.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

// `--cache-dir cache`: a bare name has an empty parent, which is the working directory, not an
// error ("cannot create it: Invalid argument" refused it while `./cache` was used).
TEST_F(ProofCache, ABareRelativeNameIsUsable) {
  const auto before = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  std::ostringstream err;
  const auto opened = proof_cache::open("bare", err, "redsem laws");
  std::filesystem::current_path(before);
  EXPECT_TRUE(opened.has_value()) << err.str();
  EXPECT_TRUE(std::filesystem::is_directory(dir / "bare"));
}

TEST(ProofCacheJson, BadBitsAreAJsonErrorNotAnAbort) {
  const auto type = datatype::predefined(basic_type::int8);
  law_result r;
  r.outcome = verdict::proved;
  r.element = shown_value{{std::byte{1}}, "1", type};
  auto j = to_json(r);
  EXPECT_EQ(law_result_from_json(j, type).element->bytes, r.element->bytes);
  for (const char* bad : {"zz", "0", "0x", "0x0100", "0xzz"}) {
    j["element"]["bits"] = bad;
    EXPECT_THROW(law_result_from_json(j, type), nlohmann::json::exception) << bad;
  }
}

// The document gives numbers beside their text (docs/json.md), and the cache reads back the
// exact bytes from the bits: a pair's fields, a NaN's payload.
TEST(ProofCacheJson, ValuesAreElementsThatReadBack) {
  const auto type = datatype::predefined(basic_type::double_int);
  std::vector<std::byte> x(static_cast<std::size_t>(type.extent()));
  const double nan_payload = -std::numeric_limits<double>::quiet_NaN();
  const int index = 7;
  std::memcpy(x.data(), &nan_payload, sizeof nan_payload);
  std::memcpy(x.data() + 8, &index, sizeof index);
  law_result r;
  r.outcome = verdict::refuted;
  counterexample c;
  c.inputs.emplace_back("x", shown_value{x, "(-nan, 7)", type});
  c.lhs = shown_value{x, "(-nan, 7) (erroneous: signed overflow)", type};
  c.rhs = shown_value{{}, "none: x∘y breaks a 'require'", std::nullopt};
  r.example = c;
  const auto j = to_json(r);
  const auto& in = j["counterexample"]["inputs"][0]["value"];
  EXPECT_TRUE(in["value"][0].is_null());
  EXPECT_EQ(in["value"][1], 7);
  EXPECT_EQ(in["display"], "(-nan, 7)");
  EXPECT_EQ(j["counterexample"]["lhs"]["display"], "(-nan, 7) (erroneous: signed overflow)");
  EXPECT_EQ(j["counterexample"]["rhs"], (nlohmann::json{{"display", "none: x∘y breaks a 'require'"}}));
  const auto back = law_result_from_json(j, type);
  EXPECT_EQ(back.example->inputs[0].second.bytes, x);
  EXPECT_EQ(back.example->lhs.text, c.lhs.text);
  EXPECT_TRUE(back.example->rhs.bytes.empty());
}

// The environment is the process's: each case sets what it needs and restores it.
struct CacheEnvironment : ::testing::Test {
  std::string saved_home = std::getenv("HOME") ? std::getenv("HOME") : "";
  std::string saved_xdg = std::getenv("XDG_CACHE_HOME") ? std::getenv("XDG_CACHE_HOME") : "";
  void TearDown() override {
    saved_home.empty() ? unsetenv("HOME") : setenv("HOME", saved_home.c_str(), 1);
    saved_xdg.empty() ? unsetenv("XDG_CACHE_HOME") : setenv("XDG_CACHE_HOME", saved_xdg.c_str(), 1);
  }
};

TEST_F(CacheEnvironment, RelativePathsAreIgnoredAndNoneMeansNoCache) {
  setenv("XDG_CACHE_HOME", "relative/cache", 1);
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(proof_cache::default_dir(), std::filesystem::path("/home/someone/.cache/redsem"));
  setenv("XDG_CACHE_HOME", "/var/cache/x", 1);
  EXPECT_EQ(proof_cache::default_dir(), std::filesystem::path("/var/cache/x/redsem"));
  unsetenv("XDG_CACHE_HOME");
  unsetenv("HOME");
  EXPECT_FALSE(proof_cache::default_dir().has_value());
  setenv("HOME", "home", 1);
  EXPECT_FALSE(proof_cache::default_dir().has_value());
}

}  // namespace
}  // namespace redsem::laws
