// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/kernel_op.h"

#include "model/buffer.h"
#include "props/fuzz/guarded_buffer.h"

namespace redsem::fuzz {
namespace {

std::optional<opfile::field_type> field_type_of(basic_type entry, scalar_kind k) {
  using opfile::field_type;
  if (entry == basic_type::c_bool || entry == basic_type::cxx_bool) return field_type::boolean;
  switch (k) {
    case scalar_kind::i8: return field_type::i8;
    case scalar_kind::u8: return field_type::u8;
    case scalar_kind::i16: return field_type::i16;
    case scalar_kind::u16: return field_type::u16;
    case scalar_kind::i32: return field_type::i32;
    case scalar_kind::u32: return field_type::u32;
    case scalar_kind::i64: return field_type::i64;
    case scalar_kind::u64: return field_type::u64;
    case scalar_kind::f32: return field_type::f32;
    case scalar_kind::f64: return field_type::f64;
    case scalar_kind::f80: return field_type::f80;
    case scalar_kind::char8:
    case scalar_kind::wchar: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

std::optional<element_fields> fields_of(const datatype& type, std::string* why) {
  if (type.lb() != 0 || type.true_lb() < 0 || type.true_ub() > type.extent() || type.extent() <= 0) {
    *why = "the datatype " + type.description() + " has elements reaching outside [0, extent): not supported here";
    return std::nullopt;
  }
  if (auto overlap = written_type_error(type)) {  // it describes inoutvec, which the function writes
    *why = std::move(*overlap);
    return std::nullopt;
  }
  element_fields out;
  for (const auto& e : type.entries()) {
    const type_info& t = info(e.type);
    for (std::size_t f = 0; f < t.field_count; ++f) {
      const auto ft = field_type_of(e.type, t.fields[f].kind);
      if (!ft) {
        *why = std::string(to_string(e.type)) + " is a character type, not a reduction type (MPI-4.1 §7.9.3)";
        return std::nullopt;
      }
      out.types.push_back(*ft);
      out.offsets.push_back(static_cast<std::size_t>(e.disp) + t.fields[f].offset);
    }
  }
  if (out.types.size() > max_element_fields) {
    *why = "the datatype " + type.description() + " has " + std::to_string(out.types.size()) +
           " fields; the law search takes at most " + std::to_string(max_element_fields);
    return std::nullopt;
  }
  return out;
}

kernel_call_failed::kernel_call_failed(int s, std::int64_t n, std::vector<opfile::concrete_element> x)
    : std::runtime_error("a kernel call failed during the law search"), status(s), count(n), operands(std::move(x)) {}

kernel_op::kernel_op(kernel_under_test k, datatype type, element_fields fields, const policy& p,
                     std::optional<opfile::concrete_element> identity)
    : kernel_(std::move(k)), type_(std::move(type)), fields_(std::move(fields)), policy_(p), identity_(std::move(identity)) {}

void kernel_op::store(const opfile::concrete_element& x, std::byte* p) const {
  opfile::store_fields(fields_.types, fields_.offsets, x, p);
}

opfile::concrete_element kernel_op::load(const std::byte* p) const {
  return opfile::load_fields(fields_.types, fields_.offsets, p);
}

opfile::concrete_element kernel_op::combine(const opfile::concrete_element& a, const opfile::concrete_element& b) const {
  const operands pair{&a, &b};
  return std::move(combine_all({&pair, 1}).front());
}

int kernel_op::call(std::span<const operands> pairs, std::vector<opfile::concrete_element>* out) const {
  const auto extent = static_cast<std::size_t>(type_.extent());
  const std::size_t n = pairs.size();
  // Padding and gaps are zero: only value bytes are compared (model/element_compare.h).
  std::vector<std::byte> in(n * extent, std::byte{0}), inout(n * extent, std::byte{0});
  for (std::size_t i = 0; i < n; ++i) {
    store(*pairs[i].first, in.data() + i * extent);
    store(*pairs[i].second, inout.data() + i * extent);
  }
  // Shared, guarded mappings: an isolated kernel's child writes into them directly.
  guarded_buffer gin(in, 0), ginout(inout, 0);
  ++calls_;
  const int status = kernel_.run(gin.data(), ginout.data(), static_cast<std::int64_t>(n));
  if (status == 0 && out != nullptr)
    for (std::size_t i = 0; i < n; ++i) out->push_back(load(ginout.data() + i * extent));
  return status;
}

std::vector<opfile::concrete_element> kernel_op::combine_all(std::span<const operands> pairs) const {
  std::vector<opfile::concrete_element> out;
  out.reserve(pairs.size());
  for (std::size_t from = 0; from < pairs.size(); from += batch()) {
    std::span<const operands> chunk = pairs.subspan(from, std::min(batch(), pairs.size() - from));
    int status = call(chunk, &out);
    if (status == 0) continue;
    // Halve the failing call while a half fails on its own, down to one pair if it can.
    while (chunk.size() > 1 && status != hang_status) {
      const auto first = chunk.first(chunk.size() / 2), second = chunk.subspan(chunk.size() / 2);
      int s = 0;
      if ((s = call(first, nullptr)) != 0) chunk = first;
      else if ((s = call(second, nullptr)) != 0) chunk = second;
      else break;  // only the whole call fails
      status = s;
    }
    std::vector<opfile::concrete_element> culprit;
    if (chunk.size() == 1) culprit = {*chunk.front().first, *chunk.front().second};
    throw kernel_call_failed(status, static_cast<std::int64_t>(chunk.size()), std::move(culprit));
  }
  return out;
}

}  // namespace redsem::fuzz
