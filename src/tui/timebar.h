/* timebar.h: moving through the run's time from the keyboard: t asks for a
 * step or a time to go to, [ ] scrub back and forward through the history,
 * { } go to its ends; and the question before a change made in the past
 * drops the history's future (the steps after it no longer follow). */
#ifndef TECTONICA_TUI_TIMEBAR_H
#define TECTONICA_TUI_TIMEBAR_H

#include <curses.h>
#include <stdint.h>
#include "tui/layout.h"
#include "tui/ui.h"

/* Keys t [ ] { } (the key table's handlers). */
unsigned timebar_key(ui_t *u, int key);
/* A key while the go-to prompt is open (u->prompting). */
unsigned timebar_prompt_key(ui_t *u, int key);
/* Go to a step: replayed from the history, or played to past its end. */
unsigned timebar_go(ui_t *u, int64_t step);
/* The history's last step when the step on screen is before it (a change
 * here would drop the steps after it), else -1. */
int64_t timebar_future(const ui_t *u);
/* Ask y/n before a change in the past: what is the key waiting for the
 * answer ('R' rift, 'p' parameter). Returns true when it asked (the caller
 * then waits for confirm), false when nothing would be dropped. */
bool timebar_ask(ui_t *u, int what);
/* The status line's prompt or question at column x of r (the caller
 * checks u->prompting / u->confirm). */
void timebar_draw_prompt(ui_t *u, WINDOW *w, rect r, int x);

#endif
