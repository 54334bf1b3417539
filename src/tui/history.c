/* history.c: the History panel (see history.h).
 *
 * One row per figure: its name, a sparkline of eighth blocks (one column per
 * sample, each the figure at an evenly spaced step of the history, scaled
 * between the figure's own minimum and maximum) and the value at the step on
 * screen. The column of that step is drawn in the selection colour: the
 * cursor of the time line. Without UTF-8 the blocks are ASCII levels. */
#include "tui/history.h"

#include <curses.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/colormap.h"
#include "sim/runlog.h"
#include "tui/events.h"
#include "tui/palette.h"
#include "tui/widgets.h"

typedef struct series {
	const char *name, *fmt;
	size_t off;                  /* offset of the float in tl_stat */
} series;

static const series all[] = {
	{"land %", "%.1f", offsetof(tl_stat, land_pct)},
	{"sea \u0394 m", "%+.0f", offsetof(tl_stat, sea_change_m)},
	{"plates", "%.0f", offsetof(tl_stat, plates)},
	{"cm/yr", "%.2f", offsetof(tl_stat, speed_cm_yr)},
	{"top m", "%.0f", offsetof(tl_stat, highest_m)},
	{"mean \u00b0C", "%.1f", offsetof(tl_stat, temp_c)},
};
/* then the boundary mix: a stacked bar MIXROWS rows tall per sample */
enum { NLINES = sizeof all / sizeof all[0], MIXROWS = 3, NSERIES = NLINES + MIXROWS, MAXCOLS = 512 };

/* Where the last frame drew the graphs: their columns' steps (for clicks). */
static int hist_x0, hist_y0, hist_y1, hist_n;
static int64_t hist_step[MAXCOLS];

static float value(const tl_stat *t, const series *s)
{
	return *(const float *)((const char *)t + s->off);
}

/* The boundary mix of one sample, as three stacked segments from the
 * bottom: convergent, divergent, transform, in the plates view's colours,
 * MIXROWS characters tall (eighth blocks: 8 levels a character). The type
 * at level L of 8 * MIXROWS (-1: no boundaries at all). */
static int mix_type(const tl_stat *t, int level)
{
	double c = t->conv_pct, d = t->div_pct, r = t->tr_pct, sum = c + d + r;
	if (!(sum > 0))
		return -1;
	int levels = 8 * MIXROWS;
	long b1 = lround(c / sum * levels), b2 = lround((c + d) / sum * levels);
	return level < b1 ? BOUNDARY_CONVERGENT : level < b2 ? BOUNDARY_DIVERGENT : BOUNDARY_TRANSFORM;
}

static int mix_colour(int k)
{
	return palette_index(colormap_boundary(k));
}

/* Row `row` (0: the bottom one) of sample t's bar at the cursor. */
static void mix_cell(const ui_t *u, WINDOW *w, const tl_stat *t, int row)
{
	int lo = 8 * row, hi = lo + 8;
	int below = mix_type(t, lo), above = mix_type(t, hi - 1);
	if (below < 0) {
		palette_use(w, UI_DIM);
		waddstr(w, ui_sym(u, "\u00b7", "."));
		return;
	}
	static const char glyph[4] = {' ', '#', '=', '%'};    /* as the plates view's */
	if (u->caps.depth == COLOR_MONO || !u->caps.utf8) {
		/* the type covering most of this character, by its glyph */
		int n[4] = {0};
		for (int l = lo; l < hi; l++)
			n[mix_type(t, l)]++;
		int k = n[1] >= n[2] && n[1] >= n[3] ? 1 : n[2] >= n[3] ? 2 : 3;
		int pair = u->caps.depth == COLOR_MONO ? 0 : palette_pair(mix_colour(k), -1);
		wattr_set(w, A_NORMAL, 0, &pair);
		waddch(w, (chtype)glyph[k]);
		return;
	}
	/* where the colour changes inside this character: one boundary is drawn
	 * where it is, two (a thin middle type) at their middle */
	int first = -1, last = -1;
	for (int l = lo + 1; l < hi; l++)
		if (mix_type(t, l) != mix_type(t, l - 1)) {
			if (first < 0)
				first = l;
			last = l;
		}
	int pair;
	if (first < 0) {
		pair = palette_pair(mix_colour(below), mix_colour(below));
		wattr_set(w, A_NORMAL, 0, &pair);
		waddstr(w, "\u2588");
		return;
	}
	static const char *const blocks[7] = {"\u2581", "\u2582", "\u2583", "\u2584",
	                                      "\u2585", "\u2586", "\u2587"};
	int k = (first + last) / 2 - lo;     /* eighths of the lower colour */
	if (k < 1)
		k = 1;
	pair = palette_pair(mix_colour(below), mix_colour(above));
	wattr_set(w, A_NORMAL, 0, &pair);
	waddstr(w, blocks[k - 1]);
}

void history_draw(ui_t *u, WINDOW *w)
{
	rect box = u->lay.history;
	/* the figures as of the snapshot on screen: the history grows with
	 * every step, and redrawing the graphs for steps the map does not show
	 * yet would cost the wire a kilobyte a step for nothing */
	static tl_info info;
	static bool kept;
	static const snapshot_t *seen;
	static int64_t seen_step = -1;
	static int seen_cols = -1;
	int want_cols = widget_inner(box).w - 9 - 8 - 2;
	bool again = u->snap != seen || (u->snap && u->snap->step != seen_step) || want_cols != seen_cols;
	if (again) {
		kept = stepper_history_info(u->st, &info);
		seen = u->snap;
		seen_step = u->snap ? u->snap->step : -1;
	}
	char title[96] = "History";
	if (kept && info.last >= info.first)
		snprintf(title, sizeof title, "History %s steps %lld-%lld %s %.0f/%.0f MB",
		         ui_sym(u, "\u00b7", "-"), (long long)info.first, (long long)info.last,
		         ui_sym(u, "\u00b7", "-"), info.bytes / 1048576.0, info.budget / 1048576.0);
	widget_box(u, w, box, title, false);
	rect r = widget_inner(box);
	if (!kept) {
		palette_use(w, UI_DIM);
		widget_printf(w, r, 0, 1, "no history kept (--history-mb 0)");
		palette_use(w, UI_TEXT);
		return;
	}
	int namew = 9, valw = 8, cols = r.w - namew - valw - 2;
	if (cols > MAXCOLS)
		cols = MAXCOLS;
	if (cols < 4 || r.h < 1)
		return;
	static tl_stat buf[MAXCOLS];
	static int n;
	if (again || n <= 0) {
		n = stepper_history(u->st, buf, cols);
		seen_cols = want_cols;
	}
	if (n <= 0)
		return;
	/* the column nearest the step on screen */
	int cur = -1;
	long long now = u->snap ? (long long)u->snap->step : -1;
	for (int i = 0; i < n; i++)
		if (cur < 0 || llabs(buf[i].step - now) < llabs(buf[cur].step - now))
			cur = i;
	static const char *const blocks[8] = {"\u2581", "\u2582", "\u2583", "\u2584",
	                                      "\u2585", "\u2586", "\u2587", "\u2588"};
	static const char ascii[8] = {'_', '.', '-', '-', '=', '=', '#', '#'};
	for (int k = 0; k < NLINES && k < r.h; k++) {
		const series *s = &all[k];
		float lo = INFINITY, hi = -INFINITY;
		for (int i = 0; i < n; i++) {
			float v = value(&buf[i], s);
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		palette_use(w, UI_DIM);
		widget_printf(w, r, k, 1, "%s", u->caps.utf8 ? s->name : k == 1 ? "sea d m" : k == 5 ? "mean C" : s->name);
		wmove(w, r.y + k, r.x + namew);
		for (int i = 0; i < n; i++) {
			float v = value(&buf[i], s);
			int lv = hi > lo ? (int)((v - lo) / (hi - lo) * 7.999f) : 3;
			palette_use(w, i == cur ? UI_SELECT : UI_OK);
			if (u->caps.utf8)
				waddstr(w, blocks[lv]);
			else
				waddch(w, (chtype)ascii[lv]);
		}
		palette_use(w, UI_TEXT);
		if (cur >= 0) {
			char v[32];
			snprintf(v, sizeof v, s->fmt, value(&buf[cur], s));
			widget_printf(w, r, k, namew + cols + 1, "%*s", valw, v);
		}
	}
	/* the boundary mix, MIXROWS rows: each row's value is one type's share
	 * in that type's colour, so the values are the legend */
	static const char *const mix_name[4] = {NULL, "conv", "div", "trans"};
	for (int row = 0; row < MIXROWS && NLINES + row < r.h; row++) {
		int y = NLINES + row, from_bottom = MIXROWS - 1 - row;
		palette_use(w, UI_DIM);
		if (row == 0)
			widget_printf(w, r, y, 1, "%s", "bounds");
		else if (row == 1)
			widget_printf(w, r, y, 1, "%s", "mix %");
		wmove(w, r.y + y, r.x + namew);
		for (int i = 0; i < n; i++)
			mix_cell(u, w, &buf[i], from_bottom);
		/* top row transform, then divergent, convergent at the bottom */
		int k = BOUNDARY_TRANSFORM - row;
		if (cur >= 0) {
			float v = k == BOUNDARY_CONVERGENT ? buf[cur].conv_pct : k == BOUNDARY_DIVERGENT
			        ? buf[cur].div_pct : buf[cur].tr_pct;
			if (u->caps.depth == COLOR_MONO) {
				palette_use(w, UI_TEXT);
			} else {
				int pair = palette_pair(mix_colour(k), -1);
				wattr_set(w, A_BOLD, 0, &pair);
			}
			if (u->caps.depth == COLOR_MONO || !u->caps.utf8)   /* the glyph, then "tr" */
				widget_printf(w, r, y, namew + cols + 1, "%c%-4s%3.0f", "  #=%"[k + 1],
				              k == BOUNDARY_TRANSFORM ? "tr" : mix_name[k], v);
			else
				widget_printf(w, r, y, namew + cols + 1, "%-5s%3.0f", mix_name[k], v);
		}
		palette_use(w, UI_TEXT);
	}
	/* the time bar under the graphs: the run so far, the step on screen */
	hist_x0 = r.x + namew;
	hist_y0 = r.y;
	hist_y1 = r.y + (r.h > NSERIES ? NSERIES + 1 : r.h);
	hist_n = n;
	for (int i = 0; i < n; i++)
		hist_step[i] = buf[i].step;
	if (r.h > NSERIES) {
		/* the marked time (m), when it is in this history */
		int mark = -1;
		for (int i = 0; u->mark && i < n; i++)
			if (mark < 0 || llabs(buf[i].step - u->mark->step) < llabs(buf[mark].step - u->mark->step))
				mark = i;
		if (mark >= 0 && llabs(buf[mark].step - u->mark->step) > (n > 1 ? buf[1].step - buf[0].step : 0))
			mark = -1;
		/* the scenario's events: each at the first column where it is due */
		static bool event_at[MAXCOLS];
		for (int i = 0; i < n; i++)
			event_at[i] = false;
		const params *p = u->snap ? &u->snap->prm : NULL;
		for (int k = 0; p && k < p->event_count; k++) {
			const plan_event *e = &p->events[k];
			/* one the history starts after is not on this bar */
			if (e->when == EVENT_AT_STEP ? e->step < buf[0].step
			                             : e->myr < buf[0].time_myr - 1e-9 * (e->myr > 1 ? e->myr : 1))
				continue;
			for (int i = 0; i < n; i++)
				if (events_due(e, buf[i].step, buf[i].time_myr)) {
					event_at[i] = true;
					break;
				}
		}
		wmove(w, r.y + NSERIES, r.x + namew);
		for (int i = 0; i < n; i++) {
			palette_use(w, i == cur ? UI_SELECT : i == mark ? UI_KEY : event_at[i] ? UI_ERROR
			             : i < cur ? UI_OK : UI_DIM);
			if (i == cur)
				waddstr(w, ui_sym(u, "\u25c6", "#"));
			else if (i == mark)
				waddstr(w, ui_sym(u, "\u25b2", "^"));
			else if (event_at[i])
				waddstr(w, ui_sym(u, "\u25cf", "!"));
			else
				waddstr(w, i < cur ? ui_sym(u, "\u2501", "=") : ui_sym(u, "\u2500", "-"));
		}
		palette_use(w, UI_DIM);
		widget_printf(w, r, NSERIES, 1, "%s", "time");
		palette_use(w, UI_TEXT);
	}
	if (r.h > NSERIES + 1) {
		palette_use(w, UI_DIM);
		char a[32], b[32];
		int la = snprintf(a, sizeof a, "%.0f Myr", buf[0].time_myr);
		int lb = snprintf(b, sizeof b, "%.0f Myr", buf[n - 1].time_myr);
		widget_printf(w, r, NSERIES + 1, namew, "%s", a);
		if (n >= la + lb + 1)
			widget_printf(w, r, NSERIES + 1, namew + n - lb, "%s", b);
		/* the next event still ahead of the step on screen, between the
		 * two times (the bar reaches only as far as the history) */
		const params *p = u->snap ? &u->snap->prm : NULL;
		const plan_event *next = NULL;
		for (int k = 0; p && k < p->event_count; k++) {
			const plan_event *e = &p->events[k];
			if (!events_due(e, u->snap->step, u->snap->time_myr)
			    && (!next || (e->when == EVENT_AT_STEP ? e->step * p->dt_myr : e->myr)
			                     < (next->when == EVENT_AT_STEP ? next->step * p->dt_myr : next->myr)))
				next = e;
		}
		int room = (n >= la + lb + 1 ? n - lb : r.w - namew) - la - 3;
		if (next && room > 12) {
			char d[96];
			events_describe(next, d, sizeof d);
			palette_use(w, UI_ERROR);
			widget_printf(w, r, NSERIES + 1, namew + la + 2, "%s", ui_sym(u, "\u25cf", "!"));
			palette_use(w, UI_DIM);
			widget_printf(w, r, NSERIES + 1, namew + la + 4, "next %.*s", room - 7, d);
		}
		if (r.h > NSERIES + 2)
			widget_printf(w, r, NSERIES + 2, 1, ", . step  [ ] scrub  { } ends  t go to");
		palette_use(w, UI_TEXT);
	}
}

int64_t history_step_at(const ui_t *u, int y, int x)
{
	if (!u->lay.show_history || y < hist_y0 || y >= hist_y1 || x < hist_x0 || x >= hist_x0 + hist_n)
		return -1;
	return hist_step[x - hist_x0];
}
