// wcwidth is declared only for X/Open programs.
#define _XOPEN_SOURCE 700
#include "cncurses.h"

#include <sys/ioctl.h>

WINDOW *cn_main_window(void) { return stdscr; }

int cn_window_height(WINDOW *window) {
  int height, width;
  getmaxyx(window, height, width);
  (void)width;
  return height;
}

int cn_window_width(WINDOW *window) {
  int height, width;
  getmaxyx(window, height, width);
  (void)height;
  return width;
}

attr_t cn_attribute_normal(void) { return A_NORMAL; }
attr_t cn_attribute_bold(void) { return A_BOLD; }
attr_t cn_attribute_dim(void) { return A_DIM; }
attr_t cn_attribute_reverse(void) { return A_REVERSE; }
attr_t cn_attribute_underline(void) { return A_UNDERLINE; }
attr_t cn_attribute_italic(void) { return A_ITALIC; }

int cn_color_pair_count(void) { return COLOR_PAIRS; }

int cn_color_count(void) { return COLORS; }

int cn_init_pair(int pair, int foreground, int background) {
  return init_extended_pair(pair, foreground, background);
}

int cn_put_cell(WINDOW *window, int y, int x, const wchar_t *characters, int count,
                attr_t attributes, int pair) {
  wchar_t text[CCHARW_MAX + 1];
  int length = count < CCHARW_MAX ? count : CCHARW_MAX;
  for (int index = 0; index < length; index++) text[index] = characters[index];
  text[length] = L'\0';
  cchar_t cell;
  // Pairs beyond a short travel through `opts` (ncurses' extended pairs).
  if (setcchar(&cell, text, attributes, 0, &pair) == ERR) return ERR;
  return mvwadd_wch(window, y, x, &cell);
}

int cn_character_width(wchar_t character) { return wcwidth(character); }

int cn_key_resize(void) { return KEY_RESIZE; }
int cn_key_back_tab(void) { return KEY_BTAB; }
int cn_key_delete(void) { return KEY_DC; }

int cn_key_enter(void) { return KEY_ENTER; }

int cn_terminal_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

// MARK: Bracketed paste

// Codes above every key ncurses defines, for the two sequences taught with define_key.
#define CN_KEY_PASTE_START (KEY_MAX + 1)
#define CN_KEY_PASTE_END (KEY_MAX + 2)

int cn_key_paste_start(void) { return CN_KEY_PASTE_START; }
int cn_key_paste_end(void) { return CN_KEY_PASTE_END; }

void cn_set_bracketed_paste(bool on) {
  if (on) {
    define_key("\033[200~", CN_KEY_PASTE_START);
    define_key("\033[201~", CN_KEY_PASTE_END);
    putp("\033[?2004h");
  } else {
    putp("\033[?2004l");
  }
  fflush(stdout);
}

// MARK: Mouse

int cn_key_mouse(void) { return KEY_MOUSE; }

bool cn_set_mouse(bool on) {
  if (!on) {
    mousemask(0, NULL);
    return false;
  }
  // Presses only, never releases or motion: a click acts on press, and the wheel is reported
  // as buttons 4 and 5. No click interval, so a press is reported at once.
  mmask_t wanted = BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED;
  mmask_t granted = mousemask(wanted, NULL);
  mouseinterval(0);
  return granted != 0;
}

cn_mouse_kind cn_read_mouse(int *x, int *y) {
  MEVENT event;
  if (getmouse(&event) != OK) return cn_mouse_other;
  *x = event.x;
  *y = event.y;
  if (event.bstate & BUTTON4_PRESSED) return cn_mouse_wheel_up;
  if (event.bstate & BUTTON5_PRESSED) return cn_mouse_wheel_down;
  if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return cn_mouse_press;
  return cn_mouse_other;
}
