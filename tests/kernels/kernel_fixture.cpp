// SPDX-License-Identifier: BSD-3-Clause
#include "kernel_fixture.h"

#include <algorithm>

#include "model/element_op.h"

namespace redsem::kernels::testing {

std::string to_string(call_shape s) {
  switch (s) {
    case call_shape::reduce_local: return "reduce_local(in, io)";
    case call_shape::reduce_locals: return "reduce_locals(a, b, out)";
    case call_shape::locals_in_place_a: return "reduce_locals(IN_PLACE, b, out)";
    case call_shape::locals_both_in_place: return "reduce_locals(IN_PLACE, IN_PLACE, out)";
  }
  return "?";
}

bool nan_equal_results(op_id op, basic_type type) {
  return class_of(op) == op_class::arith && is_float_kind(info(type).fields[0].kind);
}

namespace {

constexpr std::size_t guard_bytes = 16;
constexpr std::byte guard_fill{0x5A};

// A kernel-side buffer: `misalign` guard bytes, the elements, then guard bytes.
std::vector<std::byte> placed(const std::vector<std::byte>& elements, std::size_t misalign) {
  std::vector<std::byte> buf(misalign + elements.size() + guard_bytes, guard_fill);
  std::copy(elements.begin(), elements.end(), buf.begin() + static_cast<std::ptrdiff_t>(misalign));
  return buf;
}

bool guards_intact(const std::vector<std::byte>& buf, std::size_t misalign, std::size_t bytes) {
  const auto is_guard = [](std::byte b) { return b == guard_fill; };
  return std::all_of(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(misalign), is_guard) &&
         std::all_of(buf.begin() + static_cast<std::ptrdiff_t>(misalign + bytes), buf.end(), is_guard);
}

std::string describe(const kernel& k, const run_case& c) {
  return std::string(to_string(c.op)) + " on " + std::string(to_string(c.type)) + ", " + to_string(c.shape) +
         ", path " + std::string(k.path()) + ", policy " + to_string(c.p) + ", count " + std::to_string(c.count) +
         ", misalign " + std::to_string(c.misalign_a) + "/" + std::to_string(c.misalign_b) + "/" +
         std::to_string(c.misalign_out);
}

// MPI_REPLACE and MPI_NO_OP are erroneous in MPI_Reduce_local(s): the oracle is the model's
// element op (what an accumulate applies), element by element.
std::string compare_with_element_op(const kernel& k, const run_case& c, const std::vector<std::byte>& a,
                                    const std::vector<std::byte>& b, const std::vector<std::byte>& out0) {
  const type_info& t = info(c.type);
  const element_op model = predefined_element_op(c.op, c.type, c.p);
  // The operands' values on entry, and the kernel run on copies laid out as the call shares them.
  const std::vector<std::byte>& left = c.shape == call_shape::locals_in_place_a || c.shape == call_shape::locals_both_in_place ? out0 : a;
  const std::vector<std::byte>& right = c.shape == call_shape::locals_both_in_place ? out0 : b;
  std::vector<std::byte> ka = a, kb = b, got = out0;
  switch (c.shape) {
    case call_shape::reduce_local: k.reduce_local(ka.data(), kb.data(), c.count, c.p), got = kb; break;
    case call_shape::reduce_locals: k(ka.data(), kb.data(), got.data(), c.count, c.p); break;
    case call_shape::locals_in_place_a: k(got.data(), kb.data(), got.data(), c.count, c.p); break;
    case call_shape::locals_both_in_place: k(got.data(), got.data(), got.data(), c.count, c.p); break;
  }
  std::vector<std::byte> want(t.size);
  for (std::size_t e = 0; e < c.count; ++e) {
    const std::size_t at = e * t.size;
    model.combine(left.data() + at, right.data() + at, want.data());
    if (!same_element(model.type, got.data() + at, want.data(), c.p))
      return describe(k, c) + ": element " + std::to_string(e) + ": kernel " +
             format_element(model.type, got.data() + at) + ", model " + format_element(model.type, want.data());
  }
  return {};
}

}  // namespace

std::string compare_with_model(const kernel& k, const run_case& c, value_source& values) {
  const auto a = values.elements(c.type, c.count);
  auto b = values.elements(c.type, c.count);
  values.tie_some(c.type, a, b);
  return compare_with_model(k, c, a, b, values.elements(c.type, c.count));
}

std::string compare_with_model(const kernel& k, const run_case& c, const std::vector<std::byte>& a,
                               const std::vector<std::byte>& b, const std::vector<std::byte>& out0) {
  const type_info& t = info(c.type);
  const std::size_t bytes = c.count * t.size;

  // The model, on its own copies.
  address_space space;
  const auto region_with = [&](const char* name, const std::vector<std::byte>& v) {
    const region_id r = space.allocate(name, v.size());
    std::copy(v.begin(), v.end(), space.bytes(r).begin());
    return r;
  };
  const datatype dt = datatype::predefined(c.type);
  const auto count = static_cast<std::int64_t>(c.count);
  const region_id ra = region_with("a", a), rb = region_with("b", b), ro = region_with("out", out0);
  const buffer A{ra, 0, count, dt}, B{rb, 0, count, dt}, O{ro, 0, count, dt};

  // The kernel, on misaligned copies with guards.
  auto ka = placed(a, c.misalign_a), kb = placed(b, c.misalign_b), ko = placed(out0, c.misalign_out);
  std::byte* pa = ka.data() + c.misalign_a;
  std::byte* pb = kb.data() + c.misalign_b;
  std::byte* po = ko.data() + c.misalign_out;

  if (usage_of(c.op) == op_usage::rma_only) return compare_with_element_op(k, c, a, b, out0);
  outcome model = outcome::done();
  kernel_status status = kernel_status::done;
  region_id expected = ro;
  std::vector<std::byte>* result = &ko;
  std::size_t result_misalign = c.misalign_out;
  switch (c.shape) {
    case call_shape::reduce_local:
      model = reduce_local(space, A, B, c.op, c.p);
      status = k.reduce_local(pa, pb, c.count, c.p);
      expected = rb, result = &kb, result_misalign = c.misalign_b;
      break;
    case call_shape::reduce_locals:
      model = reduce_locals(space, A, B, O, c.op, c.p);
      status = k(pa, pb, po, c.count, c.p);
      break;
    case call_shape::locals_in_place_a:
      model = reduce_locals(space, in_place, B, O, c.op, c.p);
      status = k(po, pb, po, c.count, c.p);
      break;
    case call_shape::locals_both_in_place:
      model = reduce_locals(space, in_place, in_place, O, c.op, c.p);
      status = k(po, po, po, c.count, c.p);
      break;
  }
  const std::string what = describe(k, c);
  if (!guards_intact(*result, result_misalign, bytes)) return what + ": the kernel wrote outside its output";
  const bool model_refused = !model.is_done();
  if (model_refused != (status == kernel_status::signed_overflow))
    return what + ": the model says '" + model.message() + "' but the kernel " +
           (status == kernel_status::done ? "succeeded" : "refused");

  if (model_refused) {
    const std::vector<std::byte>& entry = c.shape == call_shape::reduce_local ? b : out0;
    if (!std::equal(entry.begin(), entry.end(), result->begin() + static_cast<std::ptrdiff_t>(result_misalign)))
      return what + ": the kernel refused the call but wrote its output";
    return {};
  }
  policy cmp = c.p;
  cmp.compare = nan_equal_results(c.op, c.type) ? compare_rule::nan_equal : compare_rule::bitwise;
  const auto want = space.bytes(expected);
  for (std::size_t e = 0; e < c.count; ++e) {
    const std::byte* got = result->data() + result_misalign + e * t.size;
    const std::byte* exp = want.data() + e * t.size;
    if (!same_element(dt, got, exp, cmp))
      return what + ": element " + std::to_string(e) + ": kernel " + format_element(dt, got) + ", model " +
             format_element(dt, exp) + " (a = " + format_element(dt, a.data() + e * t.size) +
             ", b = " + format_element(dt, b.data() + e * t.size) + ", out on entry = " +
             format_element(dt, out0.data() + e * t.size) + ")";
  }
  return {};
}

}  // namespace redsem::kernels::testing
