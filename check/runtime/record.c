/* SPDX-License-Identifier: BSD-3-Clause */
/* The per-rank record (record.h): a JSON-lines writer that needs nothing but libc, so that it
 * can run inside any MPI program. */
#define _GNU_SOURCE
#include "record.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_repeat.h"
#include "record_sink.h"
#include "record_state.h"

struct rc_state rc_state = {.fd = -1, .rank = -1};

int rc_active(void) { return rc_state.fd >= 0; }
int rc_world_rank(void) { return rc_state.rank; }

static void grow(rc_line *l, size_t more) {
  if (l->len + more + 1 <= l->cap) return;
  size_t cap = l->cap ? l->cap : 256;
  while (cap < l->len + more + 1) cap *= 2;
  char *text = realloc(l->text, cap);
  if (!text) abort(); /* out of memory inside an MPI call: nothing sensible is left to do */
  l->text = text;
  l->cap = cap;
}

static void append(rc_line *l, const char *s, size_t n) {
  grow(l, n);
  memcpy(l->text + l->len, s, n);
  l->len += n;
  l->text[l->len] = '\0';
}

static void append_c(rc_line *l, const char *s) { append(l, s, strlen(s)); }

/* The length of the well-formed UTF-8 sequence of two to four bytes at p (Unicode Table 3-7:
 * no overlong forms, surrogates or values beyond U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *p) {
  const unsigned char b = p[0];
  const size_t n = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (n == 0) return 0;
  const unsigned char low = b == 0xe0 ? 0xa0 : b == 0xf0 ? 0x90 : 0x80;
  const unsigned char high = b == 0xed ? 0x9f : b == 0xf4 ? 0x8f : 0xbf;
  if (p[1] < low || p[1] > high) return 0;
  for (size_t i = 2; i < n; ++i)
    if ((p[i] & 0xc0) != 0x80) return 0;
  return n;
}

/* A JSON string; UTF-8 text (a rule's "§") is kept, other bytes that are not printable ASCII are
 * escaped as \u00XX, so a line is always valid JSON whatever a program names its things. */
static void append_quoted(rc_line *l, const char *s) {
  append(l, "\"", 1);
  for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
    char esc[8];
    const size_t utf8 = *p >= 0x80 ? utf8_sequence(p) : 0;
    if (utf8) {
      append(l, (const char *)p, utf8);
      p += utf8 - 1;
    } else if (*p == '"' || *p == '\\') {
      esc[0] = '\\';
      esc[1] = (char)*p;
      append(l, esc, 2);
    } else if (*p < 0x20 || *p >= 0x7f) {
      snprintf(esc, sizeof esc, "\\u%04x", *p);
      append_c(l, esc);
    } else {
      append(l, (const char *)p, 1);
    }
  }
  append(l, "\"", 1);
}

/* The separator and key before a member (or item, when `key` is NULL). */
static void member(rc_line *l, const char *key) {
  if (!l->empty[l->depth - 1]) append(l, ",", 1);
  l->empty[l->depth - 1] = 0;
  if (key) {
    append_quoted(l, key);
    append(l, ":", 1);
  }
}

static void open_level(rc_line *l, const char *key, char opener, char closer) {
  if (l->depth >= RC_MAX_DEPTH) abort(); /* a record shape bug, not input */
  if (l->depth > 0) member(l, key);
  append(l, &opener, 1);
  l->closer[l->depth] = closer;
  l->empty[l->depth] = 1;
  ++l->depth;
}

void rc_begin(rc_line *l, const char *ev) {
  memset(l, 0, sizeof *l);
  open_level(l, NULL, '{', '}');
  rc_str(l, "ev", ev);
  rc_int(l, "rank", rc_state.rank);
  rc_int(l, "seq", (long long)__atomic_fetch_add(&rc_state.seq, 1, __ATOMIC_RELAXED));
}

void rc_str(rc_line *l, const char *key, const char *value) {
  member(l, key);
  if (value)
    append_quoted(l, value);
  else
    append_c(l, "null");
}

void rc_int(rc_line *l, const char *key, long long value) {
  char digits[32];
  member(l, key);
  snprintf(digits, sizeof digits, "%lld", value);
  append_c(l, digits);
}

void rc_bool(rc_line *l, const char *key, int value) {
  member(l, key);
  append_c(l, value ? "true" : "false");
}

void rc_hex(rc_line *l, const char *key, const void *bytes, size_t n) {
  static const char digits[] = "0123456789abcdef";
  member(l, key);
  grow(l, 2 * n + 2);
  char *out = l->text + l->len;
  *out++ = '"';
  for (size_t i = 0; i < n; ++i) {
    const unsigned char b = ((const unsigned char *)bytes)[i];
    *out++ = digits[b >> 4];
    *out++ = digits[b & 15];
  }
  *out++ = '"';
  l->len += 2 * n + 2;
  l->text[l->len] = '\0';
}

void rc_open_object(rc_line *l, const char *key) { open_level(l, key, '{', '}'); }
void rc_open_array(rc_line *l, const char *key) { open_level(l, key, '[', ']'); }

void rc_close(rc_line *l) {
  if (l->depth <= 1) abort(); /* the line's own object is closed by rc_end */
  --l->depth;
  append(l, &l->closer[l->depth], 1);
}

/* {"address","module","offset","symbol"} of a code address under `key`. */
static void code_location(rc_line *l, const char *key, uintptr_t address) {
  char hex[32];
  rc_open_object(l, key);
  snprintf(hex, sizeof hex, "0x%jx", (uintmax_t)address);
  rc_str(l, "address", hex);
  Dl_info info;
  if (address && dladdr((const void *)address, &info) && info.dli_fname) {
    rc_str(l, "module", info.dli_fname);
    snprintf(hex, sizeof hex, "0x%jx", (uintmax_t)(address - (uintptr_t)info.dli_fbase));
    rc_str(l, "offset", hex);
    rc_str(l, "symbol", info.dli_sname);
  }
  rc_close(l);
}

void rc_caller(rc_line *l, const void *return_address) {
  /* The call instruction is just before the return address; addr2line wants an address in it. */
  code_location(l, "caller", (uintptr_t)return_address - (return_address ? 1 : 0));
}

void rc_function(rc_line *l, const char *key, void (*function)(void)) { code_location(l, key, (uintptr_t)function); }

void rc_end(rc_line *l) {
  while (l->depth > 0) {
    --l->depth;
    append(l, &l->closer[l->depth], 1);
  }
  append(l, "\n", 1);
  rc_repeat_write(l->text, l->len);
  free(l->text);
  memset(l, 0, sizeof *l);
}

/* Call counts: a small table keyed by the call's name. */
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

/* One more of `call` in a table of counts per call name (names are string literals). */
static void bump(struct rc_call_counts *t, const char *call) {
  pthread_mutex_lock(&count_lock);
  int i = 0;
  while (i < t->kinds && t->names[i] != call && strcmp(t->names[i], call) != 0) ++i;
  if (i == t->kinds && i < RC_MAX_CALL_KINDS) {
    t->names[i] = call;
    ++t->kinds;
  }
  if (i < t->kinds) ++t->counts[i];
  pthread_mutex_unlock(&count_lock);
}

void rc_count(const char *call) { bump(&rc_state.calls, call); }

void rc_count_intercomm(const char *call) { bump(&rc_state.intercomm, call); }

int rc_sampled(unsigned long index) {
  if (rc_state.sample_all) return 1;
  if (rc_state.sample_first == 0) return 0;
  return index < rc_state.sample_first || (index & (index - 1)) == 0;
}

void rc_at_finalize(void (*hook)(void)) {
  if (rc_state.hooks < RC_MAX_HOOKS) rc_state.hook[rc_state.hooks++] = hook;
}

unsigned long rc_next_seq(void) { return __atomic_load_n(&rc_state.seq, __ATOMIC_RELAXED); }
