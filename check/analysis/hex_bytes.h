/* SPDX-License-Identifier: BSD-3-Clause */
// The records' byte strings: lowercase hex, two digits per byte, in memory order.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace redsem::check {

// nullopt when `hex` has an odd length or a character that is not a hex digit.
std::optional<std::vector<std::byte>> bytes_from_hex(std::string_view hex);

}  // namespace redsem::check
