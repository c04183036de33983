// HTTP through libcurl's easy interface, with the bounds FoundationNetworking's URLSession could
// not keep: its libcurl read on after a task was cancelled at a size cap (hundreds of MB of an
// endless answer), it resolves names itself (so an address could not be checked where it is
// connected to), and it follows redirects out of sight. Here the body stops at its cap inside
// the write callback, every address is checked in the socket callback, and nothing redirects.

#include "http_client.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

int hc_is_public(const uint8_t *a, size_t length) {
  if (length == 4) {
    if (a[0] == 0 || a[0] == 10 || a[0] == 127) return 0;
    if (a[0] == 100 && a[1] >= 64 && a[1] <= 127) return 0;  // shared (RFC 6598)
    if (a[0] == 169 && a[1] == 254) return 0;  // link-local, cloud metadata
    if (a[0] == 172 && a[1] >= 16 && a[1] <= 31) return 0;
    if (a[0] == 192 && a[1] == 168) return 0;
    if (a[0] == 192 && a[1] == 0 && a[2] == 0) return 0;  // IETF protocol assignments
    if (a[0] == 198 && (a[1] == 18 || a[1] == 19)) return 0;  // benchmarking
    if (a[0] >= 224) return 0;  // multicast, reserved, broadcast
    return 1;
  }
  if (length != 16) return 0;
  static const uint8_t zeros[10] = {0};
  if (memcmp(a, zeros, 10) == 0 && ((a[10] == 0xFF && a[11] == 0xFF) || (a[10] == 0 && a[11] == 0))) {
    // IPv4-mapped and IPv4-compatible; :: and ::1 among the latter.
    if (a[10] == 0 && a[12] == 0 && a[13] == 0 && a[14] == 0 && a[15] <= 1) return 0;
    return hc_is_public(a + 12, 4);
  }
  static const uint8_t nat64[12] = {0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0};
  if (memcmp(a, nat64, 12) == 0) return hc_is_public(a + 12, 4);
  if (a[0] == 0xFF) return 0;  // multicast
  if ((a[0] & 0xFE) == 0xFC) return 0;  // unique local
  if (a[0] == 0xFE && (a[1] & 0xC0) == 0x80) return 0;  // link-local
  if (a[0] == 0xFE && (a[1] & 0xC0) == 0xC0) return 0;  // site-local
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0D && a[3] == 0xB8) return 0;  // documentation
  return (a[0] & 0xE0) == 0x20;  // global unicast
}

struct exchange {
  const hc_request *request;
  hc_response *response;
  size_t header_bytes;
  size_t capacity;
  int over_limit;
  int address_refused;
};

static size_t take_body(char *data, size_t size, size_t count, void *context) {
  struct exchange *exchange = context;
  size_t bytes = size * count;
  hc_response *response = exchange->response;
  if (bytes > exchange->request->maximum_bytes - response->body_size) {
    exchange->over_limit = 1;
    return 0;  // libcurl ends the transfer at once (CURLE_WRITE_ERROR)
  }
  if (bytes == 0) return 0;
  if (response->body_size + bytes > exchange->capacity) {
    // Doubling, never past the cap: each byte is copied a bounded number of times.
    size_t capacity = exchange->capacity ? exchange->capacity : 16 * 1024;
    while (capacity < response->body_size + bytes) capacity *= 2;
    if (capacity > exchange->request->maximum_bytes) capacity = exchange->request->maximum_bytes;
    uint8_t *grown = realloc(response->body, capacity);
    if (!grown) return 0;
    response->body = grown;
    exchange->capacity = capacity;
  }
  memcpy(response->body + response->body_size, data, bytes);
  response->body_size += bytes;
  return bytes;
}

// The value of header `name` in `line` ("Name: value\r\n"), malloc'd, or NULL.
static char *header_value(const char *line, size_t length, const char *name) {
  size_t name_length = strlen(name);
  if (length <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') return NULL;
  const char *start = line + name_length + 1;
  const char *end = line + length;
  while (start < end && (*start == ' ' || *start == '\t')) start++;
  while (end > start && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ')) end--;
  char *value = malloc((size_t)(end - start) + 1);
  if (!value) return NULL;
  memcpy(value, start, (size_t)(end - start));
  value[end - start] = 0;
  return value;
}

static void keep(char **slot, char *value) {
  if (!value) return;
  free(*slot);
  *slot = value;
}

static size_t take_header(char *data, size_t size, size_t count, void *context) {
  struct exchange *exchange = context;
  size_t bytes = size * count;
  exchange->header_bytes += bytes;
  if (exchange->header_bytes > 64 * 1024) return 0;  // headers without end
  hc_response *response = exchange->response;
  if (bytes >= 5 && strncmp(data, "HTTP/", 5) == 0) {
    // A new answer's status line (after a 100 Continue): forget the last one's headers.
    free(response->entity_tag);
    free(response->cache_control);
    free(response->location);
    response->entity_tag = response->cache_control = response->location = NULL;
    return bytes;
  }
  keep(&response->entity_tag, header_value(data, bytes, "ETag"));
  keep(&response->cache_control, header_value(data, bytes, "Cache-Control"));
  keep(&response->location, header_value(data, bytes, "Location"));
  return bytes;
}

static int watch_progress(void *context, curl_off_t down_total, curl_off_t down_now, curl_off_t up_total, curl_off_t up_now) {
  (void)down_total, (void)down_now, (void)up_total, (void)up_now;
  struct exchange *exchange = context;
  return exchange->request->cancelled && *exchange->request->cancelled ? 1 : 0;
}

// Every socket libcurl opens, with the address it is for: refused unless public when asked.
static curl_socket_t open_checked(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
  (void)purpose;
  struct exchange *exchange = context;
  if (exchange->request->public_only) {
    const uint8_t *bytes = NULL;
    size_t length = 0;
    if (address->family == AF_INET) {
      bytes = (const uint8_t *)&((struct sockaddr_in *)&address->addr)->sin_addr;
      length = 4;
    } else if (address->family == AF_INET6) {
      bytes = (const uint8_t *)&((struct sockaddr_in6 *)&address->addr)->sin6_addr;
      length = 16;
    }
    if (!bytes || !hc_is_public(bytes, length)) {
      char shown[INET6_ADDRSTRLEN] = "?";
      if (bytes) inet_ntop(address->family, bytes, shown, sizeof shown);
      snprintf(exchange->response->message, sizeof exchange->response->message, "%s is an address of this machine or its network", shown);
      exchange->address_refused = 1;
      return CURL_SOCKET_BAD;
    }
  }
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

static hc_outcome outcome_of(CURLcode code, const struct exchange *exchange) {
  if (exchange->address_refused) return HC_ADDRESS_REFUSED;
  if (exchange->over_limit) return HC_TOO_LARGE;
  switch (code) {
  case CURLE_OK: return HC_OK;
  case CURLE_OPERATION_TIMEDOUT: return HC_TIMED_OUT;
  case CURLE_COULDNT_CONNECT: return HC_REFUSED;
  case CURLE_COULDNT_RESOLVE_HOST: return HC_HOST_NOT_FOUND;
  case CURLE_FILESIZE_EXCEEDED: return HC_TOO_LARGE;
  case CURLE_ABORTED_BY_CALLBACK: return HC_CANCELLED;
  case CURLE_RECV_ERROR: case CURLE_SEND_ERROR: case CURLE_GOT_NOTHING: case CURLE_PARTIAL_FILE: return HC_CONNECTION_LOST;
  case CURLE_SSL_CONNECT_ERROR: case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CERTPROBLEM: case CURLE_SSL_CACERT_BADFILE:
    return HC_TLS_FAILED;
  case CURLE_UNSUPPORTED_PROTOCOL: case CURLE_WEIRD_SERVER_REPLY: return HC_NOT_HTTP;
  default: return HC_OTHER;
  }
}

hc_outcome hc_perform(const hc_request *request, hc_response *response) {
  pthread_once(&global_once, global_init);
  memset(response, 0, sizeof *response);
  struct exchange exchange = {.request = request, .response = response};
  CURL *curl = curl_easy_init();
  if (!curl) {
    snprintf(response->message, sizeof response->message, "libcurl could not start");
    return response->outcome = HC_OTHER;
  }
  struct curl_slist *headers = NULL;
  for (size_t i = 0; i < request->header_count; i++) headers = curl_slist_append(headers, request->headers[i]);
  // libcurl would otherwise add "Expect: 100-continue" to larger POSTs and wait for it.
  headers = curl_slist_append(headers, "Expect:");
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl, CURLOPT_URL, request->url);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->timeout_ms);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->timeout_ms);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, NULL);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->maximum_bytes);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, take_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &exchange);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, take_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &exchange);
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, watch_progress);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &exchange);
  curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, open_checked);
  curl_easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &exchange);
  // A fresh connection each time: a reused one could skip the address check.
  curl_easy_setopt(curl, CURLOPT_FORBID_REUSE, 1L);
  // POST and PUT carry the body; any method but GET is sent as named (a PUT was once sent as a
  // GET, its body dropped).
  if (request->method && strcmp(request->method, "GET") != 0) {
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, (const char *)request->body);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_size);
    if (strcmp(request->method, "POST") != 0) curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request->method);
  }
  CURLcode code = curl_easy_perform(curl);
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
  response->outcome = outcome_of(code, &exchange);
  if (response->outcome != HC_OK && response->outcome != HC_ADDRESS_REFUSED) {
    snprintf(response->message, sizeof response->message, "%s", error[0] ? error : curl_easy_strerror(code));
  }
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  return response->outcome;
}

void hc_response_free(hc_response *response) {
  free(response->body);
  free(response->entity_tag);
  free(response->cache_control);
  free(response->location);
  response->body = NULL;
  response->entity_tag = response->cache_control = response->location = NULL;
}
