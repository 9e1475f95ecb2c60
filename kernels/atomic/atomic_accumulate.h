/* SPDX-License-Identifier: BSD-3-Clause */
// A native accumulate engine for threads sharing memory: the accumulate family of MPI-4.1
// §13.3.4, atomic per basic element (§13.7.1), as an MPI library's shared-memory window needs.
//
// How each element is made atomic (atomic_method):
//   - hardware_rmw: integer MPI_SUM / BAND / BOR / BXOR / REPLACE on naturally aligned 1–8 byte
//     integers, as one std::atomic_ref fetch_add / fetch_and / fetch_or / fetch_xor / exchange;
//   - cas_loop: every other op on 1, 2, 4 or 8-byte elements (float, double, float complex,
//     8-byte pairs, and integer MIN/MAX/PROD/logical ops): load the bits, compute the model's
//     ops::apply, compare-and-swap the bits (bits, so a NaN cannot make the loop spin);
//   - cas16_loop: 16-byte elements (double complex, MPI_DOUBLE_INT, MPI_LONG_INT,
//     MPI_2DOUBLE_PRECISION, long double) aligned to 16: the same loop on unsigned __int128
//     through GCC's __atomic builtins, which libatomic runs as `lock cmpxchg16b` on x86-64;
//   - lock_striped: 32-byte elements (long double complex, MPI_LONG_DOUBLE_INT) and any
//     misaligned element: one of 64 spin locks chosen by address.
// The values always come from the model's one definition (ops::apply): only SUM and the
// bitwise ops use the hardware's own arithmetic, and the tests hold it to the model.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/datatype.h"
#include "model/op.h"
#include "model/policy.h"

namespace redsem::kernels::atomic {

enum class atomic_method : std::uint8_t { hardware_rmw, cas_loop, cas16_loop, lock_striped };
std::string_view to_string(atomic_method m);

// How an element of `type` at `address` is updated atomically by `op`.
atomic_method method_for(basic_type type, op_id op, const void* address);

// For k < count: result[k] := target[k] (when result is not null), target[k] := f(target[k],
// origin[k]) with f the model's op (a = target, b = origin), each element atomically. Elements
// are contiguous, sizeof(element) apart. The pair must be legal: op_allows(op, type).
// MPI_NO_OP only reads; origin may then be null.
void accumulate(basic_type type, op_id op, const policy& p, std::byte* target, const std::byte* origin,
                std::byte* result, std::size_t count) noexcept;

// One element: result := target; if target is identical to compare (value bytes), target := origin.
// Returns whether it swapped. For the types MPI_Compare_and_swap allows, and any other.
bool compare_and_swap(basic_type type, std::byte* target, const std::byte* origin, const std::byte* compare,
                      std::byte* result) noexcept;

}  // namespace redsem::kernels::atomic
