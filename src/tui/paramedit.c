/* paramedit.c: the parameter panel, driven by param_table: every numeric
 * key is listed under its section with its value and unit, marked live (it
 * changes the running planet) or step 0 (it is read when the planet is
 * built: editing it builds the planet again from step 0, same seed). Keys
 * are edited in place (Enter, type, Enter), nudged with the arrows or put
 * back to their default (d). The keys of each noise layer follow under
 * "terrain.layers[N]" (layer_table; centre as its three numbers): all live,
 * an edit derives the relief of all crust from the new stack
 * (planet_set_layer). Values are checked against the table's bounds here,
 * before they reach the stepping thread. */
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

enum { MAXKEYS = 192, HELP_LINES = 16, HELP_COLS = 96 };

/* The keys the panel lists: numbers, enums and switches (not the name and
 * the seed: the title shows them, r picks a new seed), of the grid's size
 * only the current kind's, and not the grid kind (its size keys differ). */
static bool listed(const param_def *d, const params *p)
{
	if (!d->path || d->type == PK_STRING || d->type == PK_UINT64 || d->type == PK_VEC3)
		return false;
	if (!strcmp(d->path, "grid.kind"))
		return false;
	return !params_is_grid_size_key(d->path) || !strcmp(d->path, params_grid_size_key(p->grid));
}

/* A key of the panel: of param_table (layer -1), or of noise layer
 * `layer` (layer_table, layer_centre_table). */
typedef struct pkey {
	const param_def *d;
	int layer;
} pkey;

static int panel_params(const params *p, pkey *out)
{
	int n = 0;
	for (size_t i = 0; i < param_table_len && n < MAXKEYS; i++)
		if (listed(&param_table[i], p))
			out[n++] = (pkey){&param_table[i], -1};
	for (int l = 0; l < p->layer_count && l < MAX_NOISE_LAYERS; l++)
		for (size_t i = 0; i < layer_table_len && n + 3 <= MAXKEYS; i++) {
			const param_def *d = &layer_table[i];
			if (d->type == PK_VEC3)
				for (int k = 0; k < 3; k++)
					out[n++] = (pkey){&layer_centre_table[k], l};
			else if (d->type != PK_STRING)
				out[n++] = (pkey){d, l};
		}
	return n;
}

static double key_get(const params *p, const pkey *k)
{
	return k->layer < 0 ? params_get(p, k->d) : param_get_at(&p->layers[k->layer], k->d);
}

/* The selection starts on the first live key (what most edits are for). */
static void settle_selection(ui_t *u, const pkey *keys, int n)
{
	if (u->param_sel < 0)
		for (int k = n - 1; k >= 0; k--)
			if (keys[k].d->live && keys[k].layer < 0)
				u->param_sel = k;
	if (u->param_sel >= n)
		u->param_sel = n - 1;
	if (u->param_sel < 0)
		u->param_sel = 0;
}

/* The section of a path ("plates" of "plates.count"), as length. */
static int section_len(const param_def *d)
{
	const char *dot = strchr(d->path, '.');
	return dot ? (int)(dot - d->path) : 0;
}

static bool same_section(const pkey *a, const pkey *b)
{
	if (a->layer != b->layer)
		return false;
	if (a->layer >= 0)
		return true;
	int n = section_len(a->d);
	return n == section_len(b->d) && !strncmp(a->d->path, b->d->path, (size_t)n);
}

/* A section's name: "plates", or "terrain.layers[0] simple". */
static void section_name(const params *p, const pkey *k, char *buf, size_t n)
{
	if (k->layer >= 0)
		snprintf(buf, n, "terrain.layers[%d] %s", k->layer,
		         p->layers[k->layer].filter == FILTER_RIDGED ? "ridged" : "simple");
	else
		snprintf(buf, n, "%.*s", section_len(k->d), k->d->path);
}

/* Names are shown without their section: the section heads its keys (a
 * layer's keys whole: "centre.x"). */
static const char *short_name(const pkey *k)
{
	const char *dot = strrchr(k->d->path, '.');
	return k->layer >= 0 || !dot ? k->d->path : dot + 1;
}

/* The key's whole path, "terrain.layers[0].strength" for a layer's. */
static void full_path(const pkey *k, char *buf, size_t n)
{
	if (k->layer >= 0)
		snprintf(buf, n, "terrain.layers[%d].%s", k->layer, k->d->path);
	else
		snprintf(buf, n, "%s", k->d->path);
}

static void fmt_value(const param_def *d, double v, char *buf, size_t n)
{
	if (d->nullable && v < 0) {
		snprintf(buf, n, "off");
	} else if (d->type == PK_ENUM && d->names) {
		int k = (int)v, i = 0;
		while (d->names[i] && i < k)
			i++;
		snprintf(buf, n, "%s", d->names[i] ? d->names[i] : "?");
	} else if (d->type == PK_BOOL) {
		snprintf(buf, n, "%s", v != 0 ? "true" : "false");
	} else if (d->type == PK_INT || d->type == PK_UINT64) {
		snprintf(buf, n, "%.0f", v);
	} else {
		snprintf(buf, n, "%.6g", v);
	}
}

/* text in lines of at most width columns (bytes: the texts are ASCII but
 * for units like the degree sign, which only make a line a column short),
 * broken at spaces; at most max lines. */
static int wrap(const char *text, int width, char out[][HELP_COLS], int max)
{
	int n = 0;
	if (width > HELP_COLS - 1)
		width = HELP_COLS - 1;
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
		snprintf(out[n++], HELP_COLS, "%.*s", take, text);
		text += take;
		while (*text == ' ')
			text++;
	}
	return n;
}

/* The marks: live keys act at once, step-0 keys when the planet is built. */
static const char *mark(const ui_t *u, const param_def *d)
{
	return d->live ? ui_sym(u, "\u25cf", "*") : ui_sym(u, "\u25cb", "0");
}

/* The selected key's whole description: its path, what it does, unit,
 * bounds, default and when it acts. */
static int describe(const ui_t *u, const pkey *k, int width, char out[][HELP_COLS])
{
	const param_def *d = k->d;
	char text[640], lo[32], hi[32], def[32], path[64];
	full_path(k, path, sizeof path);
	fmt_value(d, d->min, lo, sizeof lo);
	fmt_value(d, d->max, hi, sizeof hi);
	fmt_value(d, d->def, def, sizeof def);
	bool unit = d->unit && *d->unit;
	snprintf(text, sizeof text, "%s: %s. Range %s..%s%s%s, default %s%s%s. %s %s", path,
	         d->help ? d->help : "", lo, hi, unit ? " " : "", unit ? d->unit : "", def,
	         unit ? " " : "", unit ? d->unit : "", mark(u, d),
	         k->layer >= 0 ? "live: the relief of all crust follows at once"
	         : d->live ? "live: changes the running planet"
	                 : "step 0: read when the planet is built; an edit builds it again (same seed)");
	return wrap(text, width, out, HELP_LINES);
}

/* The panel's rows: a section name, then its keys. */
typedef struct prow { const pkey *head; int key; } prow;

static int panel_rows(const pkey *keys, int n, prow *rows)
{
	int m = 0;
	for (int k = 0; k < n; k++) {
		if (k == 0 || !same_section(&keys[k], &keys[k - 1]))
			rows[m++] = (prow){&keys[k], -1};
		rows[m++] = (prow){NULL, k};
	}
	return m;
}

/* One key's row after its mark: the name whole, its value in the column
 * (or after the name when the name is longer), the unit when there is room.
 * Only a name that cannot share the row with its value is cut (with an
 * ellipsis); the description under the list names it in full. */
static void name_row(const ui_t *u, WINDOW *w, rect r, int row, const char *name, int col,
                     const char *val, const char *unit)
{
	int avail = r.w - 2, nl = (int)strlen(name), vl = (int)strlen(val);
	bool has_unit = unit && *unit;
	int ul = has_unit ? 1 + (int)strlen(unit) : 0;
	int pad = nl < col ? col : nl;
	if (pad + 1 + vl + ul > avail)
		has_unit = false, ul = 0;
	if (nl + 1 + vl > avail) {
		int keep = avail - 2 - vl;
		widget_printf(w, r, row, 1, " %.*s%s %s", keep > 0 ? keep : 0, name, ui_sym(u, "\u2026", "~"), val);
		return;
	}
	if (pad + 1 + vl > avail)
		pad = avail - 1 - vl;
	widget_printf(w, r, row, 1, " %-*s %s%s%s", pad, name, val, has_unit ? " " : "", has_unit ? unit : "");
}

void paramedit_draw(ui_t *u, WINDOW *w)
{
	rect box = u->lay.params;
	bool focus = u->focus == FOCUS_PARAMS;
	/* the legend of the marks in the title when it fits */
	char title[64];
	snprintf(title, sizeof title, "Parameters %s live %s step 0", ui_sym(u, "\u25cf", "*"),
	         ui_sym(u, "\u25cb", "0"));
	widget_box(u, w, box, box.w >= 29 ? title : "Parameters", focus);
	rect r = widget_inner(box);
	if (!u->snap || r.h < 1)
		return;
	pkey keys[MAXKEYS];
	int n = panel_params(&u->snap->prm, keys);
	if (n == 0)
		return;
	settle_selection(u, keys, n);
	const param_def *seld = keys[u->param_sel].d;
	/* focused: the selected key's whole description under the list, as
	 * many lines as it needs (at least one key row stays); what does not
	 * fit scrolls with PgDn / PgUp */
	char help[HELP_LINES][HELP_COLS];
	int nhelp = 0, shown = 0;
	if (focus && !u->editing) {
		nhelp = describe(u, &keys[u->param_sel], r.w - 3, help);
		int cap = r.h >= 12 ? r.h / 2 : r.h - 1;
		shown = nhelp < cap ? nhelp : cap;
		if (u->param_help_top > nhelp - shown)
			u->param_help_top = nhelp - shown;
		if (u->param_help_top < 0)
			u->param_help_top = 0;
	}
	if (focus && u->editing)
		shown = 1;
	prow rowv[2 * MAXKEYS];
	int nrows = panel_rows(keys, n, rowv), selrow = 0;
	for (int i = 0; i < nrows; i++)
		if (rowv[i].key == u->param_sel)
			selrow = i;
	int rows = r.h - shown;
	/* the selected key's section name stays in view when there is room */
	int want_top = selrow > 0 && !rowv[selrow - 1].key && rows > 1 ? selrow - 1 : selrow;
	if (selrow > 0 && rowv[selrow - 1].head && rows > 1)
		want_top = selrow - 1;
	else
		want_top = selrow;
	if (u->param_top > want_top)
		u->param_top = want_top;
	if (rows > 0 && selrow >= u->param_top + rows)
		u->param_top = selrow - rows + 1;
	/* values in one column after the longest name, as far as room allows */
	int namew = 0;
	for (int k = 0; k < n; k++)
		if ((int)strlen(short_name(&keys[k])) > namew)
			namew = (int)strlen(short_name(&keys[k]));
	if (namew > r.w - 2 - 8)
		namew = r.w - 2 - 8;
	for (int row = 0; row < rows; row++) {
		int i = u->param_top + row;
		mvwhline(w, r.y + row, r.x, ' ', r.w);
		if (i >= nrows)
			continue;
		if (rowv[i].head) {
			char sec[48];
			section_name(&u->snap->prm, rowv[i].head, sec, sizeof sec);
			palette_use(w, UI_DIM);
			widget_printf(w, r, row, 0, "%s", sec);
			palette_use(w, UI_TEXT);
			continue;
		}
		int k = rowv[i].key;
		const param_def *d = keys[k].d;
		char val[48];
		bool sel = focus && k == u->param_sel;
		if (sel && u->editing)
			snprintf(val, sizeof val, "%s_", u->edit);
		else
			fmt_value(d, key_get(&u->snap->prm, &keys[k]), val, sizeof val);
		palette_use(w, d->live ? UI_OK : UI_DIM);
		widget_printf(w, r, row, 0, "%s", mark(u, d));
		palette_use(w, sel ? UI_SELECT : UI_TEXT);
		name_row(u, w, r, row, short_name(&keys[k]), namew, val, d->unit);
		palette_use(w, UI_TEXT);
	}
	if (focus) {
		palette_use(w, UI_DIM);
		if (u->editing) {
			char lo[32], hi[32];
			fmt_value(seld, seld->min, lo, sizeof lo);
			fmt_value(seld, seld->max, hi, sizeof hi);
			mvwhline(w, r.y + r.h - 1, r.x, ' ', r.w);
			widget_printf(w, r, r.h - 1, 1, "%s..%s  enter: apply  esc: cancel", lo, hi);
		}
		for (int i = 0; i < shown && !u->editing; i++) {
			int y = r.h - shown + i;
			mvwhline(w, r.y + y, r.x, ' ', r.w);
			widget_printf(w, r, y, 1, "%s", help[u->param_help_top + i]);
		}
		/* more description than room: say where the rest is */
		if (!u->editing && nhelp > shown) {
			bool more = u->param_help_top + shown < nhelp;
			palette_use(w, UI_KEY);
			widget_printf(w, r, r.h - 1, r.w - 1, "%s",
			              more ? ui_sym(u, "\u25bc", "v") : ui_sym(u, "\u25b2", "^"));
		}
		palette_use(w, UI_TEXT);
	}
}

/* The planets that step-0 edits build. The stepping thread reads one
 * until its build is done, so each edit takes the next of a ring, and none
 * is sent while a build runs: a slot comes round again only long after
 * its build has finished. */
enum { REBUILDS = 8 };
static params rebuilt[REBUILDS];
static int rebuilt_next;

unsigned paramedit_rebuild(ui_t *u)
{
	if (u->status.generating) {
		status_message(u, true, "busy: the planet is being built");
		return DIRTY_TEXT;
	}
	step_cmd c = {.kind = STEP_CMD_BUILD, .prm = &rebuilt[rebuilt_next]};
	if (stepper_send(u->st, &c) != 0) {
		status_message(u, true, "busy: command queue full");
		return DIRTY_TEXT;
	}
	rebuilt_next = (rebuilt_next + 1) % REBUILDS;
	status_message(u, false, "building the planet again with %s...", u->pend_def->path);
	return DIRTY_TEXT;
}

/* A step-0 key: the planet of step 0 built again with the new value (the
 * same seed, the other keys as on screen), at once at step 0, else after
 * y/n (the run is discarded). */
static void rebuild_with(ui_t *u, const param_def *d, double v)
{
	params *p = &rebuilt[rebuilt_next];
	*p = u->snap->prm;
	params_set(p, d, v);
	param_issue bad[1];
	if (params_check(p, bad, 1) > 0) {
		status_message(u, true, "%s: %s", bad[0].path, bad[0].msg);
		return;
	}
	u->pend_def = d;
	u->pend_layer = -1;
	u->pend_value = v;
	if (u->snap->step == 0)
		paramedit_rebuild(u);
	else
		u->confirm = 'B';
}

/* Why an edit of a noise layer's key would change nothing, or NULL. */
static const char *layer_no_effect(const params *p, const pkey *k, char *buf, size_t n)
{
	const noise_layer *l = &p->layers[k->layer];
	int first = -1;
	for (int i = 0; i < p->layer_count && first < 0; i++)
		if (p->layers[i].enabled)
			first = i;
	if (!l->enabled && strcmp(k->d->path, "enabled"))
		snprintf(buf, n, "terrain.layers[%d] is off: its keys act once its enabled is 1", k->layer);
	else if (!strcmp(k->d->path, "weight_multiplier") && l->filter != FILTER_RIDGED)
		snprintf(buf, n, "weight_multiplier acts on ridged layers only (terrain.layers[%d] is simple)",
		         k->layer);
	else if (!strcmp(k->d->path, "use_first_layer_mask") && first == k->layer)
		snprintf(buf, n, "terrain.layers[%d] is the first layer on: it is the mask the others use",
		         k->layer);
	else
		return NULL;
	return buf;
}

void paramedit_send(ui_t *u)
{
	step_cmd c = {.kind = u->pend_layer >= 0 ? STEP_CMD_SET_LAYER : STEP_CMD_SET_PARAM,
	              .def = u->pend_def, .value = u->pend_value, .index = u->pend_layer};
	if (!c.def || stepper_send(u->st, &c) != 0)
		status_message(u, true, "busy: try again");
}

/* Check and send one value; the message says what was wrong. */
static void apply(ui_t *u, const pkey *k, double v)
{
	const param_def *d = k->d;
	char path[64], why[160];
	full_path(k, path, sizeof path);
	if (!isfinite(v) || v < d->min || v > d->max) {
		status_message(u, true, "%s must be between %g and %g", path, d->min, d->max);
		return;
	}
	if ((d->type == PK_INT || d->type == PK_ENUM || d->type == PK_BOOL) && v != floor(v)) {
		status_message(u, true, "%s must be a whole number", path);
		return;
	}
	if (u->snap && k->layer >= 0 && layer_no_effect(&u->snap->prm, k, why, sizeof why)) {
		status_message(u, true, "%s", why);
		return;
	}
	/* an edit that cannot act says so instead of vanishing */
	if (u->snap && !strcmp(d->path, "terrain.sea_level_m") && u->snap->prm.ocean_fraction >= 0) {
		status_message(u, true, "sea_level_m acts only while ocean_fraction is off (it is %g: the sea follows it)",
		               u->snap->prm.ocean_fraction);
		return;
	}
	if (!d->live) {
		rebuild_with(u, d, v);
		return;
	}
	/* in the past, the recorded steps after this one no longer follow */
	u->pend_def = d;
	u->pend_layer = k->layer;
	u->pend_value = v;
	if (timebar_ask(u, 'p'))
		return;
	paramedit_send(u);
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
	if (!u->snap)
		return 0;
	pkey keys[MAXKEYS];
	int n = panel_params(&u->snap->prm, keys);
	if (n == 0)
		return 0;
	settle_selection(u, keys, n);
	const pkey *sel = &keys[u->param_sel];
	const param_def *d = sel->d;
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
				apply(u, sel, v);
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
	double v = key_get(&u->snap->prm, sel);
	switch (key) {
	case KEY_UP: case 'k':
		u->param_sel = u->param_sel > 0 ? u->param_sel - 1 : 0;
		u->param_help_top = 0;
		break;
	case KEY_DOWN: case 'j':
		u->param_sel = u->param_sel + 1 < n ? u->param_sel + 1 : n - 1;
		u->param_help_top = 0;
		break;
	case KEY_NPAGE: u->param_help_top++; break;    /* the description scrolls */
	case KEY_PPAGE: u->param_help_top = u->param_help_top > 0 ? u->param_help_top - 1 : 0; break;
	case '\r': case '\n': case KEY_ENTER:
		u->editing = true;
		fmt_value(d, v, u->edit, sizeof u->edit);
		if (d->type == PK_BOOL || d->type == PK_ENUM || (d->nullable && v < 0))
			snprintf(u->edit, sizeof u->edit, "%.0f", v);
		break;
	case 'd': case KEY_DC:
		/* back to the default */
		apply(u, sel, d->def);
		break;
	case KEY_LEFT: apply(u, sel, fmax(d->min, v - nudge_step(d))); break;
	case KEY_RIGHT: apply(u, sel, fmin(d->max, v + nudge_step(d))); break;
	default: return 0;
	}
	return DIRTY_TEXT;
}

unsigned paramedit_click(ui_t *u, int y, int x)
{
	rect r = widget_inner(u->lay.params);
	u->focus = FOCUS_PARAMS;
	u->editing = false;
	if (!u->snap || y < r.y || y >= r.y + r.h)
		return DIRTY_TEXT;
	pkey keys[MAXKEYS];
	prow rowv[2 * MAXKEYS];
	int nrows = panel_rows(keys, panel_params(&u->snap->prm, keys), rowv);
	int i = u->param_top + (y - r.y);
	/* a section's name selects its first key */
	if (i < nrows) {
		u->param_sel = rowv[i].head && i + 1 < nrows ? rowv[i + 1].key : rowv[i].key;
		u->param_help_top = 0;
	}
	return DIRTY_TEXT;
}
