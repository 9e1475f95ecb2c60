// SPDX-License-Identifier: BSD-3-Clause
#include "model/locals_table.h"

#include <cstring>
#include <functional>

#include "model/reduce_local.h"

namespace redsem {
namespace {

// a ∘ b = 10·a + b on MPI_INT: the digits of the result name the operands in order.
void digits(void* in, void* inout, int* len, void*) {
  auto* a = static_cast<const int*>(in);
  auto* b = static_cast<int*>(inout);
  for (int k = 0; k < *len; ++k) b[k] = 10 * a[k] + b[k];
}
const user_op digits_op{"a∘b = 10a+b", &digits, false};

constexpr int X = 1, Y = 2, A = 3;

// Three ints in one region: X at byte 0, Y at byte 4, A at byte 8.
struct setup {
  address_space space;
  region_id r = space.allocate("mem", 12);
  setup() {
    const int init[3] = {X, Y, A};
    std::memcpy(space.bytes(r).data(), init, sizeof init);
  }
  buffer at(std::int64_t offset) const { return buffer{r, offset, 1, datatype::predefined(basic_type::int_)}; }
  int a() const {
    int v;
    std::memcpy(&v, space.bytes(r).data() + 8, sizeof v);
    return v;
  }
};

struct row_spec {
  std::string call;
  std::optional<int> expected_value;  // nullopt: erroneous
  std::optional<rule> expected_rule;
  std::string expected;
  std::function<outcome(setup&)> run;
};

locals_row run_row(const row_spec& spec) {
  setup s;
  const outcome result = spec.run(s);
  const bool agrees = result.is_done() ? spec.expected_value && s.a() == *spec.expected_value
                                       : spec.expected_rule && result.broken_rule() == *spec.expected_rule &&
                                             s.a() == A;  // and nothing was written
  return {spec.call, spec.expected, result, result.is_done() ? std::optional<int>(s.a()) : std::nullopt,
          agrees ? row_verdict::agrees : row_verdict::disagrees};
}

}  // namespace

std::vector<locals_row> locals_table() {
  const op_ref op = &digits_op;
  const policy p;
  auto locals = [&](auto in, auto arg) {
    return [=](setup& s) {
      auto resolve = [&](auto b) -> buffer_arg {
        if constexpr (std::is_same_v<decltype(b), in_place_t>) return in_place;
        else return s.at(b);
      };
      return reduce_locals(s.space, resolve(in), resolve(arg), s.at(8), op, p);
    };
  };
  const std::vector<row_spec> specs{
      {"MPI_Reduce_locals(X, Y, A)", 12, {}, "A = X ∘ Y", locals(0, 4)},
      {"MPI_Reduce_locals(MPI_IN_PLACE, Y, A)", 32, {}, "A = A ∘ Y", locals(in_place, 4)},
      {"MPI_Reduce_locals(X, MPI_IN_PLACE, A)", 13, {}, "A = X ∘ A", locals(0, in_place)},
      {"MPI_Reduce_locals(X, X, A)", 11, {}, "A = X ∘ X", locals(0, 0)},
      {"MPI_Reduce_locals(MPI_IN_PLACE, MPI_IN_PLACE, A)", 33, {}, "A = A ∘ A", locals(in_place, in_place)},
      {"MPI_Reduce_locals(X, Y, MPI_IN_PLACE)", {}, rule::in_place_inoutbuf, "erroneous",
       [&](setup& s) { return reduce_locals(s.space, s.at(0), s.at(4), in_place, op, p); }},
      {"MPI_Reduce_locals(A, Y, A)", {}, rule::inout_aliases_input, "erroneous (use MPI_IN_PLACE)", locals(8, 4)},
      {"MPI_Reduce_locals(X, A, A)", {}, rule::inout_aliases_input, "erroneous (use MPI_IN_PLACE)", locals(0, 8)},
      {"MPI_Reduce_local(X, A)", 13, {}, "A = X ∘ A (≡ Reduce_locals(X, IN_PLACE, A))",
       [&](setup& s) { return reduce_local(s.space, s.at(0), s.at(8), op, p); }},
      {"MPI_Reduce_local(A, A)", {}, rule::inout_aliases_input, "erroneous",
       [&](setup& s) { return reduce_local(s.space, s.at(8), s.at(8), op, p); }},
      {"MPI_Reduce_local(MPI_IN_PLACE, A)", {}, rule::in_place_forbidden, "erroneous",
       [&](setup& s) { return reduce_local(s.space, in_place, s.at(8), op, p); }},
  };
  std::vector<locals_row> rows;
  for (const auto& spec : specs) rows.push_back(run_row(spec));
  return rows;
}

}  // namespace redsem
