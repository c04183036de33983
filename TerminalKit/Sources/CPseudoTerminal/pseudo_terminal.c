#define _GNU_SOURCE
#include "pseudo_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <stdlib.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

pid_t pt_spawn(const char *path, char *const argv[], char *const envp[], int rows, int columns,
               int *controller) {
  struct winsize size = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns};
  int fd = -1;
  pid_t pid = forkpty(&fd, NULL, NULL, &size);
  if (pid < 0) return -1;
  if (pid == 0) {
    // The child: forkpty made it a session leader with the terminal side as its controlling
    // terminal and standard input, output and error. Signals the server ignores or handles go
    // back to their defaults, so the store's own handlers start from a clean slate.
    struct sigaction defaults = {.sa_handler = SIG_DFL};
    for (int signal = 1; signal < NSIG; signal++) (void)sigaction(signal, &defaults, NULL);
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
    // Nothing of the server's goes with the store: not the listening socket, not another
    // session's connection or pty, whether or not it was marked close-on-exec in time.
    (void)syscall(SYS_close_range, 3, ~0U, 0);
    execve(path, argv, envp);
    _exit(127);
  }
  (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
  (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  *controller = fd;
  return pid;
}

int pt_resize(int controller, int rows, int columns) {
  struct winsize size = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns};
  return ioctl(controller, TIOCSWINSZ, &size);
}

int pt_open(int rows, int columns, int *controller, int *terminal) {
  // Both sides are close-on-exec from the moment they exist: a store started at the same
  // moment on another thread must not inherit this session's terminal, or the session would
  // not end when its own store does.
  int control = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (control < 0) return -1;
  char name[64];
  if (grantpt(control) != 0 || unlockpt(control) != 0 || ptsname_r(control, name, sizeof name) != 0) {
    int saved = errno;
    close(control);
    errno = saved;
    return -1;
  }
  int side = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (side < 0 || pt_resize(control, rows, columns) != 0) {
    int saved = errno;
    if (side >= 0) close(side);
    close(control);
    errno = saved;
    return -1;
  }
  *controller = control;
  *terminal = side;
  return 0;
}

int pt_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

static int stop_signal_pipe = -1;

static void on_stop_signal(int number) {
  int saved = errno;
  unsigned char byte = (unsigned char)number;
  if (stop_signal_pipe >= 0) (void)!write(stop_signal_pipe, &byte, 1);
  errno = saved;
}

int pt_watch_stop_signals(void) {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) return -1;
  (void)fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK);
  stop_signal_pipe = ends[1];
  struct sigaction action = {.sa_handler = on_stop_signal, .sa_flags = SA_RESTART};
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGTERM, &action, NULL) != 0 || sigaction(SIGINT, &action, NULL) != 0) return -1;
  return ends[0];
}
