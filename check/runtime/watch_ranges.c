/* SPDX-License-Identifier: BSD-3-Clause */
/* The watched ranges and their pages (watch_state.h). A page's protection is the strictest of
 * the armed ranges that cover it (PROT_NONE before PROT_READ), within its mapping's own; a page
 * no armed range covers has its mapping's protection back. The mapping (/proc/self/maps) tells
 * a range's original protection and whether other processes reach it through their own
 * mapping (shared) or through this process (private). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "record.h"
#include "watch_state.h"

struct rc_watch_range rc_watch_ranges[RC_WATCH_MAX_RANGES];
volatile int rc_watch_suspended;
volatile int rc_watch_suspended_said;
volatile int rc_watch_shared_open;
volatile int rc_watch_library_steps;
volatile int rc_watch_beside_steps;
volatile int rc_watch_beside_open;
volatile int rc_watch_forwarding;
volatile int rc_watch_in_sync;
volatile unsigned long rc_watch_sync_stepped;
volatile int rc_watch_any_stopped;

struct rc_watch_fault_counts rc_watch_fault_count;
static unsigned long window_protects; /* under the watch lock */

/* The handlers bump them under the watch lock. */
unsigned long rc_watch_sync_steps(void) {
  rc_watch_lock();
  const unsigned long steps = rc_watch_sync_stepped;
  rc_watch_unlock();
  return steps;
}

struct rc_watch_fault_counts rc_watch_faults(void) {
  rc_watch_lock();
  const struct rc_watch_fault_counts counts = rc_watch_fault_count;
  rc_watch_unlock();
  return counts;
}

unsigned long rc_watch_window_protects(void) {
  rc_watch_lock();
  const unsigned long n = window_protects;
  rc_watch_unlock();
  return n;
}

uintptr_t rc_watch_page_size(void) {
  static uintptr_t size;
  if (!size) size = (uintptr_t)sysconf(_SC_PAGESIZE);
  return size;
}

static uintptr_t page_of(uintptr_t a) { return a & ~(rc_watch_page_size() - 1); }

/* Under the watch lock: a handler may disarm a range (armed = 0) meanwhile, and one that found a
 * slot armed reads it whole. */
int rc_watch_fill(const struct rc_watch_range *desc) {
  rc_watch_lock();
  int found = -1;
  for (int i = 0; i < RC_WATCH_MAX_RANGES && found < 0; ++i) {
    struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed || r->lo) continue;
    const unsigned generation = r->generation;
    *r = *desc;
    r->generation = generation;
    found = i;
  }
  rc_watch_unlock();
  return found;
}

/* The protection the armed ranges ask of `page`, without the pages left open; -1 when none covers it. */
static int ranges_prot(uintptr_t page) {
  const uintptr_t end = page + rc_watch_page_size();
  int prot = -1;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->armed || r->hi <= page || r->lo >= end) continue;
    const int p = r->prot & r->original_prot;
    prot = prot < 0 ? p : prot & p;
  }
  return prot;
}

/* Async-signal-safe: reads the table only. */
int rc_watch_page_prot(uintptr_t page) {
  int prot = ranges_prot(page);
  if (prot >= 0 && rc_watch_open_count) prot |= rc_watch_open_prot(page); /* left open to the program */
  return prot;
}

/* Where the pages of [first, end) are cut into pieces whose pages all have one protection: the
 * first page of every armed range and the page after its last, and the same of every run of pages
 * left open, within; sorted, first and end included. Finding a page's protection costs a pass over
 * the ranges: a window of thousands of pages, protected again at every hook, must cost a pass per
 * piece, not one per page. */
#define MAX_CUTS (2 * (RC_WATCH_MAX_RANGES + RC_WATCH_MAX_OPEN) + 2)

static void add_cut(uintptr_t *cuts, int *n, uintptr_t at, uintptr_t first, uintptr_t end) {
  if (at > first && at < end) cuts[(*n)++] = at;
}

static int cut_points(uintptr_t first, uintptr_t end, uintptr_t *cuts) {
  const uintptr_t size = rc_watch_page_size();
  int n = 0;
  cuts[n++] = first;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->armed || r->hi <= r->lo) continue;
    add_cut(cuts, &n, page_of(r->lo), first, end);
    add_cut(cuts, &n, page_of(r->hi - 1) + size, first, end);
  }
  const int opens = rc_watch_open_count;
  for (int k = 0; k < opens && k < RC_WATCH_MAX_OPEN; ++k) {
    add_cut(cuts, &n, rc_watch_opens[k].page_lo, first, end);
    add_cut(cuts, &n, rc_watch_opens[k].page_hi, first, end);
  }
  cuts[n++] = end;
  for (int k = 1; k < n; ++k) /* insertion sort: no allocation, and the cuts are few */
    for (int j = k; j > 0 && cuts[j - 1] > cuts[j]; --j) {
      const uintptr_t t = cuts[j];
      cuts[j] = cuts[j - 1];
      cuts[j - 1] = t;
    }
  return n;
}

/* A run of pages of one protection, given to mprotect as one call (none for a negative one). */
struct prot_run {
  uintptr_t start;
  int prot; /* -2: no run yet */
  int failed;
};

static void run_to(struct prot_run *run, uintptr_t page, int prot) {
  if (prot == run->prot) return;
  if (run->prot >= 0 && page > run->start)
    run->failed |= mprotect((void *)run->start, page - run->start, run->prot) != 0;
  run->start = page;
  run->prot = prot;
}

/* Gives the pages of [lo, hi) the protection the armed ranges ask for (`original` where none
 * does; none given where `original` is negative), one mprotect per run of pages alike: a window
 * is one call, not one per page. A piece whose pages an open run covers in part (one opened since
 * the cuts were taken, by another thread) is done page by page. */
static int reprotect(uintptr_t lo, uintptr_t hi, int original) {
  if (hi <= lo) return 0;
  const uintptr_t size = rc_watch_page_size(), end = page_of(hi - 1) + size;
  uintptr_t cuts[MAX_CUTS];
  const int n = cut_points(page_of(lo), end, cuts);
  struct prot_run run = {page_of(lo), -2, 0};
  __atomic_add_fetch(&rc_watch_protect_changes, 1, __ATOMIC_RELEASE); /* before: see watch_state.h */
  for (int k = 0; k + 1 < n; ++k) {
    if (cuts[k] == cuts[k + 1]) continue;
    int prot = ranges_prot(cuts[k]);
    const int open = prot >= 0 && rc_watch_open_count ? rc_watch_open_span_prot(cuts[k], cuts[k + 1]) : 0;
    if (open < 0) {
      for (uintptr_t page = cuts[k]; page < cuts[k + 1]; page += size) {
        const int p = rc_watch_page_prot(page);
        run_to(&run, page, p < 0 ? original : p);
      }
      continue;
    }
    run_to(&run, cuts[k], prot < 0 ? original : prot | open);
  }
  run_to(&run, end, -2);
  return run.failed ? -1 : 0;
}

void rc_watch_protect_pages(uintptr_t lo, uintptr_t hi, int original) {
  rc_watch_lock();
  reprotect(lo, hi, original);
  rc_watch_unlock();
}

/* Under the watch lock, so that no handler steps on these pages meanwhile: one that read the
 * table before would otherwise protect a page again after the release gave it back (leaving the
 * program's next access to fault with no range there), or note an access to a slot reused since. */
int rc_watch_arm(int i) {
  struct rc_watch_range *r = &rc_watch_ranges[i];
  rc_watch_lock();
  r->faults = 0;
  r->beside = 0;
  r->stopped = r->stop_said = 0;
  r->excluded = 0;
  r->hit = 0;
  r->paged = 1;
  window_protects += r->kind == RC_WATCH_WINDOW;
  __atomic_store_n(&r->armed, 1, __ATOMIC_SEQ_CST);
  const int armed = reprotect(r->lo, r->hi, r->original_prot) == 0;
  if (!armed) rc_watch_release(i);
  rc_watch_unlock();
  return armed;
}

void rc_watch_give_back(int i) {
  struct rc_watch_range *r = &rc_watch_ranges[i];
  rc_watch_lock();
  __atomic_store_n(&r->armed, 0, __ATOMIC_SEQ_CST);
  window_protects += r->paged && r->kind == RC_WATCH_WINDOW;
  if (r->paged) reprotect(r->lo, r->hi, r->original_prot);
  r->paged = 0;
  rc_watch_unlock();
}

void rc_watch_release(int i) {
  struct rc_watch_range *r = &rc_watch_ranges[i];
  if (!r->lo) return;
  rc_watch_lock();
  rc_watch_give_back(i);
  if (r->hw_end) rc_watch_hw_release(i);
  r->lo = r->hi = 0;
  ++r->generation;
  rc_watch_unlock();
}

static int prot_of(const char *perms) {
  return (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) | (perms[2] == 'x' ? PROT_EXEC : 0);
}

/* A page this watcher protected already shows its protection in the maps: the range that
 * armed it knows the mapping's own. */
static int known_prot(uintptr_t lo, uintptr_t hi) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->paged && page_of(r->lo) < hi && page_of(r->hi - 1) + rc_watch_page_size() > lo) return r->original_prot;
  }
  return -1;
}

/* The line of /proc/self/maps whose mapping holds `address`, into `line`; 0 when none. Read
 * with read(2) into static memory: no allocation, so nothing lands on a page this watcher
 * protects (a heap page beside a pending buffer would fault at every byte). */
static int mapping_line(uintptr_t address, char *line, size_t cap) {
  static char chunk[8192];
  const int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  size_t len = 0;
  int found = 0;
  for (;;) {
    const ssize_t n = read(fd, chunk + len, sizeof chunk - len - 1);
    if (n <= 0) break;
    len += (size_t)n;
    chunk[len] = '\0';
    char *start = chunk, *newline;
    while (!found && (newline = strchr(start, '\n'))) {
      *newline = '\0';
      unsigned long lo = 0, hi = 0;
      if (sscanf(start, "%lx-%lx", &lo, &hi) == 2 && address >= lo && address < hi) {
        const size_t n = strnlen(start, cap - 1); /* a long file name is cut: only the start matters */
        memcpy(line, start, n);
        line[n] = '\0';
        found = 1;
      }
      start = newline + 1;
    }
    if (found) break;
    len = (size_t)(chunk + len - start);
    memmove(chunk, start, len);
  }
  close(fd);
  return found;
}

/* Read-write mappings found before, so that /proc/self/maps (whose every read the kernel
 * formats anew) is read once per mapping rather than once per RMA call. A mapping unmapped and
 * replaced since could make a stale entry claim read-write for memory that is now read-only: the
 * protection given back would then let the program store where it would have faulted, which
 * changes only an erroneous program. */
#define MAPPINGS_KEPT 16
struct kept_mapping {
  uintptr_t start, end;
  int shared, stack;
};
static struct kept_mapping kept[MAPPINGS_KEPT];
static unsigned kept_next;

static const struct kept_mapping *kept_mapping(uintptr_t address) {
  for (int i = 0; i < MAPPINGS_KEPT; ++i)
    if (kept[i].end && address >= kept[i].start && address < kept[i].end) return &kept[i];
  return NULL;
}

const char *const rc_watch_on_stack = "on the call stack, whose pages every call and signal frame uses";

/* The mapping holding `address`: where it ends, whether it is shared or a thread stack, and its
 * protection as /proc/self/maps shows it (read-write for a kept one); -1 when none. */
static int mapping_at(uintptr_t address, uintptr_t here, struct kept_mapping *out) {
  const struct kept_mapping *k = kept_mapping(address);
  if (k) {
    *out = *k;
    out->stack = out->stack || (here >= k->start && here < k->end);
    return PROT_READ | PROT_WRITE;
  }
  char line[512];
  unsigned long start = 0, end = 0;
  char perms[5] = "";
  int name_at = 0;
  if (!mapping_line(address, line, sizeof line) ||
      sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &start, &end, perms, &name_at) < 3)
    return -1;
  *out = (struct kept_mapping){start, end, perms[3] == 's',
                               strstr(line + name_at, "[stack") || (here >= start && here < end)};
  if (prot_of(perms) == (PROT_READ | PROT_WRITE)) kept[kept_next++ % MAPPINGS_KEPT] = *out;
  return prot_of(perms);
}

/* A span may cross adjacent mappings of one kind: a static array that begins in the program's
 * data segment and ends in the anonymous mapping of its .bss beyond the file's pages, or heap
 * memory beside pages this watcher protected (which splits a mapping). */
int rc_watch_mapping(uintptr_t lo, uintptr_t hi, int *shared, const char **why) {
  const uintptr_t here = (uintptr_t)__builtin_frame_address(0); /* on this thread's stack */
  int prot = -1;
  for (uintptr_t at = lo; at < hi;) {
    struct kept_mapping m;
    int p = mapping_at(at, here, &m);
    if (p < 0) {
      *why = at == lo ? "not in a mapping of the process that /proc/self/maps shows"
                      : "not within adjacent mappings of the process";
      return -1;
    }
    if (m.stack) {
      *why = rc_watch_on_stack;
      return -1;
    }
    const uintptr_t end = m.end < hi ? m.end : hi;
    const int known = known_prot(page_of(at), page_of(end - 1) + rc_watch_page_size());
    if (known >= 0) p = known;
    if (at != lo && (m.shared != *shared || p != prot)) {
      *why = "across mappings of different kinds";
      return -1;
    }
    *shared = m.shared;
    prot = p;
    at = m.end;
  }
  return prot;
}

/* A page the library opened for bytes no range watches (another rank's segment beside this rank's
 * window on a shared page, where this rank's own RMA calls land: Open MPI's osc/sm lays the
 * segments out back to back) would otherwise cost two signals and four mprotect calls at every
 * such access. It is protected again at the hooks the sampling policy picks (rc_sampled, counted
 * over the hooks that found such a page open); meanwhile the program's accesses to this rank's
 * own bytes on that page are not seen, which the `watch_sampled` line says. */
static int shared_page_rearmed(int shared_open, int *say) {
  static unsigned long hooks;
  static int said;
  if (!shared_open) return 0;
  if (rc_sampled(hooks++)) return 1;
  *say = !said;
  said = 1;
  return 0;
}

void rc_watch_rearm(void) {
  rc_watch_hw_resume();
  __atomic_store_n(&rc_watch_forwarding, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&rc_watch_in_sync, 0, __ATOMIC_RELAXED);
  int say = 0;
  rc_watch_lock(); /* the handlers' flags and counters, and the pages they left open */
  rc_watch_library_steps = 0;
  rc_watch_beside_steps = 0;
  rc_watch_library_span_reset();
  const int beside = rc_watch_beside_open;
  rc_watch_beside_open = 0;
  if (rc_watch_suspended || beside || shared_page_rearmed(rc_watch_shared_open, &say)) {
    rc_watch_suspended = 0;
    rc_watch_shared_open = 0;
    uintptr_t lo = UINTPTR_MAX, hi = 0; /* one pass over every armed range's pages, the others left alone */
    for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
      const struct rc_watch_range *r = &rc_watch_ranges[i];
      if (!r->armed) continue;
      if (r->lo < lo) lo = r->lo;
      if (r->hi > hi) hi = r->hi;
    }
    reprotect(lo, hi, -1);
  }
  rc_watch_unlock();
  if (say) rc_watch_sampled_line(NULL, "window", NULL); /* a record line: never under the watch lock */
}
