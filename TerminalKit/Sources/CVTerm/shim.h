// libvterm (Debian's libvterm-dev, 0.1.4), the terminal emulator Neovim embeds: what the test
// harness puts on the other side of a program's pseudo-terminal.
#include <vterm.h>
