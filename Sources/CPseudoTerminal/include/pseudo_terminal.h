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

#endif
