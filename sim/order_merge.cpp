// SPDX-License-Identifier: BSD-3-Clause
#include "sim/order_merge.h"

#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include "sim/detail/raw_bytes.h"

namespace redsem::sim {
namespace {

using detail::put_raw;

void put_bytes(std::string& out, std::string_view bytes) {
  put_raw(out, static_cast<std::uint64_t>(bytes.size()));
  out.append(bytes);
}

// A tree in pre-order: a leaf's rank, or −1 followed by the left and then the right subtree.
void put_tree(std::string& out, const tree& t) {
  put_raw(out, static_cast<std::int32_t>(t->is_leaf() ? t->rank : -1));
  if (t->is_leaf()) return;
  put_tree(out, t->left);
  put_tree(out, t->right);
}

class reader {
 public:
  explicit reader(std::string_view bytes) : bytes_(bytes) {}

  template <class T>
  T get() {
    T v;
    std::memcpy(&v, take(sizeof v).data(), sizeof v);
    return v;
  }
  std::string_view get_bytes() { return take(get<std::uint64_t>()); }
  tree get_tree(int depth = 0) {
    if (depth > 4096) throw std::invalid_argument("order results: tree too deep");
    const auto rank = get<std::int32_t>();
    if (rank >= 0) return leaf(rank);
    tree left = get_tree(depth + 1);
    return combine(std::move(left), get_tree(depth + 1));
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  std::string_view take(std::size_t n) {
    if (n > bytes_.size() - at_) throw std::invalid_argument("order results: truncated bytes");
    const auto s = bytes_.substr(at_, n);
    at_ += n;
    return s;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
};

std::string_view as_text(const element& e) { return {reinterpret_cast<const char*>(e.data()), e.size()}; }

}  // namespace

order_results merge_order_parts(const std::vector<order_results>& parts) {
  order_results out;
  if (parts.empty()) return out;
  out.used_typed_path = parts.front().used_typed_path;
  std::unordered_map<std::string_view, std::size_t> seen;  // views into the parts' values
  for (const auto& part : parts) {
    out.combinations += part.combinations;
    out.top_combinations += part.top_combinations;
    if (!part.complete && out.complete) {
      out.complete = false;
      out.incomplete_reason = part.incomplete_reason;
    }
    for (const auto& r : part.results) {
      const auto [where, fresh] = seen.emplace(as_text(r.value), out.results.size());
      if (fresh) out.results.push_back(r);
      else out.results[where->second].trees += r.trees;
    }
  }
  return out;
}

std::string serialize(const order_results& r) {
  std::string out;
  put_raw(out, static_cast<std::uint8_t>(r.complete));
  put_raw(out, static_cast<std::uint8_t>(r.used_typed_path));
  put_bytes(out, r.incomplete_reason);
  put_raw(out, r.combinations);
  put_raw(out, r.top_combinations);
  put_raw(out, static_cast<std::uint64_t>(r.results.size()));
  for (const auto& d : r.results) {
    put_bytes(out, as_text(d.value));
    put_raw(out, d.trees);
    put_tree(out, d.witness);
  }
  return out;
}

order_results deserialize_order_results(std::string_view bytes) {
  reader in(bytes);
  order_results r;
  r.complete = in.get<std::uint8_t>() != 0;
  r.used_typed_path = in.get<std::uint8_t>() != 0;
  r.incomplete_reason = std::string(in.get_bytes());
  r.combinations = in.get<std::uint64_t>();
  r.top_combinations = in.get<std::uint64_t>();
  const auto n = in.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < n; ++i) {
    distinct_result d;
    const auto value = in.get_bytes();
    d.value.resize(value.size());
    std::memcpy(d.value.data(), value.data(), value.size());
    d.trees = in.get<tree_count>();
    d.witness = in.get_tree();
    r.results.push_back(std::move(d));
  }
  if (!in.done()) throw std::invalid_argument("order results: trailing bytes");
  return r;
}

}  // namespace redsem::sim
