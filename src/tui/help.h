/* help.h: the help overlay, generated from the key table. */
#ifndef TECTONICA_TUI_HELP_H
#define TECTONICA_TUI_HELP_H

#include <curses.h>
#include "tui/ui.h"

void help_draw(ui_t *u, WINDOW *w);

#endif
