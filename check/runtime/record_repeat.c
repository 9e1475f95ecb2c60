/* SPDX-License-Identifier: BSD-3-Clause */
/* Repeated poll iterations written once (record_repeat.h). The lines are compared as text with
 * the fields that differ between two iterations of one loop taken out (`seq`, `time`, `time_last`,
 * `epoch`) and a result's `of` made relative to its own `seq`: what is left must be equal byte for
 * byte, so a period is repeated only when every call, target, displacement, datatype, origin and
 * fetched value, local access and caller is the same. The lines written before a repeat was seen
 * stay as they are; the absorbed ones are held until the repeat ends (a line that does not match,
 * any other line of the rank, MPI_Finalize), so a rank that dies in a spin loses at most the count
 * of its last repeats and one partial iteration. */
#define _GNU_SOURCE
#include "record_repeat.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "record_sink.h"

#define MAX_PERIOD 8    /* lines of one repeated iteration */
#define MAX_LINE 1024   /* a longer line is never taken into a period */
#define MAX_WINDOWS 256 /* window ids whose lines may be taken (the first ones of the rank) */
#define HISTORY (2 * MAX_PERIOD)

enum kind { other, plain, sync_line };

struct norm {
  char text[MAX_LINE + 32]; /* `of` made relative may take a few more characters */
  size_t len;
};

struct held {
  char text[MAX_LINE];
  size_t len;
  long long seq, time;
};

static pthread_mutex_t repeat_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char window_ok[MAX_WINDOWS];      /* MPI_Win_allocate or MPI_Win_create */
static unsigned long absorbed_syncs[MAX_WINDOWS]; /* rma_sync lines not written */
static struct norm history[HISTORY];              /* the last lines written, of one window */
static int history_count, history_next, history_win = -1;
static struct norm period[MAX_PERIOD];  /* the repeated iteration, once one is seen */
static struct held pending[MAX_PERIOD]; /* the current repeat, not yet complete */
static int period_len, matched, period_syncs, repeat_win = -1;
static long repeats;
static long long first_seq, time_last;

/* The value of top-level member `key` ("key": at the start of the line's object or after a
 * comma): its first character and length (a string's without its quotes), or NULL. */
static const char *member(const char *t, size_t n, const char *key, size_t *len) {
  char pattern[32];
  const int k = snprintf(pattern, sizeof pattern, "\"%s\":", key);
  for (const char *at = t; (at = memmem(at, n - (size_t)(at - t), pattern, (size_t)k)) != NULL; at += k) {
    if (at == t || (at[-1] != ',' && at[-1] != '{')) continue;
    const char *v = at + k, *end = t + n;
    if (v < end && *v == '"') {
      const char *close = memchr(v + 1, '"', (size_t)(end - v - 1));
      if (!close) return NULL;
      *len = (size_t)(close - v - 1);
      return v + 1;
    }
    size_t i = 0;
    while (v + i < end && v[i] != ',' && v[i] != '}') ++i;
    *len = i;
    return v;
  }
  return NULL;
}

static int is(const char *t, size_t n, const char *key, const char *value) {
  size_t len = 0;
  const char *v = member(t, n, key, &len);
  return v && len == strlen(value) && memcmp(v, value, len) == 0;
}

static long long number(const char *t, size_t n, const char *key, long long otherwise) {
  size_t len = 0;
  const char *v = member(t, n, key, &len);
  return v ? strtoll(v, NULL, 10) : otherwise;
}

static int has(const char *t, size_t n, const char *key) {
  size_t len = 0;
  return member(t, n, key, &len) != NULL;
}

/* Whether the line may be one of a period (and of which window), or another kind of line; a
 * window made by MPI_Win_allocate or MPI_Win_create is noted as one whose lines may be. */
static enum kind kind_of(const char *t, size_t n, int *win) {
  *win = (int)number(t, n, "win", -1);
  if (is(t, n, "ev", "rma_win") && *win >= 0 && *win < MAX_WINDOWS)
    window_ok[*win] = is(t, n, "call", "MPI_Win_allocate") || is(t, n, "call", "MPI_Win_create");
  if (n >= MAX_LINE - 32 || *win < 0 || *win >= MAX_WINDOWS || !window_ok[*win] || has(t, n, "thread_clock"))
    return other;
  if (is(t, n, "ev", "rma_sync"))
    return is(t, n, "call", "MPI_Win_flush") || is(t, n, "call", "MPI_Win_flush_all") ||
                   is(t, n, "call", "MPI_Win_flush_local") || is(t, n, "call", "MPI_Win_flush_local_all") ||
                   is(t, n, "call", "MPI_Win_sync")
               ? sync_line
               : other;
  if (is(t, n, "ev", "rma_call")) /* calls that write nothing at the target, or may not (CAS) */
    return !has(t, n, "request") && (is(t, n, "call", "MPI_Get") || is(t, n, "call", "MPI_Get_c") ||
                                     is(t, n, "call", "MPI_Compare_and_swap") || is(t, n, "op", "MPI_NO_OP"))
               ? plain
               : other;
  if (is(t, n, "ev", "rma_result")) return plain;
  if (is(t, n, "ev", "local_access")) return !has(t, n, "segment_rank") && is(t, n, "mode", "passive") ? plain : other;
  return other;
}

/* The line without what differs between iterations: seq, times and epochs out, `of` relative. */
static void normalise(const char *t, size_t n, struct norm *out) {
  static const char *const dropped[] = {",\"seq\":", ",\"time\":", ",\"time_last\":", ",\"epoch\":"};
  const long long seq = number(t, n, "seq", 0);
  out->len = 0;
  for (size_t i = 0; i < n;) {
    size_t skip = 0;
    for (size_t d = 0; d < sizeof dropped / sizeof *dropped && !skip; ++d)
      if (strncmp(t + i, dropped[d], strlen(dropped[d])) == 0) skip = strlen(dropped[d]);
    if (!skip && strncmp(t + i, ",\"of\":", 6) == 0) {
      out->len += (size_t)snprintf(out->text + out->len, sizeof out->text - out->len, ",\"of\":-%lld",
                                   seq - strtoll(t + i + 6, NULL, 10));
      skip = 6;
    } else if (!skip) {
      out->text[out->len++] = t[i++];
      continue;
    }
    for (i += skip; i < n && t[i] != ',' && t[i] != '}'; ++i) {
    }
  }
}

static int same(const struct norm *a, const struct norm *b) {
  return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static const struct norm *recent(int back) { /* 0: the line written last */
  return &history[(history_next - 1 - back + 2 * HISTORY) % HISTORY];
}

/* Whether p lines read as a repeat (docs/design.md, "Repeated polls"): every result is of a call
 * in the period, and every compare-and-swap fetched a value other than its compare value (so it
 * wrote nothing). */
static int readable(const struct norm *lines, int p) {
  for (int i = 0; i < p; ++i) {
    const struct norm *l = &lines[i];
    const long long of = number(l->text, l->len, "of", 0); /* -(lines back to its call) */
    if (is(l->text, l->len, "ev", "rma_result") && (of < -i || of > -1)) return 0;
    if (!is(l->text, l->len, "call", "MPI_Compare_and_swap")) continue;
    size_t clen = 0, rlen = 0;
    const char *compare = member(l->text, l->len, "compare", &clen), *result = NULL;
    for (int k = i + 1; k < p && !result; ++k)
      if (is(lines[k].text, lines[k].len, "ev", "rma_result") &&
          number(lines[k].text, lines[k].len, "of", 0) == -(long long)(k - i))
        result = member(lines[k].text, lines[k].len, "result", &rlen);
    if (!compare || !result || (clen == rlen && memcmp(compare, result, clen) == 0)) return 0;
  }
  return 1;
}

/* After a synchronisation line: whether the last p lines repeat the p before them. */
static void look_for_period(void) {
  for (int p = 1; p <= MAX_PERIOD && 2 * p <= history_count; ++p) {
    int equal = 1;
    for (int i = 0; i < p && equal; ++i) equal = same(recent(i), recent(i + p));
    if (!equal) continue;
    for (int i = 0; i < p; ++i) period[i] = *recent(p - 1 - i);
    if (!readable(period, p)) continue;
    period_len = p;
    period_syncs = 0;
    for (int i = 0; i < p; ++i) period_syncs += is(period[i].text, period[i].len, "ev", "rma_sync");
    repeat_win = history_win;
    matched = 0;
    repeats = 0;
    return;
  }
}

static void remember(const struct norm *n, int win) {
  if (win != history_win) history_count = 0;
  history_win = win;
  history[history_next] = *n;
  history_next = (history_next + 1) % HISTORY;
  if (history_count < HISTORY) ++history_count;
}

static void end_repeat(void) {
  if (period_len == 0) return;
  if (repeats > 0) {
    char line[256];
    const int n = snprintf(line, sizeof line,
                           "{\"ev\":\"rma_repeat\",\"rank\":%d,\"seq\":%lld,\"win\":%d,\"lines\":%d,\"times\":%ld,"
                           "\"time_last\":%lld}\n",
                           rc_world_rank(), first_seq, repeat_win, period_len, repeats, time_last);
    rc_sink_write(line, (size_t)n);
  }
  history_count = 0;
  for (int i = 0; i < matched; ++i) { /* a partial iteration: written as it was */
    rc_sink_write(pending[i].text, pending[i].len);
    struct norm n;
    normalise(pending[i].text, pending[i].len, &n);
    remember(&n, repeat_win);
  }
  period_len = 0;
  matched = 0;
}

/* Holds the line as the next one of the period; returns 0 when it is not that line. */
static int absorb(const char *t, size_t n, const struct norm *norm, int win) {
  if (period_len == 0 || win != repeat_win || !same(norm, &period[matched])) return 0;
  struct held *h = &pending[matched++];
  memcpy(h->text, t, n);
  h->len = n;
  h->seq = number(t, n, "seq", 0);
  h->time = number(t, n, "time_last", number(t, n, "time", 0));
  if (matched < period_len) return 1;
  if (repeats++ == 0) {
    first_seq = pending[0].seq;
    time_last = 0;
  }
  for (int i = 0; i < period_len; ++i)
    if (pending[i].time > time_last) time_last = pending[i].time;
  absorbed_syncs[win] += (unsigned long)period_syncs;
  matched = 0;
  return 1;
}

void rc_repeat_write(const char *text, size_t len) {
  pthread_mutex_lock(&repeat_lock);
  int win = -1;
  const enum kind k = kind_of(text, len, &win);
  struct norm norm;
  if (k != other) normalise(text, len, &norm);
  if (k == other || !absorb(text, len, &norm, win)) {
    end_repeat();
    rc_sink_write(text, len);
    if (k == other)
      history_count = 0;
    else {
      remember(&norm, win);
      if (k == sync_line) look_for_period();
    }
  }
  pthread_mutex_unlock(&repeat_lock);
}

unsigned long rc_repeat_absorbed_syncs(int win_id) {
  if (win_id < 0 || win_id >= MAX_WINDOWS) return 0;
  pthread_mutex_lock(&repeat_lock);
  const unsigned long n = absorbed_syncs[win_id];
  pthread_mutex_unlock(&repeat_lock);
  return n;
}

void rc_repeat_break(void) {
  pthread_mutex_lock(&repeat_lock);
  end_repeat();
  history_count = 0;
  pthread_mutex_unlock(&repeat_lock);
}
