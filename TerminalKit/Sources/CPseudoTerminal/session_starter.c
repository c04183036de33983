// The server's side of the session starter (the starter itself is CSessionStarter): starting
// it, and asking it for a store per session.
//
// The starter is a copy of the program, started once, that forks a store for each session
// instead of executing the program anew: a freshly executed store relocates every shared
// library it loads and so writes megabytes of pages that are the same in every store but
// private to each; a store forked from one process that already did that shares them.
#define _GNU_SOURCE
#include "pseudo_terminal.h"
#include "session_request.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

/// How long the server waits for the starter to answer one request.
enum { starter_patience_seconds = 3 };
/// Room left in the starter's command line for a store's title (what `ps` shows).
enum { title_capacity = 512 };

pid_t ss_start(const char *path, int *socket_out) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return -1;
  static char padding[title_capacity];
  memset(padding, ' ', sizeof padding - 1);
  padding[sizeof padding - 1] = 0;
  char *argv[] = {(char *)path, (char *)SR_STARTER_OPTION, padding, NULL};
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
    if (pair[1] == SR_STARTER_SOCKET) {
      (void)fcntl(SR_STARTER_SOCKET, F_SETFD, 0);
    } else if (dup2(pair[1], SR_STARTER_SOCKET) < 0) {
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

pid_t ss_spawn(int socket, int terminal, const char *title, char *const argv[], char *const envp[]) {
  char *request = malloc(SR_REQUEST_CAPACITY);
  if (request == NULL) return -1;
  size_t used = sr_encode(request, SR_REQUEST_CAPACITY, title, argv, envp);
  if (used == 0) {
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

