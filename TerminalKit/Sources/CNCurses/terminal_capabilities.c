// Questions to terminfo. Kept apart from cncurses.c: <term.h> defines macros named after every
// capability (`lines`, `columns`, …) that would rename ordinary identifiers there.
#include "cncurses.h"

#include <term.h>

bool cn_has_alternate_screen(void) {
  char *enter_alternate_screen = tigetstr("smcup");
  return enter_alternate_screen != NULL && enter_alternate_screen != (char *)-1 && enter_alternate_screen[0] != '\0';
}

static int extended_key(const char *capability) {
  char *sequence = tigetstr(capability);
  if (sequence == NULL || sequence == (char *)-1) return -1;
  int code = key_defined(sequence);
  return code > 0 ? code : -1;
}

int cn_key_control_left(void) {
  static int code = -2;
  if (code == -2) code = extended_key("kLFT5");
  return code;
}

int cn_key_control_right(void) {
  static int code = -2;
  if (code == -2) code = extended_key("kRIT5");
  return code;
}

int cn_key_alt_left(void) {
  static int code = -2;
  if (code == -2) code = extended_key("kLFT3");
  return code;
}

int cn_key_alt_right(void) {
  static int code = -2;
  if (code == -2) code = extended_key("kRIT3");
  return code;
}
