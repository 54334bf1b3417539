/* layout.h: where each panel goes for a terminal size.
 *
 * The map keeps its 2:1 shape (W characters wide is W/4 rows tall) and takes
 * the free space; panels appear as room allows, and what does not fit is
 * named in `hidden` so the key bar can say so instead of drawing garbage. */
#ifndef TECTONICA_TUI_LAYOUT_H
#define TECTONICA_TUI_LAYOUT_H

#include <stdbool.h>

typedef struct rect { int y, x, h, w; } rect;

typedef struct layout {
	int lines, cols;
	bool too_small;             /* below 40x12: only a message */
	rect status, keys;          /* first and last rows */
	bool map_border;
	rect map_box, map, legend;  /* map = inner area in characters */
	bool show_plates, show_world, show_params, show_cell, show_history;
	bool compact;               /* narrow right column */
	rect plates, world, params, cell, history;
	char hidden[96];            /* "plates, params hidden (need 72x20)" or "" */
} layout;

enum { LAYOUT_MIN_COLS = 40, LAYOUT_MIN_LINES = 12 };

/* Panels the user hid or asked for (keys C H T W K L): a hidden one is not
 * drawn and its room goes to the others (all of the right column: to the
 * map); one asked for gets room even where the layout would leave it out
 * (History at 80x24 takes the width under the map and the rows its figures
 * need, the map gets smaller). */
enum {
	PANEL_CELL = 1u << 0, PANEL_HISTORY = 1u << 1, PANEL_PLATES = 1u << 2,
	PANEL_WORLD = 1u << 3, PANEL_PARAMS = 1u << 4, PANEL_LEGEND = 1u << 5,
};
/* Rows the History panel needs for all its figures (frame included). */
enum { LAYOUT_HISTORY_ROWS = 13 };

/* fullmap: the map takes the whole body (key f); no_side: the right
 * column (plates, world, parameters) is hidden and the map takes its width
 * (key v); hide, want: PANEL_* bits. */
void layout_compute(layout *l, int lines, int cols, bool fullmap, bool no_side,
                    unsigned hide, unsigned want);
static inline bool rect_has(rect r, int y, int x)
{
	return y >= r.y && y < r.y + r.h && x >= r.x && x < r.x + r.w;
}

#endif
