/* paramedit.h: the parameter editor panel: live parameters listed, edited
 * in place and sent to the stepping thread. */
#ifndef TECTONICA_TUI_PARAMEDIT_H
#define TECTONICA_TUI_PARAMEDIT_H

#include <curses.h>
#include "tui/ui.h"

void paramedit_draw(ui_t *u, WINDOW *w);
/* Key in the editor; returns DIRTY_* flags, 0 if not handled. */
unsigned paramedit_key(ui_t *u, int key);
/* Build the planet again with the step-0 key edit waiting (u->pend_def)
 * after y/n. */
unsigned paramedit_rebuild(ui_t *u);
/* Send the live edit waiting in u->pend_* (a key of param_table, or of
 * noise layer pend_layer), after a y to "drop the steps after this one?". */
void paramedit_send(ui_t *u);
/* Mouse row inside the panel selects a parameter (y relative to the screen). */
unsigned paramedit_click(ui_t *u, int y, int x);

#endif
