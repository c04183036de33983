// What the SSH front door asks the session starter for, and how it goes over their socket: the
// one format both sides share, encoded by the server and decoded (and checked) by the starter.
#ifndef SESSION_REQUEST_H
#define SESSION_REQUEST_H

#include <stddef.h>

/// The option that makes the program a session starter (`ss_start` passes it).
#define SR_STARTER_OPTION "--session-starter"
/// The descriptor of the starter's socket to the server.
enum { SR_STARTER_SOCKET = 3 };
/// The largest request: a title, the arguments and the environment of one store.
enum { SR_REQUEST_CAPACITY = 64 * 1024 };
/// The most arguments a request may carry.
enum { SR_MAXIMUM_ARGUMENTS = 1024 };

/// A request, decoded. Its strings are the request's own bytes: keep the request while they are
/// used. `arguments` and `environment` are NULL-terminated arrays from the heap (`sr_free`).
struct sr_request {
  const char *title;
  int argument_count;
  char **arguments;
  char **environment;
};

/// Encodes a request for a store shown as `title`, with `argv` and `envp` (both
/// NULL-terminated) into `buffer` of `capacity` bytes: the title, the argument count in decimal,
/// the arguments, then the environment, each ending with a NUL. Returns the bytes used, or 0
/// if it does not fit (or there are more than SR_MAXIMUM_ARGUMENTS arguments).
size_t sr_encode(char *buffer, size_t capacity, const char *title, char *const argv[], char *const envp[]);

/// Decodes `length` bytes of a request into `*request`. Returns 0, or -1 for anything that is not
/// a request `sr_encode` could have written: empty, not ending with a NUL, a count that is not
/// a decimal number of at most SR_MAXIMUM_ARGUMENTS, fewer strings than the count says. On -1
/// nothing is left to free.
int sr_decode(const char *bytes, size_t length, struct sr_request *request);

/// Frees the arrays of a decoded request (not its strings, which are the request's).
void sr_free(struct sr_request *request);

#endif
