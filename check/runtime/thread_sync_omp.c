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
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "thread_clocks.h"

/* The next definition of `name` (the OpenMP runtime's, libc's): found once. */
#define REAL(name, type)                \
  static __typeof__(&name) real_##name; \
  if (!real_##name) real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name);

struct team {
  void (*fn)(void *);
  void *data;
  int sections; /* a `parallel sections` region: its threads take sections from the start */
  rc_tc_clock fork, join, barrier, copy;
  int ordered; /* its address keys the region's ordered construct */
};
static __thread struct team *my_team __attribute__((tls_model("initial-exec")));
static rc_tc_clock tasks_done; /* every task's end (see the top of the file) */
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
  rc_tc_acquire_from(&tasks_done);
}

typedef void (*parallel_fn)(void (*)(void *), void *, unsigned, unsigned);
void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags) {
  REAL(GOMP_parallel, parallel_fn)
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
  REAL(GOMP_parallel_reductions, reductions_fn)
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
    REAL(name, name##_fn)                                                                                          \
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
  REAL(GOMP_parallel_loop_runtime, parallel_runtime_fn)
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
  REAL(GOMP_parallel_sections, parallel_sections_fn)
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
  REAL(GOMP_parallel_start, parallel_start_fn)
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
  rc_tc_acquire_from(&tasks_done);
}

#define VOID_BARRIER(name)     \
  void name(void) {            \
    REAL(name, void (*)(void)) \
    arrive();                  \
    real_##name();             \
    depart();                  \
  }
#define BOOL_BARRIER(name)        \
  bool name(void) {               \
    REAL(name, bool (*)(void))    \
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
  REAL(GOMP_sections_start, 0)
  if (rc_tc_on) enter_sections();
  return begin_section(real_GOMP_sections_start(count));
}
unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem) {
  REAL(GOMP_sections2_start, 0)
  if (rc_tc_on) enter_sections();
  return begin_section(real_GOMP_sections2_start(count, reductions, mem));
}
unsigned GOMP_sections_next(void) {
  REAL(GOMP_sections_next, 0)
  end_section();
  return begin_section(real_GOMP_sections_next());
}
void GOMP_sections_end_nowait(void) {
  REAL(GOMP_sections_end_nowait, 0)
  end_section();
  real_GOMP_sections_end_nowait();
}
void GOMP_sections_end(void) {
  REAL(GOMP_sections_end, 0)
  end_section();
  arrive();
  real_GOMP_sections_end();
  depart();
}
bool GOMP_sections_end_cancel(void) {
  REAL(GOMP_sections_end_cancel, 0)
  end_section();
  arrive();
  const bool r = real_GOMP_sections_end_cancel();
  depart();
  return r;
}

/* `single copyprivate`: the thread that ran the block hands its data to the others. */
void *GOMP_single_copy_start(void) {
  REAL(GOMP_single_copy_start, void *(*)(void))
  void *data = real_GOMP_single_copy_start();
  if (data && rc_tc_on && my_team) rc_tc_acquire_from(&my_team->copy);
  return data;
}
void GOMP_single_copy_end(void *data) {
  REAL(GOMP_single_copy_end, void (*)(void *))
  if (rc_tc_on && my_team) rc_tc_release_to(&my_team->copy);
  real_GOMP_single_copy_end(data);
}

/* Mutual exclusion: an end before the next start on the same key. */
#define ENTER(name, key)       \
  void name(void) {            \
    REAL(name, void (*)(void)) \
    real_##name();             \
    rc_tc_acquire(key);        \
  }
#define LEAVE(name, key)       \
  void name(void) {            \
    REAL(name, void (*)(void)) \
    rc_tc_release(key);        \
    real_##name();             \
  }
ENTER(GOMP_critical_start, &critical_key)
LEAVE(GOMP_critical_end, &critical_key)
ENTER(GOMP_atomic_start, &atomic_key)
LEAVE(GOMP_atomic_end, &atomic_key)
ENTER(GOMP_ordered_start, my_team ? (const void *)&my_team->ordered : (const void *)&orphan_ordered)
LEAVE(GOMP_ordered_end, my_team ? (const void *)&my_team->ordered : (const void *)&orphan_ordered)

void GOMP_critical_name_start(void **name) {
  REAL(GOMP_critical_name_start, void (*)(void **))
  real_GOMP_critical_name_start(name);
  rc_tc_acquire(name);
}
void GOMP_critical_name_end(void **name) {
  REAL(GOMP_critical_name_end, void (*)(void **))
  rc_tc_release(name);
  real_GOMP_critical_name_end(name);
}

/* The lock routines (omp_lock_t and omp_nest_lock_t are opaque: keyed by address). */
#define LOCK(name)               \
  void name(void *lock) {        \
    REAL(name, void (*)(void *)) \
    real_##name(lock);           \
    rc_tc_acquire(lock);         \
  }
#define UNLOCK(name)             \
  void name(void *lock) {        \
    REAL(name, void (*)(void *)) \
    rc_tc_release(lock);         \
    real_##name(lock);           \
  }
#define TEST_LOCK(name)              \
  int name(void *lock) {             \
    REAL(name, int (*)(void *))      \
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

/* Tasks. The task's data block is given a head in front (its function, the creator's clock), so
 * that the task starts from its creation wherever and whenever it runs. */
struct task_head {
  void (*fn)(void *);
  void (*cpyfn)(void *, void *);
  void *data;  /* the creator's, for cpyfn */
  long offset; /* of the task's own data in the block */
  int depend;
  unsigned long id; /* run inside its creator's GOMP_task call when it equals that thread's `creating` */
  rc_tc_clock created;
};

static __thread unsigned long creating __attribute__((tls_model("initial-exec")));
static unsigned long tasks_made;

/* A task runs as a logical thread of its own (rc_tc_begin_logical) from its creation: not
 * ordered with what the thread that runs it does before or after, unless it runs inside its
 * creator's GOMP_task call (undeferred, or run at once), which the creator then waits for. */
static void task_main(void *block) {
  struct task_head *h = block;
  const int token = rc_tc_begin_logical(&h->created);
  if (h->depend) rc_tc_acquire_from(&tasks_done);
  h->fn((char *)block + h->offset);
  rc_tc_release_to(&tasks_done);
  rc_tc_end_logical(token, creating == h->id);
}

static void task_copy(void *to, void *from) {
  const struct task_head *h = from;
  memcpy(to, h, sizeof *h);
  h->cpyfn((char *)to + h->offset, h->data);
}

typedef void (*task_fn)(void (*)(void *), void *, void (*)(void *, void *), long, long, bool, unsigned, void **, int,
                        void *);
void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size, long arg_align,
               bool if_clause, unsigned flags, void **depend, int priority, void *detach) {
  REAL(GOMP_task, task_fn)
  if (!rc_tc_on) {
    real_GOMP_task(fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend, priority, detach);
    return;
  }
  const long align = arg_align > (long)_Alignof(struct task_head) ? arg_align : (long)_Alignof(struct task_head);
  const long offset = ((long)sizeof(struct task_head) + align - 1) / align * align;
  char room[offset + arg_size + align];
  char *block = (char *)(((uintptr_t)room + (uintptr_t)align - 1) / (uintptr_t)align * (uintptr_t)align);
  struct task_head *h = (struct task_head *)block;
  *h = (struct task_head){.fn = fn,
                          .cpyfn = cpyfn,
                          .data = data,
                          .offset = offset,
                          .depend = depend != NULL,
                          .id = __atomic_add_fetch(&tasks_made, 1, __ATOMIC_RELAXED)};
  rc_tc_fork(&h->created);
  if (!cpyfn && arg_size > 0) memcpy(block + offset, data, (size_t)arg_size);
  const unsigned long outer = creating;
  creating = h->id;
  real_GOMP_task(task_main, block, cpyfn ? task_copy : NULL, offset + arg_size, align, if_clause, flags, depend,
                 priority, detach);
  creating = outer;
}

/* The waits for tasks (see the top of the file for what they take). */
#define TASK_WAIT(name)                            \
  void name(void) {                                \
    REAL(name, void (*)(void))                     \
    real_##name();                                 \
    if (rc_tc_on) rc_tc_acquire_from(&tasks_done); \
  }
TASK_WAIT(GOMP_taskwait)
TASK_WAIT(GOMP_taskgroup_end)
void GOMP_taskwait_depend(void **depend) {
  REAL(GOMP_taskwait_depend, void (*)(void **))
  real_GOMP_taskwait_depend(depend);
  if (rc_tc_on) rc_tc_acquire_from(&tasks_done);
}

/* Task loops: not modelled. */
typedef void (*taskloop_fn)(void (*)(void *), void *, void (*)(void *, void *), long, long, unsigned, unsigned long,
                            int, long, long, long);
void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size, long arg_align,
                   unsigned flags, unsigned long num_tasks, int priority, long start, long end, long step) {
  REAL(GOMP_taskloop, taskloop_fn)
  rc_tc_off("GOMP_taskloop (an OpenMP taskloop) is not modelled");
  real_GOMP_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start, end, step);
}

/* A detached task completes when its event is fulfilled, maybe by another thread: what that
 * thread did before precedes the waits for the task. */
void omp_fulfill_event(void *event) {
  REAL(omp_fulfill_event, 0)
  if (rc_tc_on) rc_tc_release_to(&tasks_done);
  real_omp_fulfill_event(event);
}

/* Not modelled: doacross loops (`ordered(n)` with `depend(sink/source)`: their waits are
 * variadic) and host teams. Each gives the policy up. */
#define DOACROSS(name, type)                                                                                \
  bool name(unsigned ncounts, type *counts, type chunk, type *istart, type *iend) {                         \
    REAL(name, 0)                                                                                           \
    rc_tc_off("an OpenMP doacross loop (ordered(n) with depend(sink) and depend(source)) is not modelled"); \
    return real_##name(ncounts, counts, chunk, istart, iend);                                               \
  }
DOACROSS(GOMP_loop_doacross_static_start, long)
DOACROSS(GOMP_loop_doacross_dynamic_start, long)
DOACROSS(GOMP_loop_doacross_guided_start, long)
DOACROSS(GOMP_loop_ull_doacross_static_start, unsigned long long)
DOACROSS(GOMP_loop_ull_doacross_dynamic_start, unsigned long long)
DOACROSS(GOMP_loop_ull_doacross_guided_start, unsigned long long)

bool GOMP_loop_doacross_runtime_start(unsigned ncounts, long *counts, long *istart, long *iend) {
  REAL(GOMP_loop_doacross_runtime_start, 0)
  rc_tc_off("an OpenMP doacross loop (ordered(n) with depend(sink) and depend(source)) is not modelled");
  return real_GOMP_loop_doacross_runtime_start(ncounts, counts, istart, iend);
}

bool GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched, long chunk, long *istart, long *iend,
                              uintptr_t *reductions, void **mem) {
  REAL(GOMP_loop_doacross_start, 0)
  rc_tc_off("an OpenMP doacross loop (ordered(n) with depend(sink) and depend(source)) is not modelled");
  return real_GOMP_loop_doacross_start(ncounts, counts, sched, chunk, istart, iend, reductions, mem);
}

void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams, unsigned thread_limit, unsigned flags) {
  REAL(GOMP_teams_reg, 0)
  rc_tc_off("an OpenMP teams construct on the host is not modelled");
  real_GOMP_teams_reg(fn, data, num_teams, thread_limit, flags);
}
