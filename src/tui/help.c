/* help.c: a centred box listing every key binding (the key table is passed
 * in), so the help can never disagree with what the keys do. It fits any terminal the
 * dashboard draws on and scrolls when the list is longer than the box. */
#include "tui/help.h"

#include <curses.h>
#include "tui/input.h"
#include "tui/palette.h"
#include "tui/widgets.h"

/* Rows of keys the box shows at this terminal size. */
static int visible_rows(const ui_t *u, int nkeys)
{
	int h = nkeys + 3;
	if (h > u->lay.lines - 2)
		h = u->lay.lines - 2;
	return h - 3;
}

static void clamp_top(ui_t *u, int nkeys)
{
	int rows = visible_rows(u, nkeys), max = nkeys - rows;
	if (u->help_top > max)
		u->help_top = max;
	if (u->help_top < 0)
		u->help_top = 0;
}

void help_draw(ui_t *u, WINDOW *w, const key_binding *keys, int nkeys)
{
	clamp_top(u, nkeys);
	int rows = visible_rows(u, nkeys);
	int wd = 62 < u->lay.cols - 2 ? 62 : u->lay.cols - 2;
	rect box = {(u->lay.lines - (rows + 3)) / 2, (u->lay.cols - wd) / 2, rows + 3, wd};
	palette_use(w, UI_TEXT);
	for (int y = 0; y < box.h; y++)
		mvwhline(w, box.y + y, box.x, ' ', box.w);
	widget_box(u, w, box, "Help: keys", true);
	rect r = widget_inner(box);
	for (int y = 0; y < rows; y++) {
		const key_binding *k = &keys[u->help_top + y];
		palette_use(w, UI_KEY);
		widget_printf(w, r, y, 1, "%-11s", k->name);
		palette_use(w, UI_TEXT);
		widget_printf(w, r, y, 13, "%s", k->help);
	}
	palette_use(w, UI_DIM);
	if (rows < nkeys)
		widget_printf(w, r, r.h - 1, 1, "%d-%d/%d %s scroll  q esc ? close",
		              u->help_top + 1, u->help_top + rows, nkeys,
		              ui_sym(u, "\u2191\u2193 PgUp PgDn", "arrows PgUp PgDn"));
	else
		widget_printf(w, r, r.h - 1, 1, "q esc ? close this help");
	palette_use(w, UI_TEXT);
}

unsigned help_key(ui_t *u, int key, int nkeys)
{
	int rows = visible_rows(u, nkeys);
	switch (key) {
	case KEY_UP: case 'k': u->help_top--; break;
	case KEY_DOWN: case 'j': u->help_top++; break;
	case KEY_PPAGE: u->help_top -= rows; break;
	case KEY_NPAGE: case ' ': u->help_top += rows; break;
	case KEY_HOME: u->help_top = 0; break;
	case KEY_END: u->help_top = nkeys; break;
	case KEY_MOUSE: case KEY_RESIZE: break;
	default:
		/* q, esc, ? and any other key close the help; none acts */
		u->help = false;
		break;
	}
	clamp_top(u, nkeys);
	return DIRTY_TEXT;
}
