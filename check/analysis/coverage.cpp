// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>

#include "check/analysis/coverage_delay.h"
#include "check/analysis/coverage_note.h"
#include "check/analysis/record_fields.h"

namespace redsem::check {
namespace {

// A line of "not observed" that stands for itself (merge_notes merges equal ones).
void say_not_observed(coverage& c, std::string text) { c.not_observed.push_back({std::move(text)}); }

// Forms that must not block: the runtime gives them only the checks without communication.
bool local_checks_only(const std::string& call) {
  static constexpr std::array nonblocking{
      "MPI_Ireduce", "MPI_Iallreduce", "MPI_Ireduce_scatter", "MPI_Ireduce_scatter_block", "MPI_Iscan", "MPI_Iexscan"};
  return call.ends_with("_init") || std::find(nonblocking.begin(), nonblocking.end(), call) != nonblocking.end();
}

void count_calls(const rank_records& r, coverage& c) {
  if (!r.finalize) return;
  for (const auto& [name, n] : (*r.finalize)["calls"].items())
    if (n.is_number_unsigned() || (n.is_number_integer() && n.get<std::int64_t>() >= 0))
      c.calls[name] += n.get<std::uint64_t>();
}

void rank_gaps(const rank_records& r, coverage& c) {
  const std::string file = r.file.substr(r.file.rfind('/') + 1);
  if (!r.unreadable.empty())
    say_not_observed(c, fmt::format("rank {}: its record could not be read ({})", r.rank, r.unreadable));
  else if (!r.finalize)  // one note for every rank that did: the ranks are its instances
    c.not_observed.push_back({"a rank ended before MPI_Finalize: what it did after its last record is not known",
                              {fmt::format("rank {}", r.rank)},
                              1,
                              "rank"});
  for (const auto& d : r.damage) say_not_observed(c, fmt::format("{} {}", file, d));
  const std::size_t damaged = r.invalid_lines + r.unreadable_lines + r.oversized_lines;
  if (damaged > r.damage.size())
    say_not_observed(c, fmt::format("{}: {} damaged line(s) in all, not believed", file, damaged));
  if (r.dropped_findings)
    say_not_observed(c, fmt::format("{}: {} finding line(s) beyond the reader's bound on findings kept per rank, not "
                                    "reported",
                                    file, r.dropped_findings));
}

// The ranks whose records the reader's memory bound cut (records.h): one line naming how many, with
// what was left unread in all (the findings after the cuts that were kept are reported: said apart),
// and each rank's cut an instance (the ranks' lines say every one).
void cut_records(const run_records& records, coverage& c) {
  coverage_note note{"", {}, 0, "rank"};
  std::size_t lines = 0, bytes = 0, findings = 0, findings_kept = 0;
  for (const auto& r : records.ranks) {
    if (!r.cut) continue;
    ++note.count;
    lines += r.cut->lines;
    bytes += r.cut->bytes;
    findings += r.cut->findings;
    findings_kept += r.cut->findings_kept;
    note.examples.push_back(fmt::format("rank {}: {}", r.rank, record_cut_text(*r.cut)));
  }
  if (!note.count) return;
  std::string about_findings;
  if (findings)
    about_findings += fmt::format(
        ", {} finding(s) among them not reported (beyond the reader's bound on the findings kept after the cuts)",
        findings);
  if (findings_kept) about_findings += fmt::format("; {} finding(s) after the cuts read and reported", findings_kept);
  note.text = fmt::format(
      "{} rank(s)' records outgrew their share of the reader's memory bound on parsed lines (shared among the "
      "ranks' files): {} line(s), {} byte(s) after the cuts not analysed{}; the ranks' lines say where each was cut",
      note.count, lines, bytes, about_findings);
  c.not_observed.push_back(std::move(note));
}

// Which calls --sample arms (rc_sampled): none under 0, else the first N of each call site and the
// power-of-two indexes after them.
std::string which_calls_armed(const std::string& sample) {
  if (sample == "0") return "armed on no call";
  return fmt::format(
      "armed on sampled calls only, the first {} calls of each call site (window and caller), then "
      "those at power-of-two indexes",
      sample);
}

// What the watcher armed on sampled calls only (`watch_sampled` lines; the --sample policy, as
// for reductions): said beside what it watched, not as a gap, with exactly what was left unseen
// (docs/design.md, "What it costs, and sampling").
void sampled_watching(const std::map<std::string, std::set<int>>& sampled,
                      const std::map<std::string, std::set<int>>& in_window, const std::string& sample, coverage& c) {
  const std::string first = sample.empty() ? "?" : sample;
  for (const auto& [call, ranks] : sampled)
    c.watched.push_back(
        call.empty()
            ? fmt::format("window pages shared with bytes no range watches, which the MPI library accessed: "
                          "protected again at sampled calls only (--sample), on {} rank(s); the program's "
                          "accesses to its own window bytes on them are not seen in between",
                          ranks.size())
            : fmt::format("pending buffers of {}: {} (--sample), on {} rank(s); on the "
                          "others, loads and stores of the result buffers are not seen, and the origin and compare "
                          "bytes outside window memory are compared at completion (a store that left them unchanged "
                          "is not seen)",
                          call, which_calls_armed(first), ranks.size()));
  for (const auto& [call, ranks] : in_window)
    c.watched.push_back(fmt::format(
        "origin and compare buffers of {} in the rank's own window memory: on the calls not sampled (--sample), "
        "neither watched nor compared at completion (another rank's put or accumulate may change those bytes "
        "meanwhile), on {} rank(s): a store into them on those calls is not seen; --sample all checks every call",
        call, ranks.size()));
}

// The program's own loads and stores on RMA memory, as the watcher's lines say (docs/check_records.md,
// "The local-access watcher"): what it armed, summed by kind of buffer; every range it could not
// watch, with its reason; and, for a run whose library wrote neither (a library without the
// watcher), that nothing was observed.
void watch_gaps(const run_records& records, coverage& c) {
  std::set<std::pair<int, std::int64_t>> windows;
  std::map<std::string, std::pair<std::size_t, std::int64_t>> armed;  // kind (watches) → ranges, bytes
  std::map<std::string, std::set<int>> unavailable;                   // "kind: reason" → ranks
  std::map<std::string, std::set<int>> sampled;                       // call ("": window pages) → ranks
  std::map<std::string, std::set<int>> in_window;                     // call → ranks (origin_in_window)
  bool watcher_spoke = false;
  for (const auto& r : records.ranks)
    for (const auto& l : r.lines) {
      const std::string ev = text_of(l, "ev");
      if (ev == "rma_win") windows.insert({r.rank, int_of(l, "win")});
      if (ev == "watch") {
        auto& [ranges, bytes] = armed[fmt::format("{} ({})", text_of(l, "buffer"), text_of(l, "watches"))];
        ++ranges;
        bytes += int_of(l, "bytes");
      }
      if (ev == "watch_unavailable") unavailable[text_of(l, "buffer") + ": " + text_of(l, "reason")].insert(r.rank);
      if (ev == "watch_sampled" && text_of(l, "buffer") == "origin_in_window")
        in_window[text_of(l, "call")].insert(r.rank);
      else if (ev == "watch_sampled")
        sampled[text_of(l, "buffer") == "window" ? "" : text_of(l, "call")].insert(r.rank);
      watcher_spoke = watcher_spoke || ev == "watch" || ev == "watch_unavailable";
    }
  c.windows = windows.size();
  for (const auto& [kind, n] : armed)
    c.watched.push_back(fmt::format("{}: {} range(s) armed, {} byte(s) in all", kind, n.first, n.second));
  sampled_watching(sampled, in_window, c.sample, c);
  for (const auto& [what, ranks] : unavailable)
    say_not_observed(c, fmt::format("the program's own accesses to {} memory not watched on {} rank(s): {} (races "
                                    "through them are not looked for)",
                                    what.substr(0, what.find(':')), ranks.size(), what.substr(what.find(':') + 2)));
  if (windows.empty() || watcher_spoke) return;
  say_not_observed(
      c, fmt::format(
             "the program's own loads and stores on RMA origin, result and window memory ({} window(s)): not observed "
             "(the check library wrote no watch lines), so their races with RMA calls are not looked for",
             windows.size()));
}

// The threads of a rank its window-memory accesses were recorded by (their `local_access` lines'
// Linux thread ids): more than one says that threads of that rank shared RMA memory in this run.
std::set<std::int64_t> window_threads(const rank_records& r) {
  std::set<std::int64_t> threads;
  for (const auto& l : r.lines)
    if (text_of(l, "ev") == "local_access" && l.contains("thread")) threads.insert(int_of(l, "thread"));
  return threads;
}

// The default policy's gap on threaded ranks (by thread level), said with what this run showed and
// the exact rerun that looks for what the default cannot see.
void default_thread_gap(const std::string& name, const std::set<int>& ranks, const std::map<int, std::size_t>& sharing,
                        std::string_view command, const std::string& holds, coverage& c) {
  std::string level = name;
  std::transform(level.begin(), level.end(), level.begin(), [](unsigned char ch) { return std::toupper(ch); });
  std::string shared;
  for (const int rank : ranks)
    if (const auto it = sharing.find(rank); it != sharing.end())
      shared += fmt::format("{}rank {}: {} threads", shared.empty() ? "" : ", ", rank, it->second);
  if (!shared.empty()) shared = " (window memory was touched by more than one thread here: " + shared + ")";
  const std::string rerun = command.empty() ? std::string("rerun with --thread-sync calls")
                                            : fmt::format("rerun as `redsem check --thread-sync calls -- {}`", command);
  say_not_observed(
      c,
      fmt::format(
          "MPI_THREAD_{} on {} rank(s){}: the accesses of every thread are watched as they happen, but a race between "
          "two threads of a rank is found only when the access came while the RMA memory was watched in this run{} "
          "(window memory is not watched while one of the rank's threads is inside a call that may open or close an "
          "epoch, MPI_Win_fence, post, wait, test, lock or unlock, so that the library's own accesses there are not "
          "stepped one by one: another thread's access then is not seen): "
          "an order between threads made by atomics is invisible to the check, so a race that did not overlap in time "
          "cannot be told from a correct handoff (docs/design.md, \"Threads\"); to find such races whatever the "
          "timing, under the assumption that the threads synchronise only through OpenMP and pthreads calls, {}; a "
          "pending buffer on a thread's stack is watched for that thread's own accesses only, and window memory on "
          "the call stack for those of the thread that created the window only (debug registers): other threads' "
          "accesses to it are not watched",
          level, ranks.size(), shared, holds.empty() ? "" : "; " + holds, rerun));
}

// A program whose threads may call MPI or touch RMA memory beside the thread in MPI (a `start`
// line's thread level above single). By default the watcher sees every thread's accesses while a
// range is armed, but the order between threads is not observed, so a race between two threads
// counts only when it overlapped in time in this run. Under `--thread-sync calls` (a `start`
// line's `thread_sync`) the threads' calls order them (docs/design.md, "Threads"): said beside
// what was watched, unless a `thread_sync_off` line says the policy was given up on that rank.
void thread_gaps(const run_records& records, std::string_view command, coverage& c) {
  if (c.windows == 0) return;
  std::map<std::string, std::set<int>> levels;  // thread level → ranks, by the default policy
  std::map<int, std::size_t> sharing;           // rank → threads seen on its window memory, when more than one
  std::set<int> by_calls;
  std::map<std::string, std::set<int>> given_up;  // reason → ranks
  for (const auto& r : records.ranks) {
    if (!r.start || !r.start->contains("thread_level") || text_of(*r.start, "thread_level") == "single") continue;
    std::string off;
    for (const auto& l : r.lines)
      if (text_of(l, "ev") == "thread_sync_off") off = text_of(l, "reason");
    const bool calls = r.start->contains("thread_sync") && text_of(*r.start, "thread_sync") == "calls";
    if (calls && off.empty()) {
      by_calls.insert(r.rank);
      continue;
    }
    if (calls) given_up[off].insert(r.rank);
    levels[text_of(*r.start, "thread_level")].insert(r.rank);
    if (const auto threads = window_threads(r); threads.size() > 1) sharing[r.rank] = threads.size();
  }
  if (!by_calls.empty())
    c.watched.push_back(fmt::format(
        "threads of {} rank(s) ordered by their OpenMP and pthreads calls (--thread-sync calls): a race between two "
        "threads is found whatever the timing; an order made through atomics alone is not seen",
        by_calls.size()));
  for (const auto& [why, ranks] : given_up)
    say_not_observed(c, fmt::format("--thread-sync calls given up on {} rank(s): {}; the default policy applies there",
                                    ranks.size(), why));
  std::set<int> by_time;
  for (const auto& [name, ranks] : levels) by_time.insert(ranks.begin(), ranks.end());
  const std::string holds = delay_coverage(records, by_time, c);
  for (const auto& [name, ranks] : levels) default_thread_gap(name, ranks, sharing, command, holds, c);
}

// Calls that may order ranks but that the analysis does not model (`sync_unmodelled` lines,
// check/runtime/process_sync.h): the ordering of RMA accesses across ranks then falls back to
// the run's timing (docs/design.md, "Ordering by synchronisation"), which a race can slip through.
void unmodelled_sync(const run_records& records, coverage& c) {
  std::map<std::string, std::set<int>> calls;
  for (const auto& r : records.ranks)
    for (const auto& l : r.lines)
      if (text_of(l, "ev") == "sync_unmodelled") calls[text_of(l, "call")].insert(r.rank);
  // A line names a call (`MPI_Issend`) or says why a modelled one could not be followed.
  constexpr const char* fallback =
      "RMA accesses of different ranks are ordered by the run's timing instead, on one host only (a race that timing "
      "happened to keep apart is not seen)";
  for (const auto& [call, ranks] : calls)
    say_not_observed(
        c, call.starts_with("MPI_") && call.find(' ') == std::string::npos
               ? fmt::format("synchronisation through {} (on {} rank(s)) is not modelled: {}", call, ranks.size(),
                             fallback)
               : fmt::format("synchronisation not modelled (on {} rank(s)): {}; {}", ranks.size(), call, fallback));
}

// The library settings the check made for the run so that memory given to MPI_Win_create can be
// watched (the `start` line's `watch_settings`, check/runtime/watch_policy.h): a policy the
// report names, since it changes how the library moves data (no kernel copies).
void policy_settings(const run_records& records, coverage& c) {
  std::set<std::string> settings;
  for (const auto& r : records.ranks)
    if (r.start && r.start->contains("watch_settings") && (*r.start)["watch_settings"].is_object())
      for (const auto& [name, value] : (*r.start)["watch_settings"].items())
        if (value.is_string()) settings.insert(name + "=" + value.get<std::string>());
  if (settings.empty()) return;
  std::string list;
  for (const auto& s : settings) list += (list.empty() ? "" : " ") + s;
  c.watched.push_back(fmt::format(
      "set for the run by the check (its policy for window memory from MPI_Win_create: the library's kernel "
      "copies turned off): {}",
      list));
}

// Lines that say a part of the run was not checked: rma_limit (said once per rank and bound),
// not_checked (once per call and reason), note (once per what and call).
void recorded_gaps(const rank_records& r, coverage& c, std::map<std::string, std::set<int>>& unchecked,
                   std::vector<coverage_note>& notes) {
  std::map<std::string, std::pair<std::int64_t, std::size_t>> limits;  // what → limit, times hit
  for (const auto& l : r.lines) {
    const std::string ev = text_of(l, "ev");
    if (ev == "rma_limit") {
      auto& [limit, times] = limits[text_of(l, "what")];
      limit = int_of(l, "limit");
      ++times;
    }
    if (ev == "not_checked") unchecked[text_of(l, "call") + ": " + text_of(l, "reason")].insert(r.rank);
    // A note is a check the library gave up on one call (docs/check_records.md): the run's
    // coverage is partial there. Its message may hold per-rank values, so notes are merged by
    // what and call, and the first distinct messages shown.
    if (ev == "note")
      notes.push_back({text_of(l, "what") + " on " + text_of(l, "call"), {text_of(l, "message")}, 1, "call"});
    if (ev == "reduction") ++c.sampled[text_of(l, "call")];
  }
  // One note per bound, whichever ranks hit it: the ranks are its instances.
  for (const auto& [what, hit] : limits)
    c.not_observed.push_back(
        {fmt::format("RMA record bound `{}` (limit {}) hit: what followed it was not recorded", what, hit.first),
         {fmt::format("rank {}, {} time(s)", r.rank, hit.second)},
         1,
         "rank"});
}

}  // namespace

std::string recorded_sample(const run_records& records) {
  for (const auto& r : records.ranks)
    if (r.start && r.start->contains("sample")) {
      const auto& s = (*r.start)["sample"];
      const std::string text = s.is_string() ? s.get<std::string>() : s.dump();
      if (!text.empty()) return text;
    }
  return "";
}

coverage record_coverage(const run_records& records, int world_size, std::string_view command) {
  coverage c;
  c.sample = recorded_sample(records);
  std::map<std::string, std::set<int>> unchecked;
  std::vector<coverage_note> notes;  // the runtime's, one per line: merged below
  for (const auto& r : records.ranks) {
    count_calls(r, c);
    recorded_gaps(r, c, unchecked, notes);
    rank_gaps(r, c);
  }
  for (const auto& [what, ranks] : unchecked)
    say_not_observed(c, fmt::format("{} (on {} rank(s)): forwarded unchecked", what, ranks.size()));
  // Sorted by text (one place in the report for each kind); the merge at the end makes them one.
  std::stable_sort(notes.begin(), notes.end(), [](const auto& x, const auto& y) { return x.text < y.text; });
  for (auto& note : notes) c.not_observed.push_back(std::move(note));
  for (const auto& [call, n] : c.calls)
    if (local_checks_only(call))
      say_not_observed(
          c,
          fmt::format(
              "{} ({} call(s)): only the checks without communication (a gather inside a call that must not block "
              "could deadlock a correct program): no user-op laws, no MPI_IN_PLACE consistency, no result comparison, "
              "no float-order analysis",
              call, n));
  policy_settings(records, c);
  watch_gaps(records, c);
  thread_gaps(records, command, c);
  unmodelled_sync(records, c);
  cut_records(records, c);
  for (int rank = 0; rank < world_size; ++rank)
    if (std::none_of(records.ranks.begin(), records.ranks.end(), [&](const auto& r) { return r.rank == rank; }))
      say_not_observed(
          c, fmt::format("rank {} left no record here (it never returned from MPI_Init, or it could not reach redsem "
                         "check and wrote its file on its own node: its stderr says where)",
                         rank));
  c.not_observed = merge_notes(std::move(c.not_observed));
  return c;
}

}  // namespace redsem::check
