/* SPDX-License-Identifier: BSD-3-Clause */
/* A `rep stos` or `rep movs` (what memset and memcpy use for long spans) that faults on a page
 * this watcher protected is run whole by the fault handler: under a single step it would trap after
 * every element, two signals and two mprotect calls a byte. The bytes such an instruction stores and
 * loads are known before it runs (rdi, rsi, rcx, the element width), so nothing is lost: when it is
 * the program's and reaches watched bytes, each armed range it reaches gets one access recorded over
 * exactly the bytes it stores (and, for a `rep movs`, loads) there, as its elementwise steps would
 * have recorded them one by one; the MPI library's accesses are not recorded either way. The pages
 * of the watcher's ranges it reaches are opened, the elements moved in the instruction's own order,
 * the registers left as the instruction leaves them, and the pages protected again, all before the
 * handler returns. Any other instruction, one running backwards (the direction flag set), or one
 * reaching a range on the debug registers (whose trap would come from this handler's own stores) is
 * stepped as before (watch_signals.c). Async-signal-safe: table reads and mprotect. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "watch_state.h"

#define EFLAGS_DF 0x400UL
#define MAX_OPENED 16 /* page runs of the watcher's ranges one instruction may reach */

struct string_op {
  int length; /* of the instruction, in bytes */
  int width;  /* of an element: 1, 4 or 8 */
  int moves;  /* movs (loads from rsi) rather than stos */
};

/* `rep stos` or `rep movs` with element width 1, 4 or 8 (no operand-size or segment prefix). */
static int decode(const unsigned char *pc, struct string_op *op) {
  if (pc[0] != 0xf3) return 0;
  int at = 1, wide = 0;
  if ((pc[at] & 0xf0) == 0x40) wide = (pc[at++] & 0x08) != 0; /* REX, W chooses 8 bytes */
  switch (pc[at]) {
    case 0xaa:
      *op = (struct string_op){at + 1, 1, 0};
      return 1;
    case 0xab:
      *op = (struct string_op){at + 1, wide ? 8 : 4, 0};
      return 1;
    case 0xa4:
      *op = (struct string_op){at + 1, 1, 1};
      return 1;
    case 0xa5:
      *op = (struct string_op){at + 1, wide ? 8 : 4, 1};
      return 1;
    default:
      return 0;
  }
}

/* Whether armed range r watches bytes of [lo, hi) against this access (stores: every range;
 * loads: ranges that watch loads, PROT_NONE). */
static int reaches(const struct rc_watch_range *r, uintptr_t lo, uintptr_t hi, int store) {
  return r->armed && r->lo < hi && lo < r->hi && (store || r->prot == PROT_NONE);
}

/* How many armed ranges watch bytes of [lo, hi) against this access; -1 when one of them is on
 * the debug registers. */
static int watched(uintptr_t lo, uintptr_t hi, int store) {
  int n = 0;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!reaches(r, lo, hi, store)) continue;
    if (r->hw_end) return -1;
    ++n;
  }
  return n;
}

/* Records the program's access to every armed range that [lo, hi) reaches: the bytes of the range
 * it stores or loads, one access each. */
static void record(uintptr_t lo, uintptr_t hi, int store, uintptr_t instruction) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!reaches(r, lo, hi, store)) continue;
    const uintptr_t a = lo > r->lo ? lo : r->lo, b = hi < r->hi ? hi : r->hi;
    rc_watch_note_access(i, a, (int)(b - a < (uintptr_t)INT32_MAX ? b - a : INT32_MAX),
                         store ? RC_WATCH_STORE : RC_WATCH_LOAD, instruction);
  }
}

struct opened {
  uintptr_t lo[MAX_OPENED], hi[MAX_OPENED];
  int n;
};

/* Opens the pages of the watcher's protected ranges within [lo, hi) (page-rounded); 0 when more
 * runs than MAX_OPENED would be needed. */
static int open_pages(uintptr_t lo, uintptr_t hi, struct opened *o) {
  const uintptr_t size = rc_watch_page_size();
  lo &= ~(size - 1);
  hi = (hi + size - 1) & ~(size - 1);
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->paged || r->hi <= lo || r->lo >= hi) continue;
    if (o->n == MAX_OPENED) return 0;
    const uintptr_t a = r->lo & ~(size - 1), b = (r->hi + size - 1) & ~(size - 1);
    o->lo[o->n] = a > lo ? a : lo;
    o->hi[o->n] = b < hi ? b : hi;
    mprotect((void *)o->lo[o->n], o->hi[o->n] - o->lo[o->n], r->original_prot);
    ++o->n;
  }
  return 1;
}

/* Gives every opened page the protection the armed ranges ask for. */
static void close_pages(const struct opened *o) {
  const uintptr_t size = rc_watch_page_size();
  for (int k = 0; k < o->n; ++k)
    for (uintptr_t page = o->lo[k]; page < o->hi[k]; page += size) {
      const int prot = rc_watch_page_prot(page);
      if (prot >= 0) mprotect((void *)page, size, prot);
    }
}

/* Element by element, each loaded whole before it is stored, as the instruction does (so that
 * overlapping spans come out alike). */
static void run(const struct string_op *op, uintptr_t dst, uintptr_t src, uint64_t n, uint64_t value) {
  unsigned char element[8];
  for (int b = 0; b < op->width; ++b) element[b] = (unsigned char)(value >> (8 * b));
  for (uint64_t i = 0; i < n; ++i) {
    volatile unsigned char *d = (volatile unsigned char *)(dst + i * (uint64_t)op->width);
    const volatile unsigned char *s = (const volatile unsigned char *)(src + i * (uint64_t)op->width);
    if (op->moves)
      for (int b = 0; b < op->width; ++b) element[b] = s[b];
    for (int b = 0; b < op->width; ++b) d[b] = element[b];
  }
}

int rc_watch_run_string_op(ucontext_t *uc, uintptr_t page, int original, int program, uintptr_t instruction) {
  greg_t *g = uc->uc_mcontext.gregs;
  struct string_op op;
  if (!decode((const unsigned char *)g[REG_RIP], &op) || (g[REG_EFL] & EFLAGS_DF)) return 0;
  const uint64_t n = (uint64_t)g[REG_RCX];
  const uintptr_t dst = (uintptr_t)g[REG_RDI], src = (uintptr_t)g[REG_RSI];
  if (n == 0 || n > (UINT64_MAX >> 4) / (uint64_t)op.width) return 0;
  const uintptr_t bytes = (uintptr_t)(n * (uint64_t)op.width);
  if (dst + bytes < dst || (op.moves && src + bytes < src)) return 0;
  const int stores = watched(dst, dst + bytes, 1), loads = op.moves ? watched(src, src + bytes, 0) : 0;
  if (stores < 0 || loads < 0) return 0;
  const int recorded = program && stores + loads > 0;
  if (recorded) {
    record(dst, dst + bytes, 1, instruction);
    if (op.moves) record(src, src + bytes, 0, instruction);
  }
  struct opened o = {.n = 0};
  int ok = open_pages(dst, dst + bytes, &o) && (!op.moves || open_pages(src, src + bytes, &o));
  if (ok) run(&op, dst, src, n, (uint64_t)g[REG_RAX]);
  close_pages(&o);
  if (!ok) { /* the handler steps it: the faulting page open, as it found it */
    mprotect((void *)page, rc_watch_page_size(), original);
    return 0;
  }
  g[REG_RDI] = (greg_t)(dst + bytes);
  if (op.moves) g[REG_RSI] = (greg_t)(src + bytes);
  g[REG_RCX] = 0;
  g[REG_RIP] += op.length;
  return recorded ? 2 : 1;
}
