/* SPDX-License-Identifier: BSD-3-Clause */
// `redsem rma` scenario files: RMA traffic to one target (or several), line by line.
//
//   window 48 disp_unit=8          # bytes of each rank's window (required), displacement unit
//   target 1                       # the rank whose window is accessed (default 0)
//   ranks 4                        # window group size (default: highest rank named + 1)
//   epoch fence|lock_all|none      # how origins reach the target (default fence; none: a rank's lock lines)
//   info accumulate_ordering=none  # window info keys (MPI-4.1 §13.2.1)
//   policy minmax_nan=ignore       # semantics policy keys (see redsem(1))
//   init double 0.5 1.5 at=16      # initial window values from byte `at` (default 0; target=T: rank T's)
//   rank 0: accumulate op=sum type=vector(2,1,2,double) disp=0 count=1 origin=1,2
//   rank 1: get_accumulate op=no_op type=double disp=1
//   rank 2: fetch_and_op op=sum type=long disp=0 origin=5
//   rank 3: compare_and_swap type=int disp=0 origin=7 compare=0
//   rank 1: put type=int disp=0 origin=9         (also raccumulate, rget_accumulate, get, rput, rget)
//   local: store type=int disp=0 origin=3        (the target's own store; also load)
//   rank 0: put type=int disp=0 origin=1 target=2   # a call to another rank's window (default: the
//     target line's): each target's window is its own set of locations, zero unless init lines
//     with target=T fill it, completed by flushes and unlocks of it; "local: … target=T" lines
//     are rank T's own loads, stores and PSCW calls on its window
//   expect clean | serializable | non_serializable | finding KIND | erroneous RULE | outcomes N
//          | fetched LINE V,V,…
//     (outcomes N: exactly N distinct reachable outcomes, each the final window and the fetched
//     values together, as third-party tests that list their legal outcomes state them; fetched:
//     the values the call on LINE fetches over every outcome are exactly V,…, written as the
//     report prints them, at most 8, so an invariant of each fetched value — a pair's two
//     fields equal — is stated by listing the values that keep it)
//
// Origin-side buffers (MPI-4.1 §13.3): a rank's named local buffers, its loads and stores on
// them, and the points where its calls complete, all in that rank's program order (file order):
//   rank 0: buffer a double 4 = 1,2,3,4      # N elements of a predefined type (zero if no values)
//   rank 0: accumulate op=sum type=double disp=0 count=2 origin=@a[1]   # from element 1 (@a: 0)
//   rank 0: get_accumulate op=sum type=double disp=0 origin=@a result=@r
//   rank 0: compare_and_swap type=long disp=0 origin=@n compare=@c result=@r
//   rank 0: raccumulate op=sum type=double disp=0 origin=@a req=q   (also rget_accumulate, rput, rget)
//   rank 0: put type=double disp=0 count=2 origin=@a   |   rank 0: get type=double disp=0 result=@r
//   rank 0: store @a[1] 5,6                  # consecutive elements from element 1
//   rank 0: load @r[0]                       # one element; "load @r" loads all of r
//   rank 0: flush [T]  |  flush_local [T]  |  flush_all  |  flush_local_all  |  wait q  |  unlock_all
//   rank 0: lock [T] shared|exclusive  |  unlock [T]  |  lock_all   # passive-target epochs of one rank
//     (an exclusive lock keeps the other origins' epochs on T wholly before or after its own)
//   rank 0: start [T,T,…]  |  complete                     # PSCW, the origin's side (group: the target)
//   local: post [R,R,…]  |  local: wait  |  local: test     # PSCW, the target's side (test: one that
//     returns true; post's group: every other rank by default); "target=T" on them: rank T's
//     side. The k-th start of rank R whose group holds T matches the k-th post of T whose group
//     holds R; its accesses to T follow the post and precede the wait, so T's loads and stores
//     race them only between the two. Each target numbers its own posts and waits.
//   fence                                                  # MPI_Win_fence by every rank: a new fence epoch
//     (a fence that another follows starts an access epoch: a lock or start inside it is erroneous,
//     §13.5.1; an "epoch fence" scenario ends with such a fence)
//   rank 0: free  |  local: free                          # MPI_Win_free by rank 0, by the target
//     (erroneous while the rank holds a lock, is in a start epoch, between its post and wait, or
//     between two fences, so in every "epoch fence" scenario; after it, the rank's RMA and
//     synchronisation calls and every fence are erroneous: §13.2.5; another rank's call to a
//     rank that freed is not checked, since MPI_Win_free is collective and the file does not
//     say when the others call theirs)
// A store into the origin or compare buffer of a call, or a load or store of its result buffer,
// before the call completes at the origin is erroneous (origin_buffer_updated_before_completion,
// result_buffer_accessed_before_completion), and so is a later call reading or writing those
// buffers. flush_local(_all) and wait complete calls at the origin (§13.5.4, §13.3.5); flush,
// flush_all, unlock and unlock_all at the target as well, which orders the rank's later calls
// after them; the epoch's end completes everything. Misuse of synchronisation is erroneous as
// in the model (session.h): a call or put/get outside an access epoch, a completion outside a
// passive-target epoch, unlock without lock, a second lock on one target, overlapping access
// epochs (start inside a lock or start, a lock inside start), complete without start, wait
// on a request an erroneous call never returned, a start no post matches (when the scenario
// writes the target's posts), wait or test without post, a lock on an exposed window, a free
// before the rank's RMA involvement ends, and a call on a freed window.
//
// Datatypes: a predefined name, or contiguous(n,T), vector(c,b,s,T), hvector(c,b,bytes,T),
// indexed(b:b:…,d:d:…,T), struct(b:b,bytes:bytes,T:T), resized(T,lb,extent). Values are
// comma-separated; complex and pair values join their fields with ':' ("1.5:3"). Origin
// values fill origin_type (default: the target's predefined type) entry by entry. result=origin
// makes the result buffer alias the origin buffer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/rma/session.h"
#include "sim/rma/explorer.h"
#include "sim/rma/scenario_limits.h"

namespace redsem::sim::rma {

// A call the model rejected: it takes no part in the exploration.
struct rejected_call {
  int line;
  std::string call;
  redsem::rma::rma_outcome outcome;
};

enum class expectation_kind : std::uint8_t { clean, serializable, non_serializable, finding, erroneous, outcomes, fetched };

struct expectation {
  int line;
  expectation_kind kind;
  std::string name;  // the finding kind or rule name
  std::string text;  // as written
  std::int64_t outcomes = 0;  // `expect outcomes N`: exactly N distinct reachable outcomes
  // `expect fetched LINE V,V,…`: the values the call (or local load) on LINE fetches, all its
  // elements together, over every reachable outcome are exactly these, as the report prints them.
  int fetched_line = 0;
  std::vector<std::string> fetched;
};

struct scenario {
  std::string file;
  rma_program program;                // the accepted accesses, labelled "line N: …"
  std::vector<int> access_lines;      // the line of each access
  std::vector<rejected_call> rejected;
  std::vector<expectation> expectations;
  int target = 0;
  int ranks = 0;
};

// Parses a scenario; on bad input, or input beyond the limits, returns nullopt and sets *error
// to "file:line: message".
std::optional<scenario> parse_scenario(const std::string& text, const std::string& file, std::string* error,
                                       const scenario_limits& limits = {});

}  // namespace redsem::sim::rma
