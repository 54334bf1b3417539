/* help.h: the help overlay, generated from the key table. */
#ifndef TECTONICA_TUI_HELP_H
#define TECTONICA_TUI_HELP_H

#include <curses.h>
#include "tui/input.h"
#include "tui/ui.h"

void help_draw(ui_t *u, WINDOW *w, const key_binding *keys, int nkeys);
/* A key while help is open: scroll it, or close it (q included). */
unsigned help_key(ui_t *u, int key, int nkeys);

#endif
