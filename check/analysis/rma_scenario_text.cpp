// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_scenario_text.h"

#include <fmt/format.h>

#include <cctype>
#include <cstring>
#include <type_traits>

#include "check/analysis/record_fields.h"
#include "check/analysis/rma_call_lines.h"
#include "model/datatype.h"
#include "model/typemap.h"
#include "sim/rma/scenario_limits.h"
#include "sim/rma/scenario_values.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

// The bytes of one field as MPI_Pack lays them out here: a long double takes its C size.
std::size_t packed_bytes(scalar_kind k) { return k == scalar_kind::f80 ? sizeof(long double) : value_bytes(k); }

template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// One field as scenario text: integers in decimal, floating point as exact hex floats.
std::optional<std::string> field_text(scalar_kind k, const unsigned char* p) {
  if (k == scalar_kind::char8) return fmt::format("{:+d}", load<std::int8_t>(p));  // a sign: never read as a character
  if (k == scalar_kind::wchar) return std::nullopt;
  return visit(k, [&]<class T>(std::type_identity<T>) {
    if constexpr (std::is_floating_point_v<T>)
      return fmt::format("{:a}", load<T>(p));
    else
      return std::to_string(load<T>(p));
  });
}

std::optional<std::vector<unsigned char>> hex_bytes(const std::string& hex) {
  if (hex.size() % 2) return std::nullopt;
  std::vector<unsigned char> out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : c - 'a' + 10; };
    out.push_back(static_cast<unsigned char>(digit(hex[i]) * 16 + digit(hex[i + 1])));
  }
  return out;
}

// The window byte just past a call's last (its displacement in units of disp_unit), or nullopt when
// the numbers overflow 64 bits: a record read back by `redsem check --records` may hold any integer.
std::optional<std::int64_t> end_of(std::int64_t disp, std::int64_t disp_unit, std::int64_t count,
                                   const datatype& type) {
  std::int64_t offset = 0, last = 0, end = 0;
  if (__builtin_mul_overflow(disp, disp_unit, &offset) || __builtin_mul_overflow(count - 1, type.extent(), &last) ||
      __builtin_add_overflow(offset, last, &end) || __builtin_add_overflow(end, type.true_ub(), &end))
    return std::nullopt;
  return end;
}

// Writes one call's line of the scenario, or says why it cannot.
class call_writer {
 public:
  call_writer(std::int64_t disp_unit, std::string* reason, const attached_layout* attached = nullptr)
      : disp_unit_(disp_unit), reason_(reason), attached_(attached) {}

  std::optional<rma_access> outside;  // the call outside the attached memory, when one was

  std::int64_t reach = 0;  // the furthest window byte the calls written so far touch

  // Moves `disp` into the attached memory's layout (a dynamic window) and extends `reach` over
  // the call's bytes; false, with the reason said, when they cannot be placed.
  bool place(const rma_access& a, const std::string& call, std::int64_t count, const datatype& type,
             std::int64_t& disp) {
    const std::string beyond = fmt::format("rank {}'s {} reaches beyond 64-bit byte offsets (disp {}, count {})",
                                           a.world_rank, call, disp, count);
    std::int64_t begin = 0;
    const auto end = end_of(disp, 1, count, type);
    if (!end || __builtin_add_overflow(disp, type.true_lb(), &begin)) {
      fail(beyond);
      return false;
    }
    if (attached_) {
      const auto at = attached_->offset_of(begin, *end);
      if (!at) {
        outside = a;
        fail(fmt::format("rank {}'s {} reaches target memory outside every region rank {} attached ({})", a.world_rank,
                         call, int_of(*a.line, "target"), attached_->text()));
        return false;
      }
      disp = *at;
    }
    const auto reached = end_of(disp, disp_unit_, count, type);
    if (!reached) {
      fail(beyond);
      return false;
    }
    reach = std::max(reach, *reached);
    return true;
  }

  std::optional<std::string> line(const rma_access& a) {
    const json& l = *a.line;
    std::string call = text_of(l, "call");
    if (call.rfind("MPI_", 0) != 0) return fail("a call the record does not name");
    std::string kind = call_name_of(l).substr(4);  // a large-count call is replayed as the call it is
    for (char& c : kind) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string type_text = text_of(l, "type"), origin_type_text = text_of(l, "origin_type");
    const auto type = parse(type_text, call);
    if (!type) return std::nullopt;
    std::int64_t disp = int_of(l, "disp");
    const std::int64_t count = int_of(l, "count");
    if (count > 0 && !place(a, call, count, *type, disp)) return std::nullopt;
    const bool single = kind == "fetch_and_op" || kind == "compare_and_swap";
    std::string out = fmt::format("rank {}: {}", a.win_rank, kind);
    if (l.contains("op")) out += " op=" + text_of(l, "op");
    out += fmt::format(" type={} disp={}", type_text, disp);
    if (!single) out += fmt::format(" count={}", count);
    if (!l.contains("origin")) return out;  // a get: nothing read at the origin
    if (l.value("values_bounded", false))
      return fail(fmt::format("the origin values of rank {}'s {} were recorded only in part", a.world_rank, call));
    const bool accumulate = kind.find("accumulate") != std::string::npos;
    const auto origin_type = parse(origin_type_text, call);
    if (!origin_type) return std::nullopt;
    if (accumulate && origin_type_text != type_text) out += " origin_type=" + origin_type_text;
    const auto origin = values(text_of(l, "origin"), *origin_type, int_of(l, "origin_count"), call);
    if (!origin) return std::nullopt;
    out += " origin=" + *origin;
    if (l.contains("compare")) {
      const auto compare = values(text_of(l, "compare"), *type, 1, call);
      if (!compare) return std::nullopt;
      out += " compare=" + *compare;
    }
    return out;
  }

 private:
  std::nullopt_t fail(std::string why) {
    if (reason_->empty()) *reason_ = std::move(why);
    return std::nullopt;
  }

  std::optional<datatype> parse(const std::string& text, const std::string& call) {
    std::string error;
    if (text.empty()) {
      fail("a datatype of " + call + " the record could not describe (subarray, darray or deeper nesting)");
      return std::nullopt;
    }
    auto t = sim::rma::parse_datatype(text, &error);
    if (!t) fail(call + ": datatype " + text + ": " + error);
    return t;
  }

  // `count` elements of `type` packed in `hex`, as comma-separated values (fields joined by ':').
  std::optional<std::string> values(const std::string& hex, const datatype& type, std::int64_t count,
                                    const std::string& call) {
    const auto bytes = hex_bytes(hex);
    if (!bytes) return fail(call + ": origin bytes that are not hex");
    std::string out;
    std::size_t at = 0;
    for (std::int64_t n = 0; n < count; ++n)
      for (const typemap_entry& e : type.entries()) {
        const type_info& t = info(e.type);
        std::string element;
        for (std::size_t f = 0; f < t.field_count; ++f) {
          const scalar_kind k = t.fields[f].kind;
          if (at + packed_bytes(k) > bytes->size())
            return fail(call + ": fewer origin bytes recorded than its datatype holds");
          const auto v = field_text(k, bytes->data() + at);
          if (!v) return fail(call + ": a wide-character origin value, not in the scenario format");
          element += (f ? ":" : "") + *v;
          at += packed_bytes(k);
        }
        out += (out.empty() ? "" : ",") + element;
      }
    if (out.empty()) return fail(call + ": no origin values");
    return out;
  }

  std::int64_t disp_unit_;
  std::string* reason_;
  const attached_layout* attached_;  // a dynamic window's target memory; else none
};

std::string epoch_line(rma_sync_mode mode) {
  switch (mode) {
    case rma_sync_mode::fence:
      return "epoch fence";
    case rma_sync_mode::shared:
      return "epoch lock_all";
    default:
      return "epoch none";  // each rank's own synchronisation lines
  }
}

// The origins of a set, in the window's group, in the set's order.
std::vector<int> origins_of(const rma_access_set& set) {
  std::vector<int> ranks;
  for (const rma_access& a : set.accesses)
    if (ranks.empty() || ranks.back() != a.win_rank) ranks.push_back(a.win_rank);
  return ranks;
}

// A rank's synchronisation lines around its calls: its exclusive lock, or its PSCW access epoch.
std::string opening(const rma_access_set& set, int rank) {
  if (set.mode == rma_sync_mode::exclusive) return fmt::format("rank {}: lock {} exclusive", rank, set.target);
  if (set.mode == rma_sync_mode::pscw) return fmt::format("rank {}: start {}", rank, set.target);
  return "";
}

std::string closing(const rma_access_set& set, int rank) {
  if (set.mode == rma_sync_mode::exclusive) return fmt::format("rank {}: unlock {}", rank, set.target);
  if (set.mode == rma_sync_mode::pscw) return fmt::format("rank {}: complete", rank);
  return "";
}

}  // namespace

std::optional<rma_scenario> rma_scenario_of(const rma_access_set& set, const rma_window& window,
                                            const policy& semantics, scenario_refusal* refusal,
                                            std::vector<rma_access>* outside) {
  *refusal = {};
  std::string* reason = &refusal->reason;
  const auto part = window.parts.find(set.target);
  if (part == window.parts.end()) {
    *reason = fmt::format("the target, rank {} of the window's group, did not record the window", set.target);
    return std::nullopt;
  }
  rma_scenario s;
  std::vector<std::string> lines = {
      fmt::format("# redsem check: window {}, {}, target {}", set.win, set.epoch, set.target),
      "",  // the window line, once the calls' reach is known
      fmt::format("target {}", set.target),
      fmt::format("ranks {}", window.group_size),
      epoch_line(set.mode),
  };
  // The target's window info: the guarantees of accesses to its memory (MPI-4.1 §13.2.1).
  for (auto [key, value] : part->second.info) {
    std::erase_if(value, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });  // "rar, raw"
    lines.push_back(fmt::format("info {}={}", key, value));
  }
  // The policy the command was given (a scenario without the line holds under the default).
  if (semantics != policy{}) lines.push_back("policy " + to_string(semantics));
  if (set.mode == rma_sync_mode::pscw) {
    std::string group;
    for (int r : origins_of(set)) group += (group.empty() ? "" : ",") + std::to_string(r);
    lines.push_back("local: post " + group);
  }
  const attached_layout attached(part->second.attached);
  if (window.dynamic && !attached.fits()) {
    *reason =
        fmt::format("the regions rank {} attached total beyond 64-bit byte offsets ({})", set.target, attached.text());
    return std::nullopt;
  }
  call_writer writer(part->second.disp_unit, reason, window.dynamic ? &attached : nullptr);
  for (std::size_t i = 0; i < set.accesses.size(); ++i) {
    const rma_access& a = set.accesses[i];
    const bool first = i == 0 || set.accesses[i - 1].win_rank != a.win_rank;
    const bool last = i + 1 == set.accesses.size() || set.accesses[i + 1].win_rank != a.win_rank;
    if (first && !opening(set, a.win_rank).empty()) lines.push_back(opening(set, a.win_rank));
    const auto line = writer.line(a);
    if (!line && writer.outside && outside) outside->push_back(*writer.outside);
    if (!line) return std::nullopt;
    lines.push_back(*line);
    s.call_at_line[static_cast<int>(lines.size())] = a;
    if (last && !closing(set, a.win_rank).empty()) lines.push_back(closing(set, a.win_rank));
  }
  if (set.mode == rma_sync_mode::pscw) lines.push_back("local: wait");
  // A window beyond the format's bound is cut to it when every call stays inside the cut.
  const std::int64_t limit = sim::rma::scenario_limits{}.max_window_bytes;
  const std::int64_t bytes = window.dynamic ? attached.bytes() : part->second.bytes;
  if (bytes > limit && writer.reach > limit) {
    *reason = fmt::format("calls reach past the {} bytes a scenario holds, in a {}-byte window", limit, bytes);
    refusal->instance = fmt::format("up to byte {}", writer.reach);
    return std::nullopt;
  }
  lines[1] = fmt::format("window {} disp_unit={}", std::min(bytes, limit), part->second.disp_unit);
  for (const auto& l : lines) s.text += l + "\n";
  return s;
}

}  // namespace redsem::check
