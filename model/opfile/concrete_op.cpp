// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/concrete_op.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include "model/opfile/domain_samples.h"

namespace redsem::opfile {
namespace {

std::size_t align_of(field_type t) {
  return visit(t, [](auto tag) { return alignof(field_cpp_t<decltype(tag)::value>); });
}
std::size_t size_of(field_type t) {
  return visit(t, [](auto tag) { return sizeof(field_cpp_t<decltype(tag)::value>); });
}
std::size_t round_up(std::size_t n, std::size_t a) { return (n + a - 1) / a * a; }

datatype struct_type(const typed_op& op, const std::vector<std::size_t>& offsets) {
  std::vector<std::int64_t> ones(op.fields.size(), 1), disps;
  std::vector<datatype> types;
  for (std::size_t f = 0; f < op.fields.size(); ++f) {
    disps.push_back(static_cast<std::int64_t>(offsets[f]));
    types.push_back(datatype::predefined(basic_type_of(op.fields[f].type)));
  }
  return datatype::structure(ones, disps, types);
}

std::vector<std::size_t> c_offsets(const typed_op& op) {
  std::vector<std::size_t> offsets;
  std::size_t at = 0;
  for (const auto& f : op.fields) {
    at = round_up(at, align_of(f.type));
    offsets.push_back(at);
    at += size_of(f.type);
  }
  return offsets;
}

std::size_t c_size(const typed_op& op) {
  std::size_t at = 0, align = 1;
  for (const auto& f : op.fields) {
    at = round_up(at, align_of(f.type)) + size_of(f.type);
    align = std::max(align, align_of(f.type));
  }
  return round_up(at, align);
}

template <class S>
std::string show(S v) {
  if constexpr (std::is_same_v<S, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_floating_point_v<S>) {
    if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
  } else {
    return std::to_string(v);
  }
}

}  // namespace

concrete_op::concrete_op(typed_op op, const policy& p)
    : op_(std::move(op)), policy_(p), offsets_(c_offsets(op_)), size_(c_size(op_)), type_(struct_type(op_, offsets_)) {
  for (const auto& f : op_.fields) field_types_.push_back(f.type);
  ensure(static_cast<std::size_t>(type_.extent()) == size_, "op-file element extent is its C struct size");
}

concrete_op::~concrete_op() = default;

std::unique_ptr<concrete_op::engine> concrete_op::acquire() const {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto e = std::move(idle_.back());
      idle_.pop_back();
      return e;
    }
  }
  return std::make_unique<engine>(*this);
}

void concrete_op::release(std::unique_ptr<engine> e) const {
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(e));
}

// An engine for the length of one call, returned to the pool even when the call throws.
class concrete_op::borrowed {
 public:
  explicit borrowed(const concrete_op& op) : op_(op), engine_(op.acquire()) {}
  ~borrowed() { op_.release(std::move(engine_)); }
  borrowed(const borrowed&) = delete;
  borrowed& operator=(const borrowed&) = delete;
  evaluator<concrete_domain>& operator*() { return engine_->eval; }

 private:
  const concrete_op& op_;
  std::unique_ptr<engine> engine_;
};

concrete_element concrete_op::combine(const concrete_element& a, const concrete_element& b) const {
  borrowed e(*this);
  return (*e).combine(a, b);
}

bool concrete_op::legal(const concrete_element& x) const {
  borrowed e(*this);
  return (*e).legal(x);
}

concrete_element concrete_op::identity() const {
  borrowed e(*this);
  return (*e).identity();
}

std::vector<field_samples> concrete_op::samples() const { return samples_of(op_); }

concrete_element concrete_op::load(const std::byte* p) const { return load_fields(field_types_, offsets_, p); }

void concrete_op::store(const concrete_element& x, std::byte* p) const { store_fields(field_types_, offsets_, x, p); }

void concrete_op::combine(const std::byte* a, const std::byte* b, std::byte* out) const {
  store(combine(load(a), load(b)), out);
}

element_op make_element_op(std::shared_ptr<const concrete_op> op) {
  element_op e{op->op().name, op->type(), op->op().commute, {}};
  e.combine = [op](const std::byte* a, const std::byte* b, std::byte* out) { op->combine(a, b, out); };
  return e;
}

std::string format(const concrete_element& x) {
  std::string s = x.size() == 1 ? "" : "(";
  for (std::size_t f = 0; f < x.size(); ++f) {
    if (f) s += ", ";
    s += std::visit([](auto v) { return show(v); }, x[f]);
  }
  return x.size() == 1 ? s : s + ")";
}

}  // namespace redsem::opfile
