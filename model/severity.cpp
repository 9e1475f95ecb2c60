/* SPDX-License-Identifier: BSD-3-Clause */
#include "model/severity.h"

namespace redsem {

std::string_view to_string(severity s) {
  switch (s) {
    case severity::error:
      return "error";
    case severity::warning:
      return "warning";
    case severity::note:
      return "note";
  }
  return "?";
}

}  // namespace redsem
