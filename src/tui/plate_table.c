/* plate_table.c: the plate table: one row per plate, sortable by any column,
 * scrollable, with the plate's map colour as its swatch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "tui/lineage.h"
#include "tui/palette.h"
#include "tui/plate_table.h"
#include "tui/widgets.h"

/* qsort has no context argument in C11: the table being sorted */
static const snapshot_t *sort_snap;
static plate_sort sort_col;
static bool sort_desc;

static double key_of(const plate_info *p, plate_sort c)
{
	switch (c) {
	case PSORT_ID: return p->id;
	case PSORT_TYPE: return p->type;
	case PSORT_AREA: return p->area_fraction;
	case PSORT_CONT: return p->continental_fraction;
	case PSORT_SPEED: return p->speed_cm_yr;
	case PSORT_POLE: return p->pole_lat;
	case PSORT_ELEV: return p->mean_elevation_m;
	default: return 0;
	}
}

static int cmp(const void *a, const void *b)
{
	const plate_info *pa = &sort_snap->plates[*(const int *)a];
	const plate_info *pb = &sort_snap->plates[*(const int *)b];
	double ka = key_of(pa, sort_col), kb = key_of(pb, sort_col);
	int r = ka < kb ? -1 : ka > kb ? 1 : pa->id - pb->id;
	return sort_desc ? -r : r;
}

/* Indices of the plates on the map, in display order; returns the count
 * (<= cap). */
static int sorted(const ui_t *u, int *idx, int cap)
{
	const snapshot_t *s = u->snap;
	if (!s)
		return 0;
	int n = 0;
	for (int i = 0; i < s->plate_count && n < cap; i++)
		if (plate_on_map(&s->plates[i]))
			idx[n++] = i;
	sort_snap = s;
	sort_col = u->psort;
	sort_desc = u->psort_desc;
	qsort(idx, (size_t)n, sizeof *idx, cmp);
	return n;
}

enum { MAXP = 1024 };

/* Row of plate id in display order, or -1 when it is gone (captured). */
static int row_of(const ui_t *u, const int *idx, int n, int id)
{
	for (int k = 0; k < n; k++)
		if (u->snap->plates[idx[k]].id == id)
			return k;
	return -1;
}

int plate_table_selected(const ui_t *u)
{
	if (!u->snap || u->plate_sel_id < 0)
		return -1;
	for (int i = 0; i < u->snap->plate_count; i++)
		if (u->snap->plates[i].id == u->plate_sel_id)
			return i;
	return -1;
}

static const char *col_names[PSORT_COUNT] = {"id", "type", "area", "cont", "speed", "pole", "elev"};

/* Scroll so that row sel (or, with none, the top) is in view. */
static void scroll_to(ui_t *u, int sel, int n, int rows)
{
	if (sel >= 0 && u->plate_top > sel)
		u->plate_top = sel;
	if (sel >= 0 && rows > 0 && sel >= u->plate_top + rows)
		u->plate_top = sel - rows + 1;
	if (u->plate_top > n - rows)
		u->plate_top = n - rows;
	if (u->plate_top < 0)
		u->plate_top = 0;
}

/* The table's title: the count, the sort and the followed plate (with
 * the plate it split from, when the dashboard saw the split). Where the
 * box is narrow, "by" goes first, then the count (the World panel and the
 * scroll mark also give it), so the followed plate's id stays. */
static void table_title(const ui_t *u, const snapshot_t *s, int width, char *title, size_t len)
{
	char sort[48], follow[48] = "";
	snprintf(sort, sizeof sort, "%s %s", col_names[u->psort],
	         u->psort_desc ? ui_sym(u, "\u25bc", "v") : ui_sym(u, "\u25b2", "^"));
	if (u->plate_sel_id >= 0) {
		const lineage_event *o = lineage_origin(&u->lin, u->plate_sel_id);
		if (o)
			snprintf(follow, sizeof follow, " #%d%s%d", u->plate_sel_id, ui_sym(u, "\u2190", "<-"),
			         o->other);
		else
			snprintf(follow, sizeof follow, " #%d", u->plate_sel_id);
	}
	const char *dot = ui_sym(u, "\u00b7", "-");
	int count = s ? snapshot_plates_on_map(s) : 0;
	for (int form = 0; form < 3; form++) {
		if (form == 0)
			snprintf(title, len, "Plates %d %s by %s%s", count, dot, sort, follow);
		else if (form == 1)
			snprintf(title, len, "Plates %d %s %s%s", count, dot, sort, follow);
		else
			snprintf(title, len, "%s%s", sort, follow);
		if (widget_text_cols(title) <= width)
			return;
	}
}

void plate_table_draw(ui_t *u, WINDOW *w)
{
	rect box = u->lay.plates;
	const snapshot_t *s = u->snap;
	char title[128];
	/* widget_box draws the title after the corner and a space */
	table_title(u, s, box.w - 4, title, sizeof title);
	bool focus = u->focus == FOCUS_PLATES;
	widget_box(u, w, box, title, focus);
	rect r = widget_inner(box);
	if (!s || r.h < 2)
		return;
	bool compact = u->lay.compact;
	/* ids grow past 999 as plates split and are born: the column takes the
	 * widest, and where the row no longer fits the panel the elevation
	 * goes to km, then goes whole (clipped, -2374 read as -237) */
	int idw = 2;
	for (int i = 0; i < s->plate_count; i++)
		for (int id = s->plates[i].id, d = 1; id >= 10; id /= 10)
			idw = idw > ++d ? idw : d;
	int before = 1 + (compact ? 16 : 31) + idw;   /* square, id ... pole */
	enum { ELEV_M, ELEV_KM, ELEV_NONE } elev = before + 6 <= r.w ? ELEV_M
	                                         : before + 5 <= r.w ? ELEV_KM : ELEV_NONE;
	static const char *elev_head[] = {"  elev", "   km", ""};
	palette_use(w, UI_DIM);
	widget_printf(w, r, 0, 0, "  %*s type area %s%s%s", idw, "id",
	              compact ? "cm/y" : "cont cm/y   pole", compact || elev == ELEV_NONE ? "" : "   ",
	              elev_head[elev]);
	palette_use(w, UI_TEXT);
	int idx[MAXP];
	int n = sorted(u, idx, MAXP), rows = r.h - 1;
	int sel = u->plate_sel_id >= 0 ? row_of(u, idx, n, u->plate_sel_id) : -1;
	scroll_to(u, sel, n, rows);
	for (int row = 0; row < rows && u->plate_top + row < n; row++) {
		int k = u->plate_top + row, pi = idx[k];
		const plate_info *p = &s->plates[pi];
		int y = row + 1;
		wmove(w, r.y + y, r.x);
		if (u->caps.depth == COLOR_MONO) {
			waddch(w, (chtype)('A' + pi % 26));
		} else {
			int c = palette_index((rgb){p->r, p->g, p->b});
			int pr = palette_pair(c, -1);
			wattr_set(w, A_NORMAL, 0, &pr);
			if (u->caps.utf8) {
				waddstr(w, "\u25a0");
			} else {
				pr = palette_pair(palette_contrast(c), c);
				wattr_set(w, A_NORMAL, 0, &pr);
				waddch(w, (chtype)('A' + pi % 26));
			}
		}
		/* the followed plate stands out also when the table has no focus */
		palette_use(w, k != sel ? UI_TEXT : focus ? UI_SELECT : UI_FOCUS);
		const char *type = p->type == CRUST_CONTINENTAL ? "cont" : "ocea";
		char last[16] = "";
		if (elev == ELEV_M)
			snprintf(last, sizeof last, " %+5.0f", p->mean_elevation_m);
		else if (elev == ELEV_KM)
			snprintf(last, sizeof last, " %+4.1f", p->mean_elevation_m / 1000);
		/* a microplate is there, however small: not "0.0" */
		char area[8];
		double pct = p->area_fraction * 100;
		if (pct < 0.05)
			snprintf(area, sizeof area, "<0.1");
		else
			snprintf(area, sizeof area, "%4.1f", pct);
		if (compact)
			widget_printf(w, r, y, 1, " %*d %-4s %4s %4.1f%s", idw, p->id, type,
			              area, p->speed_cm_yr, last);
		else
			widget_printf(w, r, y, 1, " %*d %-4s %4s %3.0f%% %4.1f %3.0f%c%4.0f%c%s", idw, p->id, type,
			              area, p->continental_fraction * 100, p->speed_cm_yr,
			              fabs(p->pole_lat), p->pole_lat >= 0 ? 'N' : 'S',
			              fabs(p->pole_lon), p->pole_lon >= 0 ? 'E' : 'W', last);
		palette_use(w, UI_TEXT);
	}
	if (n > rows) {
		/* where the window is in the list */
		palette_use(w, UI_DIM);
		widget_printf(w, (rect){box.y + box.h - 1, box.x + 1, 1, box.w - 2}, 0, box.w - 12,
		              " %d-%d/%d ", u->plate_top + 1, u->plate_top + rows < n ? u->plate_top + rows : n, n);
		palette_use(w, UI_TEXT);
	}
}

/* Keys move the selection by rows of the current order, but what is kept is
 * the plate's id: a new sort order or a new step never changes which plate
 * is followed. */
unsigned plate_table_key(ui_t *u, int key)
{
	int rows = u->lay.plates.h - 3, idx[MAXP];
	int n = sorted(u, idx, MAXP);
	int sel = u->plate_sel_id >= 0 ? row_of(u, idx, n, u->plate_sel_id) : -1;
	int was = u->plate_sel_id;
	if (sel < 0)
		sel = 0;
	switch (key) {
	case KEY_UP: case 'k': sel--; break;
	case KEY_DOWN: case 'j': sel++; break;
	case KEY_PPAGE: sel -= rows > 1 ? rows : 1; break;
	case KEY_NPAGE: sel += rows > 1 ? rows : 1; break;
	case KEY_HOME: sel = 0; break;
	case KEY_END: sel = n - 1; break;
	case KEY_LEFT: case '<': u->psort = (u->psort + PSORT_COUNT - 1) % PSORT_COUNT; return DIRTY_TEXT;
	case KEY_RIGHT: case '>': u->psort = (u->psort + 1) % PSORT_COUNT; return DIRTY_TEXT;
	case '\r': case '\n': case KEY_ENTER: case 'o': u->psort_desc = !u->psort_desc; return DIRTY_TEXT;
	default: return 0;
	}
	sel = sel >= n ? n - 1 : sel < 0 ? 0 : sel;
	if (n > 0)
		u->plate_sel_id = u->snap->plates[idx[sel]].id;
	return DIRTY_TEXT | (u->plate_sel_id != was ? DIRTY_MAP : 0);
}

/* Entering the table follows its top plate when none is followed yet. */
unsigned plate_table_focus(ui_t *u)
{
	if (u->plate_sel_id >= 0 || !u->snap)
		return 0;
	int idx[MAXP];
	int n = sorted(u, idx, MAXP);
	if (n > 0)
		u->plate_sel_id = u->snap->plates[idx[u->plate_top < n ? u->plate_top : 0]].id;
	return DIRTY_TEXT | DIRTY_MAP;
}

unsigned plate_table_click(ui_t *u, int y, int x)
{
	rect r = widget_inner(u->lay.plates);
	u->focus = FOCUS_PLATES;
	if (y >= r.y + 1 && y < r.y + r.h) {
		int idx[MAXP];
		int n = sorted(u, idx, MAXP), k = u->plate_top + (y - r.y - 1);
		if (k < n)
			u->plate_sel_id = u->snap->plates[idx[k]].id;
		return DIRTY_TEXT | DIRTY_MAP;
	}
	if (y == r.y)
		u->psort = (u->psort + 1) % PSORT_COUNT;
	return DIRTY_TEXT;
}
