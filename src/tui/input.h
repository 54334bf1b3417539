/* input.h: the key table. Every binding is one row: keys, the name shown in
 * the help overlay, what it does and its handler. Arrow keys and Enter go to
 * the focused panel first (pan the map, move in a table, edit a value). */
#ifndef TECTONICA_TUI_INPUT_H
#define TECTONICA_TUI_INPUT_H

#include <stddef.h>
#include "tui/ui.h"

typedef struct key_binding {
	int keys[3];              /* 0-terminated alternatives */
	const char *name;         /* as shown in help, e.g. "q F10" */
	const char *help;
	unsigned (*fn)(ui_t *u, int key);   /* NULL: documented, handled by a panel */
} key_binding;

extern const key_binding key_table[];
extern const size_t key_table_len;

/* Handle one key from getch (mouse included); returns DIRTY_* flags. */
unsigned input_key(ui_t *u, int key);

/* Target steps per second one notch faster or slower than `cur` (0 = max). */
double input_speed_step(double cur, int dir);

#endif
