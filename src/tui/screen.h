/* screen.h: terminal set-up and teardown, colour capability, signals.
 *
 * The one place that calls newterm/endwin. Teardown is idempotent and is
 * reached from every exit path: q, SIGINT/SIGTERM/SIGHUP (flags checked by the
 * main loop), fatal errors (screen_fatal) and crashes (a handler that restores
 * the terminal, then re-raises). */
#ifndef TECTONICA_TUI_SCREEN_H
#define TECTONICA_TUI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	COLOR_MONO,      /* no colours, or NO_COLOR: glyphs and attributes */
	COLOR_8,         /* 8/16 colours: coloured glyphs */
	COLOR_256,       /* xterm 256 palette, nearest with ordered dither */
	COLOR_DIRECT     /* 24-bit colour (terminfo RGB, e.g. xterm-direct) */
} color_depth;

typedef struct screen_caps {
	color_depth depth;
	bool utf8;           /* locale can draw the half block and symbols */
	bool halfblock;      /* map uses two pixels per character */
	bool mouse;
	int colors, pairs;
	bool no_color_env;   /* NO_COLOR set and non-empty */
} screen_caps;

/* Install signal handlers (before the terminal is touched). */
void screen_signals_install(void);
/* The pending SIGINT/SIGTERM/SIGHUP number, or 0. */
int screen_signal_pending(void);

/* Set up the terminal; fills caps. -1 with a message when TERM is unusable. */
int screen_init(screen_caps *caps, bool want_mouse, char *err, size_t errlen);
/* Restore the terminal; safe to call more than once. */
void screen_done(void);
/* Restore the terminal, print "tectonica: msg" and exit(1). */
void screen_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
