/* history.h: the History panel: a sparkline per figure over the whole run
 * (from the stepping thread's timeline), with the step on screen marked. */
#ifndef TECTONICA_TUI_HISTORY_H
#define TECTONICA_TUI_HISTORY_H

#include <curses.h>
#include "tui/ui.h"

void history_draw(ui_t *u, WINDOW *w);

#endif
