/* layout.c: panel placement by terminal size (see layout.h). */
#include "tui/layout.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static rect mk(int y, int x, int h, int w)
{
	return (rect){y, x, h, w};
}

static void add_hidden(layout *l, const char *name)
{
	size_t n = strlen(l->hidden);
	snprintf(l->hidden + n, sizeof l->hidden - n, "%s%s", n ? ", " : "", name);
}

/* The map alone: the whole body, keeping its 2:1 shape. */
static void full_map(layout *l, int body_y, int body_h, int cols, bool border)
{
	int frame = border ? 2 : 0, legend = border ? 1 : 0;
	int mw = cols - frame, mh = (mw + 3) / 4;
	if (mh > body_h - frame - legend) {
		mh = body_h - frame - legend;
		mw = mh * 4 < cols - frame ? mh * 4 : cols - frame;
	}
	int bw = mw + frame, bh = mh + frame + legend;
	int by = body_y + (body_h - bh) / 2, bx = (cols - bw) / 2;
	l->map_border = border;
	l->map_box = (rect){by, bx, bh, bw};
	l->map = (rect){by + frame / 2, bx + frame / 2, mh, mw};
	if (border)
		l->legend = (rect){by + 1 + mh, bx + 1, 1, mw};
}

void layout_compute(layout *l, int lines, int cols, bool fullmap, bool no_side,
                    unsigned hide, unsigned want)
{
	memset(l, 0, sizeof *l);
	l->lines = lines;
	l->cols = cols;
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS) {
		l->too_small = true;
		return;
	}
	l->status = mk(0, 0, 1, cols);
	l->keys = mk(lines - 1, 0, 1, cols);
	int body_y = 1, body_h = lines - 2;
	int legend = hide & PANEL_LEGEND ? 0 : 1;

	if (fullmap) {
		full_map(l, body_y, body_h, cols, true);
		if (!legend) {
			l->legend.h = 0;
			l->map_box.h--;
		}
		return;
	}
	/* tiny terminals: a borderless map and nothing else */
	if (cols < 72 || lines < 20) {
		full_map(l, body_y, body_h, cols, false);
		add_hidden(l, "panels");
		size_t n = strlen(l->hidden);
		snprintf(l->hidden + n, sizeof l->hidden - n, " hidden (need 72x20; f: map)");
		return;
	}

	/* the right column: plates, world, parameters, unless v or their keys
	 * hid them all */
	bool side_plates = !no_side && !(hide & PANEL_PLATES);
	bool side_world = !no_side && !(hide & PANEL_WORLD);
	bool side_params = !no_side && !(hide & PANEL_PARAMS);
	bool side = side_plates || side_world || side_params;
	/* a narrow right column leaves the map at least 40 % of a 120x40
	 * screen (88x22 characters there) */
	int rw = cols < 100 ? 28 : cols < 160 ? 30 : cols * 3 / 10;
	if (rw > 56)
		rw = 56;
	if (!side)
		rw = 0;
	l->compact = rw < 40;
	int lw = cols - rw;

	/* below the map: Cell and History, as they fit or were asked for */
	bool cell = !(hide & PANEL_CELL), hist = !(hide & PANEL_HISTORY);
	int bottom_min = cell || hist ? 6 : 0;
	if (hist && (want & PANEL_HISTORY))
		bottom_min = LAYOUT_HISTORY_ROWS;

	/* map box: border, map rows, the legend row */
	l->map_border = true;
	int mw = lw - 2, mh = (mw + 3) / 4;
	if (mh + 2 + legend + bottom_min > body_h) {
		mh = body_h - 2 - legend - bottom_min;
		if (mh < 4 && bottom_min > 6) {
			/* History asked for where there is little room: keep 4 map rows */
			bottom_min = body_h - 2 - legend - 4;
			mh = 4;
		}
		if (mh < 6 && bottom_min <= 6) {
			/* no room below the map: give it the whole height */
			mh = body_h - 2 - legend;
			bottom_min = 0;
		}
		if (mh * 4 < mw)
			mw = mh * 4;
	}
	l->map_box = mk(body_y, 0, mh + 2 + legend, lw);
	l->map = mk(body_y + 1, 1 + (lw - 2 - mw) / 2, mh, mw);
	l->legend = mk(body_y + 1 + mh, 1, legend, lw - 2);

	int below_y = body_y + mh + 2 + legend, below_h = body_y + body_h - below_y;
	if (bottom_min && below_h >= 4) {
		int cw = lw * 40 / 100;
		if (cw < 30)
			cw = lw >= 60 ? 30 : lw;
		bool want_hist = hist && (want & PANEL_HISTORY), want_cell = cell && (want & PANEL_CELL);
		if (!cell || (want_hist && !want_cell && lw - cw < 30))
			cw = 0;                 /* History takes the width */
		else if (!hist || lw - cw < 30)
			cw = lw;                /* Cell does */
		if (cw > 0) {
			l->show_cell = true;
			l->cell = mk(below_y, 0, below_h, cw);
		} else if (cell) {
			add_hidden(l, "cell inspector");
		}
		if (cw < lw) {
			l->show_history = true;
			l->history = mk(below_y, cw, below_h, lw - cw);
		} else if (hist) {
			add_hidden(l, "history");
		}
	} else {
		if (cell)
			add_hidden(l, "cell inspector");
		if (hist)
			add_hidden(l, "history");
	}

	if (side) {
		int world_h = side_world ? (l->compact ? 8 : 7) : 0;   /* narrow: the state hash on a row */
		int rest = body_h - world_h;
		int plates_h = side_plates ? (side_params ? rest / 2 : rest) : 0;
		int params_h = side_params ? rest - plates_h : 0;
		if (!side_plates && !side_params)
			world_h = body_h;
		l->show_world = side_world;
		l->show_plates = side_plates && plates_h >= 4;
		l->show_params = side_params && params_h >= 4;
		l->plates = mk(body_y, lw, plates_h, rw);
		l->world = mk(body_y + plates_h, lw, world_h, rw);
		l->params = mk(body_y + plates_h + world_h, lw, params_h, rw);
		if (side_plates && !l->show_plates)
			add_hidden(l, "plates");
		if (side_params && !l->show_params)
			add_hidden(l, "parameters");
	}
	if (l->hidden[0]) {
		size_t n = strlen(l->hidden);
		snprintf(l->hidden + n, sizeof l->hidden - n, " hidden (need 100x30%s)",
		         strstr(l->hidden, "history") ? "; H shows History" : "");
	}
}
