/* SPDX-License-Identifier: BSD-3-Clause */
/* The pthreads and POSIX semaphore calls that order threads, followed under `--thread-sync calls`
 * (thread_clocks.h) when the program itself makes them: the MPI library's, this library's, libc's
 * and the OpenMP runtime's own calls (by the caller's module, rc_tc_program_caller) order nothing
 * the program relies on, and taking them would order the program's threads through the library's
 * internal locks, hiding races. Without the policy each forwards at once. A thread starts after
 * its creation and its end precedes the join; an unlock precedes the next lock of the same mutex
 * (spin lock, read-write lock: a reader's unlock also precedes the next reader, an
 * over-approximation); a condition variable's signal or broadcast precedes the wake-up of a wait
 * on it; a semaphore's post precedes a wait that succeeds; a barrier orders every arrival before
 * every departure (a departure also takes the arrivals of a later use of the barrier made
 * meanwhile: an over-approximation, which can only hide a race). Whatever the policy, pthread_create
 * tells delay injection (watch_delay.h) that the program runs threads of its own. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdlib.h>

#include "thread_clocks.h"
#include "watch_delay.h"

#define PROGRAM() (rc_tc_on && rc_tc_program_caller(__builtin_return_address(0)))

/* What each thread the program creates starts, by the slot its creator gave it (each slot is
 * given once). */
static struct start {
  void *(*routine)(void *);
  void *arg;
} starts[RC_TC_MAX_THREADS];

/* Before `routine`, only the slot is taken (rc_tc_adopt), nothing that enters a sanitizer's
 * runtime: under ThreadSanitizer the creation comes through its pthread_create interceptor, and
 * `routine` is that runtime's own start routine, which sets the thread up for it. */
REDSEM_NOT_THREAD_SANITIZED static void *thread_main(void *arg) {
  const int slot = (int)(intptr_t)arg;
  rc_tc_adopt(slot);
  void *result = starts[slot].routine(starts[slot].arg);
  rc_tc_release((const void *)pthread_self());
  return result;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *), void *arg) {
  REAL(pthread_create)
  rc_delay_thread_created(__builtin_return_address(0)); /* the process is threaded: holds (watch_delay.h) */
  const int slot = PROGRAM() ? rc_tc_fork_thread() : -1;
  if (slot < 0) return real_pthread_create(thread, attr, routine, arg);
  starts[slot] = (struct start){routine, arg};
  return real_pthread_create(thread, attr, thread_main, (void *)(intptr_t)slot); /* a failure leaves the slot unused */
}

void pthread_exit(void *result) {
  REAL(pthread_exit)
  if (PROGRAM()) rc_tc_release((const void *)pthread_self());
  real_pthread_exit(result);
  abort(); /* not reached */
}

int pthread_join(pthread_t thread, void **result) {
  REAL(pthread_join)
  const int program = PROGRAM();
  const int r = real_pthread_join(thread, result);
  if (r == 0 && program) rc_tc_acquire((const void *)thread);
  return r;
}

/* A call that takes the object (lock, wait): its clock after success. */
#define TAKE(name, type)                                   \
  int name(type *o) {                                      \
    REAL(name)                                             \
    const int program = PROGRAM();                         \
    const int r = real_##name(o);                          \
    if (r == 0 && program) rc_tc_acquire((const void *)o); \
    return r;                                              \
  }
/* ... the same with a time limit. */
#define TAKE_TIMED(name, type)                             \
  int name(type *o, const struct timespec *t) {            \
    REAL(name)                                             \
    const int program = PROGRAM();                         \
    const int r = real_##name(o, t);                       \
    if (r == 0 && program) rc_tc_acquire((const void *)o); \
    return r;                                              \
  }
/* A call that gives it (unlock, post): the clock before. */
#define GIVE(name, type)                           \
  int name(type *o) {                              \
    REAL(name)                                     \
    if (PROGRAM()) rc_tc_release((const void *)o); \
    return real_##name(o);                         \
  }

TAKE(pthread_mutex_lock, pthread_mutex_t)
TAKE(pthread_mutex_trylock, pthread_mutex_t)
TAKE_TIMED(pthread_mutex_timedlock, pthread_mutex_t)
GIVE(pthread_mutex_unlock, pthread_mutex_t)
TAKE(pthread_spin_lock, pthread_spinlock_t)
TAKE(pthread_spin_trylock, pthread_spinlock_t)
GIVE(pthread_spin_unlock, pthread_spinlock_t)
TAKE(pthread_rwlock_rdlock, pthread_rwlock_t)
TAKE(pthread_rwlock_wrlock, pthread_rwlock_t)
TAKE(pthread_rwlock_tryrdlock, pthread_rwlock_t)
TAKE(pthread_rwlock_trywrlock, pthread_rwlock_t)
TAKE_TIMED(pthread_rwlock_timedrdlock, pthread_rwlock_t)
TAKE_TIMED(pthread_rwlock_timedwrlock, pthread_rwlock_t)
GIVE(pthread_rwlock_unlock, pthread_rwlock_t)
TAKE(sem_wait, sem_t)
TAKE(sem_trywait, sem_t)
TAKE_TIMED(sem_timedwait, sem_t)
GIVE(sem_post, sem_t)
GIVE(pthread_cond_signal, pthread_cond_t)
GIVE(pthread_cond_broadcast, pthread_cond_t)

/* A wait gives the mutex back while it sleeps and takes it again, after a signal or not. */
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
  REAL(pthread_cond_wait)
  const int program = PROGRAM();
  if (program) rc_tc_release(m);
  const int r = real_pthread_cond_wait(c, m);
  if (program) {
    rc_tc_acquire(m);
    rc_tc_acquire(c);
  }
  return r;
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t) {
  REAL(pthread_cond_timedwait)
  const int program = PROGRAM();
  if (program) rc_tc_release(m);
  const int r = real_pthread_cond_timedwait(c, m, t);
  if (program) {
    rc_tc_acquire(m);
    rc_tc_acquire(c);
  }
  return r;
}

int pthread_barrier_wait(pthread_barrier_t *b) {
  REAL(pthread_barrier_wait)
  const int program = PROGRAM();
  if (program) rc_tc_release(b);
  const int r = real_pthread_barrier_wait(b);
  if (program) rc_tc_acquire(b);
  return r;
}
