// curses-counter: a small full-screen program written with ncurses alone, nothing of the kit,
// for Docs/Testing.md's "…and your whole program": TerminalKitTesting's TerminalSession drives
// any terminal program, not only the kit's.
//
// It shows "Count: N" in bold green; + adds one, - takes one away, q quits. It leaves the
// terminal as it found it (endwin).
#define _XOPEN_SOURCE_EXTENDED
#include <curses.h>
#include <locale.h>

static void draw(int count) {
  erase();
  box(stdscr, 0, 0);
  mvaddstr(0, 2, " Counter ");
  attron(A_BOLD | COLOR_PAIR(1));
  mvprintw(2, 2, "Count: %d", count);
  attroff(A_BOLD | COLOR_PAIR(1));
  mvaddstr(LINES - 2, 2, "+ add  - take away  q quit");
  refresh();
}

int main(void) {
  setlocale(LC_ALL, "");
  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(1, COLOR_GREEN, -1);
  }
  int count = 0;
  draw(count);
  for (int key = getch(); key != 'q' && key != ERR; key = getch()) {
    if (key == '+') count++;
    if (key == '-') count--;
    draw(count);
  }
  endwin();
  return 0;
}
