// The session starter of `onlinestore serve` (see CPseudoTerminal/session_starter.c for the
// server's side): built only into the program that serves, since its constructor runs in every
// program it is linked into.
//
// Forking is only safe from a process with one thread. The starter never reaches `main`: it
// runs from a constructor, after the dynamic loader has relocated everything and before the
// Swift runtime, Dispatch or Foundation could start a thread. A store it forks returns from the
// constructor and goes on to `main` like any started program, with its own arguments and
// environment.
#define _GNU_SOURCE
#include "session_starter.h"
#include "session_request.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int session_argc = -1;
static char **session_argv = NULL;

char **ss_session_arguments(int *count) {
  *count = session_argc;
  return session_argv;
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
static void become_store(int terminal, const struct sr_request *request) {
  if (setsid() < 0 || ioctl(terminal, TIOCSCTTY, 0) != 0) _exit(127);
  for (int stream = 0; stream <= 2; stream++) {
    if (dup2(terminal, stream) < 0) _exit(127);
  }
  if (terminal > 2) close(terminal);
  close(SR_STARTER_SOCKET);
  struct sigaction defaults = {.sa_handler = SIG_DFL};
  for (int signal = 1; signal < NSIG; signal++) (void)sigaction(signal, &defaults, NULL);
  sigset_t none;
  sigemptyset(&none);
  (void)sigprocmask(SIG_SETMASK, &none, NULL);
  set_title(request->title);
  environ = request->environment;
  session_argc = request->argument_count;
  session_argv = request->arguments;
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
  struct pollfd socket_state = {.fd = SR_STARTER_SOCKET, .events = POLLIN | POLLRDHUP};
  if (poll(&socket_state, 1, 0) < 0) return 1;
  return (socket_state.revents & (POLLHUP | POLLRDHUP | POLLERR)) != 0;
}

/// The starter's loop: one request, one store. Returns only in a new store.
static void serve_requests(void) {
  char *request = malloc(SR_REQUEST_CAPACITY);
  if (request == NULL) _exit(1);
  for (;;) {
    struct iovec part = {.iov_base = request, .iov_len = SR_REQUEST_CAPACITY};
    // Room for a few descriptors, so that a request with more than one is seen (and refused)
    // rather than cut short with the extra ones lost in the kernel's hands.
    union {
      struct cmsghdr header;
      char space[CMSG_SPACE(4 * sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space};
    ssize_t length = recvmsg(SR_STARTER_SOCKET, &message, MSG_CMSG_CLOEXEC);
    if (length < 0 && errno == EINTR) continue;
    if (length < 0) _exit(0);
    int terminal = received_terminal(&message);
    if (length == 0 && terminal < 0 && server_has_gone()) _exit(0);
    // Checked before anything is forked: a request that is not one is refused, not started.
    struct sr_request decoded;
    if (terminal < 0 || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || sr_decode(request, (size_t)length, &decoded) != 0) {
      int32_t refusal = -EINVAL;
      (void)send(SR_STARTER_SOCKET, &refusal, sizeof refusal, MSG_NOSIGNAL);
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
        become_store(terminal, &decoded);
        return;
      }
      int32_t reply = store > 0 ? (int32_t)store : -(int32_t)errno;
      (void)send(SR_STARTER_SOCKET, &reply, sizeof reply, MSG_NOSIGNAL);
      _exit(0);
    }
    sr_free(&decoded);
    close(terminal);
    if (middle < 0) {
      int32_t reply = -(int32_t)errno;
      (void)send(SR_STARTER_SOCKET, &reply, sizeof reply, MSG_NOSIGNAL);
      continue;
    }
    while (waitpid(middle, NULL, 0) < 0 && errno == EINTR) {
    }
  }
}

__attribute__((constructor)) static void run_as_session_starter(int argc, char **argv, char **envp) {
  (void)envp;
  if (argc != 3 || strcmp(argv[1], SR_STARTER_OPTION) != 0) return;
  // Gone with the server, however it ends.
  (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
  struct sigaction defaults = {.sa_handler = SIG_DFL};
  (void)sigaction(SIGCHLD, &defaults, NULL);
  (void)syscall(SYS_close_range, SR_STARTER_SOCKET + 1, ~0U, 0);
  measure_title_area(argv);
  set_title("onlinestore serve: session starter");
  serve_requests();
}
