#define _XOPEN_SOURCE_EXTENDED 1
#define _DEFAULT_SOURCE 1
#include "cncurses.h"

#include <ncursesw/curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

static SCREEN *screen;
static FILE *output;
static int output_descriptor = 1;
static struct termios saved_settings;
static int has_saved_settings;
static int has_contrast_colors;
static volatile sig_atomic_t pending_signal;
/// What a fatal-signal handler writes to restore the screen (rmcup, cnorm, sgr0), copied from
/// terminfo at start so that the handler only calls async-signal-safe functions.
static char restore_sequence[256];
static size_t restore_length;
static struct sigaction previous_fatal[32];

static void append_capability(const char *name) {
    char *value = tigetstr((char *)name);
    if (value == NULL || value == (char *)-1) return;
    size_t length = strlen(value);
    if (restore_length + length >= sizeof restore_sequence) return;
    memcpy(restore_sequence + restore_length, value, length);
    restore_length += length;
}

static void choose_utf8_locale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return;
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "C.utf8");
}

int32_t cncurses_start(int32_t output_fd, char *error, int32_t capacity) {
    if (screen != NULL) return 0;
    if (tcgetattr(0, &saved_settings) == 0) has_saved_settings = 1;
    choose_utf8_locale();
    output_descriptor = output_fd;
    output = fdopen(dup(output_fd), "w");
    if (output == NULL) {
        snprintf(error, (size_t)capacity, "cannot write to the terminal");
        return -1;
    }
    screen = newterm(NULL, output, stdin);
    if (screen == NULL) {
        const char *term = getenv("TERM");
        snprintf(error, (size_t)capacity, "cannot start the terminal (TERM=%s has no terminfo entry)",
                 term ? term : "(unset)");
        fclose(output);
        output = NULL;
        return -1;
    }
    set_term(screen);
    raw();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(1);
    // Shifted arrows as xterm and tmux send them, for terminfo entries (screen) that lack them.
    if (key_defined("\033[1;2D") <= 0) define_key("\033[1;2D", KEY_SLEFT);
    if (key_defined("\033[1;2C") <= 0) define_key("\033[1;2C", KEY_SRIGHT);
    const char *no_color = getenv("NO_COLOR");
    if (has_colors() && (no_color == NULL || no_color[0] == '\0')) {
        start_color();
        use_default_colors();
        init_pair(1, COLOR_WHITE, COLOR_BLACK);
        has_contrast_colors = 1;
    }
    restore_length = 0;
    append_capability("sgr0");
    append_capability("cnorm");
    append_capability("rmcup");
    return 0;
}

void cncurses_stop(void) {
    if (screen == NULL) return;
    curs_set(1);
    endwin();
    delscreen(screen);
    screen = NULL;
    if (output != NULL) {
        fclose(output);
        output = NULL;
    }
    if (has_saved_settings) tcsetattr(0, TCSANOW, &saved_settings);
}

static void note_signal(int number) { pending_signal = number; }

static void restore_and_reraise(int number) {
    if (restore_length > 0) {
        ssize_t ignored = write(output_descriptor, restore_sequence, restore_length);
        (void)ignored;
    }
    if (has_saved_settings) tcsetattr(0, TCSANOW, &saved_settings);
    // The handler before ours (the Swift runtime's backtracer) reports the crash; if it
    // returns (a signal sent with kill, which no instruction will raise again), die by default.
    sigaction(number, &previous_fatal[number], NULL);
    raise(number);
    signal(number, SIG_DFL);
    raise(number);
    _exit(128 + number);
}

void cncurses_install_signal_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = note_signal;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    action.sa_handler = restore_and_reraise;
    action.sa_flags = SA_RESETHAND;
    for (size_t index = 0; index < sizeof fatal / sizeof fatal[0]; index++) {
        sigaction(fatal[index], &action, &previous_fatal[fatal[index]]);
    }
}

int32_t cncurses_pending_signal(void) { return pending_signal; }

static uint32_t translate(wint_t key) {
    switch (key) {
    case KEY_LEFT: return CNCURSES_KEY_LEFT;
    case KEY_RIGHT: return CNCURSES_KEY_RIGHT;
    case KEY_UP: return CNCURSES_KEY_UP;
    case KEY_DOWN: return CNCURSES_KEY_DOWN;
    case KEY_SLEFT: return CNCURSES_KEY_SHIFT_LEFT;
    case KEY_SRIGHT: return CNCURSES_KEY_SHIFT_RIGHT;
    case KEY_HOME: return CNCURSES_KEY_HOME;
    case KEY_END: return CNCURSES_KEY_END;
    case KEY_PPAGE: return CNCURSES_KEY_PAGE_UP;
    case KEY_NPAGE: return CNCURSES_KEY_PAGE_DOWN;
    case KEY_BTAB: return CNCURSES_KEY_BACK_TAB;
    case KEY_ENTER: return CNCURSES_KEY_ENTER;
    case KEY_BACKSPACE: return CNCURSES_KEY_BACKSPACE;
    case KEY_RESIZE: return CNCURSES_KEY_RESIZE;
    default: return CNCURSES_KEY_OTHER;
    }
}

int32_t cncurses_read(int32_t timeout_ms, uint32_t *value) {
    if (screen == NULL) return CNCURSES_READ_TIMEOUT;
    wtimeout(stdscr, timeout_ms);
    wint_t key = 0;
    int result = wget_wch(stdscr, &key);
    if (result == KEY_CODE_YES) {
        *value = translate(key);
        return CNCURSES_READ_KEY;
    }
    if (result == OK) {
        *value = (uint32_t)key;
        return CNCURSES_READ_CHARACTER;
    }
    return CNCURSES_READ_TIMEOUT;
}

void cncurses_size(int32_t *row_count, int32_t *column_count) {
    if (screen == NULL) {
        *row_count = 0;
        *column_count = 0;
        return;
    }
    *row_count = getmaxy(stdscr);
    *column_count = getmaxx(stdscr);
}

void cncurses_erase(void) {
    if (screen != NULL) werase(stdscr);
}

void cncurses_draw(int32_t y, int32_t x, const uint32_t *scalars, int32_t count, int32_t attributes) {
    if (screen == NULL || count <= 0) return;
    attr_t attrs = A_NORMAL;
    short pair = 0;
    if (attributes & CNCURSES_REVERSE) attrs |= A_REVERSE;
    if (attributes & CNCURSES_UNDERLINE) attrs |= A_UNDERLINE;
    if (attributes & CNCURSES_BOLD) attrs |= A_BOLD;
    if ((attributes & CNCURSES_HIGH_CONTRAST) && has_contrast_colors) pair = 1;
    wchar_t buffer[256];
    int32_t length = count < 255 ? count : 255;
    for (int32_t index = 0; index < length; index++) buffer[index] = (wchar_t)scalars[index];
    buffer[length] = 0;
    wattr_set(stdscr, attrs, pair, NULL);
    mvwaddnwstr(stdscr, y, x, buffer, length);
    wattr_set(stdscr, A_NORMAL, 0, NULL);
}

void cncurses_move(int32_t y, int32_t x) {
    if (screen != NULL) wmove(stdscr, y, x);
}

void cncurses_refresh(void) {
    if (screen != NULL) wrefresh(stdscr);
}

int32_t cncurses_set_clipboard(const char *base64) {
    if (screen == NULL || output == NULL) return 0;
    char *format = tigetstr("Ms");
    if (format == NULL || format == (char *)-1) return 0;
    // Ms takes the selection ("c": the clipboard) and the base-64 text.
    char *sequence = tiparm(format, "c", base64);
    if (sequence == NULL) return 0;
    fputs(sequence, output);
    fflush(output);
    return 1;
}
