// `redsem rma` scenario files: one epoch of RMA traffic to one target, line by line.
//
//   window 48 disp_unit=8          # bytes of each rank's window (required), displacement unit
//   target 1                       # the rank whose window is accessed (default 0)
//   ranks 4                        # window group size (default: highest rank named + 1)
//   epoch fence|lock_all           # how origins reach the target (default fence)
//   info accumulate_ordering=none  # window info keys (MPI-4.1 §13.2.1)
//   policy minmax_nan=ignore       # semantics policy keys (see README)
//   init double 0.5 1.5 at=16      # initial window values from byte `at` (default 0)
//   rank 0: accumulate op=sum type=vector(2,1,2,double) disp=0 count=1 origin=1,2
//   rank 1: get_accumulate op=no_op type=double disp=1
//   rank 2: fetch_and_op op=sum type=long disp=0 origin=5
//   rank 3: compare_and_swap type=int disp=0 origin=7 compare=0
//   rank 1: put type=int disp=0 origin=9         (also raccumulate, rget_accumulate, get)
//   local: store type=int disp=0 origin=3        (the target's own store; also load)
//   expect clean | serializable | non_serializable | finding KIND | erroneous RULE
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

enum class expectation_kind : std::uint8_t { clean, serializable, non_serializable, finding, erroneous };

struct expectation {
  int line;
  expectation_kind kind;
  std::string name;  // the finding kind or rule name
  std::string text;  // as written
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
