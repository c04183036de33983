// Signal handling that keeps the user's terminal usable whatever happens to the process.
// Everything a handler does here is async-signal-safe: write(2), tcsetattr(3), sigaction(2),
// raise(3).
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "cncurses.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int event_signals[] = {SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1};
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static volatile sig_atomic_t event_fd = -1;
static int terminal_fd = -1;
static int output_fd = -1;
static struct termios saved_settings;
static volatile sig_atomic_t have_saved_settings = 0;
static char crash_note[512];
static size_t crash_note_length = 0;
static char alternate_stack[64 * 1024];

// Leave the alternate screen, reset colours and attributes, show the cursor, put the cursor keys
// back in normal mode, turn off every mouse reporting mode, and start a fresh line.
static const char reset_sequences[] =
    "\033[0m\033[?1049l\033[?25h\033[?1l\033>"
    "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?2004l\r\n";

static void write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, bytes, length);
    if (written < 0) {
      if (errno == EINTR) continue;
      return;
    }
    bytes += written;
    length -= (size_t)written;
  }
}

static void on_event_signal(int signal_number) {
  int saved_errno = errno;
  unsigned char byte = (unsigned char)signal_number;
  if (event_fd >= 0) (void)!write(event_fd, &byte, 1);
  errno = saved_errno;
}

static void on_fatal_signal(int signal_number) {
  if (have_saved_settings) tcsetattr(terminal_fd, TCSANOW, &saved_settings);
  if (output_fd >= 0) write_all(output_fd, reset_sequences, sizeof reset_sequences - 1);
  if (crash_note_length > 0 && output_fd >= 0) write_all(output_fd, crash_note, crash_note_length);
  // SA_RESETHAND has put the default action back: this ends the process as the signal would.
  raise(signal_number);
}

int cn_guard_install(int terminal, int output, int events, const char *note) {
  terminal_fd = terminal;
  output_fd = output;
  if (tcgetattr(terminal, &saved_settings) == 0) have_saved_settings = 1;
  crash_note_length = 0;
  if (note != NULL) {
    size_t length = strlen(note);
    if (length >= sizeof crash_note) length = sizeof crash_note - 1;
    memcpy(crash_note, note, length);
    crash_note_length = length;
  }
  event_fd = events;

  // A separate stack, so that even a stack overflow can restore the terminal.
  stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0};
  sigaltstack(&stack, NULL);

  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_event_signal;
  action.sa_flags = SA_RESTART;
  for (size_t index = 0; index < COUNT(event_signals); index++) {
    if (sigaction(event_signals[index], &action, NULL) != 0) return -1;
  }
  action.sa_handler = on_fatal_signal;
  action.sa_flags = SA_RESETHAND | SA_ONSTACK | SA_NODEFER;
  for (size_t index = 0; index < COUNT(fatal_signals); index++) {
    if (sigaction(fatal_signals[index], &action, NULL) != 0) return -1;
  }

  // A parent may have started us with signals blocked (some test runners and process
  // supervisors do); a blocked SIGHUP would leave the terminal broken when the connection drops.
  sigset_t ours;
  sigemptyset(&ours);
  for (size_t index = 0; index < COUNT(event_signals); index++) sigaddset(&ours, event_signals[index]);
  for (size_t index = 0; index < COUNT(fatal_signals); index++) sigaddset(&ours, fatal_signals[index]);
  pthread_sigmask(SIG_UNBLOCK, &ours, NULL);
  return 0;
}

void cn_guard_restore_settings(void) {
  if (have_saved_settings) tcsetattr(terminal_fd, TCSANOW, &saved_settings);
}

void cn_guard_abandon(int signal_number) {
  if (have_saved_settings) tcsetattr(terminal_fd, TCSANOW, &saved_settings);
  if (output_fd >= 0) write_all(output_fd, reset_sequences, sizeof reset_sequences - 1);
  _exit(128 + signal_number);
}

void cn_guard_uninstall(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = SIG_DFL;
  for (size_t index = 0; index < COUNT(event_signals); index++) {
    sigaction(event_signals[index], &action, NULL);
  }
  for (size_t index = 0; index < COUNT(fatal_signals); index++) {
    sigaction(fatal_signals[index], &action, NULL);
  }
  event_fd = -1;
}
