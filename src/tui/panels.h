/* panels.h: the text panels around the map. Each draw function only reads
 * the ui state and the snapshot; the interactive ones (plates, parameters)
 * have their key handlers in plate_table.c and paramedit.c. */
#ifndef TECTONICA_TUI_PANELS_H
#define TECTONICA_TUI_PANELS_H

#include <curses.h>
#include "tui/ui.h"

void panel_status(ui_t *u, WINDOW *w);      /* first row */
void panel_keys(ui_t *u, WINDOW *w);        /* last row: keys or what is hidden */
void panel_world(ui_t *u, WINDOW *w);
void panel_biomes(ui_t *u, WINDOW *w);
void panel_cell(ui_t *u, WINDOW *w);

/* plate_table.c */
void panel_plates(ui_t *u, WINDOW *w);
/* Key in the plate table; returns DIRTY_* flags, 0 if not handled. */
unsigned plates_key(ui_t *u, int key);
/* Mouse row inside the panel selects a plate (y relative to the screen). */
unsigned plates_click(ui_t *u, int y, int x);
/* Plate index (into snap->plates) of the selected row, or -1. */
int plates_selected(const ui_t *u);

/* paramedit.c */
void panel_params(ui_t *u, WINDOW *w);
unsigned params_key(ui_t *u, int key);
unsigned params_click(ui_t *u, int y, int x);

#endif
