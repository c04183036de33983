// Pseudo-terminals for the SSH front door: what Swift cannot do safely itself (fork, then only
// async-signal-safe calls before exec) or cannot call at all (ioctl is variadic).
#ifndef PSEUDO_TERMINAL_H
#define PSEUDO_TERMINAL_H

#include <sys/types.h>

/// Opens a pseudo-terminal of `rows` × `columns`, and starts `path` with `argv` and `envp` on
/// its terminal side, as the leader of a new session whose controlling terminal it is. Returns
/// the child's pid and puts the controlling side's descriptor (close-on-exec, non-blocking) in
/// `*controller`; returns -1 with errno set if anything failed before the child started.
pid_t pt_spawn(const char *path, char *const argv[], char *const envp[], int rows, int columns,
               int *controller);

/// Sets the size of the pseudo-terminal whose controlling side is `controller`; the kernel
/// tells the program on it with SIGWINCH. Returns 0, or -1 with errno set.
int pt_resize(int controller, int rows, int columns);

/// Opens a pseudo-terminal of `rows` × `columns`: its controlling side (close-on-exec,
/// non-blocking) in `*controller`, its terminal side (close-on-exec) in `*terminal`. Returns 0,
/// or -1 with errno set.
int pt_open(int rows, int columns, int *controller, int *terminal);

/// Makes this process the reaper of its orphaned descendants (PR_SET_CHILD_SUBREAPER), so that a
/// store started by the session starter is this process's to wait for. Returns 0, or -1.
int pt_become_subreaper(void);

/// Makes SIGTERM and SIGINT write their number to a pipe, and returns the pipe's read end
/// (close-on-exec), or -1 with errno set. The handlers are in place when this returns, so a
/// signal sent at any moment after is kept, never lost (a Dispatch signal source is set up
/// asynchronously, and the signal ignored meanwhile would be gone).
int pt_watch_stop_signals(void);

// The session starter: the server's side (session_starter.c; the starter itself is the
// CSessionStarter target, linked only into the program that serves).

/// Starts `path --session-starter` as the session starter; puts the server's end of its socket
/// (close-on-exec) in `*socket`. Returns the starter's pid, or -1 with errno set.
pid_t ss_start(const char *path, int *socket);

/// Asks the starter at `socket` for a store with `argv` and `envp` on `terminal` (the terminal
/// side of a pty, which the store makes its controlling terminal), shown as `title` by `ps`.
/// Blocks until the starter answers; one request at a time per socket. Returns the store's pid,
/// or -1 with errno set (EPIPE or ECONNRESET: the starter has gone; EAGAIN: it did not answer
/// within 3 s).
pid_t ss_spawn(int socket, int terminal, const char *title, char *const argv[], char *const envp[]);

#endif
