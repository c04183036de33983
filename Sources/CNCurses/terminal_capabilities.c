// Questions to terminfo. Kept apart from cncurses.c: <term.h> defines macros named after every
// capability (`lines`, `columns`, …) that would rename ordinary identifiers there.
#include "cncurses.h"

#include <term.h>

bool cn_has_alternate_screen(void) {
  char *enter_alternate_screen = tigetstr("smcup");
  return enter_alternate_screen != NULL && enter_alternate_screen != (char *)-1 && enter_alternate_screen[0] != '\0';
}
