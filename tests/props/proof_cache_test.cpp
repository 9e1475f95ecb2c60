// The proof cache believes only what it wrote: a damaged, tampered or misplaced entry is
// recomputed, and its directory follows the XDG base-directory rules.
#include "props/laws/proof_cache.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "props/laws/law_json.h"

namespace redsem::laws {
namespace {

struct ProofCache : ::testing::Test {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("redsem-proof-cache-test-" + std::to_string(::getpid()));
  proof_cache cache{dir};
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

TEST(ProofCacheJson, BadHexIsAJsonErrorNotAnAbort) {
  law_result r;
  r.outcome = verdict::proved;
  r.element = shown_value{{std::byte{1}}, "1"};
  auto j = to_json(r);
  for (const char* bad : {"zz", "0", "0x"}) {
    j["element"]["bytes"] = bad;
    EXPECT_THROW(law_result_from_json(j), nlohmann::json::exception) << bad;
  }
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
