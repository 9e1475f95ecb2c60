/* SPDX-License-Identifier: BSD-3-Clause */
/* The watcher's fault handling (x86-64 Linux). A SIGSEGV on a watched page gives the page its
 * mapping's protection back and sets the trap flag: the faulting instruction runs once, and
 * the SIGTRAP that follows protects the page again and clears the flag (on_segv says when the
 * page stays open instead). Before that, an access to watched bytes by the program (not by the
 * MPI library) is appended to rc_watch_hits. In a program with threads, one thread steps at a
 * time, holding the watch lock (watch_lock.c) from the fault to the step's end: a page one thread
 * opened is never protected again under another's step, nor by the arming side. Faults
 * anywhere else go to the handler the program (or a library) installed: sigaction and signal are
 * interposed so that a handler installed after ours is chained behind it instead of replacing
 * it. Everything in the handlers is async-signal-safe: reads of static tables, mprotect,
 * clock_gettime; errno is kept. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <mpi.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "record.h"
#include "watch_delay.h"
#include "watch_state.h"

#define MAX_STEP_PAGES 4 /* pages one instruction may fault on before its step ends */
#define EFLAGS_TF 0x100UL
#define PF_WRITE 0x2UL /* page-fault error code: the access was a store */

static struct sigaction previous_segv, previous_trap; /* the program's, called for faults not ours */
static int installed;
static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);
static __thread __attribute__((tls_model("initial-exec"))) uintptr_t step_pages[MAX_STEP_PAGES];
static __thread __attribute__((tls_model("initial-exec"))) int step_count;
/* The last fault on a page no range covered, with the count of protection changes then: a fault
 * racing with another thread's release of the range is retried once, a real one passed on. */
static __thread __attribute__((tls_model("initial-exec"))) uintptr_t unowned_address;
static __thread __attribute__((tls_model("initial-exec"))) unsigned unowned_changes;
volatile unsigned rc_watch_protect_changes;
/* A held access's retry under way (hold_at_access): its instruction runs with the trap flag set, so
 * that its end is seen whether it faults (on_segv, at `retry_rip`) or not (on_trap). */
static __thread __attribute__((tls_model("initial-exec"))) int retry_traced;
static __thread __attribute__((tls_model("initial-exec"))) uintptr_t retry_rip;

int rc_watch_thread(void) { return (int)syscall(SYS_gettid); }

/* Whether a fault on a page no range covers is the program's own (passed on), not one that raced
 * with a thread giving the page its protection back: the instruction is retried once first. */
static int fault_is_real(uintptr_t address) {
  const unsigned changes = __atomic_load_n(&rc_watch_protect_changes, __ATOMIC_ACQUIRE);
  if (unowned_address == address && unowned_changes == changes) return 1;
  unowned_address = address;
  unowned_changes = changes;
  return 0;
}

/* The armed range holding `address`, or -1: a pending buffer's before that of the window memory
 * holding it, so that an access to a pending result in window memory (another thread's, while the
 * call is pending) is that buffer's finding and is never coalesced into the window's. */
static int range_at(uintptr_t address) {
  int window = -1;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->armed || address < r->lo || address >= r->hi) continue;
    if (r->kind != RC_WATCH_WINDOW) return i;
    if (window < 0) window = i;
  }
  return window;
}

/* Notes the program's access at `address` to every armed range holding it that watches its kind:
 * a pending buffer in window memory, and the window memory too, whose other ranks' calls it may
 * race with. A load of a pending origin buffer (watched for stores only) faults when a range
 * watching loads shares its page, and is not that buffer's. */
static void note_every_range(uintptr_t address, int store, uintptr_t instruction) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && address >= r->lo && address < r->hi && (store == RC_WATCH_STORE || r->prot == PROT_NONE))
      rc_watch_note_access(i, address, 1, store, instruction);
  }
}

/* The library's faults on bytes no range watches of shared window pages, over the run: a page is
 * left open to it (below) only once the run is seen to be that busy, so that a short program's
 * few library accesses (a lock word beside the window) never hide its own racy load. */
static unsigned long window_library_faults;

/* Whether only window ranges in the library's shared segment watch bytes of `page`: there the
 * library's accesses to the bytes beside them are other ranks' windows sharing the page, and the
 * page may be left open. A pending buffer's page, or private window memory (MPI_Win_create: its
 * page shares the heap with the library's and the program's other data), is always stepped. */
static int window_page(uintptr_t page) {
  const uintptr_t end = page + rc_watch_page_size();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && r->lo < end && r->hi > page && (r->kind != RC_WATCH_WINDOW || !r->shared_mapping)) return 0;
  }
  return 1;
}

/* Whether only window ranges watch bytes of `page` (none a pending buffer); they are marked as
 * left open (beside_open), for the drain to say so. */
static int only_windows(uintptr_t page) {
  const uintptr_t end = page + rc_watch_page_size();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && r->lo < end && r->hi > page && r->kind != RC_WATCH_WINDOW) return 0;
  }
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && r->lo < end && r->hi > page) r->beside_open = 1;
  }
  return 1;
}

/* Notes the program's access at `address` to the pending buffers holding it (not the window memory
 * around them); how many. */
static int note_pending_buffers_of(pid_t thread, uintptr_t address, int store, uintptr_t instruction) {
  int noted = 0;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && r->kind != RC_WATCH_WINDOW && address >= r->lo && address < r->hi &&
        (store == RC_WATCH_STORE || r->prot == PROT_NONE)) {
      rc_watch_note_access_of(thread, i, address, 1, store, instruction);
      ++noted;
    }
  }
  return noted;
}

static int note_pending_buffers(uintptr_t address, int store, uintptr_t instruction) {
  return note_pending_buffers_of(0, address, store, instruction);
}

/* The accesses threads are held at now (hold_at_access), changed under the watch lock: a thread's
 * RMA call that makes one's bytes pending notes it (rc_watch_note_held) and marks it `noted`. */
#define MAX_HELD 64
static struct {
  pid_t thread; /* 0: a free slot */
  int store, noted;
  uintptr_t address, instruction;
} held[MAX_HELD];

static int held_count; /* slots in use: a call with none to look at takes no lock */

void rc_watch_note_held(void) {
  if (!__atomic_load_n(&held_count, __ATOMIC_SEQ_CST)) return;
  rc_watch_lock();
  for (int k = 0; k < MAX_HELD; ++k)
    if (held[k].thread && !held[k].noted &&
        note_pending_buffers_of(held[k].thread, held[k].address, held[k].store, held[k].instruction))
      held[k].noted = 1;
  rc_watch_unlock();
}

/* Delay injection (watch_delay.h): the program's access to watched window memory where no pending
 * buffer lies is recorded as it is, held (rc_watch_held_begin: its line carries the fault's time as
 * `held_from`, the retry's as `time`, and is written at the first hook after the retry; what orders
 * the access after a synchronisation is decided at its fault, what orders it before one at its
 * retry: the thread did nothing between), and its thread held with the watch lock given back, so that
 * another thread's RMA call may make those bytes a pending buffer meanwhile. After each hold the
 * ranges are looked at again: a buffer pending there now is noted (its finding: the thread is still
 * at its access, which nothing it did since can order), else the thread is held again while
 * rc_delay_again allows. Then the instruction is retried (HELD). Looking, rather than waiting for
 * the retry to fault, sees the buffer even when the page was given back meanwhile (another thread
 * inside MPI_Win_lock has the window disarmed). At the retry's fault (RETRIED) only a pending buffer
 * is noted: the window access was recorded at its first fault, and noting it again, later, would
 * place it after synchronisation calls that other threads made during the hold. The retry runs
 * with the trap flag set (retry_traced): when its page was given back meanwhile it runs without a
 * fault, and its trap ends the retry (on_trap), so that the same instruction's fault at the same
 * address later (a loop reading one word round after round) is a new access, recorded. */
enum { NOT_HELD, HELD, RETRIED };
/* The pending buffers' generation as this thread's hold at an access began (pending_came). */
static __thread __attribute__((tls_model("initial-exec"))) unsigned long held_generation;
static int pending_came(void) {
  return __atomic_load_n(&rc_watch_pending_generation, __ATOMIC_SEQ_CST) != held_generation;
}

static int hold_at_access(ucontext_t *uc, uintptr_t address) {
  uintptr_t instruction = 0;
  const int range = rc_delay_threaded() ? range_at(address) : -1;
  if (range < 0 || !rc_watch_program_access(uc, &instruction)) return NOT_HELD;
  const int store = (uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE) ? RC_WATCH_STORE : RC_WATCH_LOAD;
  const int hold = rc_delay_fault(instruction, address, rc_watch_ranges[range].kind == RC_WATCH_WINDOW);
  if (hold == RC_DELAY_RETRIED) {
    note_pending_buffers(address, store, instruction);
    return RETRIED;
  }
  if (hold != RC_DELAY_HOLD) return NOT_HELD;
  rc_watch_held_begin();
  note_every_range(address, store, instruction);
  rc_watch_drop_value(); /* no step: its bytes are not read */
  __atomic_add_fetch(&rc_watch_fault_count.program, 1, __ATOMIC_RELAXED);
  int slot = -1; /* published to other threads' calls; none free: this thread's looks alone */
  for (int k = 0; k < MAX_HELD && slot < 0; ++k)
    if (!held[k].thread) slot = k;
  if (slot >= 0) {
    held[slot] = (typeof(held[0])){.thread = rc_watch_thread(), .store = store, .address = address,
                                   .instruction = instruction};
    __atomic_add_fetch(&held_count, 1, __ATOMIC_SEQ_CST);
  }
  int pending = 0;
  do {
    held_generation = __atomic_load_n(&rc_watch_pending_generation, __ATOMIC_SEQ_CST);
    rc_watch_handler_unlock();
    rc_delay_hold(pending_came);
    rc_watch_handler_lock();
    pending = (slot >= 0 && held[slot].noted) || note_pending_buffers(address, store, instruction);
  } while (!pending && rc_delay_again());
  if (slot >= 0) {
    held[slot].thread = 0;
    __atomic_sub_fetch(&held_count, 1, __ATOMIC_SEQ_CST);
  }
  rc_watch_handler_unlock();
  rc_watch_held_end();
  retry_traced = 1;
  retry_rip = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
  uc->uc_mcontext.gregs[REG_EFL] |= EFLAGS_TF;
  return HELD;
}

/* Does what the program's own disposition of `sig` would have done with this fault. */
static void chain(struct sigaction *previous, int sig, siginfo_t *info, void *context) {
  const struct sigaction handler = *previous;
  if (handler.sa_flags & SA_RESETHAND) { /* one delivery, then the default, as the kernel does */
    previous->sa_handler = SIG_DFL;
    previous->sa_flags = 0;
  }
  if (handler.sa_flags & SA_SIGINFO) {
    if (handler.sa_sigaction) handler.sa_sigaction(sig, info, context);
  } else if (handler.sa_handler == SIG_IGN && sig == SIGTRAP) {
    /* ignored */
  } else if (handler.sa_handler == SIG_DFL || handler.sa_handler == SIG_IGN) {
    /* A fault happens again on return, now with the default action (the kernel does not let a
     * fault be ignored either); a trap does not: it is raised, delivered once unblocked. */
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigemptyset(&dfl.sa_mask);
    real_sigaction(sig, &dfl, NULL);
    if (sig == SIGTRAP) raise(sig);
  } else {
    handler.sa_handler(sig);
  }
}

/* The mapping's own protection of a page some range protected (armed, or disarmed by the
 * handler since); -1 when no range covers it. */
static int original_prot(uintptr_t page) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->paged && r->lo < page + rc_watch_page_size() && r->hi > page) return r->original_prot;
  }
  return -1;
}

static void count(unsigned long *counter) { __atomic_add_fetch(counter, 1, __ATOMIC_RELAXED); }

/* A fault on a page this watcher protected. The page is opened, the instruction stepped, and
 * the page protected again after it; a program's access to watched bytes is noted. The MPI
 * library's accesses (and this library's own) are stepped unrecorded, up to
 * RC_WATCH_MAX_LIBRARY_STEPS between two hooks: beyond, the library is copying, and the pages
 * it faults on stay open until the end of the next intercepted RMA call (rc_watch_rearm), at
 * one fault a page instead of one a byte (a stepped rep movs traps after every byte); while a
 * single-threaded program forwards a synchronisation call, from the first (the library polls
 * there, and a heap page it polls may hold window memory: every poll would cost a step), or an
 * RMA call or a blocking collective (rc_watch_forward_begin), with a span of the range around it
 * (watch_library_span.c), where the library's rep stos/movs too runs natively. Any other rep
 * stos/movs costs no step: it is run whole, the program's accesses to watched bytes recorded
 * (watch_string_ops.c); past the faults recorded one by
 * one in a window range's epoch, the program's faults on its bytes or beside them leave their page of private window
 * memory open to it until the next hook (watch_open.c, said in a watch_open line), and elsewhere past
 * RC_WATCH_MAX_BESIDE_STEPS beside them between two hooks leave a page that only window ranges watch open until the
 * next hook (said). A page only ranges disarmed by the handler cover stays open. */
static void on_segv(int sig, siginfo_t *info, void *context) {
  const int saved_errno = errno;
  ucontext_t *uc = context;
  const uintptr_t address = (uintptr_t)info->si_addr;
  const uintptr_t page = address & ~(rc_watch_page_size() - 1);
  /* A held access's retry faulting: its trap flag is this handler's to set again, or not. */
  const int retry = retry_traced && (uintptr_t)uc->uc_mcontext.gregs[REG_RIP] == retry_rip;
  if (retry) {
    retry_traced = 0;
    uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
  }
  if (info->si_code == SEGV_ACCERR && step_count < MAX_STEP_PAGES) rc_watch_handler_lock(); /* until the step ends */
  const int original = info->si_code == SEGV_ACCERR ? original_prot(page) : -1;
  if (original < 0 || step_count >= MAX_STEP_PAGES) {
    if (retry) rc_delay_retry_over();
    if (step_count == 0) rc_watch_handler_unlock();
    if (original >= 0 || info->si_code != SEGV_ACCERR || fault_is_real(address))
      chain(&previous_segv, sig, info, context);
    errno = saved_errno;
    return;
  }
  const int forwarding = __atomic_load_n(&rc_watch_forwarding, __ATOMIC_RELAXED);
  rc_watch_excluded_fault(page, address, forwarding, uc); /* then the page is as if the range were released */
  const int hold = step_count == 0 ? hold_at_access(uc, address) : NOT_HELD;
  /* The retry not told apart as such (its range released meanwhile): its end all the same. */
  if (retry && hold == NOT_HELD) rc_delay_retry_over();
  if (hold == HELD) { /* the page still protected: the access retried */
    errno = saved_errno;
    return;
  }
  mprotect((void *)page, rc_watch_page_size(), original);
  uintptr_t instruction = 0;
  if (rc_watch_page_prot(page) >= 0) {
    const int program = rc_watch_program_access(uc, &instruction);
    /* The library's string operation inside a forwarded call runs natively on the pages opened for it. */
    const int string_op = step_count == 0 && hold == NOT_HELD && (program || !forwarding)
                              ? rc_watch_run_string_op(uc, page, original, program, instruction)
                              : 0;
    if (hold == RETRIED) { /* recorded at its first fault (hold_at_access): stepped */
      count(&rc_watch_fault_count.program);
      step_pages[step_count++] = page;
      uc->uc_mcontext.gregs[REG_EFL] |= EFLAGS_TF;
    } else if (string_op) { /* a memset or memcpy, run whole; the program's accesses to watched bytes recorded */
      count(string_op == 2 ? &rc_watch_fault_count.string_ops_recorded : &rc_watch_fault_count.string_ops_run);
    } else if (!program && range_at(address) < 0 && window_page(page) &&
               ++window_library_faults >
                   (rc_tc_on ? RC_WATCH_MAX_LIBRARY_STEPS_THREADS : RC_WATCH_OPEN_AFTER_LIBRARY_FAULTS)) {
      rc_watch_shared_open = 1; /* bytes no range watches: open until a sampled hook (rc_watch_rearm) */
      count(&rc_watch_fault_count.library_opened);
    } else if (!program && (forwarding || ++rc_watch_library_steps > (rc_tc_on ? RC_WATCH_MAX_LIBRARY_STEPS_THREADS
                                                                               : RC_WATCH_MAX_LIBRARY_STEPS))) {
      if (forwarding) /* the program cannot access memory until the call returns: more pages open at once */
        rc_watch_open_library_span(address, page, original);
      else
        count(&rc_watch_fault_count.library_copy_opened);
      rc_watch_suspended = 1; /* a copy by the library, or inside a synchronisation: open until the next hook */
      count(&rc_watch_fault_count.library_opened);
    } else if (program && rc_watch_left_open(range_at(address), address, page,
                                             (uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE) != 0, original, instruction)) {
      /* coalesced: the page open to the program until the next hook, said in a watch_open line */
    } else if (program && range_at(address) < 0 && ++rc_watch_beside_steps > RC_WATCH_MAX_BESIDE_STEPS &&
               only_windows(page)) {
      rc_watch_beside_open = 1; /* the program's loop over its data beside a window: open until the next hook */
      count(&rc_watch_fault_count.program_beside_opened);
    } else {
      const int range = program ? range_at(address) : -1;
      if (range >= 0)
        note_every_range(address, (uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE) ? RC_WATCH_STORE : RC_WATCH_LOAD,
                         instruction);
      if (!program && __atomic_load_n(&rc_watch_in_sync, __ATOMIC_RELAXED)) ++rc_watch_sync_stepped;
      count(!program     ? &rc_watch_fault_count.library_stepped
            : range >= 0 ? &rc_watch_fault_count.program
                         : &rc_watch_fault_count.program_beside);
      step_pages[step_count++] = page;
      uc->uc_mcontext.gregs[REG_EFL] |= EFLAGS_TF;
    }
  }
  /* A hit noted by a fault that takes no step (a string operation run whole, a page left open) has
   * no step's end to read its bytes at: its value stays unknown, never read after a later one. */
  if (!(uc->uc_mcontext.gregs[REG_EFL] & EFLAGS_TF)) rc_watch_drop_value();
  if (step_count == 0) rc_watch_handler_unlock(); /* the page stays open: no step to wait for */
  errno = saved_errno;
}

static void on_trap(int sig, siginfo_t *info, void *context) {
  const int saved_errno = errno;
  ucontext_t *uc = context;
  /* A held access's retry ran without a fault: the retry is over (hold_at_access). */
  const int retry_ran = retry_traced && step_count == 0;
  if (retry_ran) {
    retry_traced = 0;
    uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
    rc_delay_retry_over();
  }
  if (rc_watch_hw_trap(info, context)) { /* a debug register's (watch_hardware.c) */
    errno = saved_errno;
    return;
  }
  if (step_count == 0) {
    if (!retry_ran) chain(&previous_trap, sig, info, context);
    errno = saved_errno;
    return;
  }
  rc_watch_take_value(step_pages, step_count); /* before the page is protected again */
  for (int i = 0; i < step_count; ++i) {
    const int prot = rc_watch_page_prot(step_pages[i]);
    if (prot >= 0) mprotect((void *)step_pages[i], rc_watch_page_size(), prot);
  }
  step_count = 0;
  rc_watch_handler_unlock();
  uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
  errno = saved_errno;
}

/* ThreadSanitizer's runtime installs its own handlers through sigaction before it has set itself
 * up, and this library's sigaction is the one it finds: built for its tests under the tsan preset
 * (per_mpi/CMakeLists.txt), that path must not enter the runtime (REDSEM_NOT_THREAD_SANITIZED). */
REDSEM_NOT_THREAD_SANITIZED static int resolve_real(void) {
  if (!real_sigaction)
    real_sigaction = (int (*)(int, const struct sigaction *, struct sigaction *))dlsym(RTLD_NEXT, "sigaction");
  return real_sigaction != NULL;
}

/* The handler runs on an alternate stack, so that a fault with a damaged or full stack still
 * reaches the program's own handler; one the program set up is kept. */
static void alternate_stack(void) {
  stack_t old;
  if (sigaltstack(NULL, &old) != 0 || !(old.ss_flags & SS_DISABLE)) return;
  const size_t size = 64 * 1024;
  void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (stack == MAP_FAILED) return;
  const stack_t ours = {.ss_sp = stack, .ss_size = size, .ss_flags = 0};
  sigaltstack(&ours, NULL);
}

static int install(const char **why) {
  const char *setting = getenv("REDSEM_CHECK_WATCH");
  if (setting && strcmp(setting, "0") == 0) {
    *why = "REDSEM_CHECK_WATCH=0 (redsem check --no-watch)";
    return 0;
  }
  if (!resolve_real()) {
    *why = "sigaction cannot be found";
    return 0;
  }
  alternate_stack();
  rc_watch_refresh_modules();
  /* SA_NODEFER: a handler of the program that ours chains to may itself touch a watched page. */
  struct sigaction segv = {.sa_sigaction = on_segv, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART | SA_NODEFER};
  struct sigaction trap = {.sa_sigaction = on_trap, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART};
  sigemptyset(&segv.sa_mask);
  sigemptyset(&trap.sa_mask);
  if (real_sigaction(SIGSEGV, &segv, &previous_segv) != 0 || real_sigaction(SIGTRAP, &trap, &previous_trap) != 0) {
    *why = "the fault handler cannot be installed";
    return 0;
  }
  installed = 1;
  rc_at_finalize(rc_watch_finish);
  return 1;
}

int rc_watch_ready(const char **why) {
  static int decided, ready;
  static const char *reason = "";
  if (!decided) {
    decided = 1;
    ready = install(&reason);
  }
  *why = reason;
  if (ready) rc_watch_refresh_modules();
  return ready;
}

/* A handler for SIGSEGV or SIGTRAP installed after ours becomes the one ours chains to. */
REDSEM_NOT_THREAD_SANITIZED int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  if (!installed || (sig != SIGSEGV && sig != SIGTRAP)) {
    if (!resolve_real()) {
      errno = ENOSYS;
      return -1;
    }
    return real_sigaction(sig, act, old);
  }
  struct sigaction *previous = sig == SIGSEGV ? &previous_segv : &previous_trap;
  if (old) *old = *previous;
  if (act) *previous = *act;
  return 0;
}

sighandler_t signal(int sig, sighandler_t handler) {
  struct sigaction act = {.sa_handler = handler, .sa_flags = SA_RESTART}, old;
  sigemptyset(&act.sa_mask);
  if (sigaction(sig, &act, &old) != 0) return SIG_ERR;
  return (old.sa_flags & SA_SIGINFO) ? (sighandler_t)(void (*)(void))old.sa_sigaction : old.sa_handler;
}
