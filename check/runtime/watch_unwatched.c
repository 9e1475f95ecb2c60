/* SPDX-License-Identifier: BSD-3-Clause */
/* Pending buffers that cannot be watched (watch_state.h): each said by a `watch_unavailable` line,
 * once per window, kind of buffer, call, reason and epoch. A program that keeps more buffers
 * pending than the watcher's table holds would otherwise write a line at every call past it (GA's
 * strided gets: a get-accumulate per contiguous piece, all pending until a flush), more than the
 * post-run reader keeps (docs/benchmarks.md), so that the lines after them, the other ranks'
 * included, went unanalysed. What the report says of them is the same once or a thousand times: the kind and the
 * reason, by rank (check/analysis/coverage.cpp); window and segment lines, whose place in the
 * record the analysis reads, are not written here. */
#include <stdint.h>
#include <string.h>

#include "rma_state.h"
#include "watch_state.h"

#define SAID_KEPT 32 /* keys remembered; one forgotten is only said again */

struct said {
  int used, win_id;
  const char *buffer, *call; /* string literals */
  uint64_t reason;           /* a hash of the text: a reason may be built in a buffer reused since */
  unsigned long epoch;
};

static struct said said_lines[SAID_KEPT];
static unsigned said_next;

static uint64_t text_hash(const char *s) { /* FNV-1a */
  uint64_t h = 14695981039346656037ULL;
  for (; *s; ++s) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
  return h;
}

static int same_text(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

void rc_watch_buffer_unavailable(const struct rc_window *w, const char *buffer, const char *call, const char *why) {
  const uint64_t reason = text_hash(why);
  struct said *s = NULL;
  for (int i = 0; i < SAID_KEPT && !s; ++i) {
    struct said *k = &said_lines[i];
    if (k->used && k->win_id == w->id && same_text(k->buffer, buffer) && same_text(k->call, call) &&
        k->reason == reason)
      s = k;
  }
  if (s && s->epoch == w->syncs) return; /* said in this epoch */
  if (!s) s = &said_lines[said_next++ % SAID_KEPT];
  *s = (struct said){1, w->id, buffer, call, reason, w->syncs};
  rc_watch_unavailable(w, buffer, call, why);
}
