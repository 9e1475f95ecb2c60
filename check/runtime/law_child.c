/* SPDX-License-Identifier: BSD-3-Clause */
/* The user-op law check's child process (law_child.h). */
#define _GNU_SOURCE
#include "law_child.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define ANSWER_FD 3
/* The status of a child that left through MPI_Finalize, MPI_Abort or exit (rc_law_child_leave). */
#define LEFT_STATUS 97
#define CHILD_STACK_BYTES ((size_t)8 << 20)
#define MAPS_BYTES ((size_t)4 << 20)

static volatile sig_atomic_t in_child;
static double op_seconds = 2.0;

void rc_read_op_seconds(void) {
  const char *text = getenv("REDSEM_CHECK_OP_SECONDS");
  if (!text || !*text) return;
  char *end = NULL;
  const double seconds = strtod(text, &end);
  /* The launcher validates the option; a hand-set bad value keeps the default. */
  if (end && *end == '\0' && seconds > 0 && seconds <= 3600) op_seconds = seconds;
}

int rc_in_law_child(void) { return in_child; }

void rc_law_child_leave(void) { _exit(LEFT_STATUS); }

/* In the child, exit would run the program's and the MPI library's exit handlers, which may
 * release what the parent still uses (shared segments, the launcher's connection). */
void exit(int status) {
  if (in_child) _exit(LEFT_STATUS);
  void (*real)(int) = (void (*)(int))dlsym(RTLD_NEXT, "exit");
  if (real) real(status);
  _exit(status);
}

/* What the child runs on its own stack. Static: the program's stack is made inaccessible. Set and
 * forked under job_lock: threads of the program may check reductions at the same time. */
static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  void (*work)(void *, void *);
  void *arg, *answer;
  size_t size;
  char *stack_low; /* the program's stack, from the fork's frame up: protected in the child */
  size_t stack_bytes;
  ucontext_t from, to;
} job;

/* Only the answer pipe stays open (as ANSWER_FD), and stdio goes to /dev/null: the child can
 * reach neither the launcher nor the other ranks through a descriptor it inherited. */
static void keep_only_answer(int answer) {
  const int kept = fcntl(answer, F_DUPFD, 10);
  const int quiet = open("/dev/null", O_RDWR);
  if (quiet >= 0)
    for (int fd = 0; fd < 3; ++fd) dup2(quiet, fd);
  if (kept < 0 || dup2(kept, ANSWER_FD) != ANSWER_FD) _exit(1);
  if (syscall(SYS_close_range, ANSWER_FD + 1, ~0u, 0) != 0)
    for (int fd = ANSWER_FD + 1; fd < 65536; ++fd) close(fd);
}

/* Drops every shared mapping (the MPI library's shared-memory segments, device pages): a stray
 * MPI call in the child then faults instead of writing where the other ranks read. */
static void unmap_shared(void) {
  const int fd = open("/proc/self/maps", O_RDONLY);
  if (fd < 0) return;
  char *text = mmap(NULL, MAPS_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (text == MAP_FAILED) {
    close(fd);
    return;
  }
  size_t len = 0;
  ssize_t got;
  while (len < MAPS_BYTES - 1 && (got = read(fd, text + len, MAPS_BYTES - 1 - len)) > 0) len += (size_t)got;
  close(fd);
  text[len] = '\0';
  for (char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    unsigned long low, high;
    char perms[5];
    if (sscanf(line, "%lx-%lx %4s", &low, &high, perms) == 3 && perms[3] == 's') munmap((void *)low, high - low);
  }
  munmap(text, MAPS_BYTES);
}

static void default_signals(void) {
  static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGXCPU, SIGTERM, SIGPIPE};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; ++i) signal(fatal[i], SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
}

static void run_on_own_stack(void) {
  if (job.stack_bytes) mprotect(job.stack_low, job.stack_bytes, PROT_NONE);
  job.work(job.arg, job.answer);
  size_t sent = 0;
  while (sent < job.size) {
    const ssize_t n = write(ANSWER_FD, (const char *)job.answer + sent, job.size - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(1);
    sent += (size_t)n;
  }
  _exit(0);
}

/* The part of this thread's stack from the current frame's page up. */
static void program_stack(void) {
  pthread_attr_t attr;
  void *base = NULL;
  size_t size = 0;
  job.stack_bytes = 0;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
  if (pthread_attr_getstack(&attr, &base, &size) == 0 && base) {
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    const uintptr_t here = ((uintptr_t)__builtin_frame_address(0) & ~(page - 1)) + page;
    const uintptr_t top = (uintptr_t)base + size;
    if (here < top) {
      job.stack_low = (char *)here;
      job.stack_bytes = top - here;
    }
  }
  pthread_attr_destroy(&attr);
}

static void child_main(int answer) __attribute__((noreturn));
static void child_main(int answer) {
  in_child = 1;
  setpgid(0, 0);
  default_signals();
  program_stack(); /* before the descriptors go: it reads /proc/self/maps */
  keep_only_answer(answer);
  const rlim_t cpu = (rlim_t)ceil(op_seconds);
  const struct rlimit limit = {cpu, cpu + 1};
  setrlimit(RLIMIT_CPU, &limit);
  unmap_shared();
  void *stack = mmap(NULL, CHILD_STACK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (stack == MAP_FAILED || getcontext(&job.to) != 0) _exit(1);
  job.to.uc_stack.ss_sp = stack;
  job.to.uc_stack.ss_size = CHILD_STACK_BYTES;
  job.to.uc_link = NULL;
  makecontext(&job.to, run_on_own_stack, 0);
  swapcontext(&job.from, &job.to);
  _exit(1);
}

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Reads `size` bytes before the deadline; 0 at end of file (the child ended without answering),
 * on an error, or at the deadline. */
static int read_answer(int fd, void *into, size_t size, long long deadline) {
  size_t done = 0;
  while (done < size) {
    const long long left = deadline - now_ms();
    if (left <= 0) return 0;
    struct pollfd ready = {.fd = fd, .events = POLLIN};
    const int polled = poll(&ready, 1, (int)left);
    if (polled < 0 && errno == EINTR) continue;
    if (polled <= 0) return 0;
    const ssize_t got = read(fd, (char *)into + done, size - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return 0;
    done += (size_t)got;
  }
  return 1;
}

static void explain(int status, int reaped, int timed_out, char *why, size_t why_size) {
  if (timed_out)
    snprintf(why, why_size, "it did not return within %g s (REDSEM_CHECK_OP_SECONDS)", op_seconds);
  else if (!reaped)
    snprintf(why, why_size, "its process ended and could not be waited for");
  else if (WIFEXITED(status) && WEXITSTATUS(status) == LEFT_STATUS)
    snprintf(why, why_size, "it left by exit, MPI_Finalize or MPI_Abort instead of returning");
  else if (WIFEXITED(status))
    snprintf(why, why_size, "it left by _exit(%d) instead of returning", WEXITSTATUS(status));
  else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)
    snprintf(why, why_size, "it used more than %g s of CPU time (REDSEM_CHECK_OP_SECONDS)", op_seconds);
  else if (WIFSIGNALED(status))
    snprintf(why, why_size, "it was ended by signal %d (%s; a longjmp out of the function ends this way too)",
             WTERMSIG(status), strsignal(WTERMSIG(status)));
  else
    snprintf(why, why_size, "it ended without answering");
}

int rc_child_run(void (*work)(void *arg, void *answer), void *arg, void *answer, size_t size, char *why,
                 size_t why_size) {
  int channel[2];
  snprintf(why, why_size, "no process could be started to evaluate it");
  if (pipe2(channel, O_CLOEXEC) != 0) return 0;
  pthread_mutex_lock(&job_lock);
  job.work = work;
  job.arg = arg;
  job.answer = answer;
  job.size = size;
  const long long deadline = now_ms() + (long long)(op_seconds * 1000);
  const pid_t child = fork();
  if (child == 0) {
    close(channel[0]);
    child_main(channel[1]);
  }
  pthread_mutex_unlock(&job_lock);
  close(channel[1]);
  if (child < 0) {
    close(channel[0]);
    return 0;
  }
  setpgid(child, child); /* as the child does: whichever runs first, the group exists before the kill */
  const int received = read_answer(channel[0], answer, size, deadline);
  const int timed_out = !received && now_ms() >= deadline;
  close(channel[0]);
  kill(-child, SIGKILL); /* the child and anything it started; an answer is complete already */
  kill(child, SIGKILL);
  int status = 0, reaped;
  while ((reaped = waitpid(child, &status, 0)) < 0 && errno == EINTR) {
  }
  if (received) return 1;
  explain(status, reaped == child, timed_out, why, why_size);
  return 0;
}
