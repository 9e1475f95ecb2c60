/* The watched ranges and their pages (watch_state.h). A page's protection is the strictest of
 * the armed ranges that cover it (PROT_NONE before PROT_READ), within its mapping's own; a page
 * no armed range covers has its mapping's protection back. The mapping (/proc/self/maps) tells
 * a range's original protection and whether other processes reach it through their own
 * mapping (shared) or through this process (private). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "watch_state.h"

struct rc_watch_range rc_watch_ranges[RC_WATCH_MAX_RANGES];

uintptr_t rc_watch_page_size(void) {
  static uintptr_t size;
  if (!size) size = (uintptr_t)sysconf(_SC_PAGESIZE);
  return size;
}

static uintptr_t page_of(uintptr_t a) { return a & ~(rc_watch_page_size() - 1); }

int rc_watch_new_range(void) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i)
    if (!rc_watch_ranges[i].armed && !rc_watch_ranges[i].lo) return i;
  return -1;
}

/* Async-signal-safe: reads the table only. */
int rc_watch_page_prot(uintptr_t page) {
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

/* Gives every page of [lo, hi) the protection the armed ranges ask for, or `original`. */
static void reprotect(uintptr_t lo, uintptr_t hi, int original) {
  for (uintptr_t page = page_of(lo); page < hi; page += rc_watch_page_size()) {
    const int prot = rc_watch_page_prot(page);
    mprotect((void *)page, rc_watch_page_size(), prot < 0 ? original : prot);
  }
}

int rc_watch_arm(int i) {
  struct rc_watch_range *r = &rc_watch_ranges[i];
  r->faults = 0;
  r->hit = 0;
  r->paged = 1;
  __atomic_store_n(&r->armed, 1, __ATOMIC_SEQ_CST);
  const uintptr_t lo = page_of(r->lo), hi = page_of(r->hi - 1) + rc_watch_page_size();
  for (uintptr_t page = lo; page < hi; page += rc_watch_page_size())
    if (mprotect((void *)page, rc_watch_page_size(), rc_watch_page_prot(page)) != 0) {
      rc_watch_release(i);
      return 0;
    }
  return 1;
}

void rc_watch_release(int i) {
  struct rc_watch_range *r = &rc_watch_ranges[i];
  if (!r->lo) return;
  __atomic_store_n(&r->armed, 0, __ATOMIC_SEQ_CST);
  if (r->paged) reprotect(r->lo, r->hi, r->original_prot);
  r->paged = 0;
  r->lo = r->hi = 0;
  ++r->generation;
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

int rc_watch_mapping(uintptr_t lo, uintptr_t hi, int *shared, const char **why) {
  const uintptr_t here = (uintptr_t)__builtin_frame_address(0); /* on this thread's stack */
  FILE *maps = fopen("/proc/self/maps", "re");
  if (!maps) {
    *why = "/proc/self/maps cannot be read";
    return -1;
  }
  char line[512];
  int prot = -1;
  *why = "not within one mapping of the process";
  while (fgets(line, sizeof line, maps)) {
    unsigned long start = 0, end = 0;
    char perms[5] = "";
    int name_at = 0;
    if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &start, &end, perms, &name_at) < 3) continue;
    if (lo < start || lo >= end) continue;
    if (hi > end) break;
    if (strstr(line + name_at, "[stack") || (here >= start && here < end)) {
      *why = "on the call stack, whose pages every call and signal frame uses";
      break;
    }
    const int known = known_prot(page_of(lo), page_of(hi - 1) + rc_watch_page_size());
    prot = known >= 0 ? known : prot_of(perms);
    *shared = perms[3] == 's';
    break;
  }
  fclose(maps);
  return prot;
}
