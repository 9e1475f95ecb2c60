// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/opfile_prove.h"

#include "model/check.h"
#include "model/opfile/domain_samples.h"

namespace redsem::laws {

model_op opfile_model_op(const opfile::concrete_op& op) {
  ensure(static_cast<std::size_t>(op.type().extent()) == op.size(), "an op file's element is its struct's size");
  model_op m{op.op().name, op.type(),
             [&op](const std::byte* a, const std::byte* b, std::byte* out) {
               op.combine(a, b, out);
               return true;  // op-file integers wrap: no evaluation is erroneous
             },
             {}};
  if (op.has_domain()) m.legal = [&op](const std::byte* x) { return op.legal(op.load(x)); };
  return m;
}

std::vector<element_bytes> opfile_candidates(const opfile::concrete_op& op, std::mt19937_64& rng) {
  const auto fields = op.samples();
  std::vector<opfile::concrete_element> elements = opfile::legal_small_elements(op, fields, {}, rng).elements;
  for (auto& x : opfile::extreme_corners(op)) elements.push_back(std::move(x));
  for (int i = 0; i < 48; ++i)
    if (auto x = opfile::random_legal_element(op, fields, rng, 100, nullptr)) elements.push_back(std::move(*x));
  std::vector<element_bytes> out;
  for (const auto& x : elements) {
    element_bytes bytes(op.size());
    op.store(x, bytes.data());
    out.push_back(std::move(bytes));
  }
  return out;
}

}  // namespace redsem::laws
