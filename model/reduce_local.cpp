// SPDX-License-Identifier: BSD-3-Clause
#include "model/reduce_local.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <set>

#include "model/concrete_domain.h"
#include "model/element_io.h"
#include "model/op_definitions.h"

namespace redsem {
namespace {

std::string where(const address_space& space, const byte_range& r) {
  return "bytes [" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ") of region '" + space.name(r.region) +
         "'";
}

outcome check_op(const op_ref& op, const buffer& inout, const policy& p) {
  if (const auto* user = std::get_if<const user_op*>(&op)) {
    if (*user == nullptr || (*user)->function == nullptr)
      return outcome::erroneous(rule::null_user_function, "the user-defined op has no function");
    return outcome::done();
  }
  const op_id id = std::get<op_id>(op);
  if (usage_of(id) == op_usage::rma_only)
    return outcome::erroneous(rule::rma_only_op, std::string(to_string(id)) + " used in a local reduction");
  std::set<basic_type> seen;
  for (const auto& e : inout.type.entries()) {
    if (!seen.insert(e.type).second) continue;
    const std::string pair = std::string(to_string(id)) + " on " + std::string(to_string(e.type));
    if (group_of(e.type) == type_group::character) return outcome::erroneous(rule::character_type, pair);
    if (!op_allows(id, e.type))
      return outcome::erroneous(rule::op_not_for_type,
                                pair + " (" + std::string(to_string(group_of(e.type))) + " group)");
  }
  if (!inout.type.is_predefined() && p.derived == derived_rule::strict)
    return outcome::erroneous(rule::derived_type_with_predefined_op,
                              std::string(to_string(id)) + " on derived datatype " + inout.type.description());
  return outcome::done();
}

outcome check_signature(const named_buffer& in, const buffer& inout, const op_ref& op) {
  const bool user = std::holds_alternative<const user_op*>(op);
  const bool same = user ? in.buf->count == inout.count && in.buf->type.same_layout(inout.type)
                         : same_signature(in.buf->count, in.buf->type, inout.count, inout.type);
  if (same) return outcome::done();
  return outcome::erroneous(rule::type_signature_mismatch,
                            std::string(in.name) + " holds " + std::to_string(in.buf->count) + " × " +
                                in.buf->type.description() + " but inoutbuf holds " + std::to_string(inout.count) +
                                " × " + inout.type.description());
}

// dst[k] := lhs[k] ∘ rhs[k] for every flattened element, each operand read from its own bytes.
outcome combine_predefined(op_id id, const policy& p, std::span<const std::byte> lhs_bytes, const buffer& lhs,
                           std::span<const std::byte> rhs_bytes, const buffer& rhs, std::span<std::byte> dst_bytes,
                           const buffer& dst) {
  concrete_domain d(p);
  const std::int64_t n = element_count(dst);
  for (std::int64_t k = 0; k < n; ++k) {
    visit(element_type(dst, k), [&](auto tag) {
      constexpr basic_type B = decltype(tag)::value;
      using E = element_t<B>;
      const E a = load_element<E>(lhs_bytes.data() + element_address(lhs, k));
      const E b = load_element<E>(rhs_bytes.data() + element_address(rhs, k));
      store_element(dst_bytes.data() + element_address(dst, k), ops::apply<B>(id, d, p, a, b));
    });
  }
  if (d.overflowed() && p.overflow == overflow_rule::erroneous)
    return outcome::erroneous(rule::signed_overflow, std::string(to_string(id)) + " overflowed");
  return outcome::done();
}

// The user function on `count` elements, in calls of at most INT_MAX elements each.
void call_user(const user_op& op, std::byte* in, std::byte* inout, std::int64_t count, const datatype& type) {
  auto* handle = const_cast<void*>(static_cast<const void*>(&type));
  for (std::int64_t done = 0; done < count;) {
    int len = static_cast<int>(std::min<std::int64_t>(count - done, INT_MAX));
    const std::int64_t shift = done * type.extent();
    op.function(in + shift, inout + shift, &len, handle);
    done += len;
  }
}

void copy_elements(std::span<const std::byte> from_bytes, const buffer& from, std::span<std::byte> to_bytes,
                   const buffer& to) {
  for (std::int64_t k = 0; k < element_count(to); ++k) {
    const type_info& t = info(element_type(to, k));
    for (std::size_t f = 0; f < t.field_count; ++f)
      std::memcpy(to_bytes.data() + element_address(to, k) + t.fields[f].offset,
                  from_bytes.data() + element_address(from, k) + t.fields[f].offset, value_bytes(t.fields[f].kind));
  }
}

void commit(address_space& space, region_id r, const std::vector<std::byte>& staged) {
  std::copy(staged.begin(), staged.end(), space.bytes(r).begin());
}

std::vector<std::byte> snapshot(const address_space& space, region_id r) {
  const auto b = space.bytes(r);
  return {b.begin(), b.end()};
}

}  // namespace

outcome check_reduction_call(const address_space& space, const std::vector<named_buffer>& inputs,
                             const buffer& inout, const op_ref& op, const policy& p) {
  if (inout.count < 0) return outcome::erroneous(rule::negative_count, "inoutbuf count " + std::to_string(inout.count));
  for (const auto& in : inputs)
    if (in.buf->count < 0)
      return outcome::erroneous(rule::negative_count, std::string(in.name) + " count " + std::to_string(in.buf->count));
  if (outcome o = check_op(op, inout, p); !o.is_done()) return o;
  for (const auto& in : inputs)
    if (outcome o = check_signature(in, inout, op); !o.is_done()) return o;
  if (!fits(space, inout)) return outcome::erroneous(rule::out_of_bounds, "inoutbuf");
  for (const auto& in : inputs)
    if (!fits(space, *in.buf)) return outcome::erroneous(rule::out_of_bounds, std::string(in.name));
  if (auto at = first_self_overlap(inout))
    return outcome::erroneous(rule::inout_overlapping_entries,
                              "inoutbuf's datatype " + inout.type.description() + " touches byte " +
                                  std::to_string(*at) + " twice");
  for (const auto& in : inputs)
    if (auto r = first_overlap(*in.buf, inout))
      return outcome::erroneous(rule::inout_aliases_input,
                                std::string(in.name) + " and inoutbuf share " + where(space, *r));
  return outcome::done();
}

outcome reduce_local(address_space& space, const buffer_arg& inbuf, const buffer_arg& inoutbuf, const op_ref& op,
                     const policy& p) {
  if (is_in_place(inbuf) || is_in_place(inoutbuf))
    return outcome::erroneous(rule::in_place_forbidden,
                              is_in_place(inbuf) ? "inbuf is MPI_IN_PLACE" : "inoutbuf is MPI_IN_PLACE");
  const buffer& in = std::get<buffer>(inbuf);
  const buffer& io = std::get<buffer>(inoutbuf);
  if (outcome o = check_reduction_call(space, {{"inbuf", &in}}, io, op, p); !o.is_done()) return o;

  // The result is staged and committed only when the call succeeds: an erroneous call writes nothing.
  std::vector<std::byte> staged = snapshot(space, io.region);
  if (const auto* id = std::get_if<op_id>(&op)) {
    outcome o = combine_predefined(*id, p, space.bytes(in.region), in, space.bytes(io.region), io, staged, io);
    if (!o.is_done()) return o;
  } else {
    // A user function works on the buffers as MPI hands them over: inbuf, and inoutbuf in place.
    std::byte* in_ptr = in.region == io.region ? staged.data() : space.bytes(in.region).data();
    call_user(*std::get<const user_op*>(op), in_ptr + in.offset, staged.data() + io.offset, io.count, io.type);
  }
  commit(space, io.region, staged);
  return outcome::done();
}

outcome reduce_locals(address_space& space, const buffer_arg& inbuf, const buffer_arg& argbuf,
                      const buffer_arg& inoutbuf, const op_ref& op, const policy& p) {
  if (is_in_place(inoutbuf)) return outcome::erroneous(rule::in_place_inoutbuf, "inoutbuf is MPI_IN_PLACE");
  const buffer& io = std::get<buffer>(inoutbuf);
  std::vector<named_buffer> inputs;
  if (!is_in_place(inbuf)) inputs.push_back({"inbuf", &std::get<buffer>(inbuf)});
  if (!is_in_place(argbuf)) inputs.push_back({"argbuf", &std::get<buffer>(argbuf)});
  if (outcome o = check_reduction_call(space, inputs, io, op, p); !o.is_done()) return o;

  const buffer& lhs = is_in_place(inbuf) ? io : std::get<buffer>(inbuf);
  const buffer& rhs = is_in_place(argbuf) ? io : std::get<buffer>(argbuf);
  // Both operands are read from snapshots taken on entry, so A = A ∘ A and A = X ∘ X read
  // their operands before any result is written.
  std::vector<std::byte> lhs_bytes = snapshot(space, lhs.region);
  std::vector<std::byte> rhs_bytes = snapshot(space, rhs.region);
  std::vector<std::byte> staged = snapshot(space, io.region);
  if (const auto* id = std::get_if<op_id>(&op)) {
    outcome o = combine_predefined(*id, p, lhs_bytes, lhs, rhs_bytes, rhs, staged, io);
    if (!o.is_done()) return o;
  } else {
    call_user(*std::get<const user_op*>(op), lhs_bytes.data() + lhs.offset, rhs_bytes.data() + rhs.offset, io.count,
              io.type);
    copy_elements(rhs_bytes, rhs, staged, io);
  }
  commit(space, io.region, staged);
  return outcome::done();
}

}  // namespace redsem
