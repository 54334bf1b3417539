/* history.h: the History panel: a sparkline per figure over the whole run
 * (from the stepping thread's timeline), with the step on screen marked. */
#ifndef TECTONICA_TUI_HISTORY_H
#define TECTONICA_TUI_HISTORY_H

#include <curses.h>
#include <stdint.h>
#include "tui/ui.h"

void history_draw(ui_t *u, WINDOW *w);
/* The step of the graph column at screen position y, x (the graphs and the
 * time bar under them, as last drawn), or -1. */
int64_t history_step_at(const ui_t *u, int y, int x);

#endif
