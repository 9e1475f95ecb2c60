/* SPDX-License-Identifier: BSD-3-Clause */
/* How long a hold of delay injection lasts (hold_clock.h): the other threads' CPU clocks (the
 * kernel's per-thread clock of another thread of the process, read by clock_gettime) and their
 * states (/proc/self/task/TID/stat), read with system calls only, into buffers on the stack. */
#define _GNU_SOURCE
#include "hold_clock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

rc_hold_decision rc_hold_decide(long long elapsed_ns, long long delay_ns, const rc_hold_thread *threads, int count) {
  if (elapsed_ns < delay_ns) return RC_HOLD_ON;
  int short_of_cpu = 0;
  for (int i = 0; i < count; ++i)
    if (threads[i].runnable && threads[i].cpu_ns < delay_ns) short_of_cpu = 1;
  if (!short_of_cpu) return RC_HOLD_SERVED;
  return elapsed_ns >= RC_HOLD_CAP * delay_ns ? RC_HOLD_CAPPED : RC_HOLD_ON;
}

static long long monotonic_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The CPU clock of thread `tid` of this process (the kernel's encoding of a per-thread
 * CPUCLOCK_SCHED clock, as glibc's pthread_getcpuclockid makes it); -1 when it has exited. */
static long long cpu_ns(int tid) {
  const clockid_t clock = (clockid_t)((~(unsigned)tid << 3) | 6u);
  struct timespec t;
  if (clock_gettime(clock, &t) != 0) return -1;
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* "/proc/self/task/<tid>/stat" into `path` (no snprintf in a signal handler). */
static void stat_path(int tid, char path[64]) {
  static const char head[] = "/proc/self/task/";
  char digits[12];
  int n = 0;
  do digits[n++] = (char)('0' + tid % 10);
  while ((tid /= 10) > 0 && n < (int)sizeof digits);
  int k = 0;
  for (const char *c = head; *c; ++c) path[k++] = *c;
  while (n > 0) path[k++] = digits[--n];
  for (const char *c = "/stat"; *c; ++c) path[k++] = *c;
  path[k] = '\0';
}

/* Whether thread `tid` is runnable (state R: running or waiting for a CPU). The state follows the
 * command name in parentheses, which may itself hold parentheses: the last ')' ends it. */
static int runnable(int tid) {
  char path[64], text[160];
  stat_path(tid, path);
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  const ssize_t got = read(fd, text, sizeof text);
  close(fd);
  int close_paren = -1;
  for (ssize_t i = 0; i < got; ++i)
    if (text[i] == ')') close_paren = (int)i;
  return close_paren >= 0 && close_paren + 2 < got && text[close_paren + 2] == 'R';
}

/* The thread ids of this process but the caller's, up to `most`; how many. */
static int other_threads(int self, int *tids, int most) {
  const int fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return 0; /* no /proc: the hold lasts D */
  int n = 0;
  char buffer[512] __attribute__((aligned(8))); /* small: a handler may run on the program's own alternate stack */
  long got;
  while (n < most && (got = syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0) {
    for (long at = 0; at < got && n < most;) {
      const char *entry = buffer + at;
      unsigned short length;
      __builtin_memcpy(&length, entry + 16, sizeof length); /* d_reclen, after d_ino and d_off */
      const char *name = entry + 19;                        /* d_name, after d_type */
      int tid = 0;
      for (const char *c = name; *c >= '0' && *c <= '9'; ++c) tid = tid * 10 + (*c - '0');
      if (tid > 0 && tid != self) tids[n++] = tid;
      at += length;
    }
  }
  close(fd);
  return n;
}

typedef struct {
  int tid;
  long long cpu_ns;
} cpu_at;

/* Every other thread's CPU time at the hold's start. */
static int start_clocks(int self, cpu_at *start) {
  int tids[RC_HOLD_THREADS];
  const int n = other_threads(self, tids, RC_HOLD_THREADS);
  for (int i = 0; i < n; ++i) start[i] = (cpu_at){tids[i], cpu_ns(tids[i])};
  return n;
}

/* The other threads now, each with its CPU time since the hold's start (all of it for a thread
 * created since: its clock started at 0). */
static int look(int self, const cpu_at *start, int started, rc_hold_thread *threads) {
  int tids[RC_HOLD_THREADS];
  const int n = other_threads(self, tids, RC_HOLD_THREADS);
  int count = 0;
  for (int i = 0; i < n; ++i) {
    const long long now = cpu_ns(tids[i]);
    if (now < 0) continue; /* exited */
    long long before = 0;
    for (int k = 0; k < started; ++k)
      if (start[k].tid == tids[i] && start[k].cpu_ns >= 0) before = start[k].cpu_ns;
    threads[count++] = (rc_hold_thread){now - before, runnable(tids[i])};
  }
  return count;
}

static void sleep_until(long long deadline_ns) {
  const struct timespec t = {.tv_sec = deadline_ns / 1000000000LL, .tv_nsec = deadline_ns % 1000000000LL};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR) {
  }
}

rc_hold_end rc_hold_for(long long delay_ns, void (*held)(long long step_ns), int (*stop)(void)) {
  const int saved_errno = errno;
  const int self = (int)syscall(SYS_gettid);
  cpu_at start[RC_HOLD_THREADS];
  const long long began = monotonic_ns();
  const int started = start_clocks(self, start);
  const long long step_ns = delay_ns / 20 > RC_HOLD_STEP_MS * 1000000LL ? delay_ns / 20 : RC_HOLD_STEP_MS * 1000000LL;
  const long long slice = stop ? step_ns : delay_ns; /* D, in steps when `stop` is to be heard */
  for (long long at = began + slice;; at += slice) {
    const long long d = began + delay_ns;
    sleep_until(at < d ? at : d);
    if (stop && stop()) {
      errno = saved_errno;
      return RC_HOLD_STOPPED;
    }
    if (at >= d) break;
  }
  rc_hold_end end = RC_HOLD_AT_D;
  for (;;) {
    rc_hold_thread threads[RC_HOLD_THREADS];
    const int count = look(self, start, started, threads);
    const long long now = monotonic_ns();
    const rc_hold_decision decision = rc_hold_decide(now - began, delay_ns, threads, count);
    if (decision == RC_HOLD_CAPPED) end = RC_HOLD_AT_CAP;
    if (decision != RC_HOLD_ON) break;
    held(step_ns);
    end = RC_HOLD_EXTENDED;
    sleep_until(now + step_ns);
    if (stop && stop()) {
      end = RC_HOLD_STOPPED;
      break;
    }
  }
  errno = saved_errno;
  return end;
}
