/* SPDX-License-Identifier: BSD-3-Clause */
/* What the local-access watcher keeps (watch.h): the watched byte ranges, and the accesses the
 * fault handler saw, waiting to be written. The handler reads the ranges and appends accesses
 * without allocation (async-signal-safe), holding the watch lock (below); everything else runs in
 * the thread that made an MPI call, with the RMA lock held, and takes the watch lock around what it
 * changes that a handler reads. */
#ifndef REDSEM_CHECK_WATCH_STATE_H
#define REDSEM_CHECK_WATCH_STATE_H

#include <mpi.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

#include "thread_clocks.h"
#include "watch.h"

#define RC_WATCH_MAX_RANGES 128         /* byte ranges watched at once */
#define RC_WATCH_MAX_HITS 256           /* accesses seen and not yet written */
#define RC_WATCH_MAX_WINDOW_FAULTS 4096 /* the program's faults per window range before it is disarmed */
#define RC_WATCH_MAX_LIBRARY_STEPS 256  /* the library's faults stepped between two hooks */
/* ... under --thread-sync calls, where a page left open would hide another thread's access (said). */
#define RC_WATCH_MAX_LIBRARY_STEPS_THREADS 65536
/* The program's faults beside watched window bytes on their pages, in the range's epoch, before such
 * a page of private window memory is left open to the program until the next hook (watch_open.c); where
 * that cannot be (a shared mapping, a pending buffer there, --thread-sync calls), between two hooks,
 * before a page that only window ranges watch is left open until the next hook (said: a
 * `watch_unavailable` line per window). */
#define RC_WATCH_MAX_BESIDE_STEPS 64
/* The program's faults on a window range's bytes recorded one by one in an epoch before a page of
 * it is left open to the program at its first fault of an interval (watch_open.c). */
#define RC_WATCH_EXACT_WINDOW_FAULTS 64
/* The widest stride between a loop's accesses kept as one strided local_access line. */
#define RC_WATCH_MAX_STRIDE (1UL << 20)
#define RC_WATCH_MAX_OPEN 64                    /* runs of pages left open to the program at once (watch_open.c) */
#define RC_WATCH_OPEN_AFTER_LIBRARY_FAULTS 1024 /* on shared window pages, before one is left open */
#define RC_WATCH_MAX_SEGMENTS 16                /* segments watched per window: this rank's and queried ones */
#define RC_WATCH_HW_SLOTS 4                     /* x86 debug address registers, DR0-DR3 */

enum rc_watch_kind { RC_WATCH_RESULT, RC_WATCH_ORIGIN, RC_WATCH_COMPARE, RC_WATCH_WINDOW };
/* What an access was: a debug register watching loads and stores does not say which. */
enum rc_watch_access { RC_WATCH_LOAD, RC_WATCH_STORE, RC_WATCH_LOAD_OR_STORE };

struct rc_watch_range {
  volatile int armed;  /* read by the handler: 0 = free, disarmed or never armed */
  int paged;           /* its pages were protected: release gives them back */
  uintptr_t hw_end;    /* armed by debug registers instead (watch_hardware.c) over [lo, hw_end); 0: not */
  int hw_widest;       /* their widest piece (1, 2, 4 or 8; 0: 8): a window's element, never two in one */
  unsigned generation; /* bumped at each reuse: a hit names the range it saw */
  uintptr_t lo, hi;    /* the watched bytes [lo, hi) */
  int prot;            /* PROT_NONE: loads and stores; PROT_READ: stores */
  int original_prot;   /* of the mapping, restored when disarmed */
  enum rc_watch_kind kind;
  int win_id;
  long long epoch; /* the window's synchronisation count when armed */
  long long fence; /* fence epochs opened before it (window ranges), -1 outside one */
  const char *call;
  const char *mode;   /* window ranges: "fence", "pscw", "passive" */
  int target;         /* buffers: the call's target; window ranges: the segment's owner */
  int other_segment;  /* window ranges: another rank's segment, reached through MPI_Win_shared_query */
  int shared_mapping; /* window ranges: in a shared mapping (the library's segment), not private memory */
  MPI_Request request;
  const void *caller; /* the RMA call's */
  int thread;         /* buffers: the thread that made the RMA call */
  volatile unsigned long faults;
  volatile int stopped;     /* disarmed by the handler after RC_WATCH_MAX_WINDOW_FAULTS of the program's faults */
  int stop_said;            /* its watch_unavailable line was written */
  volatile int hit;         /* a program access was recorded (buffer ranges: one finding is enough) */
  volatile int beside_open; /* a page of it was left open after RC_WATCH_MAX_BESIDE_STEPS (window ranges) */
  volatile int beside;      /* the program's faults beside its bytes on its pages in this epoch (window ranges) */
  /* Window ranges in a program of one thread: this rank holds an exclusive lock on the segment's
   * owner, so no other rank may access it and nothing is recorded (watch_excluded.c). The pages stay
   * protected: the faults inside a forwarded call are handled as on any range, but the program's on
   * its bytes, and every fault outside such a call, give the pages back until the unlock (armed and
   * paged 0, the slot kept). */
  volatile int excluded;
  /* Window ranges kept armed through a fence (--thread-sync calls): while a thread of the rank is
   * inside MPI_Win_fence on the window, the fence epoch that call opens (its fences so far plus one),
   * else 0. Another thread's access meanwhile came before the fence returned to the program, so it
   * may race with calls of that epoch as well as with those of the epoch the fence closes. */
  long long in_fence;
  int in_post; /* ... and 1 while one is inside MPI_Win_post on it: likewise for the exposure epoch it opens */
};

/* Pages of private window memory left open to the program until the next hook (watch_open.c):
 * the range's bytes on them, [lo, hi), whose accesses of the kinds `prot` lets through were not seen. */
struct rc_watch_open {
  int range;
  unsigned generation;
  uintptr_t page_lo, page_hi; /* the pages left open */
  uintptr_t base, lo, hi;     /* base: the range's first byte, which offsets count from */
  int prot;                   /* PROT_READ: loads not seen; with PROT_WRITE: stores neither */
  int original;               /* the mapping's protection */
  int closed;                 /* protected again (at a hook), waiting to be written */
  int win_id, target, other_segment;
  long long epoch, fence;
  const char *mode;
  long long time, time_last; /* opened, protected again */
};

struct rc_watch_hit {
  int range;
  unsigned generation;
  uintptr_t address;     /* first byte accessed */
  uintptr_t last;        /* last first-byte seen, for coalesced window accesses */
  int store;             /* enum rc_watch_access */
  uintptr_t instruction; /* the program's code that accessed it */
  long long time, time_last;
  /* A held access (delay injection, watch_delay.h): its fault's time, `time` being its retry's (the
   * hit kept from the drain, `holding`, until the hold ends); 0 when not held. */
  long long held_from;
  int holding;
  /* The range as its fault saw it (its window, segment, mode, epoch and fence): what its line says,
   * since between the fault and the drain another thread may release the range (its call completed,
   * its window disarmed by an exclusive lock of the rank's own window, or a hold ended meanwhile) or
   * move it to the next epoch in place (keep_armed, watch_window_sync.c). */
  struct rc_watch_range seen;
  int thread; /* the thread that accessed it (its Linux thread id) */
  /* Page-protected window ranges: the bytes from `address` right after the access (at most 8, within
   * the range and its page), read once the instruction has run; 0 when not read (a coalesced walk, a
   * busy table, a debug register's hit). */
  int value_bytes;
  unsigned char value[8];
  /* Under --thread-sync calls (thread_clocks.h): the thread's slot (-1: none), clock and its version. */
  int tc_slot;
  unsigned tc_version;
  rc_tc_clock tc;
  /* Window accesses of one instruction a stride apart, each [address, last] moved on by `stride`
   * (the first access on each page a loop walks into, the pages left open: watch_open.c); count 1:
   * the one run. */
  uintptr_t stride;
  unsigned count;
};

extern struct rc_watch_range rc_watch_ranges[RC_WATCH_MAX_RANGES];
extern struct rc_watch_hit rc_watch_hits[RC_WATCH_MAX_HITS];
extern volatile int rc_watch_hit_count;    /* filled slots; the handler appends, the drain resets */
extern volatile int rc_watch_hits_dropped; /* accesses not kept: the table was full */
/* Held for a few instructions around rc_watch_hits: by the handler, and by the drain; 0 when it
 * could not be taken in a bounded wait. */
int rc_watch_hits_lock(void);
void rc_watch_hits_unlock(void);
extern volatile int rc_watch_suspended;      /* the handler left pages open to the library */
extern volatile int rc_watch_suspended_said; /* ... under --thread-sync calls: the drain says so once */
extern volatile int rc_watch_shared_open;    /* ... to its access to bytes no range watches (rc_watch_rearm) */
extern volatile int rc_watch_library_steps;  /* the library's faults stepped since the last hook */
extern volatile int rc_watch_beside_steps;   /* the program's faults beside window bytes since the last hook */
extern volatile int rc_watch_beside_open;    /* ... past the bound: pages left open until the next hook */
/* A synchronisation call, an RMA communication call, a blocking collective or point-to-point
 * call is being forwarded by a program of one thread (MPI_THREAD_SINGLE): no access of the
 * program can happen before it returns, so the library's faults meanwhile leave their pages
 * open at once, until its end protects them again (rc_watch_rearm from rc_watch_after_sync or
 * rc_watch_forward_end). */
extern volatile int rc_watch_forwarding;
extern volatile int rc_watch_in_sync;                     /* a synchronisation call, by any program */
extern volatile unsigned long rc_watch_sync_stepped;      /* the library's faults stepped meanwhile */
extern struct rc_watch_fault_counts rc_watch_fault_count; /* watch.h; bumped by the handler */
extern volatile int rc_watch_any_stopped;                 /* the handler stopped a range since the last drain */
/* Bumped before a range's pages get their protection back: a fault racing with it is retried. */
extern volatile unsigned rc_watch_protect_changes;

/* watch_lock.c: the watch lock, over what the fault handlers read and write: the ranges' armed
 * state and every field of a range a handler may see (armed, paged or on a debug register), the
 * open pages (watch_open.c), the handlers' counters and flags, and the pages' protection. */
/* From a fault handler: 1 when this call took it (rc_watch_handler_unlock gives it back), 0 when
 * this thread holds it already (its step under way, or its own arming section interrupted) or the
 * bounded wait ran out. */
int rc_watch_handler_lock(void);
void rc_watch_handler_unlock(void);
/* The arming side, around each change a handler may read (nests); nothing in between may fault. */
void rc_watch_lock(void);
void rc_watch_unlock(void);

/* watch_ranges.c */
/* Fills a free range slot with `desc` (its generation kept) and returns it, or -1: the handlers see
 * it once rc_watch_arm (or rc_watch_hw_arm) arms it. */
int rc_watch_fill(const struct rc_watch_range *desc);
/* Protects the pages of range i as its prot says (0 when mprotect refused); release frees the
 * slot and gives its pages back their protection under the ranges still armed. A slot in use
 * but never armed is a pending buffer that could not be watched (still compared for overlap). */
/* Counts the intercepted RMA calls that kept pending buffers (rc_watch_rma_call): a thread held at
 * an access (watch_signals.c) wakes when it changes, to look for a buffer pending at its address
 * then rather than at the end of its hold, which another thread's whole RMA call may fall within. */
extern volatile unsigned long rc_watch_pending_generation;
int rc_watch_arm(int i);
void rc_watch_release(int i);
/* Gives range i's pages back as rc_watch_release does, its slot kept (armed and paged 0). */
void rc_watch_give_back(int i);
/* Protects again the pages the handler left open to the library (at the end of every hook;
 * those opened for bytes no range watches, at the hooks the sampling policy picks). */
void rc_watch_rearm(void);
/* Gives the pages [lo, hi) the protection the armed ranges ask for (`original` where none does). */
void rc_watch_protect_pages(uintptr_t lo, uintptr_t hi, int original);
/* The protection page `page` must have under the armed ranges; -1 when none covers it. With the
 * watch lock held. */
int rc_watch_page_prot(uintptr_t page);
/* The mapping's protection of [lo, hi) and whether it is a shared mapping; -1 when the span is
 * not in one mapping, or is on a thread stack. */
int rc_watch_mapping(uintptr_t lo, uintptr_t hi, int *shared, const char **why);
uintptr_t rc_watch_page_size(void);

/* The mapping reason rc_watch_mapping gives for the calling thread's stack. */
extern const char *const rc_watch_on_stack;

/* watch_string_ops.c: from the SIGSEGV handler, at the first fault of an instruction on `page`
 * (opened to `original`): runs a `rep stos`/`rep movs` whole, the program's (`program`, its code
 * `instruction`) accesses to watched bytes recorded over exactly the bytes it reaches, and returns
 * 1, or 2 when it recorded such accesses (registers advanced past it, every page protected again);
 * else 0, the page still open for a step. */
int rc_watch_run_string_op(ucontext_t *uc, uintptr_t page, int original, int program, uintptr_t instruction);

/* watch_excluded.c: from the SIGSEGV handler, a fault at `address` on `page` at the context uc: unless
 * it is the library's while a program of one thread forwards a call (`forwarding`), the excluded
 * window ranges covering the page give their pages back (rc_watch_give_back). */
void rc_watch_excluded_fault(uintptr_t page, uintptr_t address, int forwarding, const ucontext_t *uc);

/* watch_library_span.c: from the SIGSEGV handler, the MPI library's fault at `address` on `page`
 * (opened to `original`) while a program of one thread forwards a call: the pages of the range
 * holding it around it are opened too, a span that doubles with each such fault until the next
 * hook, whose rc_watch_rearm protects them again and resets the count
 * (rc_watch_library_span_reset). */
void rc_watch_open_library_span(uintptr_t address, uintptr_t page, int original);
void rc_watch_library_span_reset(void);

/* watch_open.c */
extern struct rc_watch_open rc_watch_opens[RC_WATCH_MAX_OPEN];
extern volatile int rc_watch_open_count;
/* From the handler: leaves `page` (of mapping protection `original`) open to the program's loads,
 * or loads and stores (`store`), until the next hook; 0 when it may not be (then it is stepped). */
int rc_watch_open_page(uintptr_t page, int store, int original);
/* From the handler, the program's fault on `page` at `address` (in armed range `range`, or -1:
 * beside the watched bytes): past the faults recorded one by one in the range's epoch
 * (RC_WATCH_EXACT_WINDOW_FAULTS on its bytes, RC_WATCH_MAX_BESIDE_STEPS beside them), the page is
 * left open to the program's accesses of this kind until the next hook, the access itself recorded
 * when it is on watched bytes; 1 when it was (no step). */
int rc_watch_left_open(int range, uintptr_t address, uintptr_t page, int store, int original, uintptr_t instruction);
/* The protection the open pages add to `page` (0: none). Async-signal-safe. */
int rc_watch_open_prot(uintptr_t page);
/* The protection the open pages add to every page of [lo, hi) alike (0: none); -1 when they add it
 * to some of its pages only. Async-signal-safe. */
int rc_watch_open_span_prot(uintptr_t lo, uintptr_t hi);
/* At a hook's start: every open page protected again (its entry kept until written). */
void rc_watch_close_opens(void);
/* From the drain: the open pages protected again and their `watch_open` lines written. */
void rc_watch_write_opens(void);

/* watch_hardware.c: debug registers for what page protection cannot watch. */
/* Arms range i (lo, hi, kind, prot and hw_widest set; not armed by pages) on as many free debug
 * registers as its bytes need, for the calling thread; returns where the watched bytes end (lo
 * when none are), with why the others are not watched. */
uintptr_t rc_watch_hw_arm(int i, const char **why);
/* How many debug registers [lo, hi) takes, cut into aligned pieces of at most `widest` bytes. */
int rc_watch_hw_pieces(uintptr_t lo, uintptr_t hi, int widest);
/* Frees range i's debug registers (from rc_watch_release). */
void rc_watch_hw_release(int i);
/* Turns the debug registers off while a synchronisation call is forwarded, and on again. */
void rc_watch_hw_pause(void);
void rc_watch_hw_resume(void);
/* From the SIGTRAP handler: 1 when the trap was one of ours (then handled). */
int rc_watch_hw_trap(const siginfo_t *info, void *context);

/* watch_rma.c */
/* Writes what the handler saw since the last time. Called first by every hook, before any
 * range is released: every hit still names a live range. */
void rc_watch_drain(void);
/* The `watch_unavailable` line (call may be NULL) and the `watch` line of an armed range. */
struct rc_window;
void rc_watch_unavailable(const struct rc_window *w, const char *buffer, const char *call, const char *why);
/* watch_unwatched.c: the `watch_unavailable` line of a pending buffer (`buffer` a kind's name, `call`
 * its call), written once per window, kind, call, reason and epoch. */
void rc_watch_buffer_unavailable(const struct rc_window *w, const char *buffer, const char *call, const char *why);
/* Under the bound of the window's record (rc_rma_epoch_recorded): past it, no line. */
void rc_watch_armed_line(const struct rc_window *w, const struct rc_watch_range *r);
extern const char *const rc_watch_kind_names[];

/* watch_sampling.c */
/* The `watch_sampled` line: `buffer` ("buffers" of `call` on window w, or "window" with w NULL)
 * is watched on sampled calls only from here on; "origin_in_window": the origin or compare bytes of
 * `call` on w lying in window memory, neither watched nor compared on the calls not sampled. */
void rc_watch_sampled_line(const struct rc_window *w, const char *buffer, const char *call);
/* Whether call c's pending buffers are armed (the sampling policy, per call site). */
int rc_watch_buffers_sampled(const struct rc_window *w, const struct rc_watch_call *c);
/* For a buffer [lo, hi) of a call not sampled: its `origin_in_window` line, if it lies in window memory. */
void rc_watch_unchecked_in_window(const struct rc_window *w, const struct rc_watch_call *c, uintptr_t lo, uintptr_t hi);

/* watch_window.c: registered at MPI_Finalize when the handlers are installed. */
void rc_watch_finish(void);

/* watch_modules.c */
/* Re-reads the loaded modules when one was loaded since: whose code a fault was in. */
void rc_watch_refresh_modules(void);
/* Async-signal-safe, from a handler. Whether the access the context stopped at is the
 * program's (not the MPI library's); *instruction is the program's code responsible. */
int rc_watch_program_access(const ucontext_t *uc, uintptr_t *instruction);
/* Whether a thread created by the call returning to `ret` is the program's (watch_delay.h). */
int rc_watch_program_thread_creator(const void *ret);

/* watch_signals.c */
/* Installs the handlers (once); 0 when watching is off or impossible, with the reason. */
int rc_watch_ready(const char **why);
/* The calling thread's Linux thread id (async-signal-safe): whose hit, whose RMA call, whose
 * debug registers. */
int rc_watch_thread(void);
/* Records the program's access (enum rc_watch_access) to range's bytes [address, address + len):
 * one byte for a page fault, a debug register's whole piece (it does not say which byte). */
void rc_watch_note_access(int range, uintptr_t address, int len, int access, uintptr_t instruction);
/* The same, for another thread's access: a held one (rc_watch_note_held), noted by the thread whose
 * RMA call made its bytes pending. */
void rc_watch_note_access_of(pid_t thread, int range, uintptr_t address, int len, int access, uintptr_t instruction);
/* After an RMA call kept its pending buffers: the accesses other threads are held at (delay
 * injection, watch_signals.c) that lie in one are noted now, by this thread, so that the finding
 * does not wait for the held thread to wake and look, by which time the call may be complete. */
void rc_watch_note_held(void);
/* Once the instruction noted last has run (at the end of its step, before its page is protected
 * again): keeps the bytes it left at its address in its hit (`value`). Page-protected window
 * ranges only, and only on a page of stepped_pages (the pages the step opened). */
void rc_watch_take_value(const uintptr_t *stepped_pages, int stepped_count);
/* Forgets the hit whose value a step's end would read: its access took no step. */
void rc_watch_drop_value(void);
/* Delay injection at an access (watch_signals.c): the window accesses this thread notes until
 * rc_watch_held_end are one held access, each a hit of its own that the drain keeps back; at the
 * hold's end (the access about to be retried) their `held_from` becomes their fault's time and
 * their `time` now. */
void rc_watch_held_begin(void);
void rc_watch_held_end(void);

#endif
