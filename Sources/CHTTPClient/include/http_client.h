#ifndef HTTP_CLIENT_H
#define HTTP_CLIENT_H

#include <stddef.h>
#include <stdint.h>

/// One HTTP exchange through libcurl's easy interface, bounded in every way a hostile server
/// could stretch it. No redirect is followed here: the caller decides each hop.
typedef struct {
  const char *url;
  /// "GET" or "POST".
  const char *method;
  /// "Name: value" lines.
  const char *const *headers;
  size_t header_count;
  const uint8_t *body;
  size_t body_size;
  /// The most body bytes taken: the transfer stops the moment an answer would pass it.
  size_t maximum_bytes;
  /// The whole exchange, connecting included.
  long timeout_ms;
  /// Connect only to public addresses (checked on the address libcurl is about to connect to,
  /// after the name was resolved).
  int public_only;
  /// Read as the transfer goes on (whenever bytes move, and about once a second while none
  /// do): non-zero ends it.
  const volatile int *cancelled;
} hc_request;

typedef enum {
  HC_OK = 0,
  HC_TIMED_OUT = 1,
  HC_REFUSED = 2,
  HC_HOST_NOT_FOUND = 3,
  HC_CONNECTION_LOST = 4,
  HC_TOO_LARGE = 5,
  HC_CANCELLED = 6,
  HC_TLS_FAILED = 7,
  HC_NOT_HTTP = 8,
  HC_ADDRESS_REFUSED = 9,
  HC_OTHER = 10,
} hc_outcome;

typedef struct {
  hc_outcome outcome;
  long status;
  /// The body, `body_size` bytes, malloc'd (free with hc_response_free).
  uint8_t *body;
  size_t body_size;
  /// Header values, NUL-terminated, or NULL when absent: ETag, Cache-Control, Location.
  char *entity_tag;
  char *cache_control;
  char *location;
  /// libcurl's words, or which address was refused.
  char message[256];
} hc_response;

hc_outcome hc_perform(const hc_request *request, hc_response *response);
void hc_response_free(hc_response *response);

/// Whether an IPv4 (4 bytes) or IPv6 (16 bytes) address is one anyone on the internet has.
int hc_is_public(const uint8_t *address, size_t length);

#endif
