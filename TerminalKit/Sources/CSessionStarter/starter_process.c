// The session starter of `onlinestore serve`: a copy of the program, started once, that forks a
// store for each session instead of executing the program anew.
//
// Why: each freshly executed store relocates every shared library it loads (Foundation, the
// Swift runtime, libcurl, …) and so writes megabytes of pages that are the same in every store,
// but private to each. A store forked from one process that already did that shares those pages
// with every other store until it writes them, which it mostly never does.
//
// Forking is only safe from a process with one thread. The starter never reaches `main`: it
// runs from a constructor, after the dynamic loader has relocated everything and before the
// Swift runtime, Dispatch or Foundation could start a thread. A store it forks returns from the
// constructor and goes on to `main` like any started program, with its own arguments and
// environment.
#define _GNU_SOURCE
#include "pseudo_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/// The option that makes the program a session starter; `sz_start` passes it.
static const char zygote_option[] = "--session-zygote";
/// The descriptor of the starter's socket to the server.
enum { zygote_socket = 3 };
/// The largest request: a title, the arguments and the environment of one store.
enum { request_capacity = 64 * 1024 };
/// How long the server waits for the starter to answer one request.
enum { starter_patience_seconds = 3 };
/// Room left in the starter's command line for a store's title (what `ps` shows).
enum { title_capacity = 512 };

static int session_argc = -1;
static char **session_argv = NULL;

char **sz_session_arguments(int *count) {
  *count = session_argc;
  return session_argv;
}

// MARK: The server's side

pid_t sz_start(const char *path, int *socket_out) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return -1;
  static char padding[title_capacity];
  memset(padding, ' ', sizeof padding - 1);
  padding[sizeof padding - 1] = 0;
  char *argv[] = {(char *)path, (char *)zygote_option, padding, NULL};
  pid_t pid = fork();
  if (pid < 0) {
    int saved = errno;
    close(pair[0]);
    close(pair[1]);
    errno = saved;
    return -1;
  }
  if (pid == 0) {
    // Only async-signal-safe calls until exec: this is a child of a threaded process.
    if (pair[1] == zygote_socket) {
      (void)fcntl(zygote_socket, F_SETFD, 0);
    } else if (dup2(pair[1], zygote_socket) < 0) {
      _exit(127);
    }
    // Not the server's environment: every store this starter forks would keep it in the
    // memory its first environment block occupies (/proc/PID/environ), whatever environment
    // the store is then given. The starter itself needs none.
    char *const clean[] = {"LANG=C.UTF-8", "PATH=/usr/local/bin:/usr/bin:/bin", NULL};
    execve(path, argv, clean);
    _exit(127);
  }
  close(pair[1]);
  // A starter that stopped answering (stopped, wedged) must not hold the server's event loop:
  // a request gets this long, then the starter counts as gone.
  struct timeval patience = {.tv_sec = starter_patience_seconds};
  (void)setsockopt(pair[0], SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
  (void)setsockopt(pair[0], SOL_SOCKET, SO_SNDTIMEO, &patience, sizeof patience);
  *socket_out = pair[0];
  return pid;
}

/// Appends `text` and its NUL to `buffer` at `*used`; 0, or -1 if it does not fit.
static int append(char *buffer, size_t *used, const char *text) {
  size_t length = strlen(text) + 1;
  if (*used + length > request_capacity) return -1;
  memcpy(buffer + *used, text, length);
  *used += length;
  return 0;
}

pid_t sz_spawn(int socket, int terminal, const char *title, char *const argv[], char *const envp[]) {
  char *request = malloc(request_capacity);
  if (request == NULL) return -1;
  size_t used = 0;
  int count = 0;
  while (argv[count] != NULL) count++;
  char counted[16];
  int failed = append(request, &used, title);
  (void)snprintf(counted, sizeof counted, "%d", count);
  failed |= append(request, &used, counted);
  for (int index = 0; index < count; index++) failed |= append(request, &used, argv[index]);
  for (char *const *variable = envp; *variable != NULL; variable++) failed |= append(request, &used, *variable);
  if (failed) {
    free(request);
    errno = E2BIG;
    return -1;
  }

  struct iovec part = {.iov_base = request, .iov_len = used};
  union {
    struct cmsghdr header;
    char space[CMSG_SPACE(sizeof(int))];
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space};
  struct cmsghdr *rights = CMSG_FIRSTHDR(&message);
  rights->cmsg_level = SOL_SOCKET;
  rights->cmsg_type = SCM_RIGHTS;
  rights->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(rights), &terminal, sizeof(int));
  ssize_t sent;
  do sent = sendmsg(socket, &message, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  free(request);
  if (sent < 0) return -1;

  int32_t reply = 0;
  ssize_t received;
  do received = recv(socket, &reply, sizeof reply, 0);
  while (received < 0 && errno == EINTR);
  if (received != sizeof reply) {
    if (received >= 0) errno = ECONNRESET;
    return -1;
  }
  if (reply <= 0) {
    errno = -reply;
    return -1;
  }
  return (pid_t)reply;
}

// MARK: The starter's side

/// A heap copy of `count` NUL-terminated strings from `*cursor`, as a NULL-terminated array.
static char **copy_strings(const char **cursor, const char *end, int count) {
  char **strings = calloc((size_t)count + 1, sizeof(char *));
  if (strings == NULL) return NULL;
  for (int index = 0; index < count; index++) {
    if (*cursor >= end) return NULL;
    strings[index] = strdup(*cursor);
    *cursor += strlen(*cursor) + 1;
  }
  return strings;
}

/// The starter's command line, which `ps` and /proc/PID/cmdline show: where it starts and how
/// long it is, measured once before the first title is written over it.
static char *title_area = NULL;
static size_t title_room = 0;

static void measure_title_area(char **argv) {
  title_area = argv[0];
  title_room = (size_t)(argv[2] + strlen(argv[2]) - argv[0]);
}

/// Writes `title` over the starter's command line, cut to fit.
static void set_title(const char *title) {
  memset(title_area, 0, title_room);
  strncpy(title_area, title, title_room - 1);
}

/// In a new store: the session's terminal becomes its controlling terminal and standard
/// streams; signals, arguments and environment become the session's.
static void become_store(int terminal, const char *request, size_t length) {
  const char *cursor = request;
  const char *end = request + length;
  const char *title = cursor;
  cursor += strlen(cursor) + 1;
  int count = atoi(cursor);
  cursor += strlen(cursor) + 1;
  char **arguments = copy_strings(&cursor, end, count);
  int variables = 0;
  for (const char *scan = cursor; scan < end; scan += strlen(scan) + 1) variables++;
  char **environment = copy_strings(&cursor, end, variables);
  if (arguments == NULL || environment == NULL || setsid() < 0 || ioctl(terminal, TIOCSCTTY, 0) != 0) _exit(127);
  for (int stream = 0; stream <= 2; stream++) {
    if (dup2(terminal, stream) < 0) _exit(127);
  }
  if (terminal > 2) close(terminal);
  close(zygote_socket);
  struct sigaction defaults = {.sa_handler = SIG_DFL};
  for (int signal = 1; signal < NSIG; signal++) (void)sigaction(signal, &defaults, NULL);
  sigset_t none;
  sigemptyset(&none);
  (void)sigprocmask(SIG_SETMASK, &none, NULL);
  set_title(title);
  environ = environment;
  session_argc = count;
  session_argv = arguments;
}

/// The one descriptor a request carries: the session's terminal. Any descriptor beyond the
/// first is closed at once, and a request with more than one is refused (-1), so that nothing
/// a request brings is kept by the starter or passed on to a store.
static int received_terminal(struct msghdr *message) {
  int terminal = -1;
  int count = 0;
  for (struct cmsghdr *part = CMSG_FIRSTHDR(message); part != NULL; part = CMSG_NXTHDR(message, part)) {
    if (part->cmsg_level != SOL_SOCKET || part->cmsg_type != SCM_RIGHTS) continue;
    size_t descriptors = (part->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t index = 0; index < descriptors; index++) {
      int descriptor;
      memcpy(&descriptor, CMSG_DATA(part) + index * sizeof(int), sizeof(int));
      if (count++ == 0) {
        terminal = descriptor;
      } else {
        close(descriptor);
      }
    }
  }
  if (count > 1 && terminal >= 0) {
    close(terminal);
    return -1;
  }
  return terminal;
}

/// Whether the server's end of the socket is closed. A sequenced-packet socket reads 0 bytes both
/// at the end and for an empty message; only the end hangs the socket up.
static int server_has_gone(void) {
  struct pollfd socket_state = {.fd = zygote_socket, .events = POLLIN | POLLRDHUP};
  if (poll(&socket_state, 1, 0) < 0) return 1;
  return (socket_state.revents & (POLLHUP | POLLRDHUP | POLLERR)) != 0;
}

/// The starter's loop: one request, one store. Returns only in a new store.
static void serve_requests(void) {
  char *request = malloc(request_capacity);
  if (request == NULL) _exit(1);
  for (;;) {
    struct iovec part = {.iov_base = request, .iov_len = request_capacity};
    // Room for a few descriptors, so that a request with more than one is seen (and refused)
    // rather than cut short with the extra ones lost in the kernel's hands.
    union {
      struct cmsghdr header;
      char space[CMSG_SPACE(4 * sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space};
    ssize_t length = recvmsg(zygote_socket, &message, MSG_CMSG_CLOEXEC);
    if (length < 0 && errno == EINTR) continue;
    if (length < 0) _exit(0);
    int terminal = received_terminal(&message);
    if (length == 0 && terminal < 0 && server_has_gone()) _exit(0);
    if (terminal < 0 || length == 0 || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || request[length - 1] != 0) {
      int32_t refusal = -EINVAL;
      (void)send(zygote_socket, &refusal, sizeof refusal, MSG_NOSIGNAL);
      if (terminal >= 0) close(terminal);
      continue;
    }
    // Two forks, so that the store is not the starter's child: when the middle process ends,
    // the store is handed to the server (a child subreaper), which waits for it as for any
    // store it started itself.
    pid_t middle = fork();
    if (middle == 0) {
      pid_t store = fork();
      if (store == 0) {
        become_store(terminal, request, (size_t)length);
        return;
      }
      int32_t reply = store > 0 ? (int32_t)store : -(int32_t)errno;
      (void)send(zygote_socket, &reply, sizeof reply, MSG_NOSIGNAL);
      _exit(0);
    }
    close(terminal);
    if (middle < 0) {
      int32_t reply = -(int32_t)errno;
      (void)send(zygote_socket, &reply, sizeof reply, MSG_NOSIGNAL);
      continue;
    }
    while (waitpid(middle, NULL, 0) < 0 && errno == EINTR) {
    }
  }
}

__attribute__((constructor)) static void run_as_session_starter(int argc, char **argv, char **envp) {
  (void)envp;
  if (argc != 3 || strcmp(argv[1], zygote_option) != 0) return;
  // Gone with the server, however it ends.
  (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
  struct sigaction defaults = {.sa_handler = SIG_DFL};
  (void)sigaction(SIGCHLD, &defaults, NULL);
  (void)syscall(SYS_close_range, zygote_socket + 1, ~0U, 0);
  measure_title_area(argv);
  set_title("onlinestore serve: session starter");
  serve_requests();
}
