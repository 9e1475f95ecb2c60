/* SPDX-License-Identifier: BSD-3-Clause */
/* The order between the threads of one process under the policy `--thread-sync calls`
 * (REDSEM_CHECK_THREAD_SYNC=calls; docs/design.md, "Threads"): threads synchronise only through
 * the OpenMP and pthreads calls intercepted in thread_sync_omp*.c and thread_sync_pthread.c. Each
 * logical thread (a thread, an OpenMP section or task) keeps a vector clock (a slot each,
 * RC_TC_MAX_THREADS of them); a call that
 * publishes (unlock, fork, barrier arrival, task creation, thread exit) merges the thread's clock
 * into the synchronisation object's and ticks the thread's own entry, a call that waits (lock,
 * thread start, barrier departure, join, taskwait) merges the object's into the thread's. An
 * event e of thread t happens before an event f when e's own entry is at most f's entry of t.
 *
 * Anything that would leave the clocks short of a real order (a thread beyond the bound, a table
 * full, an OpenMP or pthreads call that orders threads and is not modelled) turns the policy off
 * for the process, said by a `thread_sync_off` line: the verdict then falls back to what overlaps
 * in time, as without the policy. */
#ifndef REDSEM_CHECK_THREAD_CLOCKS_H
#define REDSEM_CHECK_THREAD_CLOCKS_H

/* Code that runs before ThreadSanitizer's runtime is set up: of the process (its start-up calls
 * this library's sigaction) or of a thread (the start routine a thread created through its
 * pthread_create interceptor runs first: thread_sync_pthread.c). Function entry and exit there
 * would enter the runtime, which has no state for the thread yet, and fault. */
#define REDSEM_NOT_THREAD_SANITIZED __attribute__((no_sanitize("thread")))

/* In an interceptor of a thread call (thread_sync_*.c, which include <dlfcn.h>): real_<name>, the
 * next definition of `name` (the OpenMP runtime's, libc's), looked up once. Threads may make their
 * first call at once: the cached pointer is read and written atomically. */
#define REAL(name)                                                                   \
  static __typeof__(&name) cached_##name;                                            \
  __typeof__(&name) real_##name = __atomic_load_n(&cached_##name, __ATOMIC_RELAXED); \
  if (!real_##name) {                                                                \
    real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name);                        \
    __atomic_store_n(&cached_##name, real_##name, __ATOMIC_RELAXED);                 \
  }

#define RC_TC_MAX_THREADS 32   /* logical threads given a clock */
#define RC_TC_MAX_OBJECTS 1024 /* synchronisation objects (mutexes, locks, semaphores…) followed */
#define RC_TC_TEXT(x) #x
#define RC_TC_STRINGIFY(x) RC_TC_TEXT(x)

typedef struct {
  unsigned c[RC_TC_MAX_THREADS];
} rc_tc_clock;

/* Whether the policy is in force now: requested, and not turned off since. Read without a lock,
 * by any thread and by the fault handlers: atomic (a plain read beside rc_tc_off's write would be a
 * data race). */
extern _Atomic int rc_tc_on;
/* Whether it was requested (the `start` line says so). */
int rc_tc_requested(void);

/* This thread's slot (given at its first use), -1 when the policy is off or the bound is hit. */
int rc_tc_slot(void);
/* Async-signal-safe: this thread's slot and clock, and a number that changes with the clock
 * (hits of one thread with the same number may be merged); 0 when the policy is off. */
int rc_tc_snapshot(rc_tc_clock *out, int *slot, unsigned *version);
/* This thread's clock now (its slot in *slot); 0 when the policy is off. */
int rc_tc_now(rc_tc_clock *out, int *slot);

/* Publishes into / waits on the object at `key` (a mutex, a lock, a semaphore…). */
void rc_tc_release(const void *key);
void rc_tc_acquire(const void *key);
/* The same with an accumulator the caller owns (a team's barrier, a task's start). */
void rc_tc_release_to(rc_tc_clock *acc);
void rc_tc_acquire_from(const rc_tc_clock *acc);
/* A new thread (or task) starts from `from` as its creator's clock was. */
void rc_tc_fork(rc_tc_clock *out);
/* A thread about to be created (thread_sync_pthread.c): its slot, given by its creator and starting
 * from the creator's clock now; -1 when the policy is off or the bound is hit. The new thread takes
 * it with rc_tc_adopt before anything else. */
int rc_tc_fork_thread(void);
/* The new thread takes the slot its creator gave it: a store to a thread-local variable, nothing
 * more, so that it may run before a sanitizer's runtime has set the thread up. */
void rc_tc_adopt(int slot);

/* Logical threads (thread_sync_omp.c): an OpenMP section or task runs on a slot of its own,
 * started from `start`, so that two sections of one construct, or two tasks, run by one thread are
 * as unordered as OpenMP leaves them (they may run on two threads in another run). A thread reuses
 * its own logical slots: one left before the current construct began (rc_tc_new_construct), and
 * for tasks one whose task ended; a reused slot's events are taken to follow its earlier ones (an
 * order too many, which can only hide a race). Returns the token rc_tc_end_logical takes (-1:
 * none); `merge`: the logical thread's clock is merged into the thread's on leaving (a section:
 * the same implicit task goes on), not for a task. */
int rc_tc_begin_logical(const rc_tc_clock *start);
void rc_tc_end_logical(int token, int merge);
void rc_tc_new_construct(void);

/* An OpenMP or pthreads call that orders threads and is not modelled, or a bound hit: the policy
 * is turned off (said at the next hook: rc_tc_say). */
void rc_tc_off(const char *why);
/* Writes the `thread_sync_off` line when the policy was turned off since. Call with the RMA lock. */
void rc_tc_say(void);

/* Writes "thread_slot" and "thread_clock" (the entries of the slots given so far) into a record
 * line: the analysis orders this line with other lines of the rank by them (docs/check_records.md).
 * rc_tc_write_now: the calling thread's clock; nothing when the policy is off. */
struct rc_line;
void rc_tc_write(struct rc_line *l, int slot, const rc_tc_clock *clock);
void rc_tc_write_now(struct rc_line *l);

/* Set while MPI_Init runs: before the module table is built (at its end) the pthreads calls made
 * meanwhile are the library's; before it, the program's (its threads made before MPI_Init). Read
 * by the threads MPI_Init starts while it is written: accessed atomically only. */
extern int rc_tc_in_init;

/* Whether the code at `ret` (a return address) is the program's own: not the MPI library's, this
 * library's, libc's or the OpenMP runtime's (whose thread calls are modelled at its own API). */
int rc_tc_program_caller(const void *ret);

#endif
