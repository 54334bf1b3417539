/* paramedit.c: the parameter panel, driven by param_table: every key marked
 * live is listed with its value and unit and can be edited in place (Enter,
 * type, Enter) or nudged with the arrows. Values are checked against the
 * table's bounds here, before they reach the stepping thread. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/params.h"
#include "tui/palette.h"
#include "tui/paramedit.h"
#include "tui/status.h"
#include "tui/timebar.h"
#include "tui/widgets.h"

enum { MAXLIVE = 128 };

static int live_params(const param_def **out)
{
	int n = 0;
	for (size_t i = 0; i < param_table_len && n < MAXLIVE; i++) {
		const param_def *d = &param_table[i];
		if (d->path && d->live && d->type != PK_STRING)
			out[n++] = d;
	}
	return n;
}

/* Names are all full paths ("climate.noise") when every one fits the
 * column, else all without their section ("axial_tilt_deg"): one rule for
 * the whole list. */
static bool all_fit(const param_def *const *defs, int n, int width)
{
	for (int i = 0; i < n; i++)
		if ((int)strlen(defs[i]->path) > width)
			return false;
	return true;
}

static const char *short_name(const param_def *d, bool full)
{
	const char *dot = strrchr(d->path, '.');
	return full || !dot ? d->path : dot + 1;
}

static void fmt_value(const param_def *d, double v, char *buf, size_t n)
{
	if (d->type == PK_ENUM && d->names) {
		int k = (int)v, i = 0;
		while (d->names[i] && i < k)
			i++;
		snprintf(buf, n, "%s", d->names[i] ? d->names[i] : "?");
	} else if (d->type == PK_BOOL) {
		snprintf(buf, n, "%s", v != 0 ? "true" : "false");
	} else if (d->type == PK_INT || d->type == PK_UINT64) {
		snprintf(buf, n, "%.0f", v);
	} else {
		snprintf(buf, n, "%.4g", v);
	}
}

/* text in lines of at most width columns, broken at spaces; at most max
 * lines (the last ends in "..." when the text goes on). */
static int wrap(const char *text, int width, char out[][96], int max)
{
	int n = 0;
	if (width > 95)
		width = 95;
	while (*text && n < max && width > 4) {
		int len = (int)strlen(text);
		int take = len;
		if (len > width) {
			take = width;
			while (take > 0 && text[take] != ' ')
				take--;
			if (take == 0)
				take = width;
		}
		if (n == max - 1 && len > width) {
			take = width - 3;
			snprintf(out[n++], 96, "%.*s...", take, text);
			break;
		}
		snprintf(out[n++], 96, "%.*s", take, text);
		text += take;
		while (*text == ' ')
			text++;
	}
	return n;
}

void paramedit_draw(ui_t *u, WINDOW *w)
{
	rect box = u->lay.params;
	bool focus = u->focus == FOCUS_PARAMS;
	widget_box(u, w, box, "Parameters", focus);
	rect r = widget_inner(box);
	const param_def *defs[MAXLIVE];
	int n = live_params(defs);
	if (!u->snap || r.h < 1)
		return;
	if (n == 0) {
		palette_use(w, UI_DIM);
		widget_printf(w, r, 0, 1, "no live parameters in this build");
		palette_use(w, UI_TEXT);
		return;
	}
	int namew = r.w > 40 ? 22 : 16;
	bool full = all_fit(defs, n, namew);
	/* focused: the selected key's whole description under the list */
	char help[4][96];
	int nhelp = 0;
	if (focus && !u->editing) {
		const param_def *d = defs[u->param_sel >= 0 && u->param_sel < n ? u->param_sel : 0];
		nhelp = wrap(d->help ? d->help : "", r.w - 2, help, r.h >= 8 ? 3 : r.h >= 5 ? 2 : 1);
	}
	if (focus && u->editing)
		nhelp = 1;
	int rows = r.h - nhelp;
	if (u->param_sel >= n)
		u->param_sel = n - 1;
	if (u->param_sel < 0)
		u->param_sel = 0;
	if (u->param_top > u->param_sel)
		u->param_top = u->param_sel;
	if (rows > 0 && u->param_sel >= u->param_top + rows)
		u->param_top = u->param_sel - rows + 1;
	for (int row = 0; row < rows && u->param_top + row < n; row++) {
		int k = u->param_top + row;
		const param_def *d = defs[k];
		char val[48];
		bool sel = focus && k == u->param_sel;
		if (sel && u->editing)
			snprintf(val, sizeof val, "%s_", u->edit);
		else
			fmt_value(d, params_get(&u->snap->prm, d), val, sizeof val);
		palette_use(w, sel ? UI_SELECT : UI_TEXT);
		mvwhline(w, r.y + row, r.x, ' ', r.w);
		widget_printf(w, r, row, 1, "%-*.*s %s %s", namew, namew, short_name(d, full), val,
		              d->unit ? d->unit : "");
		palette_use(w, UI_TEXT);
	}
	if (focus) {
		palette_use(w, UI_DIM);
		const param_def *d = defs[u->param_sel];
		if (u->editing)
			widget_printf(w, r, r.h - 1, 1, "%g..%g  enter: apply  esc: cancel", d->min, d->max);
		else
			for (int i = 0; i < nhelp; i++)
				widget_printf(w, r, r.h - nhelp + i, 1, "%s", help[i]);
		palette_use(w, UI_TEXT);
	}
}

/* Check and send one value; the message says what was wrong. */
static void apply(ui_t *u, const param_def *d, double v)
{
	if (!isfinite(v) || v < d->min || v > d->max) {
		status_message(u, true, "%s must be between %g and %g", d->path, d->min, d->max);
		return;
	}
	if ((d->type == PK_INT || d->type == PK_ENUM) && v != floor(v)) {
		status_message(u, true, "%s must be a whole number", d->path);
		return;
	}
	/* an edit that cannot act says so instead of vanishing */
	if (u->snap && !strcmp(d->path, "terrain.sea_level_m") && u->snap->prm.ocean_fraction >= 0) {
		status_message(u, true, "sea_level_m acts only while ocean_fraction is off (it is %g: the sea follows it)",
		               u->snap->prm.ocean_fraction);
		return;
	}
	/* in the past, the recorded steps after this one no longer follow */
	u->pend_def = d;
	u->pend_value = v;
	if (timebar_ask(u, 'p'))
		return;
	step_cmd c = {.kind = STEP_CMD_SET_PARAM, .def = d, .value = v};
	if (stepper_send(u->st, &c) != 0)
		status_message(u, true, "busy: try again");
}

static double nudge_step(const param_def *d)
{
	if (d->type != PK_DOUBLE)
		return 1;
	double span = d->max - d->min;
	double s = span > 0 && isfinite(span) ? span / 100 : 0.1;
	/* round the step to 1, 2 or 5 times a power of ten */
	double p = pow(10, floor(log10(s))), m = s / p;
	return (m < 1.5 ? 1 : m < 3.5 ? 2 : 5) * p;
}

unsigned paramedit_key(ui_t *u, int key)
{
	const param_def *defs[MAXLIVE];
	int n = live_params(defs);
	if (n == 0 || !u->snap)
		return 0;
	if (u->param_sel >= n)
		u->param_sel = n - 1;
	const param_def *d = defs[u->param_sel];
	if (u->editing) {
		size_t len = strlen(u->edit);
		switch (key) {
		case 27:
			u->editing = false;
			break;
		case '\r': case '\n': case KEY_ENTER: {
			char *end;
			errno = 0;
			double v = strtod(u->edit, &end);
			while (isspace((unsigned char)*end))
				end++;
			if (end == u->edit || *end || errno)
				status_message(u, true, "'%s' is not a number", u->edit);
			else
				apply(u, d, v);
			u->editing = false;
			break;
		}
		case KEY_BACKSPACE: case 127: case 8:
			if (len)
				u->edit[len - 1] = 0;
			break;
		default:
			if (key < 256 && (isdigit(key) || strchr(".-+eE", key)) && len + 1 < sizeof u->edit) {
				u->edit[len] = (char)key;
				u->edit[len + 1] = 0;
			} else if (key < 256 && isprint(key)) {
				status_message(u, true, "numbers only (enter applies, esc cancels)");
			}
		}
		return DIRTY_TEXT;
	}
	double v = params_get(&u->snap->prm, d);
	switch (key) {
	case KEY_UP: case 'k': u->param_sel = u->param_sel > 0 ? u->param_sel - 1 : 0; break;
	case KEY_DOWN: case 'j': u->param_sel = u->param_sel + 1 < n ? u->param_sel + 1 : n - 1; break;
	case '\r': case '\n': case KEY_ENTER:
		u->editing = true;
		fmt_value(d, v, u->edit, sizeof u->edit);
		if (d->type == PK_BOOL || d->type == PK_ENUM)
			snprintf(u->edit, sizeof u->edit, "%.0f", v);
		break;
	case 'd': case KEY_DC:
		/* back to the default */
		apply(u, d, d->def);
		break;
	case KEY_LEFT: apply(u, d, fmax(d->min, v - nudge_step(d))); break;
	case KEY_RIGHT: apply(u, d, fmin(d->max, v + nudge_step(d))); break;
	default: return 0;
	}
	return DIRTY_TEXT;
}

unsigned paramedit_click(ui_t *u, int y, int x)
{
	rect r = widget_inner(u->lay.params);
	u->focus = FOCUS_PARAMS;
	u->editing = false;
	if (y >= r.y && y < r.y + r.h)
		u->param_sel = u->param_top + (y - r.y);
	return DIRTY_TEXT;
}
