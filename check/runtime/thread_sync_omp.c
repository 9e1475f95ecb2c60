/* SPDX-License-Identifier: BSD-3-Clause */
/* The OpenMP calls that order threads, as GCC's libgomp ABI has them (what GCC 12 emits for each
 * construct), followed under `--thread-sync calls` (thread_clocks.h); without the policy each
 * forwards at once. A parallel region is a fork (every thread of the team starts from the
 * encountering thread's clock) and a join; a barrier (explicit, or a worksharing construct's
 * implied one) orders every arrival before every departure; critical, atomic, ordered and the
 * lock routines order an end before the next start; a task starts after its creation and its end
 * precedes the taskwait, taskgroup end or barrier that waits for it. Over-approximations, which
 * can only hide a race, never invent one: a barrier's departure also takes the arrivals of a later
 * barrier of the team made meanwhile; a taskwait or taskgroup takes every task finished so far,
 * not only its own; a task with `depend` starts after every task finished so far; a task run inside
 * its creator's GOMP_task call is merged into the creator. A section or a task runs as a logical
 * thread of its own (thread_clocks.h). */
#define _GNU_SOURCE
#include "thread_sync_omp.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct team {
  void (*fn)(void *);
  void *data;
  int sections; /* a `parallel sections` region: its threads take sections from the start */
  rc_tc_clock fork, join, barrier, copy;
  int ordered; /* its address keys the region's ordered construct */
};
static __thread struct team *my_team __attribute__((tls_model("initial-exec")));
rc_tc_clock rc_omp_tasks_done;
static int atomic_key, critical_key, orphan_ordered;

/* Sections: each one runs as a logical thread of its own (rc_tc_begin_logical), started from the
 * clock the thread had when it entered the construct, and merged back when it ends. */
static __thread rc_tc_clock section_entry __attribute__((tls_model("initial-exec")));
static __thread int section_token __attribute__((tls_model("initial-exec"))) = -1;

static void enter_sections(void) {
  int slot;
  rc_tc_new_construct();
  if (!rc_tc_now(&section_entry, &slot)) memset(&section_entry, 0, sizeof section_entry);
}
static void end_section(void) {
  if (section_token >= 0) rc_tc_end_logical(section_token, 1);
  section_token = -1;
}
static unsigned begin_section(unsigned n) {
  if (n > 0 && rc_tc_on) section_token = rc_tc_begin_logical(&section_entry);
  return n;
}

/* What each thread of the team runs: the region's function between the fork and the join. */
static void team_main(void *arg) {
  struct team *t = arg;
  struct team *outer = my_team;
  rc_tc_acquire_from(&t->fork);
  my_team = t;
  if (t->sections) enter_sections();
  t->fn(t->data);
  end_section();
  my_team = outer;
  rc_tc_release_to(&t->join);
}

static struct team *team_start(struct team *t, void (*fn)(void *), void *data) {
  memset(t, 0, sizeof *t);
  t->fn = fn;
  t->data = data;
  rc_tc_fork(&t->fork);
  return t;
}

/* After the region: tasks still running at its end are finished by its implied barrier. */
static void team_end(struct team *t) {
  rc_tc_acquire_from(&t->join);
  rc_tc_acquire_from(&rc_omp_tasks_done);
}

typedef void (*parallel_fn)(void (*)(void *), void *, unsigned, unsigned);
void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags) {
  REAL(GOMP_parallel)
  if (!rc_tc_on) {
    real_GOMP_parallel(fn, data, num_threads, flags);
    return;
  }
  struct team t;
  real_GOMP_parallel(team_main, team_start(&t, fn, data), num_threads, flags);
  team_end(&t);
}

typedef unsigned (*reductions_fn)(void (*)(void *), void *, unsigned, unsigned);
unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags) {
  REAL(GOMP_parallel_reductions)
  if (!rc_tc_on) return real_GOMP_parallel_reductions(fn, data, num_threads, flags);
  struct team t;
  const unsigned n = real_GOMP_parallel_reductions(team_main, team_start(&t, fn, data), num_threads, flags);
  team_end(&t);
  return n;
}

/* `parallel for` with a schedule GCC does not inline, and `parallel sections`: the same fork and join. */
#define PARALLEL_LOOP(name)                                                                                        \
  typedef void (*name##_fn)(void (*)(void *), void *, unsigned, long, long, long, long, unsigned);                 \
  void name(void (*fn)(void *), void *data, unsigned n, long start, long end, long incr, long chunk, unsigned f) { \
    REAL(name)                                                                                                     \
    if (!rc_tc_on) {                                                                                               \
      real_##name(fn, data, n, start, end, incr, chunk, f);                                                        \
      return;                                                                                                      \
    }                                                                                                              \
    struct team t;                                                                                                 \
    real_##name(team_main, team_start(&t, fn, data), n, start, end, incr, chunk, f);                               \
    team_end(&t);                                                                                                  \
  }
PARALLEL_LOOP(GOMP_parallel_loop_static)
PARALLEL_LOOP(GOMP_parallel_loop_dynamic)
PARALLEL_LOOP(GOMP_parallel_loop_guided)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_dynamic)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_guided)

typedef void (*parallel_runtime_fn)(void (*)(void *), void *, unsigned, long, long, long, unsigned);
void GOMP_parallel_loop_runtime(void (*fn)(void *), void *data, unsigned n, long start, long end, long incr,
                                unsigned f) {
  REAL(GOMP_parallel_loop_runtime)
  if (!rc_tc_on) {
    real_GOMP_parallel_loop_runtime(fn, data, n, start, end, incr, f);
    return;
  }
  struct team t;
  real_GOMP_parallel_loop_runtime(team_main, team_start(&t, fn, data), n, start, end, incr, f);
  team_end(&t);
}

typedef void (*parallel_sections_fn)(void (*)(void *), void *, unsigned, unsigned, unsigned);
void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned n, unsigned count, unsigned f) {
  REAL(GOMP_parallel_sections)
  if (!rc_tc_on) {
    real_GOMP_parallel_sections(fn, data, n, count, f);
    return;
  }
  struct team t;
  team_start(&t, fn, data)->sections = 1;
  real_GOMP_parallel_sections(team_main, &t, n, count, f);
  team_end(&t);
}

/* The GCC 4.x form of a region, split in two calls: not modelled. */
typedef void (*parallel_start_fn)(void (*)(void *), void *, unsigned);
void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned n) {
  REAL(GOMP_parallel_start)
  rc_tc_off("GOMP_parallel_start (a parallel region of GCC before 4.9) is not modelled");
  real_GOMP_parallel_start(fn, data, n);
}

/* Barriers: every arrival before every departure. */
static void arrive(void) {
  if (rc_tc_on && my_team) rc_tc_release_to(&my_team->barrier);
}
static void depart(void) {
  if (!rc_tc_on) return;
  if (my_team) rc_tc_acquire_from(&my_team->barrier);
  rc_tc_acquire_from(&rc_omp_tasks_done);
}

#define VOID_BARRIER(name) \
  void name(void) {        \
    REAL(name)             \
    arrive();              \
    real_##name();         \
    depart();              \
  }
#define BOOL_BARRIER(name)        \
  bool name(void) {               \
    REAL(name)                    \
    arrive();                     \
    const bool r = real_##name(); \
    depart();                     \
    return r;                     \
  }
VOID_BARRIER(GOMP_barrier)
VOID_BARRIER(GOMP_loop_end)
BOOL_BARRIER(GOMP_barrier_cancel)
BOOL_BARRIER(GOMP_loop_end_cancel)

unsigned GOMP_sections_start(unsigned count) {
  REAL(GOMP_sections_start)
  if (rc_tc_on) enter_sections();
  return begin_section(real_GOMP_sections_start(count));
}
unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem) {
  REAL(GOMP_sections2_start)
  if (rc_tc_on) enter_sections();
  return begin_section(real_GOMP_sections2_start(count, reductions, mem));
}
unsigned GOMP_sections_next(void) {
  REAL(GOMP_sections_next)
  end_section();
  return begin_section(real_GOMP_sections_next());
}
void GOMP_sections_end_nowait(void) {
  REAL(GOMP_sections_end_nowait)
  end_section();
  real_GOMP_sections_end_nowait();
}
void GOMP_sections_end(void) {
  REAL(GOMP_sections_end)
  end_section();
  arrive();
  real_GOMP_sections_end();
  depart();
}
bool GOMP_sections_end_cancel(void) {
  REAL(GOMP_sections_end_cancel)
  end_section();
  arrive();
  const bool r = real_GOMP_sections_end_cancel();
  depart();
  return r;
}

/* `single copyprivate`: the thread that ran the block hands its data to the others. */
void *GOMP_single_copy_start(void) {
  REAL(GOMP_single_copy_start)
  void *data = real_GOMP_single_copy_start();
  if (data && rc_tc_on && my_team) rc_tc_acquire_from(&my_team->copy);
  return data;
}
void GOMP_single_copy_end(void *data) {
  REAL(GOMP_single_copy_end)
  if (rc_tc_on && my_team) rc_tc_release_to(&my_team->copy);
  real_GOMP_single_copy_end(data);
}

/* Mutual exclusion: an end before the next start on the same key. */
#define ENTER(name, key) \
  void name(void) {      \
    REAL(name)           \
    real_##name();       \
    rc_tc_acquire(key);  \
  }
#define LEAVE(name, key) \
  void name(void) {      \
    REAL(name)           \
    rc_tc_release(key);  \
    real_##name();       \
  }
ENTER(GOMP_critical_start, &critical_key)
LEAVE(GOMP_critical_end, &critical_key)
ENTER(GOMP_atomic_start, &atomic_key)
LEAVE(GOMP_atomic_end, &atomic_key)
ENTER(GOMP_ordered_start, my_team ? (const void *)&my_team->ordered : (const void *)&orphan_ordered)
LEAVE(GOMP_ordered_end, my_team ? (const void *)&my_team->ordered : (const void *)&orphan_ordered)

void GOMP_critical_name_start(void **name) {
  REAL(GOMP_critical_name_start)
  real_GOMP_critical_name_start(name);
  rc_tc_acquire(name);
}
void GOMP_critical_name_end(void **name) {
  REAL(GOMP_critical_name_end)
  rc_tc_release(name);
  real_GOMP_critical_name_end(name);
}

/* The lock routines (omp_lock_t and omp_nest_lock_t are opaque: keyed by address). */
#define LOCK(name)        \
  void name(void *lock) { \
    REAL(name)            \
    real_##name(lock);    \
    rc_tc_acquire(lock);  \
  }
#define UNLOCK(name)      \
  void name(void *lock) { \
    REAL(name)            \
    rc_tc_release(lock);  \
    real_##name(lock);    \
  }
#define TEST_LOCK(name)              \
  int name(void *lock) {             \
    REAL(name)                       \
    const int r = real_##name(lock); \
    if (r) rc_tc_acquire(lock);      \
    return r;                        \
  }
LOCK(omp_set_lock)
LOCK(omp_set_nest_lock)
UNLOCK(omp_unset_lock)
UNLOCK(omp_unset_nest_lock)
TEST_LOCK(omp_test_lock)
TEST_LOCK(omp_test_nest_lock)
