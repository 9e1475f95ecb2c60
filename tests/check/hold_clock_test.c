/* SPDX-License-Identifier: BSD-3-Clause */
/* How long a hold of delay injection lasts (check/runtime/hold_clock.h). The decision on made-up
 * clocks; then real holds: one ends at D while the process's other thread is blocked (on a pipe),
 * and one is made longer than D while two threads spin on the one CPU the process is pinned to:
 * in D of wall-clock time they cannot both have had D of CPU time, whatever else the machine runs
 * (a loaded machine only gives them less). Exits 1 at the first disagreement, naming it. */
#define _GNU_SOURCE
#include "hold_clock.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MS 1000000LL
#define D (20 * MS)

static int failures;

static void expect(int ok, const char *what) {
  if (ok) return;
  printf("FAILED: %s\n", what);
  ++failures;
}

static void decisions(void) {
  const rc_hold_thread starved = {D / 4, 1}, served = {D, 1}, blocked = {0, 0};
  expect(rc_hold_decide(D - 1, D, NULL, 0) == RC_HOLD_ON, "a hold lasts D with no other thread");
  expect(rc_hold_decide(D, D, NULL, 0) == RC_HOLD_SERVED, "a hold ends at D with no other thread");
  expect(rc_hold_decide(D, D, &blocked, 1) == RC_HOLD_SERVED, "a blocked thread does not extend a hold");
  expect(rc_hold_decide(D, D, &served, 1) == RC_HOLD_SERVED, "a thread that had D of CPU does not extend a hold");
  expect(rc_hold_decide(D, D, &starved, 1) == RC_HOLD_ON, "a runnable thread short of D of CPU extends a hold");
  const rc_hold_thread two[] = {served, starved};
  expect(rc_hold_decide(3 * D, D, two, 2) == RC_HOLD_ON, "one starved thread of two extends a hold");
  expect(rc_hold_decide(RC_HOLD_CAP * D, D, two, 2) == RC_HOLD_CAPPED, "a hold ends at its cap");
  const rc_hold_thread done[] = {served, blocked};
  expect(rc_hold_decide(RC_HOLD_CAP * D, D, done, 2) == RC_HOLD_SERVED, "served at the cap is served");
}

/* The time told as held past D (the process's budget counts it). */
static long long held_past_d;
static void count_held(long long ns) { held_past_d += ns; }

static int pipe_ends[2];
static void *blocked_reader(void *unused) {
  (void)unused;
  char c;
  return read(pipe_ends[0], &c, 1) == 1 ? NULL : (void *)1;
}

/* Whether thread `tid` is asleep (state S) by its /proc stat line. */
static int asleep(pid_t tid) {
  char path[64], text[256] = {0};
  snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  const size_t got = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  const char *paren = got ? strrchr(text, ')') : NULL;
  return paren && paren[1] == ' ' && paren[2] == 'S';
}

static pid_t reader_tid;
static void *blocked_reader_named(void *unused) {
  __atomic_store_n(&reader_tid, (pid_t)syscall(SYS_gettid), __ATOMIC_RELEASE);
  return blocked_reader(unused);
}

static void ends_at_d_when_the_others_are_blocked(void) {
  pthread_t reader;
  if (pipe(pipe_ends) != 0 || pthread_create(&reader, NULL, blocked_reader_named, NULL) != 0) {
    expect(0, "a reader thread started");
    return;
  }
  while (!__atomic_load_n(&reader_tid, __ATOMIC_ACQUIRE) || !asleep(reader_tid)) sched_yield();
  held_past_d = 0;
  expect(rc_hold_for(D, count_held, NULL) == RC_HOLD_AT_D, "a hold ends at D while the other thread is blocked");
  expect(held_past_d == 0, "a hold that ends at D is held no longer");
  expect(write(pipe_ends[1], "x", 1) == 1, "the reader released");
  pthread_join(reader, NULL);
}

static int stop;
static void *spinner(void *unused) {
  (void)unused;
  while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
  }
  return NULL;
}

static void extended_while_two_threads_share_one_cpu(void) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(sched_getcpu(), &one);
  if (sched_setaffinity(0, sizeof one, &one) != 0) { /* the calling thread; the spinners inherit it */
    expect(0, "the process pinned to one CPU");
    return;
  }
  pthread_t spinners[2];
  for (int i = 0; i < 2; ++i) pthread_create(&spinners[i], NULL, spinner, NULL);
  held_past_d = 0;
  const rc_hold_end served = rc_hold_for(D, count_held, NULL);
  expect(served == RC_HOLD_EXTENDED || served == RC_HOLD_AT_CAP, "a hold is made longer while threads starve");
  expect(held_past_d > 0, "a hold past D tells the budget the time it held");
  __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
  for (int i = 0; i < 2; ++i) pthread_join(spinners[i], NULL);
}

/* `stop` is asked while the hold lasts, D's part included, and ends it at its first yes. */
static int stop_asks;
static int stop_at_third_ask(void) { return ++stop_asks >= 3; }
static void ends_early_when_stop_says_so(void) {
  expect(rc_hold_for(D, count_held, stop_at_third_ask) == RC_HOLD_STOPPED, "a hold ends when stop says yes");
  expect(stop_asks == 3, "stop is asked within D, until its yes");
}

int main(void) {
  decisions();
  ends_at_d_when_the_others_are_blocked();
  extended_while_two_threads_share_one_cpu();
  ends_early_when_stop_says_so();
  if (failures == 0) printf("hold_clock: all passed\n");
  return failures == 0 ? 0 : 1;
}
