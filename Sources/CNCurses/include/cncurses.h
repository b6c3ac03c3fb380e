// CNCurses: the few ncursesw calls the terminal reader (`readaloud BOOK -i`) needs.
//
// Why this target exists: curses.h is full of macros (KEY_*, A_*, getch, stdscr) that Swift
// cannot import cleanly, and it declares names (`move`, `refresh`, `clear`) that would collide
// with Swift code. So only this file's prefixed functions, with stdint types, reach Swift;
// curses.h is included by cncurses.c alone. The terminal is driven through terminfo (Debian's
// ncursesw, package libncurses-dev), so no escape sequence of a particular terminal is assumed.
//
// Every function must be called from one thread.
#ifndef CNCURSES_H
#define CNCURSES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Keys the reader tells apart, translated from ncurses' KEY_* codes.
enum {
    CNCURSES_KEY_NONE = 0,
    CNCURSES_KEY_LEFT,
    CNCURSES_KEY_RIGHT,
    CNCURSES_KEY_UP,
    CNCURSES_KEY_DOWN,
    CNCURSES_KEY_SHIFT_LEFT,
    CNCURSES_KEY_SHIFT_RIGHT,
    CNCURSES_KEY_HOME,
    CNCURSES_KEY_END,
    CNCURSES_KEY_PAGE_UP,
    CNCURSES_KEY_PAGE_DOWN,
    CNCURSES_KEY_BACK_TAB,
    CNCURSES_KEY_ENTER,
    CNCURSES_KEY_BACKSPACE,
    CNCURSES_KEY_RESIZE,
    CNCURSES_KEY_OTHER,
};

/// What `cncurses_read` found.
enum {
    CNCURSES_READ_TIMEOUT = 0,  // nothing within the timeout
    CNCURSES_READ_CHARACTER = 1,  // `*value` is a Unicode scalar typed (Tab, Esc, Ctrl-C included)
    CNCURSES_READ_KEY = 2,  // `*value` is a CNCURSES_KEY_* code
};

/// Cell attributes for `cncurses_draw`, combinable.
enum {
    CNCURSES_REVERSE = 1,
    CNCURSES_UNDERLINE = 2,
    CNCURSES_BOLD = 4,
    /// White on black where the terminal has colours and NO_COLOR is not set.
    CNCURSES_HIGH_CONTRAST = 8,
};

/// Saves the terminal's settings, selects a UTF-8 character type (the user's locale, else
/// C.UTF-8), and starts curses on standard input and `output_fd` (standard output, or the
/// controlling terminal when standard output is redirected): raw mode, no echo, keypad keys,
/// the alternate screen, a visible cursor, a short Escape delay. Returns 0, or -1 with a
/// NUL-terminated reason in `error`.
int32_t cncurses_start(int32_t output_fd, char *error, int32_t capacity);

/// Ends curses: leaves the alternate screen, shows the cursor and restores the settings saved
/// by `cncurses_start`. Safe to call more than once and before a start.
void cncurses_stop(void);

/// Catches SIGINT, SIGTERM and SIGHUP (noted for `cncurses_pending_signal`) and, for fatal
/// signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP), restores the terminal before
/// handing the signal to whoever handled it before (the Swift runtime's backtracer, say).
void cncurses_install_signal_handlers(void);

/// The number of the last SIGINT, SIGTERM or SIGHUP caught, or 0.
int32_t cncurses_pending_signal(void);

/// Waits up to `timeout_ms` (negative: forever) for a key. See CNCURSES_READ_*.
int32_t cncurses_read(int32_t timeout_ms, uint32_t *value);

/// The screen's size in cells.
void cncurses_size(int32_t *rows, int32_t *columns);

/// Erases the whole screen (in the buffer; shown by `cncurses_refresh`).
void cncurses_erase(void);

/// Writes `count` Unicode scalars at row `y`, column `x`, with CNCURSES_* attributes. Combining
/// scalars join the cell before them.
void cncurses_draw(int32_t y, int32_t x, const uint32_t *scalars, int32_t count, int32_t attributes);

/// Puts the terminal's cursor at row `y`, column `x` (after the next refresh).
void cncurses_move(int32_t y, int32_t x);

/// Sends the changes to the terminal.
void cncurses_refresh(void);

/// Puts text on the system clipboard through the terminal (OSC 52), when terminfo says the
/// terminal can (its `Ms` capability, as xterm's and tmux's entries have): `base64` is the
/// text in base 64. Returns 1 when the sequence was sent, 0 when the terminal cannot.
int32_t cncurses_set_clipboard(const char *base64);

#ifdef __cplusplus
}
#endif

#endif
