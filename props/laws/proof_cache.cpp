#include "props/laws/proof_cache.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "props/laws/law_json.h"
#include "props/laws/law_table.h"
#include "props/laws/prove.h"

namespace redsem::laws {
namespace {

std::string key_text(op_id op, basic_type type, law l, const policy& p) {
  return std::string(to_string(op)) + "|" + representation_key(type) + "|" + std::string(to_string(l)) + "|" +
         to_string(p) + "|z3 " + solver_version() + "|definitions " + std::to_string(definition_version);
}

// FNV-1a: stable across runs and compilers, unlike std::hash. The file keeps the full key,
// so a collision is detected, not believed.
std::string file_name(const std::string& key) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx.json", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace

std::filesystem::path proof_cache::default_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "redsem";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache" / "redsem";
  return ".redsem-cache";
}

std::optional<law_result> proof_cache::find(op_id op, basic_type type, law l, const policy& p) const {
  const std::string key = key_text(op, type, l, p);
  std::ifstream in(dir_ / file_name(key));
  if (!in) return std::nullopt;
  try {
    const auto j = nlohmann::json::parse(in);
    if (j.at("key").get<std::string>() != key) return std::nullopt;
    law_result r = law_result_from_json(j.at("result"));
    r.which = l;
    r.reason += " [from the proof cache]";
    return r;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // a damaged entry is recomputed
  }
}

void proof_cache::store(op_id op, basic_type type, law l, const policy& p, const law_result& r) const {
  const std::string key = key_text(op, type, l, p);
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  const auto final_path = dir_ / file_name(key);
  const auto temp_path = final_path.string() + ".tmp";
  {
    std::ofstream out(temp_path);
    if (!out) return;
    out << nlohmann::json{{"key", key}, {"result", to_json(r)}}.dump();
    if (!out) return;
  }
  std::filesystem::rename(temp_path, final_path, ec);  // atomic: readers never see half a file
}

}  // namespace redsem::laws
