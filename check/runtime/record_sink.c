/* SPDX-License-Identifier: BSD-3-Clause */
/* Where a rank's record lines go (record_sink.h). The connection's protocol, which
 * tools/mpi/record_listener.cpp answers: the rank sends one header line
 *   redsem-check 1 <token> <file name>\n
 * the launcher answers "ok\n", and every byte after the header is the file's content. */
#define _GNU_SOURCE
#include "record_sink.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record_state.h"

/* Bounds on reaching a launcher that does not answer: a connect to an address of another
 * network, a listener that is not redsem's. Past them the rank writes its file instead. */
#define CONNECT_MS 5000
#define ANSWER_MS 30000

static struct {
  int is_socket;
  char name[64];        /* the file name the lines belong to */
  pthread_mutex_t lock; /* one line at a time on a stream socket: a send may be split */
} sink = {.lock = PTHREAD_MUTEX_INITIALIZER};

static char host_name[256];

static const char *this_host(void) {
  if (!host_name[0] && gethostname(host_name, sizeof host_name - 1) != 0) strcpy(host_name, "?");
  return host_name;
}

/* Waits up to `ms` for `events` on fd; 1 when they came. */
static int wait_for(int fd, short events, int ms) {
  struct pollfd p = {.fd = fd, .events = events};
  int n;
  do n = poll(&p, 1, ms);
  while (n < 0 && errno == EINTR);
  return n == 1 && (p.revents & events);
}

/* One write(2) or send(2) of a line's bytes. The line is built on the heap, which may share a
 * page with window memory the watcher protected: the kernel then refuses the buffer (EFAULT),
 * and the bytes go again through a copy on this stack (the copy's fault is the library's own,
 * stepped past by the watcher). */
static ssize_t put_some(int fd, const char *text, size_t len, int socket) {
  const ssize_t n = socket ? send(fd, text, len, MSG_NOSIGNAL) : write(fd, text, len);
  if (n >= 0 || errno != EFAULT) return n;
  char bounce[1024];
  const size_t part = len < sizeof bounce ? len : sizeof bounce;
  memcpy(bounce, text, part);
  return socket ? send(fd, bounce, part, MSG_NOSIGNAL) : write(fd, bounce, part);
}

static int send_all(int fd, const char *text, size_t len) {
  while (len > 0) {
    const ssize_t n = put_some(fd, text, len, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    text += n;
    len -= (size_t)n;
  }
  return 0;
}

/* A connected, blocking socket to `ai`, or -1. */
static int connect_to(const struct addrinfo *ai) {
  const int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
  if (fd < 0) return -1;
  int error = 0;
  socklen_t len = sizeof error;
  if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 ||
      (errno == EINPROGRESS && wait_for(fd, POLLOUT, CONNECT_MS) &&
       getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) == 0 && error == 0)) {
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0) return fd;
  }
  close(fd);
  return -1;
}

/* The header sent and the launcher's "ok" read on fd. */
static int handshake(int fd, const char *token, const char *name) {
  char header[256], answer[3];
  const int n = snprintf(header, sizeof header, "redsem-check 1 %s %s\n", token, name);
  if (n <= 0 || (size_t)n >= sizeof header || send_all(fd, header, (size_t)n) != 0) return -1;
  size_t got = 0;
  while (got < sizeof answer && wait_for(fd, POLLIN, ANSWER_MS)) {
    const ssize_t r = recv(fd, answer + got, sizeof answer - got, 0);
    if (r <= 0) break;
    got += (size_t)r;
  }
  return got == sizeof answer && memcmp(answer, "ok\n", 3) == 0 ? 0 : -1;
}

/* A connection to `host` (a name, an IPv4 address or an IPv6 one) at `port` that answered, or -1. */
static int connect_host(const char *host, const char *port, const char *token, const char *name) {
  const struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
  struct addrinfo *found = NULL;
  if (getaddrinfo(host, port, &hints, &found) != 0) return -1;
  int fd = -1;
  for (const struct addrinfo *ai = found; ai && fd < 0; ai = ai->ai_next) {
    fd = connect_to(ai);
    if (fd >= 0 && handshake(fd, token, name) != 0) {
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  return fd;
}

/* A connection to the first of the comma-separated HOST:PORT addresses of `where` that answers;
 * an IPv6 HOST is in brackets ("[fd00::3]:4567"). A node without IPv4 (or without IPv6) fails
 * at once on the other family's addresses and goes on to the next. */
static int connect_launcher(const char *where, const char *token, const char *name) {
  char *list = strdup(where); /* a host's many addresses may be long */
  if (!list) return -1;
  int fd = -1;
  char *save = NULL;
  for (char *item = strtok_r(list, ",", &save); item && fd < 0; item = strtok_r(NULL, ",", &save)) {
    char *colon = strrchr(item, ':');
    if (!colon) continue;
    *colon = '\0';
    const size_t len = strlen(item);
    if (len >= 2 && item[0] == '[' && item[len - 1] == ']') {
      item[len - 1] = '\0';
      ++item;
    }
    fd = connect_host(item, colon + 1, token, name);
  }
  free(list);
  return fd;
}

/* Creates `dir` and its missing parents (0700): on another node than the launcher's it does not
 * exist yet. */
static void make_directories(const char *dir) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s", dir);
  for (char *slash = strchr(path + 1, '/');; slash = strchr(slash + 1, '/')) {
    if (slash) *slash = '\0';
    mkdir(path, 0700);
    if (!slash) return;
    *slash = '/';
  }
}

/* This node's file for the sink's name: appended to, never truncated (one-process jobs of a
 * launcher of another MPI all write rank-0.jsonl, and all their `start` lines must stay);
 * O_NOFOLLOW: a link planted in the directory never redirects the lines. */
static int open_file(void) {
  const char *dir = getenv("REDSEM_CHECK_DIR");
  if (!dir || !*dir) return -1;
  make_directories(dir);
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s", dir, sink.name);
  const int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    fprintf(stderr, "redsem check: %s cannot write %s on %s: %s (nothing more is recorded)\n", sink.name, path,
            this_host(), strerror(errno));
  else if (getenv("REDSEM_CHECK_CONNECT"))
    fprintf(stderr,
            "redsem check: %s is written to %s on %s (copy it beside the others and run redsem check --records)\n",
            sink.name, path, this_host());
  return fd;
}

int rc_sink_open(const char *name) {
  snprintf(sink.name, sizeof sink.name, "%s", name);
  const char *where = getenv("REDSEM_CHECK_CONNECT");
  const char *token = getenv("REDSEM_CHECK_TOKEN");
  if (where && *where && token && *token) {
    const int fd = connect_launcher(where, token, sink.name);
    if (fd >= 0) {
      sink.is_socket = 1;
      return rc_state.fd = fd;
    }
    fprintf(stderr, "redsem check: %s on %s cannot reach redsem check at %s\n", sink.name, this_host(), where);
  }
  sink.is_socket = 0;
  return rc_state.fd = open_file();
}

void rc_sink_write(const char *text, size_t len) {
  if (!__atomic_load_n(&sink.is_socket, __ATOMIC_ACQUIRE)) {
    const int fd = __atomic_load_n(&rc_state.fd, __ATOMIC_ACQUIRE);
    if (fd < 0) return;
    /* One write per line (O_APPEND): lines of several threads never interleave. */
    size_t done = 0;
    while (done < len) {
      const ssize_t n = put_some(fd, text + done, len - done, 0);
      if (n <= 0) break; /* a full disk loses the record, never the program's run */
      done += (size_t)n;
    }
    return;
  }
  pthread_mutex_lock(&sink.lock);
  if (!sink.is_socket) { /* another thread fell back to the file while this one waited */
    pthread_mutex_unlock(&sink.lock);
    rc_sink_write(text, len);
    return;
  }
  if (send_all(rc_state.fd, text, len) != 0) {
    /* The launcher is gone or the network failed: what it received stays in its file, the
     * rest goes to this node's, this line whole. */
    fprintf(stderr, "redsem check: %s on %s lost its connection to redsem check: %s\n", sink.name, this_host(),
            strerror(errno));
    const int connection = rc_state.fd, file = open_file();
    /* The file before the flag: a thread that reads the flag unlocked then finds the file. */
    __atomic_store_n(&rc_state.fd, file, __ATOMIC_RELEASE);
    __atomic_store_n(&sink.is_socket, 0, __ATOMIC_RELEASE);
    close(connection);
    pthread_mutex_unlock(&sink.lock);
    rc_sink_write(text, len);
    return;
  }
  pthread_mutex_unlock(&sink.lock);
}

void rc_sink_close(void) {
  if (rc_state.fd >= 0) close(rc_state.fd);
  rc_state.fd = -1;
  sink.is_socket = 0;
}
