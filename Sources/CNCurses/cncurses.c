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

int cn_color_pair_count(void) { return COLOR_PAIRS; }

int cn_put_cell(WINDOW *window, int y, int x, const wchar_t *characters, int count,
                attr_t attributes, short pair) {
  wchar_t text[CCHARW_MAX + 1];
  int length = count < CCHARW_MAX ? count : CCHARW_MAX;
  for (int index = 0; index < length; index++) text[index] = characters[index];
  text[length] = L'\0';
  cchar_t cell;
  if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
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
