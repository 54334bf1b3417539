/* panels.h: the text panels around the map. Each draw function only reads
 * the ui state and the snapshot; the interactive ones (plates, parameters)
 * are plate_table.h and paramedit.h. */
#ifndef TECTONICA_TUI_PANELS_H
#define TECTONICA_TUI_PANELS_H

#include <curses.h>
#include "tui/ui.h"

void panel_status(ui_t *u, WINDOW *w);      /* first row */
void panel_keys(ui_t *u, WINDOW *w);        /* last row: keys or what is hidden */
void panel_world(ui_t *u, WINDOW *w);
void panel_cell(ui_t *u, WINDOW *w);

#endif
