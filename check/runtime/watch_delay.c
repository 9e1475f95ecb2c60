/* SPDX-License-Identifier: BSD-3-Clause */
/* Delay injection (watch_delay.h): when to hold a thread, and what the holds were; how long one
 * lasts is hold_clock.h's. Everything a fault handler reaches is a static table changed by atomics,
 * and hold_clock.h's system calls, all async-signal-safe. */
#define _GNU_SOURCE
#include "watch_delay.h"

#include <errno.h>
#include <stdlib.h>

#include "delay_budget.h"
#include "hold_clock.h"
#include "thread_clocks.h"
#include "watch_state.h"

static long delay_ms = RC_DELAY_DEFAULT_MS;
static int program_threads; /* the program created a thread (pthread_create from its code or its OpenMP runtime) */

/* The holds by kind, those the schedule skipped and those the budget cut; those made longer than
 * D (hold_clock.h), and of them those that ended at the cap; the time held is the budget's. */
static unsigned long held_completion, held_exposure, held_return, held_access, held_again, skipped, cut;
static unsigned long extended, capped;
static unsigned long woken; /* holds at an access ended early: a pending buffer was armed meanwhile */
static struct rc_delay_budget budget = {.limit_ns = (unsigned long long)RC_DELAY_BUDGET_MS * 1000000ULL};
static int in_sync; /* threads inside an intercepted RMA synchronisation call (its hold included) */

/* Holds counted per call site (completions) or instruction (accesses); one shared count beyond. */
static struct {
  uintptr_t key;
  unsigned long count;
} sites[RC_DELAY_SITES];
static unsigned long others;

/* The access of this thread held last, and how many times, to be told when it is retried: until
 * the retry faults (rc_delay_fault) or runs without a fault (rc_delay_retry_over). */
static __thread __attribute__((tls_model("initial-exec"))) uintptr_t retry_instruction, retry_address;
static __thread __attribute__((tls_model("initial-exec"))) int retry_holds;

void rc_delay_read(void) {
  const char *text = getenv("REDSEM_CHECK_DELAY");
  if (!text || !*text) return;
  char *end = NULL;
  errno = 0;
  const long ms = strtol(text, &end, 10);
  /* The launcher validates the option; a hand-set bad value keeps the default. */
  if (errno == 0 && end && *end == '\0' && ms >= 0 && ms <= RC_DELAY_BUDGET_MS) delay_ms = ms;
}

void rc_delay_describe(rc_line *l) { rc_int(l, "delay_ms", delay_ms); }

void rc_delay_write_counts(rc_line *l) {
  if (!__atomic_load_n(&program_threads, __ATOMIC_RELAXED) || rc_tc_on) return; /* the clocks decided: no hold */
  rc_open_object(l, "delay");
  rc_int(l, "ms", delay_ms);
  rc_int(l, "completion", (long long)__atomic_load_n(&held_completion, __ATOMIC_RELAXED));
  rc_int(l, "exposure", (long long)__atomic_load_n(&held_exposure, __ATOMIC_RELAXED));
  rc_int(l, "sync_return", (long long)__atomic_load_n(&held_return, __ATOMIC_RELAXED));
  rc_int(l, "access", (long long)__atomic_load_n(&held_access, __ATOMIC_RELAXED));
  rc_int(l, "access_again", (long long)__atomic_load_n(&held_again, __ATOMIC_RELAXED));
  rc_int(l, "skipped", (long long)__atomic_load_n(&skipped, __ATOMIC_RELAXED));
  rc_int(l, "budget_cut", (long long)__atomic_load_n(&cut, __ATOMIC_RELAXED));
  rc_int(l, "budget_ms", RC_DELAY_BUDGET_MS);
  rc_int(l, "held_ms", (long long)(__atomic_load_n(&budget.held_ns, __ATOMIC_RELAXED) / 1000000ULL));
  rc_int(l, "extended", (long long)__atomic_load_n(&extended, __ATOMIC_RELAXED));
  rc_int(l, "capped", (long long)__atomic_load_n(&capped, __ATOMIC_RELAXED));
  rc_int(l, "woken", (long long)__atomic_load_n(&woken, __ATOMIC_RELAXED));
  rc_close(l);
}

void rc_delay_thread_created(const void *caller) {
  if (rc_watch_program_thread_creator(caller)) __atomic_store_n(&program_threads, 1, __ATOMIC_RELAXED);
}

/* Not while --thread-sync calls is in force: its clocks decide races whatever the timing, and window
 * memory stays armed through synchronisation calls; if it is given up, the holds start. */
int rc_delay_threaded(void) { return delay_ms > 0 && !rc_tc_on && __atomic_load_n(&program_threads, __ATOMIC_RELAXED); }

/* This hold's index at `key`, from 1: a slot found or taken by compare-and-swap (probing on). */
static unsigned long next_index(uintptr_t key) {
  const size_t start = (size_t)((key >> 4) * 0x9e3779b97f4a7c15ULL >> 56) % RC_DELAY_SITES;
  for (size_t i = 0; i < RC_DELAY_SITES; ++i) {
    const size_t k = (start + i) % RC_DELAY_SITES;
    uintptr_t seen = __atomic_load_n(&sites[k].key, __ATOMIC_ACQUIRE);
    if (seen == 0 && __atomic_compare_exchange_n(&sites[k].key, &seen, key, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      seen = key;
    if (seen == key) return __atomic_add_fetch(&sites[k].count, 1, __ATOMIC_RELAXED);
  }
  return __atomic_add_fetch(&others, 1, __ATOMIC_RELAXED);
}

/* A step past D (hold_clock.h): counted in the time held (delay_budget.h). */
static void held_more(long long ns) { rc_budget_held_more(&budget, ns); }

/* Takes a hold's least time, D, from the budget; 0 (counted as cut) when it is spent. */
static int within_budget(void) {
  if (rc_budget_take_hold(&budget, (long long)delay_ms * 1000000LL)) return 1;
  __atomic_add_fetch(&cut, 1, __ATOMIC_RELAXED);
  return 0;
}

/* Whether to hold at `key` now: its schedule (the first RC_DELAY_FIRST, then power-of-two indexes)
 * and the budget. */
static int scheduled(uintptr_t key) {
  const unsigned long n = next_index(key);
  if (n > RC_DELAY_FIRST && (n & (n - 1)) != 0) {
    __atomic_add_fetch(&skipped, 1, __ATOMIC_RELAXED);
    return 0;
  }
  return within_budget();
}

void rc_delay_hold(int (*stop)(void)) {
  const rc_hold_end end = rc_hold_for((long long)delay_ms * 1000000LL, held_more, stop);
  if (end == RC_HOLD_STOPPED) {
    __atomic_add_fetch(&woken, 1, __ATOMIC_RELAXED);
    return;
  }
  if (end != RC_HOLD_AT_D) __atomic_add_fetch(&extended, 1, __ATOMIC_RELAXED);
  if (end == RC_HOLD_AT_CAP) __atomic_add_fetch(&capped, 1, __ATOMIC_RELAXED);
}

/* A hold at a call site of the program, counted in `kind`, when threaded and scheduled there. */
static void hold_at_call(const void *caller, unsigned long *kind) {
  if (!rc_delay_threaded() || !scheduled((uintptr_t)caller)) return;
  __atomic_add_fetch(kind, 1, __ATOMIC_RELAXED);
  rc_delay_hold(NULL);
}

void rc_delay_sync(const void *caller, int completes) {
  hold_at_call(caller, completes ? &held_completion : &held_exposure);
}

void rc_delay_sync_return(const void *caller) { hold_at_call(caller, &held_return); }

void rc_delay_sync_enter(void) { __atomic_add_fetch(&in_sync, 1, __ATOMIC_RELAXED); }
void rc_delay_sync_leave(void) { __atomic_sub_fetch(&in_sync, 1, __ATOMIC_RELAXED); }

/* The access this thread holds, held again while no pending buffer has come there (the other
 * thread's call may come later than one hold): RC_DELAY_AGAIN times, or RC_DELAY_AGAIN_IN_SYNC while
 * another thread is in a synchronisation call (an MPI_Win_lock may take many holds to return, and
 * the get follows it); within the budget. */
int rc_delay_again(void) {
  const int bound = __atomic_load_n(&in_sync, __ATOMIC_RELAXED) > 0 ? RC_DELAY_AGAIN_IN_SYNC : RC_DELAY_AGAIN;
  if (retry_holds > bound || !within_budget()) return 0;
  ++retry_holds;
  __atomic_add_fetch(&held_again, 1, __ATOMIC_RELAXED);
  return 1;
}

void rc_delay_retry_over(void) { retry_instruction = retry_address = 0; }

int rc_delay_fault(uintptr_t instruction, uintptr_t address, int window_only) {
  const int retry = retry_instruction == instruction && retry_address == address;
  retry_instruction = retry_address = 0; /* any other fault of this thread is another access */
  if (retry) return RC_DELAY_RETRIED;
  if (!window_only || !rc_delay_threaded() || !scheduled(instruction)) return RC_DELAY_NO;
  retry_instruction = instruction;
  retry_address = address;
  retry_holds = 1;
  __atomic_add_fetch(&held_access, 1, __ATOMIC_RELAXED);
  return RC_DELAY_HOLD;
}
