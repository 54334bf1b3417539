/* plate_table.h: the plate table panel: one row per plate, sortable and
 * scrollable, with its own keys and mouse rows. The selection is a plate id
 * (u->plate_sel_id), so it follows the plate through sorts and steps; the
 * map outlines that plate. */
#ifndef TECTONICA_TUI_PLATE_TABLE_H
#define TECTONICA_TUI_PLATE_TABLE_H

#include <curses.h>
#include "tui/ui.h"

void plate_table_draw(ui_t *u, WINDOW *w);
/* Key in the plate table; returns DIRTY_* flags, 0 if not handled. */
unsigned plate_table_key(ui_t *u, int key);
/* Mouse row inside the panel selects a plate (y relative to the screen). */
unsigned plate_table_click(ui_t *u, int y, int x);
/* Plate index (into snap->plates) of the followed plate, or -1. */
int plate_table_selected(const ui_t *u);
/* The table got the focus: follow its top plate if none is followed. */
unsigned plate_table_focus(ui_t *u);

#endif
