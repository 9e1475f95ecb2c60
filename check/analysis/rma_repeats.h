// SPDX-License-Identifier: BSD-3-Clause
// Repeated poll iterations (docs/check_records.md, `rma_repeat`; docs/design.md, "Repeated
// polls"): the runtime writes a spin loop's iteration once and says, on an `rma_repeat` line right
// after it, how many more times it ran, until when. The analyses read such a period as its first
// iteration written there, the times of its lines widened to the last repeat's: every order they
// draw from a period's lines holds for each of its iterations (the period has no process
// synchronisation, writes nothing at any target, and is on a window that is neither shared nor
// dynamic), and every lifetime covers all of them. The records are input, not truth: a repeat that
// does not stand after such a period cuts its window's record there, as a bound would.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace redsem::check {

// One rank's lines: each readable `rma_repeat` widens the times of its period's lines; one that
// is not becomes an `rma_limit` line (`what`: `repeat_not_read`, with the reason), which ends what
// the analyses take of that window's record.
void read_repeats(std::vector<nlohmann::json>& lines);

}  // namespace redsem::check
