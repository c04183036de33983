// The session starter's request format (see session_request.h).
#include "session_request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Appends `text` and its NUL to `buffer` at `*used`; 0, or -1 if it does not fit.
static int append(char *buffer, size_t capacity, size_t *used, const char *text) {
  size_t length = strlen(text) + 1;
  if (length > capacity - *used) return -1;
  memcpy(buffer + *used, text, length);
  *used += length;
  return 0;
}

size_t sr_encode(char *buffer, size_t capacity, const char *title, char *const argv[], char *const envp[]) {
  int count = 0;
  while (argv[count] != NULL) {
    if (++count > SR_MAXIMUM_ARGUMENTS) return 0;
  }
  char counted[16];
  (void)snprintf(counted, sizeof counted, "%d", count);
  size_t used = 0;
  int failed = append(buffer, capacity, &used, title);
  failed |= append(buffer, capacity, &used, counted);
  for (int index = 0; index < count && !failed; index++) failed |= append(buffer, capacity, &used, argv[index]);
  for (char *const *variable = envp; *variable != NULL && !failed; variable++) failed |= append(buffer, capacity, &used, *variable);
  return failed ? 0 : used;
}

/// The count of a request: decimal digits only, at most SR_MAXIMUM_ARGUMENTS; -1 otherwise.
static int parse_count(const char *text) {
  if (*text == 0 || strlen(text) > 4) return -1;
  int count = 0;
  for (const char *digit = text; *digit != 0; digit++) {
    if (*digit < '0' || *digit > '9') return -1;
    count = count * 10 + (*digit - '0');
  }
  return count <= SR_MAXIMUM_ARGUMENTS ? count : -1;
}

/// Points `strings[0..<count]` at the next `count` strings from `*cursor`; -1 if fewer are left.
static int take_strings(const char **cursor, const char *end, char **strings, int count) {
  for (int index = 0; index < count; index++) {
    if (*cursor >= end) return -1;
    strings[index] = (char *)*cursor;
    *cursor += strlen(*cursor) + 1;
  }
  strings[count] = NULL;
  return 0;
}

int sr_decode(const char *bytes, size_t length, struct sr_request *request) {
  memset(request, 0, sizeof *request);
  // Every string ends inside the request: the last byte is a NUL.
  if (length == 0 || bytes[length - 1] != 0) return -1;
  const char *end = bytes + length;
  const char *cursor = bytes;
  request->title = cursor;
  cursor += strlen(cursor) + 1;
  if (cursor >= end) return -1;
  int count = parse_count(cursor);
  if (count < 0) return -1;
  cursor += strlen(cursor) + 1;
  int variables = 0;
  for (const char *scan = cursor; scan < end; scan += strlen(scan) + 1) variables++;
  variables -= count;
  if (variables < 0) return -1;
  request->arguments = calloc((size_t)count + 1, sizeof(char *));
  request->environment = calloc((size_t)variables + 1, sizeof(char *));
  if (request->arguments == NULL || request->environment == NULL ||
      take_strings(&cursor, end, request->arguments, count) != 0 ||
      take_strings(&cursor, end, request->environment, variables) != 0) {
    sr_free(request);
    return -1;
  }
  request->argument_count = count;
  return 0;
}

void sr_free(struct sr_request *request) {
  free(request->arguments);
  free(request->environment);
  request->arguments = NULL;
  request->environment = NULL;
}
