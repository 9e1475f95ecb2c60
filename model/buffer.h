/* SPDX-License-Identifier: BSD-3-Clause */
// A simulated address space and the buffers that live in it. Overlap is decided on the
// bytes the typemaps actually touch (padding excluded), never on start addresses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "model/typemap.h"

namespace redsem {

using region_id = std::uint32_t;

class address_space {
 public:
  region_id allocate(std::string name, std::size_t bytes, std::byte fill = std::byte{0});
  std::span<std::byte> bytes(region_id r) { return regions_.at(r).bytes; }
  std::span<const std::byte> bytes(region_id r) const { return regions_.at(r).bytes; }
  const std::string& name(region_id r) const { return regions_.at(r).name; }
  std::size_t size() const { return regions_.size(); }

 private:
  struct region {
    std::string name;
    std::vector<std::byte> bytes;
  };
  std::vector<region> regions_;
};

// `count` elements of `type` starting `offset` bytes into a region.
struct buffer {
  region_id region = 0;
  std::int64_t offset = 0;
  std::int64_t count = 0;
  datatype type = datatype::predefined(basic_type::int_);
};

struct in_place_t {
  friend bool operator==(in_place_t, in_place_t) = default;
};
inline constexpr in_place_t in_place{};

// A buffer argument of an MPI call: a buffer, or MPI_IN_PLACE.
using buffer_arg = std::variant<in_place_t, buffer>;

inline bool is_in_place(const buffer_arg& b) { return std::holds_alternative<in_place_t>(b); }

// Half-open byte interval [begin, end) of one region.
struct byte_range {
  region_id region;
  std::int64_t begin;
  std::int64_t end;
  friend bool operator==(const byte_range&, const byte_range&) = default;
};

// The byte address of flattened element k (k-th typemap entry over all count copies).
std::int64_t element_address(const buffer& b, std::int64_t k);
// The predefined type of flattened element k.
basic_type element_type(const buffer& b, std::int64_t k);
// How many flattened elements the buffer has.
std::int64_t element_count(const buffer& b);

// The value bytes the buffer touches, sorted and merged.
std::vector<byte_range> touched_bytes(const buffer& b);
// The first byte range both buffers touch, if any.
std::optional<byte_range> first_overlap(const buffer& a, const buffer& b);
// The first byte two of the buffer's own entries both touch (a receive buffer may not have one).
std::optional<std::int64_t> first_self_overlap(const buffer& b);
// Why `t` may not describe a buffer that a call writes (inoutbuf, a user function's inoutvec, a
// receive or result buffer): two of one element's entries touch the same byte, which MPI-4.1
// §7.9.1 makes erroneous ("... (MPI-4.1 §7.9.1)"); nullopt when its entries are disjoint. Every
// command that takes a datatype description for such a buffer refuses it with this message.
std::optional<std::string> written_type_error(const datatype& t);
// Whether every touched byte lies inside the buffer's region.
bool fits(const address_space& space, const buffer& b);

}  // namespace redsem
