/* help.c: a centred box listing every key binding (from key_table), so the
 * help can never disagree with what the keys do. */
#include "tui/help.h"

#include "tui/input.h"
#include "tui/palette.h"
#include "tui/widgets.h"

void help_draw(ui_t *u, WINDOW *w)
{
	int rows = (int)key_table_len + 1, cols = 58;
	int h = rows + 2 < u->lay.lines - 2 ? rows + 2 : u->lay.lines - 2;
	int wd = cols < u->lay.cols - 2 ? cols : u->lay.cols - 2;
	rect box = {(u->lay.lines - h) / 2, (u->lay.cols - wd) / 2, h, wd};
	for (int y = 0; y < box.h; y++)
		mvwhline(w, box.y + y, box.x, ' ', box.w);
	widget_box(u, w, box, "Help: keys", true);
	rect r = widget_inner(box);
	int y = 0;
	for (size_t i = 0; i < key_table_len && y < r.h - 1; i++, y++) {
		palette_use(w, UI_KEY);
		widget_printf(w, r, y, 1, "%-10s", key_table[i].name);
		palette_use(w, UI_TEXT);
		widget_printf(w, r, y, 12, "%s", key_table[i].help);
	}
	palette_use(w, UI_DIM);
	if (y < (int)key_table_len)
		widget_printf(w, r, r.h - 1, 1, "(%d more: enlarge the terminal) any key closes",
		              (int)key_table_len - y);
	else
		widget_printf(w, r, r.h - 1, 1, "any key closes this help");
	palette_use(w, UI_TEXT);
}
