/* SPDX-License-Identifier: BSD-3-Clause */
/* The watcher's second way to arm a range (watch_state.h): x86 debug registers, for pending
 * buffers on the calling thread's stack and window memory on the call stack, which page
 * protection cannot watch (every call and signal frame would fault there). Each of the 4 debug
 * address registers watches one aligned 1, 2, 4 or 8 bytes, for stores (origin and compare
 * buffers, a window under MPI_MODE_NOPUT) or for loads and stores (result buffers, windows), and
 * traps after the access: nothing needs stepping, and the kernel's accesses (a read(2) into the
 * buffer, a signal frame, another rank's copy by CMA into a window) neither trap nor fail. They are set through
 * perf_event_open(PERF_TYPE_BREAKPOINT) for the calling thread only, user space only, with the
 * `sigtrap` attribute: a synchronous SIGTRAP whose si_perf_data names the slot (before Linux 5.13:
 * fcntl's F_SETSIG, below). The SIGTRAP handler (watch_signals.c) hands it here; the access goes
 * through the same whose-access filter and the same hit table as a page fault. A slot's event is
 * kept between uses (disabled) and moved to the next buffer, until MPI_Finalize. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <ucontext.h>
#include <unistd.h>

#include "record.h"
#include "watch_state.h"

#ifndef TRAP_PERF
#define TRAP_PERF 6 /* <asm-generic/siginfo.h>: a perf event with sigtrap set */
#endif

#define SLOTS RC_WATCH_HW_SLOTS
#define TAG 0x5244534d00000000ULL /* "RDSM": in sig_data, tells our events from the program's */
#define TAG_MASK 0xffffffff00000000ULL

struct slot {
  volatile int busy; /* watches part of a range: read by the handler */
  int fd;            /* its perf event, kept (disabled) between uses until MPI_Finalize; -1: none */
  pid_t tid;         /* the thread that event watches */
  int range;         /* the rc_watch_ranges entry it watches part of */
  uintptr_t address; /* the first byte it watches */
  int len;           /* how many */
  volatile int paused;
};
_Static_assert(SLOTS == 4, "one initializer per slot");
static struct slot slots[SLOTS] = {{.fd = -1}, {.fd = -1}, {.fd = -1}, {.fd = -1}};
static const char *broken; /* perf_event_open cannot set breakpoints in this process: why */

static const char *const all_used =
    "on the call stack (page protection cannot be used there) and the 4 debug registers are in use";
static const char *const rest_in_use =
    "on the call stack (page protection cannot be used there): the bytes beyond what the debug registers left "
    "free cover are not watched (the others watch other buffers or window memory)";
static const char *const too_long =
    "on the call stack (page protection cannot be used there): the bytes beyond what "
    "the 4 debug registers (8 aligned bytes each) cover are not watched";

/* The kernel's _sigfault._perf of a TRAP_PERF siginfo ({unsigned long data; u32 type, flags}),
 * the union right after si_addr, which glibc's siginfo_t does not name. */
struct perf_fields {
  unsigned long data;
  uint32_t type, flags;
};
#define TRAP_PERF_ASYNC 1u /* <asm-generic/siginfo.h> TRAP_PERF_FLAG_ASYNC: SIGTRAP was blocked */

static struct perf_fields perf_fields(const siginfo_t *info) {
  struct perf_fields f;
  memcpy(&f, (const char *)info + offsetof(siginfo_t, si_addr) + sizeof(void *), sizeof f);
  return f;
}

/* Why perf_event_open failed, as the coverage says it; *permanent when no later call can do better. */
static const char *open_failure(int error, int *permanent) {
  *permanent = error != ENOSPC && error != EMFILE && error != ENFILE && error != EBUSY;
  switch (error) {
    case ENOSPC:
    case EBUSY:
      return all_used;
    case EMFILE:
    case ENFILE:
      return "on the call stack (page protection cannot be used there), and no file descriptor is left for a "
             "debug register";
    case EACCES:
    case EPERM:
      return "on the call stack (page protection cannot be used there), and perf_event_open refused a debug "
             "register (kernel.perf_event_paranoid, a seccomp filter or a container)";
    default:
      return "on the call stack (page protection cannot be used there), and perf_event_open gives no "
             "hardware breakpoint here (the x86 debug registers are needed)";
  }
}

/* Signals by fcntl(F_SETSIG) on the event's file instead of the sigtrap attribute, which a kernel
 * before 5.13 does not know, and which before 6.2 forced SIGTRAP through even when the program had
 * it blocked, resetting its action to the default (the program killed): SIGTRAP with si_code
 * POLL_IN or SI_SIGIO and si_fd the slot's, sent to this thread (F_OWNER_TID) from the
 * breakpoint's interrupt work, before the return to user space; an ordinary signal, left pending
 * while blocked. */
static int fasync;

/* Whether this kernel delivers a sigtrap event's SIGTRAP late, not forced, when it is blocked. */
static int sigtrap_kept_blocked(void) {
  struct utsname u;
  int major = 0, minor = 0;
  if (uname(&u) != 0 || sscanf(u.release, "%d.%d", &major, &minor) != 2) return 0;
  return major > 6 || (major == 6 && minor >= 2);
}

/* Slot k's event. Between two uses of one event only the breakpoint's own attributes (address,
 * length, type) may differ: PERF_EVENT_IOC_MODIFY_ATTRIBUTES then moves it. */
static void attributes(struct perf_event_attr *a, int k, uintptr_t address, int len, int stores_only) {
  memset(a, 0, sizeof *a);
  a->type = PERF_TYPE_BREAKPOINT;
  a->size = sizeof *a;
  a->bp_type = stores_only ? HW_BREAKPOINT_W : HW_BREAKPOINT_RW;
  a->bp_addr = address;
  a->bp_len = (unsigned long long)len;
  a->sample_period = 1;
  a->exclude_kernel = 1;
  a->exclude_hv = 1;
  if (fasync) {
    a->wakeup_events = 1; /* the descriptor is close-on-exec: the event ends with it */
  } else {
    a->sigtrap = 1;
    a->remove_on_exec = 1; /* the kernel asks it of sigtrap events */
    a->sig_data = TAG | (unsigned)k;
  }
}

static long open_event(int k, uintptr_t address, int len, int stores_only, pid_t tid) {
  struct perf_event_attr a;
  attributes(&a, k, address, len, stores_only);
  long fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd < 0 && !fasync && (errno == EINVAL || errno == E2BIG)) {
    fasync = 1; /* attributes this kernel does not know */
    attributes(&a, k, address, len, stores_only);
    fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  }
  if (fd < 0 || !fasync) return fd;
  const struct f_owner_ex owner = {F_OWNER_TID, tid};
  if (fcntl((int)fd, F_SETOWN_EX, &owner) == 0 && fcntl((int)fd, F_SETSIG, SIGTRAP) == 0 &&
      fcntl((int)fd, F_SETFL, O_ASYNC) == 0)
    return fd;
  const int error = errno;
  close((int)fd);
  errno = error;
  return -1;
}

/* At MPI_Finalize, after every range was released: the debug registers are given back. */
static void close_all(void) {
  for (int k = 0; k < SLOTS; ++k) {
    if (slots[k].fd >= 0) close(slots[k].fd);
    slots[k].fd = -1;
  }
}

/* Points slot k at [address, address + len) for range: its event moved when this thread has
 * one (a few times cheaper than a new one), else a new one; 0 with errno when none can be had. */
static int use_slot(int k, uintptr_t address, int len, int stores_only, int range) {
  static int finalize_hook;
  struct slot *s = &slots[k];
  const pid_t tid = (pid_t)rc_watch_thread();
  s->range = range;
  s->address = address;
  s->len = len;
  s->paused = 0;
  if (s->fd >= 0 && s->tid == tid) {
    struct perf_event_attr a;
    attributes(&a, k, address, len, stores_only);
    if (ioctl(s->fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, &a) == 0) {
      __atomic_store_n(&s->busy, 1, __ATOMIC_SEQ_CST);
      return 1;
    }
  }
  if (s->fd >= 0) close(s->fd);
  s->fd = -1;
  const long fd = open_event(k, address, len, stores_only, tid);
  if (fd < 0) return 0;
  s->fd = (int)fd;
  s->tid = tid;
  if (!finalize_hook) rc_at_finalize(close_all);
  finalize_hook = 1;
  __atomic_store_n(&s->busy, 1, __ATOMIC_SEQ_CST);
  return 1;
}

/* The longest aligned piece (8, 4, 2 or 1 bytes, at most `widest`; 0: 8) at a that ends by hi. */
static int piece(uintptr_t a, uintptr_t hi, int widest) {
  int len = widest > 0 && widest < 8 ? widest : 8;
  while (len > 1 && (a % (uintptr_t)len != 0 || a + (uintptr_t)len > hi)) len /= 2;
  return len;
}

/* REDSEM_CHECK_WATCH_DEBUG_REGISTERS=0 turns them off: what a machine without them does; `fasync`
 * signals as on a kernel before 6.2. */
static void read_setting(void) {
  static int read;
  if (read) return;
  read = 1;
  const char *setting = getenv("REDSEM_CHECK_WATCH_DEBUG_REGISTERS");
  if (setting && strcmp(setting, "0") == 0)
    broken =
        "on the call stack (page protection cannot be used there), and "
        "REDSEM_CHECK_WATCH_DEBUG_REGISTERS=0 turned the debug registers off";
  fasync = (setting && strcmp(setting, "fasync") == 0) || !sigtrap_kept_blocked();
}

int rc_watch_hw_pieces(uintptr_t lo, uintptr_t hi, int widest) {
  int n = 0;
  for (uintptr_t a = lo; a < hi; ++n) a += (uintptr_t)piece(a, hi, widest);
  return n;
}

/* Under the watch lock: a trap of the thread that armed it reads the slots and the range. */
uintptr_t rc_watch_hw_arm(int i, const char **why) {
  struct rc_watch_range *r = &rc_watch_ranges[i];
  uintptr_t a = r->lo;
  read_setting();
  *why = broken;
  int in_use = 0;
  rc_watch_lock();
  for (int k = 0; k < SLOTS && a < r->hi && !broken; ++k) {
    if (slots[k].busy) {
      ++in_use;
      continue;
    }
    const int len = piece(a, r->hi, r->hw_widest);
    if (!use_slot(k, a, len, r->prot != PROT_NONE, i)) {
      int permanent = 0;
      *why = open_failure(errno, &permanent);
      if (permanent) broken = *why;
      break;
    }
    a += (uintptr_t)len;
  }
  if (a < r->hi && a == r->lo && !*why) *why = all_used;
  if (a < r->hi && a > r->lo && !*why) *why = in_use ? rest_in_use : too_long;
  r->hw_end = a > r->lo ? a : 0;
  rc_watch_unlock();
  return a;
}

void rc_watch_hw_release(int i) {
  for (int k = 0; k < SLOTS; ++k) {
    struct slot *s = &slots[k];
    if (!s->busy || s->range != i) continue;
    __atomic_store_n(&s->busy, 0, __ATOMIC_SEQ_CST);
    if (!s->paused) ioctl(s->fd, PERF_EVENT_IOC_DISABLE, 0);
  }
  rc_watch_ranges[i].hw_end = 0;
}

/* Whether a slot is in use: `busy` changes only on the arming side, under the RMA lock. */
static int any_busy(void) {
  int busy = 0;
  for (int k = 0; k < SLOTS; ++k) busy |= __atomic_load_n(&slots[k].busy, __ATOMIC_RELAXED);
  return busy;
}

/* Under the watch lock: a trap (silence, below) pauses slots too, and reads the range's state. */
void rc_watch_hw_pause(void) {
  if (!any_busy()) return;
  rc_watch_lock();
  for (int k = 0; k < SLOTS; ++k)
    if (slots[k].busy && !slots[k].paused) {
      slots[k].paused = 1;
      ioctl(slots[k].fd, PERF_EVENT_IOC_DISABLE, 0);
    }
  rc_watch_unlock();
}

void rc_watch_hw_resume(void) {
  if (!any_busy()) return;
  rc_watch_lock();
  for (int k = 0; k < SLOTS; ++k)
    if (slots[k].busy && slots[k].paused && !rc_watch_ranges[slots[k].range].hit &&
        !rc_watch_ranges[slots[k].range].stopped) {
      slots[k].paused = 0;
      ioctl(slots[k].fd, PERF_EVENT_IOC_ENABLE, 0);
    }
  rc_watch_unlock();
}

/* Async-signal-safe: the slots of a range that has its finding, or a window range stopped after
 * RC_WATCH_MAX_WINDOW_FAULTS, are turned off (its other accesses would only trap again). */
static void silence(int range) {
  for (int k = 0; k < SLOTS; ++k)
    if (slots[k].busy && slots[k].range == range && !slots[k].paused) {
      slots[k].paused = 1;
      ioctl(slots[k].fd, PERF_EVENT_IOC_DISABLE, 0);
    }
}

/* The slot a SIGTRAP comes from: k, or -1 when it is ours but stale or late (nothing to record),
 * or -2 when it is not ours. */
static int slot_of(const siginfo_t *info) {
  if (fasync && (info->si_code == POLL_IN || info->si_code == SI_SIGIO)) { /* kernels differ */
    for (int k = 0; k < SLOTS; ++k)
      if (slots[k].busy && slots[k].fd == info->si_fd) return k;
    return -2;
  }
  if (info->si_code != TRAP_PERF) return -2;
  const struct perf_fields f = perf_fields(info);
  if ((f.data & TAG_MASK) != TAG) return -2; /* the program's own perf event */
  /* Delivered late, SIGTRAP having been blocked at the access: the context is no longer the
   * access's, so whose it was is not known; not recorded rather than blamed on the program. */
  if (f.flags & TRAP_PERF_ASYNC) return -1;
  const int k = (int)(f.data & 0xff);
  if (k >= SLOTS || !slots[k].busy) return -1; /* released since */
  return k;
}

/* With the watch lock held: another thread may release the range (a request completed there). */
static int hw_trap(const siginfo_t *info, void *context) {
  const int k = slot_of(info);
  if (k < 0) return k == -1;
  const struct slot *s = &slots[k];
  const ucontext_t *uc = context;
  uintptr_t instruction = 0;
  if (!rc_watch_program_access(uc, &instruction)) return 1; /* the MPI library's */
  /* The trap comes after the access: the program counter is past the instruction that made it,
   * and one byte back is inside it. */
  if (instruction == (uintptr_t)uc->uc_mcontext.gregs[REG_RIP]) --instruction;
  const struct rc_watch_range *r = &rc_watch_ranges[s->range];
  rc_watch_note_access(s->range, s->address, s->len, r->prot == PROT_NONE ? RC_WATCH_LOAD_OR_STORE : RC_WATCH_STORE,
                       instruction);
  if (r->hit || r->stopped) silence(s->range);
  return 1;
}

int rc_watch_hw_trap(const siginfo_t *info, void *context) {
  const int took = rc_watch_handler_lock();
  const int ours = hw_trap(info, context);
  if (took) rc_watch_handler_unlock();
  return ours;
}
