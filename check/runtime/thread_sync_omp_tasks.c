/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP tasks under `--thread-sync calls` (thread_sync_omp.c has the model), and the libgomp
 * entry points that are not modelled, which give the policy up (thread_clocks.h). */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "thread_sync_omp.h"

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
  if (h->depend) rc_tc_acquire_from(&rc_omp_tasks_done);
  h->fn((char *)block + h->offset);
  rc_tc_release_to(&rc_omp_tasks_done);
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
  REAL(GOMP_task)
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
#define TASK_WAIT(name)                                   \
  void name(void) {                                       \
    REAL(name)                                            \
    real_##name();                                        \
    if (rc_tc_on) rc_tc_acquire_from(&rc_omp_tasks_done); \
  }
TASK_WAIT(GOMP_taskwait)
TASK_WAIT(GOMP_taskgroup_end)
void GOMP_taskwait_depend(void **depend) {
  REAL(GOMP_taskwait_depend)
  real_GOMP_taskwait_depend(depend);
  if (rc_tc_on) rc_tc_acquire_from(&rc_omp_tasks_done);
}

/* Task loops: not modelled. */
typedef void (*taskloop_fn)(void (*)(void *), void *, void (*)(void *, void *), long, long, unsigned, unsigned long,
                            int, long, long, long);
void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size, long arg_align,
                   unsigned flags, unsigned long num_tasks, int priority, long start, long end, long step) {
  REAL(GOMP_taskloop)
  rc_tc_off("GOMP_taskloop (an OpenMP taskloop) is not modelled");
  real_GOMP_taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start, end, step);
}

/* A detached task completes when its event is fulfilled, maybe by another thread: what that
 * thread did before precedes the waits for the task. */
void omp_fulfill_event(void *event) {
  REAL(omp_fulfill_event)
  if (rc_tc_on) rc_tc_release_to(&rc_omp_tasks_done);
  real_omp_fulfill_event(event);
}

/* Not modelled: doacross loops (`ordered(n)` with `depend(sink/source)`: their waits are
 * variadic) and host teams. Each gives the policy up. */
#define DOACROSS(name, type)                                                                                \
  bool name(unsigned ncounts, type *counts, type chunk, type *istart, type *iend) {                         \
    REAL(name)                                                                                              \
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
  REAL(GOMP_loop_doacross_runtime_start)
  rc_tc_off("an OpenMP doacross loop (ordered(n) with depend(sink) and depend(source)) is not modelled");
  return real_GOMP_loop_doacross_runtime_start(ncounts, counts, istart, iend);
}

bool GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched, long chunk, long *istart, long *iend,
                              uintptr_t *reductions, void **mem) {
  REAL(GOMP_loop_doacross_start)
  rc_tc_off("an OpenMP doacross loop (ordered(n) with depend(sink) and depend(source)) is not modelled");
  return real_GOMP_loop_doacross_start(ncounts, counts, sched, chunk, istart, iend, reductions, mem);
}

void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams, unsigned thread_limit, unsigned flags) {
  REAL(GOMP_teams_reg)
  rc_tc_off("an OpenMP teams construct on the host is not modelled");
  real_GOMP_teams_reg(fn, data, num_teams, thread_limit, flags);
}
