// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario_buffers_sync.h"

#include <algorithm>
#include <sstream>

#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma::detail {

using namespace redsem::rma;

bool buffers_and_synchronisation::named(const line_record& r, const std::string& key) {
  const auto it = r.keys.find(key);
  return it != r.keys.end() && it->second.rfind('@', 0) == 0;
}

// "rank R: buffer NAME TYPE N [= V,V,…]": N elements of a predefined type, zero unless given.
void buffers_and_synchronisation::declare_buffer(session& s, const line_record& r) {
  const auto& w = r.words;
  if (w.size() < 4 || (w.size() > 4 && (w[4] != "=" || w.size() != 6)))
    throw bad_input{r.line, "rank R: buffer NAME TYPE N [= V,V,…]"};
  const std::string& name = w[1];
  if (name.empty() || name.find_first_of("@[]=,") != std::string::npos)
    throw bad_input{r.line, "'" + name + "' is not a buffer name"};
  if (buffers_.contains({r.rank, name}))
    throw bad_input{r.line, "rank " + std::to_string(r.rank) + " already has a buffer '" + name + "'"};
  const auto t = parse_basic_type(w[2]);
  if (!t) throw bad_input{r.line, "unknown predefined type '" + w[2] + "'"};
  const std::int64_t size = static_cast<std::int64_t>(info(*t).size);
  const std::int64_t count = int_key(line_record{r.line, "", {}, {{"N", w[3]}}, -1}, "N", 0);
  if (count < 1 || count > limits_.max_buffer_bytes / size ||
      (buffer_bytes_ += count * size) > limits_.max_buffer_bytes)
    throw bad_input{r.line, "buffer " + name + " needs 1 or more elements, and the buffers of all ranks at most " +
                                std::to_string(limits_.max_buffer_bytes) + " bytes"};
  const region_id region =
      s.allocate("rank " + std::to_string(r.rank) + " buffer " + name, static_cast<std::size_t>(count * size));
  buffers_[{r.rank, name}] = named_buffer{region, *t, count};
  if (w.size() == 6) write_values(s, r, buffer_ref{&buffers_.at({r.rank, name}), name, 0, false}, w[5]);
}

// "@name" or "@name[i]", a buffer of the line's rank.
buffers_and_synchronisation::buffer_ref buffers_and_synchronisation::reference(const line_record& r, const std::string& text, const std::string& role) const {
  const auto open = text.find('[');
  const std::string name = text.substr(1, open == std::string::npos ? std::string::npos : open - 1);
  const auto it = buffers_.find({r.rank, name});
  if (text.empty() || text[0] != '@' || it == buffers_.end())
    throw bad_input{r.line, role + " " + text + ": rank " + std::to_string(r.rank) + " has no buffer '" + name +
                                "' declared before this line (rank R: buffer NAME TYPE N)"};
  buffer_ref ref{&it->second, name, 0, open != std::string::npos};
  if (ref.indexed) {
    if (text.back() != ']') throw bad_input{r.line, role + " " + text + ": expected @NAME[INDEX]"};
    ref.index = int_key(line_record{r.line, "", {}, {{"index", text.substr(open + 1, text.size() - open - 2)}}, -1},
                        "index", 0);
    if (ref.index < 0 || ref.index >= ref.b->count)
      throw bad_input{r.line, role + " " + text + ": index out of range; buffer " + name + " has " +
                                  std::to_string(ref.b->count) + " elements"};
  }
  return ref;
}

// A call's buffer argument naming a buffer: `count` × `type` from the referenced element. One
// that reaches beyond the named buffer is the model's buffer_out_of_bounds finding.
buffer buffers_and_synchronisation::named_buffer_arg(const line_record& r, const std::string& key, const datatype& type,
                        std::int64_t elements) const {
  const buffer_ref ref = reference(r, r.keys.at(key), key + "=");
  const auto per = static_cast<std::int64_t>(type.entries().size());
  if (per == 0 || type.entries().front().type != ref.b->type)
    throw bad_input{r.line, key + "=@" + ref.name + ": buffer " + ref.name + " holds " +
                                std::string(to_string(ref.b->type)) + ", the call's " + key + " type is " +
                                type.description()};
  if (elements % per != 0)
    throw bad_input{r.line, key + "=@" + ref.name + ": the call's " + std::to_string(elements) +
                                " elements are not whole elements of " + type.description()};
  return buffer{ref.b->region, ref.index * static_cast<std::int64_t>(info(ref.b->type).size), elements / per, type};
}

// Parses comma-separated values into the referenced elements (after a done check only).
std::vector<std::byte> buffers_and_synchronisation::parse_values(const line_record& r, const buffer_ref& ref, const std::string& text) const {
  std::vector<std::string> values;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) values.push_back(item);
  if (values.empty() || static_cast<std::int64_t>(values.size()) > ref.b->count - ref.index)
    throw bad_input{r.line, "@" + ref.name + ": " + std::to_string(values.size()) + " value(s) from element " +
                                std::to_string(ref.index) + " do not fit its " + std::to_string(ref.b->count) +
                                " elements"};
  const std::size_t size = info(ref.b->type).size;
  std::vector<std::byte> bytes(values.size() * size);
  for (std::size_t k = 0; k < values.size(); ++k) {
    std::string error;
    if (!parse_element(ref.b->type, values[k], bytes.data() + k * size, &error))
      throw bad_input{r.line, "@" + ref.name + ": " + error};
  }
  return bytes;
}

void buffers_and_synchronisation::write_values(session& s, const line_record& r, const buffer_ref& ref, const std::string& text) {
  const auto bytes = parse_values(r, ref, text);
  std::copy(bytes.begin(), bytes.end(),
            s.space().bytes(ref.b->region).begin() + ref.index * static_cast<std::int64_t>(info(ref.b->type).size));
}

// "rank R: store @a[i] V,…" (from element i, or 0) and "rank R: load @a[i]" (one element) or
// "load @a" (all of it): checked against the rank's calls not yet complete at the origin.
void buffers_and_synchronisation::buffer_access(session& s, const line_record& r, bool store) {
  if (r.words.size() != (store ? 3u : 2u))
    throw bad_input{r.line, store ? "rank R: store @NAME[INDEX] V,V,…" : "rank R: load @NAME[INDEX]"};
  const buffer_ref ref = reference(r, r.words[1], r.words[0]);
  const std::int64_t size = static_cast<std::int64_t>(info(ref.b->type).size);
  const std::vector<std::byte> values = store ? parse_values(r, ref, r.words[2]) : std::vector<std::byte>{};
  const std::int64_t elements = store         ? static_cast<std::int64_t>(values.size()) / size
                                : ref.indexed ? 1
                                              : ref.b->count;
  const byte_range bytes{ref.b->region, ref.index * size, (ref.index + elements) * size};
  const rma_outcome o = store ? s.local_store(r.rank, bytes) : s.local_load(r.rank, bytes);
  if (!o.is_done())
    return sc_.rejected.push_back(
        {r.line, "rank " + std::to_string(r.rank) + " " + r.words[0] + " " + r.words[1], o});
  if (store) std::copy(values.begin(), values.end(), s.space().bytes(ref.b->region).begin() + bytes.begin);
}

namespace {

const std::set<std::string>& synchronisation_names() {
  static const std::set<std::string> names{"flush",    "flush_local", "flush_all", "flush_local_all",
                                           "wait",     "unlock_all",  "lock",      "unlock",
                                           "lock_all", "start",       "complete",  "free"};
  return names;
}

}  // namespace

bool buffers_and_synchronisation::is_synchronisation(const std::string& name) {
  return synchronisation_names().contains(name);
}

// "rank R: flush [T]", "flush_local [T]" (T: the target by default), "flush_all",
// "flush_local_all", "wait REQ", "unlock [T]", "unlock_all": completion points (MPI-4.1
// §13.3.5, §13.5.3, §13.5.4). Those that complete calls at the target order the rank's later
// calls after them. "lock [T] shared|exclusive" and "lock_all" open a passive-target epoch, "start [T]"
// an active-target one that "complete" ends (PSCW, the origin's side).
void buffers_and_synchronisation::synchronisation(session& s, const line_record& r) {
  const std::string& name = r.words[0];
  const bool takes_rank =
      name == "flush" || name == "flush_local" || name == "unlock" || name == "lock" || name == "start";
  const std::string what = "rank " + std::to_string(r.rank) + " " + name;
  if (name == "lock") return lock(s, r);
  if (name == "free") return free_window(s, r, r.rank);
  if (r.words.size() > (takes_rank || name == "wait" ? 2u : 1u) || (name == "wait" && r.words.size() != 2))
    throw bad_input{r.line, name == "wait"
                                ? "rank R: wait REQ (the req= of an earlier raccumulate or rget_accumulate)"
                                : "rank R: " + name + (takes_rank ? " [TARGET]" : "")};
  int target = sc_.target;
  if (takes_rank && r.words.size() == 2 && name != "start") target = rank_word(r, r.words[1]);
  rma_outcome o = rma_outcome::done();
  if (name == "flush") o = s.flush(r.rank, target);
  else if (name == "flush_local") o = s.flush_local(r.rank, target);
  else if (name == "flush_all") o = s.flush_all(r.rank);
  else if (name == "flush_local_all") o = s.flush_local_all(r.rank);
  else if (name == "unlock") o = s.unlock(r.rank, target);
  else if (name == "unlock_all") o = s.unlock_all(r.rank);
  else if (name == "lock_all") o = lock_all(s, r.rank);
  else if (name == "start") o = start(s, r);
  else if (name == "complete") o = s.pscw_complete(r.rank);
  else o = wait(s, r);
  if (!o.is_done()) return sc_.rejected.push_back({r.line, what + (r.words.size() == 2 ? " " + r.words[1] : ""), o});
  if (name == "flush" || name == "unlock") ++completions_[{r.rank, target}];
  if (name == "flush_all" || name == "unlock_all" || name == "complete") ++completions_[{r.rank, -1}];
  if (name == "unlock") passive_.erase({r.rank, target});
  if (name == "unlock_all") passive_.erase({r.rank, -1});
  if (name == "complete") exposures_.complete(r.rank);
}

void buffers_and_synchronisation::free_window(session& s, const line_record& r, int rank) {
  const bool local = r.head == "local";
  if (r.words.size() != (local && r.keys.contains("target") ? 2u : 1u))
    throw bad_input{r.line, local ? "local: free [target=T]" : "rank R: free"};
  if (const auto o = s.free_window(rank); !o.is_done())
    sc_.rejected.push_back({r.line, "rank " + std::to_string(rank) + " free", o});
}

// "rank R: lock [T] shared|exclusive". An exclusive lock on the scenario's target opens an
// epoch that the explorer keeps apart from the other origins' epochs on it (§13.5.3).
void buffers_and_synchronisation::lock(session& s, const line_record& r) {
  const auto& w = r.words;
  if (w.size() < 2 || w.size() > 3 || (w.back() != "shared" && w.back() != "exclusive"))
    throw bad_input{r.line, "rank R: lock [TARGET] shared|exclusive"};
  const bool exclusive = w.back() == "exclusive";
  const int target = w.size() == 3 ? rank_word(r, w[1]) : sc_.target;
  if (const auto o = s.lock(r.rank, target, exclusive ? lock_type::exclusive : lock_type::shared); !o.is_done())
    return sc_.rejected.push_back({r.line, "rank " + std::to_string(r.rank) + " lock " + std::to_string(target), o});
  passive_[{r.rank, target}] = passive_epoch{next_epoch_++, exclusive};
}

rma_outcome buffers_and_synchronisation::lock_all(session& s, int rank) {
  const rma_outcome o = s.lock_all(rank);
  if (o.is_done()) passive_[{rank, -1}] = passive_epoch{next_epoch_++, false};  // shared, on every target
  return o;
}

std::optional<buffers_and_synchronisation::passive_epoch> buffers_and_synchronisation::passive(int rank,
                                                                                           int target) const {
  auto it = passive_.find({rank, target});
  if (it == passive_.end()) it = passive_.find({rank, -1});
  if (it == passive_.end()) return std::nullopt;
  return it->second;
}

void buffers_and_synchronisation::target_synchronisation(session& s, const line_record& r) {
  const std::string& name = r.words[0];
  const int target = exposures_.target_of(r);
  if (name != "post" && r.words.size() != (r.keys.contains("target") ? 2u : 1u))
    throw bad_input{r.line, "local: " + name + " [target=T]"};
  exposures_.target_event(target);
  const rma_outcome o = name == "post" ? s.pscw_post(target) : s.pscw_wait(target);
  if (!o.is_done())
    sc_.rejected.push_back(
        {r.line, "local " + name + (target == sc_.target ? "" : " target=" + std::to_string(target)), o});
}

// MPI_Win_start on a group: the accesses to each target whose posts the scenario writes fall in
// the exposure epoch of the post the start matches, and there must be one (§13.5.2).
rma_outcome buffers_and_synchronisation::start(session& s, const line_record& r) {
  const std::set<int> group = exposures_.start_group(r);
  const rma_outcome o = s.pscw_start(r.rank, group);
  if (!o.is_done()) return o;
  for (int target : exposures_.start(r.line, r.rank, group))
    sc_.rejected.push_back({r.line, "rank " + std::to_string(r.rank) + " start",
                            rma_outcome::erroneous(rma_rule::start_without_post,
                                                   "no MPI_Win_post of rank " + std::to_string(target) +
                                                       " with rank " + std::to_string(r.rank) +
                                                       " in its group matches this MPI_Win_start")});
  return o;  // the epoch is open all the same: its accesses are checked as usual
}

rma_outcome buffers_and_synchronisation::wait(session& s, const line_record& r) {
  const auto it = requests_.find({r.rank, r.words[1]});
  if (it == requests_.end())
    throw bad_input{r.line, "wait " + r.words[1] + ": no earlier call of rank " + std::to_string(r.rank) +
                                " names req=" + r.words[1]};
  if (!it->second.request)
    return rma_outcome::erroneous(rma_rule::unknown_request, "req=" + r.words[1] + " of line " +
                                                                 std::to_string(it->second.line) +
                                                                 ": that call is erroneous and returned no request");
  return s.wait(*it->second.request);
}


}  // namespace redsem::sim::rma::detail
