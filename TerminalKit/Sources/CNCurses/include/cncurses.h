// The C side of the terminal: what Swift cannot import from ncurses (macros, the wide-character
// API behind NCURSES_WIDECHAR, the stdscr global) and what must be written in C to be safe in a
// signal handler (restoring the terminal on a crash).
#ifndef CNCURSES_H
#define CNCURSES_H

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdbool.h>
#include <wchar.h>

// MARK: Screen

/// The main window of the current screen (ncurses' `stdscr`).
WINDOW *cn_main_window(void);
/// The window's height and width (ncurses' `getmaxyx` macro).
int cn_window_height(WINDOW *window);
int cn_window_width(WINDOW *window);

// MARK: Attributes and colours

attr_t cn_attribute_normal(void);
attr_t cn_attribute_bold(void);
attr_t cn_attribute_dim(void);
attr_t cn_attribute_reverse(void);
attr_t cn_attribute_underline(void);
/// Italic, where the terminal's terminfo has `sitm` (ncurses leaves it out elsewhere).
attr_t cn_attribute_italic(void);

/// How many colour pairs the terminal has (ncurses' `COLOR_PAIRS` global).
int cn_color_pair_count(void);
/// How many colours the terminal has (8, 256, …).
int cn_color_count(void);
/// Defines colour pair `pair` (which may be beyond 32,767) as `foreground` on `background`:
/// colour numbers, or 24-bit `0xRRGGBB` values on a direct-colour terminal; -1 is the default.
int cn_init_pair(int pair, int foreground, int background);

/// Puts one cell: `count` wide characters (a spacing character and up to four combining ones)
/// at row `y`, column `x`, with `attributes` and colour pair `pair`.
int cn_put_cell(WINDOW *window, int y, int x, const wchar_t *characters, int count,
                attr_t attributes, int pair);

/// The number of columns the C library says `character` takes (-1 if not printable).
int cn_character_width(wchar_t character);

/// The size the kernel reports for the terminal on `fd` (ioctl TIOCGWINSZ, which Swift cannot
/// call: ioctl is variadic). Returns 0, or -1 with errno set.
int cn_terminal_size(int fd, int *rows, int *columns);

/// Whether the terminal has an alternate screen (terminfo `smcup`): without one, whatever was
/// drawn last stays on screen after the program ends.
bool cn_has_alternate_screen(void);

// MARK: Keys

int cn_key_resize(void);
int cn_key_back_tab(void);
int cn_key_delete(void);
/// The codes ncurses gives Ctrl-Left and Ctrl-Right (terminfo's kLFT5 and kRIT5), or -1 where the
/// terminal has none. Asked once, after the screen is set up.
int cn_key_control_left(void);
int cn_key_control_right(void);
/// The same for Alt-Left and Alt-Right (terminfo's kLFT3 and kRIT3).
int cn_key_alt_left(void);
int cn_key_alt_right(void);
int cn_key_enter(void);

/// The key codes ncurses reports for the start and the end of a bracketed paste, once
/// `cn_enable_bracketed_paste` has taught it the sequences.
int cn_key_paste_start(void);
int cn_key_paste_end(void);

/// Asks the terminal to bracket pasted text (`ESC [ ? 2004 h`) and teaches ncurses the
/// brackets; `false` asks it to stop.
void cn_set_bracketed_paste(bool on);

// MARK: Mouse

/// Turns reporting of button presses and the wheel on or off. Returns whether the terminal
/// reports the mouse at all.
bool cn_set_mouse(bool on);

/// What a mouse report (`KEY_MOUSE`) was.
typedef enum {
  cn_mouse_other = 0,
  cn_mouse_press = 1,
  cn_mouse_wheel_up = 2,
  cn_mouse_wheel_down = 3,
} cn_mouse_kind;

/// Reads the pending mouse report: its kind and the cell it happened in.
cn_mouse_kind cn_read_mouse(int *x, int *y);

int cn_key_mouse(void);

// MARK: Guarding the terminal

/// Saves the terminal settings of `terminal_fd` and installs signal handlers:
/// - SIGWINCH, SIGTERM, SIGHUP, SIGINT and SIGQUIT write their number, as one byte, to
///   `event_fd` (the write end of a non-blocking pipe the run loop watches);
/// - fatal signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) restore the saved
///   settings, write the sequences that leave the alternate screen, show the cursor and turn
///   off mouse reporting and bracketed paste — all to `output_fd` — followed by `crash_note` (may be NULL), then
///   re-raise the signal so the process ends as it would have.
/// Returns 0, or -1 with errno set.
int cn_guard_install(int terminal_fd, int output_fd, int event_fd, const char *crash_note);

/// Puts back the terminal settings saved by `cn_guard_install`.
void cn_guard_restore_settings(void);

/// Restores the default handlers of every signal `cn_guard_install` took over.
void cn_guard_uninstall(void);

/// Gives the terminal back as a crash would — the saved settings, the sequences that leave the
/// alternate screen and show the cursor — and ends the process with status 128 + `signal_number`:
/// for a program that was asked to end and could not (its main thread stuck in a frame).
void cn_guard_abandon(int signal_number);

#endif
