/* SPDX-License-Identifier: BSD-3-Clause */
// Evaluating a typed op file over any value domain D (model/domain.h): the concrete domain
// gives the model and the MPI_User_function kernel; props/smt's symbolic domain gives the Z3
// encoding of exactly the same AST. MIN/MAX inside an op file are MPI_MIN/MPI_MAX themselves
// (ops::extreme), so their NaN and signed-zero rules follow the policy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "model/op_definitions.h"
#include "model/opfile/typed_op.h"
#include "model/policy.h"

namespace redsem::opfile {

template <class D, field_type F>
using value_at = typename D::template value<field_cpp_t<F>>;

// One field's value in domain D; alternative i holds field_type i. Always built with
// std::in_place_index: a symbolic domain may use one C++ type for several alternatives.
template <class D>
using value = std::variant<value_at<D, field_type::boolean>, value_at<D, field_type::i8>, value_at<D, field_type::i16>,
                           value_at<D, field_type::i32>, value_at<D, field_type::i64>, value_at<D, field_type::u8>,
                           value_at<D, field_type::u16>, value_at<D, field_type::u32>, value_at<D, field_type::u64>,
                           value_at<D, field_type::f32>, value_at<D, field_type::f64>, value_at<D, field_type::f80>>;

// An element: one value per field, in field order.
template <class D>
using element = std::vector<value<D>>;

template <class D>
class evaluator {
 public:
  evaluator(const typed_op& op, const D& d, const policy& p) : op_(op), d_(d), policy_(p) {}

  // a ∘ b, a the left operand (lower ranks).
  element<D> combine(const element<D>& a, const element<D>& b) {
    operands_[0] = &a;
    operands_[1] = &b;
    forget();
    element<D> out;
    out.reserve(op_.results.size());
    for (int root : op_.results) out.push_back(eval(root));
    operands_[0] = operands_[1] = nullptr;
    return out;
  }

  // Whether x satisfies every `require` (true when there is none).
  typename D::boolean legal(const element<D>& x) {
    element_ = &x;
    forget();
    typename D::boolean all = d_.constant(true);
    for (int root : op_.requires_) all = d_.and_(all, std::get<0>(eval(root)));
    element_ = nullptr;
    return all;
  }

  // The value of the bool expression `root` (a `require`) for element x.
  typename D::boolean holds(int root, const element<D>& x) {
    element_ = &x;
    forget();
    auto out = std::get<0>(eval(root));
    element_ = nullptr;
    return out;
  }

  // The identity candidate; the op must declare one.
  element<D> identity() {
    ensure(!op_.identity.empty(), "identity() of an op without an identity candidate");
    forget();
    element<D> out;
    for (int root : op_.identity) out.push_back(eval(root));
    return out;
  }

 private:
  template <field_type F>
  static constexpr std::size_t slot = static_cast<std::size_t>(F);

  // Every node is evaluated once per combine: the typed AST is a DAG (lets, `e in {...}`),
  // and without this a chain of shared nodes would cost exponential time (and, symbolically,
  // exponential term size).
  // A generation count makes forgetting O(1), so one evaluator serves many combines.
  void forget() {
    if (memo_.size() != op_.nodes.size() || ++generation_ == 0) {
      memo_.assign(op_.nodes.size(), std::nullopt);
      stamp_.assign(op_.nodes.size(), 0);
      generation_ = 1;
    }
  }

  value<D> eval(int index) {
    const auto i = static_cast<std::size_t>(index);
    if (stamp_[i] != generation_) {
      memo_[i].emplace(compute(op_.nodes[i]));
      stamp_[i] = generation_;
    }
    return *memo_[i];
  }

  value<D> compute(const typed_node& n) {
    switch (n.op) {
      case code::constant:
        return visit(n.type, [&](auto tag) -> value<D> {
          constexpr field_type F = decltype(tag)::value;
          return value<D>(std::in_place_index<slot<F>>, d_.constant(std::get<slot<F>>(n.value)));
        });
      case code::operand_field: return (*operands_[n.operand])[static_cast<std::size_t>(n.index)];
      case code::element_field: return (*element_)[static_cast<std::size_t>(n.index)];
      case code::let_ref: return eval(op_.lets[static_cast<std::size_t>(n.index)]);
      case code::select: {
        const auto c = std::get<0>(eval(n.x));
        const value<D> x = eval(n.y);
        const value<D> y = eval(n.z);
        return visit(n.type, [&](auto tag) -> value<D> {
          constexpr std::size_t I = slot<decltype(tag)::value>;
          return value<D>(std::in_place_index<I>, d_.select(c, std::get<I>(x), std::get<I>(y)));
        });
      }
      default: return visit(n.operand_type, [&](auto tag) { return apply<decltype(tag)::value>(n); });
    }
  }

  // An operator node whose operands have type F.
  template <field_type F>
  value<D> apply(const typed_node& n) {
    constexpr std::size_t I = slot<F>;
    using S = field_cpp_t<F>;
    const auto out = [](auto v) { return value<D>(std::in_place_index<I>, std::move(v)); };
    const auto truth = [](auto v) { return value<D>(std::in_place_index<0>, std::move(v)); };
    const value<D> xv = eval(n.x);
    const auto& x = std::get<I>(xv);
    if constexpr (F == field_type::boolean) {
      if (n.op == code::lnot) return truth(d_.not_(x));
      const auto y = std::get<I>(eval(n.y));
      switch (n.op) {
        case code::land: return truth(d_.and_(x, y));
        case code::lor: return truth(d_.or_(x, y));
        case code::lxor: return truth(d_.xor_(x, y));
        default: break;
      }
    } else {
      if (n.op == code::neg) return out(d_.neg(x));
      if constexpr (std::is_floating_point_v<S>) {
        if (n.op == code::isnan) return truth(d_.is_nan(x));
      } else {
        if (n.op == code::bnot) return out(d_.bxor(x, d_.constant(static_cast<S>(~S{0}))));
      }
      const auto y = std::get<I>(eval(n.y));
      switch (n.op) {
        case code::add: return out(d_.add(x, y));
        case code::sub: return out(d_.sub(x, y));
        case code::mul: return out(d_.mul(x, y));
        case code::eq: return truth(d_.eq(x, y));
        case code::ne: return truth(d_.not_(d_.eq(x, y)));
        case code::lt: return truth(d_.lt(x, y));
        case code::le: return truth(d_.or_(d_.lt(x, y), d_.eq(x, y)));
        case code::min: return out(ops::extreme(d_, policy_, ops::direction::smaller, x, y));
        case code::max: return out(ops::extreme(d_, policy_, ops::direction::greater, x, y));
        default: break;
      }
      if constexpr (std::is_integral_v<S>) {
        switch (n.op) {
          case code::band: return out(d_.band(x, y));
          case code::bor: return out(d_.bor(x, y));
          case code::bxor: return out(d_.bxor(x, y));
          case code::shl: return out(d_.shl(x, y));
          case code::shr: return out(d_.shr(x, y));
          case code::rotl: return out(d_.rotl(x, y));
          case code::rotr: return out(d_.rotr(x, y));
          default: break;
        }
      }
    }
    internal_error("op-file node with operands of a type it does not take; the type checker rules it out");
  }

  const typed_op& op_;
  const D& d_;
  policy policy_;
  const element<D>* operands_[2] = {nullptr, nullptr};
  const element<D>* element_ = nullptr;
  std::vector<std::optional<value<D>>> memo_;  // per node: its value, valid when its stamp is generation_
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
};

}  // namespace redsem::opfile
