/* panels.c: status line, key bar, world statistics, biome shares and the
 * cell inspector. */
#include "tui/panels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "base/clock.h"
#include "core/grid.h"
#include "tui/chooser.h"
#include "tui/mapview.h"
#include "tui/palette.h"
#include "tui/status.h"
#include "tui/timebar.h"
#include "tui/widgets.h"

#define DEG (M_PI / 180.0)

static const char *grid_name(const snapshot_t *s, char *buf, size_t n)
{
	const grid_t *g = s->grid;
	switch (g->kind) {
	case GRID_GOLDBERG: snprintf(buf, n, "L%d", g->param); break;
	case GRID_CUBESPHERE: snprintf(buf, n, "cube %d", g->param); break;
	default: snprintf(buf, n, "fib"); break;
	}
	return buf;
}

/* The question waiting for y/n, in place of the status figures. */
static void confirm_line(ui_t *u, WINDOW *w, rect r, int x)
{
	palette_use(w, UI_ERROR);
	wattron(w, A_BOLD);
	if (u->confirm == 'r')
		widget_printf(w, r, 0, x, " new planet: discard these %lld steps? y/n ",
		              u->snap ? (long long)u->snap->step : 0LL);
	else if (u->confirm == 'o')
		widget_printf(w, r, 0, x, " open %s: discard these %lld steps? y/n ",
		              chooser_pending_name(u), u->snap ? (long long)u->snap->step : 0LL);
	else if (u->confirm == 'N')
		widget_printf(w, r, 0, x, " planet %d/%d %s: discard these %lld steps? y/n ",
		              u->planet_next + 1, u->planet_count, u->planets[u->planet_next].name,
		              u->snap ? (long long)u->snap->step : 0LL);
	else if (u->confirm == 'B' && u->pend_def)
		widget_printf(w, r, 0, x, " build the planet again with %s = %g: discard these %lld steps? y/n ",
		              u->pend_def->path, u->pend_value, u->snap ? (long long)u->snap->step : 0LL);
	wattroff(w, A_BOLD);
	palette_use(w, UI_TEXT);
}

void panel_status(ui_t *u, WINDOW *w)
{
	rect r = u->lay.status;
	const stepper_status *st = &u->status;
	palette_use(w, UI_STATUS);
	mvwhline(w, r.y, 0, ' ', r.w);
	int x = 0;
	char b1[32], b2[32], gname[16];
	x += widget_printf(w, r, 0, x, " tectonica ");
	if (u->prompting || (u->confirm && u->confirm != 'r' && u->confirm != 'N' && u->confirm != 'B'
	                     && u->confirm != 'o')) {
		timebar_draw_prompt(u, w, r, x);
		return;
	}
	if (u->confirm) {
		/* the question outranks everything else on the line */
		confirm_line(u, w, r, x);
		return;
	}
	if (u->snap) {
		const snapshot_t *s = u->snap;
		x += widget_printf(w, r, 0, x, " %s", s->prm.name[0] ? s->prm.name : u->scenario);
		/* which of the file's planets (p P switch) */
		if (u->planet_count > 1)
			x += widget_printf(w, r, 0, x, " %d/%d", u->planet_idx + 1, u->planet_count);
		x += widget_printf(w, r, 0, x, "  seed %llu  t %.1f Myr  step %lld",
		                   (unsigned long long)s->prm.seed, s->time_myr, (long long)s->step);
		/* where this step is in the run: before the history's end, or on
		 * the way to a step asked for */
		int64_t last = timebar_future(u);
		if (st->run_to >= 0)
			x += widget_printf(w, r, 0, x, " %s %lld", ui_sym(u, "\u2192", "->"), (long long)st->run_to);
		/* playing, the step on screen trails the run by the frames the
		 * output budget holds back (up to a second or two): that is not
		 * being in the past */
		else if (last >= 0 && (!st->playing || last - s->step > fmax(20, 3 * st->measured_sps)))
			x += widget_printf(w, r, 0, x, " of %lld", (long long)last);
		x += widget_printf(w, r, 0, x, " ");
	}
	palette_use(w, UI_PLAY);
	if (st->generating)
		x += widget_printf(w, r, 0, x, " generating%s ", ui_sym(u, "\u2026", "..."));
	else if (st->playing)
		x += widget_printf(w, r, 0, x, " %s %.1f steps/s ", ui_sym(u, "\u25b6", ">"), st->measured_sps);
	else
		x += widget_printf(w, r, 0, x, " %s paused ", ui_sym(u, "\u275a\u275a", "||"));
	palette_use(w, UI_STATUS);
	/* a message outranks the speed and grid figures; where the rest of
	 * the line cannot hold it (80 columns left "plate 1626 we" of "plate
	 * 1626 went into plate 606"), the key bar shows it whole */
	u->msg_below = false;
	if (status_message_shown(u, clock_s())) {
		if (x + widget_text_cols(u->msg) + 2 <= r.w) {
			palette_use(w, u->msg_err ? UI_ERROR : UI_STATUS);
			wattron(w, A_BOLD);
			widget_printf(w, r, 0, x, " %s ", u->msg);
			wattroff(w, A_BOLD);
			palette_use(w, UI_TEXT);
			return;
		}
		u->msg_below = true;
	}
	/* the figures after it only whole ("cap 10" cut from "cap 10/s" misleads) */
	char item[3][96];
	if (st->target_sps > 0)
		snprintf(item[0], sizeof item[0], " cap %g/s ", st->target_sps);
	else
		snprintf(item[0], sizeof item[0], " no cap ");
	item[1][0] = item[2][0] = 0;
	if (u->snap)
		snprintf(item[1], sizeof item[1], " %s %s %s cells ", grid_name(u->snap, gname, sizeof gname),
		         ui_sym(u, "\u00b7", "-"), widget_group(u, u->snap->n, b1, sizeof b1));
	if (st->last_step_ms > 0)
		snprintf(item[2], sizeof item[2], " %s ms/step ", st->last_step_ms < 10 ? "<10"
		         : widget_group(u, (long long)st->last_step_ms, b2, sizeof b2));
	for (int i = 0; i < 3; i++) {
		if (x + widget_text_cols(item[i]) - 1 > r.w)     /* the trailing space may fall off */
			break;
		x += widget_printf(w, r, 0, x, "%s", item[i]);
	}
	palette_use(w, UI_TEXT);
}

/* "? help  q quit" at the right end of the key bar, at every size: the two
 * keys a newcomer needs first. Returns the columns left of it. */
static int help_quit(ui_t *u, WINDOW *w, rect r)
{
	static const char *const part[4] = {"?", " help  ", "q", " quit "};
	int len = 0;
	for (int i = 0; i < 4; i++)
		len += (int)strlen(part[i]);
	int x = r.w - len > 0 ? r.w - len : 0;
	for (int i = 0; i < 4; i++) {
		palette_use(w, i % 2 ? UI_TEXT : UI_KEY);
		x += widget_printf(w, r, 0, x, "%s", part[i]);
	}
	palette_use(w, UI_TEXT);
	return r.w - len - 1;
}

void panel_keys(ui_t *u, WINDOW *w)
{
	rect r = u->lay.keys;
	palette_use(w, UI_TEXT);
	mvwhline(w, r.y, 0, ' ', r.w);
	int room = help_quit(u, w, r);
	r.w = room > 0 ? room : 0;
	if (u->msg_below && status_message_shown(u, clock_s())) {
		palette_use(w, u->msg_err ? UI_ERROR : UI_TEXT);
		wattron(w, A_BOLD);
		widget_print_cut(u, w, r, 0, 1, u->msg);
		wattroff(w, A_BOLD);
		palette_use(w, UI_TEXT);
		return;
	}
	if (u->lay.hidden[0]) {
		palette_use(w, UI_DIM);
		widget_printf(w, r, 0, 0, " %s", u->lay.hidden);
		palette_use(w, UI_TEXT);
		return;
	}
	int x = 1;
	/* whole entries only: a name cut short ("glob") reads as a typo */
	for (int m = 0; m < VIEW_COUNT && x + 2 + (int)strlen(map_modes[m].title) <= r.w; m++) {
		palette_use(w, UI_KEY);
		x += widget_printf(w, r, 0, x, "%c ", map_modes[m].key);
		palette_use(w, m == (int)u->mode && !u->globe ? UI_SELECT : UI_TEXT);
		x += widget_printf(w, r, 0, x, "%s", map_modes[m].title);
		palette_use(w, UI_TEXT);
		x += widget_printf(w, r, 0, x, " ");
	}
	static const struct { const char *k, *t; } extra[] = {
		{"g", "globe"}, {"f", "map"}, {"i", "inspect"}, {"space", "play"}, {".", "step"}, {"+-", "speed"},
		{"tab", "panel"}, {"e", "export"}, {"o", "open"},
	};
	for (size_t i = 0; i < sizeof extra / sizeof extra[0]
	                   && x + 2 + (int)(strlen(extra[i].k) + strlen(extra[i].t)) <= r.w; i++) {
		palette_use(w, UI_KEY);
		x += widget_printf(w, r, 0, x, " %s", extra[i].k);
		palette_use(w, i == 0 && u->globe ? UI_SELECT : UI_TEXT);
		x += widget_printf(w, r, 0, x, " %s", extra[i].t);
	}
	palette_use(w, UI_TEXT);
}

/* A bar of biome shares, largest remainder so the widths add up. */
static void biome_bar(ui_t *u, WINDOW *w, rect r, int y, int x, int width)
{
	const snapshot_t *s = u->snap;
	int cells[BIOME_COUNT], used = 0;
	double rem[BIOME_COUNT];
	for (int b = 0; b < BIOME_COUNT; b++) {
		double f = s->stats.biome_fraction[b] * width;
		cells[b] = (int)f;
		rem[b] = f - cells[b];
		used += cells[b];
	}
	while (used < width) {
		int best = 0;
		for (int b = 1; b < BIOME_COUNT; b++)
			if (rem[b] > rem[best])
				best = b;
		if (rem[best] <= 0)
			break;
		cells[best]++;
		rem[best] = 0;
		used++;
	}
	static const char glyph[BIOME_COUNT] = "~.:t&-#fm\",M^=";
	wmove(w, r.y + y, r.x + x);
	for (int b = 0; b < BIOME_COUNT; b++) {
		if (!cells[b])
			continue;
		if (u->caps.depth == COLOR_MONO) {
			for (int i = 0; i < cells[b]; i++)
				waddch(w, (chtype)glyph[b]);
			continue;
		}
		int bg = palette_class(b);
		int p = palette_pair(palette_contrast(bg), bg);
		wattr_set(w, A_NORMAL, 0, &p);
		for (int i = 0; i < cells[b]; i++)
			waddch(w, u->caps.depth == COLOR_8 ? (chtype)glyph[b] : ' ');
	}
	palette_use(w, UI_TEXT);
}

void panel_world(ui_t *u, WINDOW *w)
{
	rect box = u->lay.world;
	const snapshot_t *s = u->snap;
	/* the state hash, as `run --stats` prints it: the same scenario, seed and
	 * step give the same planet, here and there */
	char title[48] = "World";
	if (s && box.w >= 36)
		snprintf(title, sizeof title, "World %s state %016llx", ui_sym(u, "\u00b7", "-"),
		         (unsigned long long)s->state_hash);

	widget_box(u, w, box, title, false);
	rect r = widget_inner(box);
	if (!s)
		return;
	const world_stats *ws = &s->stats;
	if (box.w < 36) {
		/* too narrow for the hash in the title: it takes the first row */
		palette_use(w, UI_DIM);
		widget_printf(w, r, 0, 1, "state %016llx", (unsigned long long)s->state_hash);
		palette_use(w, UI_TEXT);
		r.y++;
		r.h--;
	}
	char a[32], b[32];
	/* heights are from the sea; how far the sea itself moved is its own
	 * figure (eustatic change since step 0) */
	long eu = lround(s->eustatic_change_m);
	bool narrow = r.w < 40;
	widget_printf(w, r, 0, 1, "land %.1f %%   sea %s %s%s m", ws->land_fraction * 100,
	              ui_sym(u, "\u0394", "moved"), eu > 0 ? "+" : eu < 0 ? "-" : "",
	              widget_group(u, eu < 0 ? -eu : eu, a, sizeof a));
	widget_printf(w, r, 1, 1, narrow ? "high %s  deep %s m" : "highest %s m   deepest %s m",
	              widget_group(u, lround(ws->elevation_max_m - s->sea_level_m), a, sizeof a),
	              widget_group(u, lround(ws->elevation_min_m - s->sea_level_m), b, sizeof b));
	widget_printf(w, r, 2, 1, narrow ? "%.0f%sC %d plates cont %.0f%%" : "mean %.1f %sC  plates %d  continents %.0f%%",
	              ws->mean_temperature_c, ui_sym(u, "\u00b0", ""), snapshot_plates_on_map(s),
	              ws->continental_fraction * 100);
	widget_printf(w, r, 3, 1, narrow ? "conv %.0f div %.0f tr %.0f %%" : "boundaries: conv %.0f%% div %.0f%% transf %.0f%%",
	              ws->boundary_fraction[BOUNDARY_CONVERGENT] * 100,
	              ws->boundary_fraction[BOUNDARY_DIVERGENT] * 100,
	              ws->boundary_fraction[BOUNDARY_TRANSFORM] * 100);
	if (r.h > 4) {
		int x = widget_printf(w, r, 4, 1, "biomes ");
		if (r.w - x - 2 > 4)
			biome_bar(u, w, r, 4, 1 + x, r.w - x - 2);
	}
}

static const char *compass(double ve, double vn)
{
	static const char *d[8] = {"E", "NE", "N", "NW", "W", "SW", "S", "SE"};
	int o = (int)lround(atan2(vn, ve) / (M_PI / 4));
	return d[(o + 8) % 8];
}

/* Items flowed into rows, two spaces apart, in order of importance: what
 * does not fit is left off, never cut in the middle. */
static void flow(WINDOW *w, rect r, char items[][48], int n)
{
	int y = 0, x = 1;
	for (int i = 0; i < n && y < r.h; i++) {
		int len = (int)strlen(items[i]);
		if (x > 1 && x + 2 + len > r.w) {
			y++;
			x = 1;
			if (y >= r.h)
				break;
		}
		if (x > 1)
			x += 2;
		if (x + len > r.w && x > 1)
			break;
		widget_printf(w, r, y, x, "%s", items[i]);
		x += len;
	}
}

void panel_cell(ui_t *u, WINDOW *w)
{
	rect box = u->lay.cell;
	const snapshot_t *s = u->snap;
	char title[64];
	if (u->inspecting) {
		int n = snprintf(title, sizeof title, "Cell %.1f%c %.1f%c", fabs(u->insp_lat), u->insp_lat >= 0 ? 'N' : 'S',
		                 fabs(u->insp_lon), u->insp_lon >= 0 ? 'E' : 'W');
		/* the hint as long as the frame has room for (never cut) */
		static const char *const hints[] = {" (arrows move, i done)", " (arrows, i done)", " (i done)"};
		for (size_t k = 0; u->cursor && k < sizeof hints / sizeof *hints; k++)
			if (n + (int)strlen(hints[k]) + 6 <= box.w) {
				snprintf(title + n, sizeof title - (size_t)n, "%s", hints[k]);
				break;
			}
	} else
		snprintf(title, sizeof title, "Cell");
	widget_box(u, w, box, title, u->cursor);
	rect r = widget_inner(box);
	if (!s)
		return;
	if (!u->inspecting) {
		palette_use(w, UI_DIM);
		widget_printf(w, r, 0, 1, "%s", u->caps.mouse ? "i: cursor on the map, or click it"
		                                : "i: a cursor on the map to inspect");
		palette_use(w, UI_TEXT);
		return;
	}
	int c = grid_locate(s->grid, v3_from_latlon(u->insp_lat * DEG, u->insp_lon * DEG));
	int pi = s->plate[c];
	const plate_info *pl = pi < s->plate_count ? &s->plates[pi] : NULL;
	char a[32];
	double rel = s->elevation[c] - s->sea_level_m;
	const char *bname = s->biome[c] < BIOME_COUNT ? (biome_table[s->biome[c]].label
	                    ? biome_table[s->biome[c]].label : biome_table[s->biome[c]].name) : "?";
	char it[9][48];
	int n = 0;
	snprintf(it[n++], sizeof it[0], "%s m %s sea level", widget_group(u, lround(fabs(rel)), a, sizeof a),
	         rel >= 0 ? "above" : "below");
	snprintf(it[n++], sizeof it[0], "biome %s", bname);
	snprintf(it[n++], sizeof it[0], "plate %d (%s)", pl ? pl->id : pi,
	         pl && pl->type == CRUST_CONTINENTAL ? "continental" : "oceanic");
	snprintf(it[n++], sizeof it[0], "%s crust %.0f Myr",
	         s->crust[c] == CRUST_CONTINENTAL ? "continental" : "oceanic", s->age[c]);
	snprintf(it[n++], sizeof it[0], "%.1f %sC", s->temperature[c], ui_sym(u, "\u00b0", ""));
	const char *season = biome_dry_season(s->temperature[c], s->dry_summer[c] / 255.0, s->dry_winter[c] / 255.0);
	snprintf(it[n++], sizeof it[0], "%.0f mm/yr%s%s", s->precip[c], season ? ", " : "", season ? season : "");
	snprintf(it[n++], sizeof it[0], "moving %.1f cm/yr %s", hypot(s->vel_east[c], s->vel_north[c]),
	         compass(s->vel_east[c], s->vel_north[c]));
	snprintf(it[n++], sizeof it[0], "stress %+.2f shear %.2f", s->stress[c], s->shear[c]);
	snprintf(it[n++], sizeof it[0], "cell %d", c);
	flow(w, r, it, n);
}
