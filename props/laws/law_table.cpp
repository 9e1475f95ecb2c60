#include "props/laws/law_table.h"

#include <map>
#include <tuple>

#include "props/laws/proof_cache.h"
#include "props/laws/prove.h"

namespace redsem::laws {

std::vector<std::pair<op_id, basic_type>> selected_pairs(const table_request& r) {
  std::vector<std::pair<op_id, basic_type>> out;
  for (std::size_t t = 0; t < basic_type_count; ++t)
    for (std::size_t o = 0; o < op_count; ++o) {
      const auto op = static_cast<op_id>(o);
      const auto type = static_cast<basic_type>(t);
      if ((r.op && *r.op != op) || (r.type && *r.type != type) || !op_allows(op, type)) continue;
      out.emplace_back(op, type);
    }
  return out;
}

std::string representation_key(basic_type t) {
  const type_info& i = info(t);
  std::string key = i.group == type_group::complex ? "complex" : i.group == type_group::pair ? "pair" : "scalar";
  for (std::size_t f = 0; f < i.field_count; ++f) key += ":" + std::string(to_string(i.fields[f].kind));
  return key;
}

std::vector<table_entry> law_table(const table_request& r,
                                   const std::function<void(std::size_t, std::size_t)>& progress) {
  const auto pairs = selected_pairs(r);
  std::map<std::tuple<op_id, std::string, law>, std::pair<basic_type, law_result>> proved_once;
  std::vector<table_entry> table;
  for (const auto& [op, type] : pairs) {
    table_entry entry{op, type, {}};
    for (law l : r.which) {
      const auto key = std::make_tuple(op, representation_key(type), l);
      if (const auto hit = proved_once.find(key); hit != proved_once.end()) {
        law_result shared = hit->second.second;
        shared.seconds = 0;
        shared.reason += " [shared with " + std::string(to_string(hit->second.first)) + ": same element representation]";
        entry.results.push_back(std::move(shared));
        continue;
      }
      std::optional<law_result> result;
      if (r.cache) result = r.cache->find(op, type, l, r.semantics);
      if (!result) {
        result = prove_predefined(op, type, l, r.semantics, r.options);
        if (r.cache && result->outcome != verdict::unknown) r.cache->store(op, type, l, r.semantics, *result);
      }
      proved_once.emplace(key, std::make_pair(type, *result));
      entry.results.push_back(std::move(*result));
    }
    table.push_back(std::move(entry));
    if (progress) progress(table.size(), pairs.size());
  }
  return table;
}

}  // namespace redsem::laws
