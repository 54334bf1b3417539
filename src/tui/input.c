/* input.c: key bindings and mouse (see input.h). */
#include "tui/input.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <curses.h>
#include "core/grid.h"
#include "tui/chooser.h"
#include "tui/help.h"
#include "tui/mapview.h"
#include "tui/paramedit.h"
#include "tui/plate_table.h"
#include "tui/status.h"
#include "tui/timebar.h"
#include "tui/history.h"

/* Speeds offered by + and -; 0 means as fast as the machine goes. */
static const double speeds[] = {0.5, 1, 2, 5, 10, 20, 50, 100, 0};
enum { NSPEEDS = sizeof speeds / sizeof speeds[0] };

double input_speed_step(double cur, int dir)
{
	int i = NSPEEDS - 1;
	for (int k = 0; k < NSPEEDS; k++)
		if (speeds[k] == cur || (cur > 0 && speeds[k] >= cur && speeds[k] > 0)) {
			i = k;
			break;
		}
	i += dir;
	i = i < 0 ? 0 : i >= NSPEEDS ? NSPEEDS - 1 : i;
	return speeds[i];
}

static unsigned send(ui_t *u, step_cmd_kind k, double v)
{
	if (stepper_send_simple(u->st, k, v) != 0)
		status_message(u, true, "busy: command queue full");
	return DIRTY_TEXT;
}

static unsigned k_quit(ui_t *u, int key) { u->quit = true; return 0; }
static unsigned k_help(ui_t *u, int key) { u->help = !u->help; u->help_top = 0; return DIRTY_TEXT; }
static unsigned k_play(ui_t *u, int key) { return send(u, STEP_CMD_TOGGLE, 0); }
static unsigned k_step(ui_t *u, int key) { return send(u, STEP_CMD_STEP, 0); }

/* One step back: the stepping thread pauses and rebuilds the step before
 * the one on screen from the history (bit-identical to the original). */
static unsigned k_back(ui_t *u, int key)
{
	if (!u->snap)
		return 0;
	return send(u, STEP_CMD_BACK, 1);
}

static unsigned k_speed(ui_t *u, int key)
{
	/* from what was asked, not from the stepper's status, which may not
	 * have seen the previous key yet */
	double s = input_speed_step(u->speed, key == '+' || key == '=' ? 1 : -1);
	u->speed = s;
	if (s > 0)
		status_message(u, false, "speed cap %g steps/s", s);
	else
		status_message(u, false, "speed: as fast as possible");
	return send(u, STEP_CMD_SPEED, s);
}

static unsigned k_mode(ui_t *u, int key)
{
	u->mode = (view_kind)(key - '1');
	u->globe = false;
	return DIRTY_MAP | DIRTY_TEXT;
}

static unsigned k_globe(ui_t *u, int key)
{
	u->globe = !u->globe;
	return DIRTY_MAP | DIRTY_TEXT;
}

static unsigned k_tab(ui_t *u, int key)
{
	int d = key == KEY_BTAB ? FOCUS_COUNT - 1 : 1;
	for (int i = 0; i < FOCUS_COUNT; i++) {
		u->focus = (ui_focus)((u->focus + d) % FOCUS_COUNT);
		if (u->focus == FOCUS_MAP || (u->focus == FOCUS_PLATES && u->lay.show_plates)
		    || (u->focus == FOCUS_PARAMS && u->lay.show_params))
			break;
	}
	u->editing = false;
	if (u->focus == FOCUS_PLATES) {
		/* before the first snapshot there is no plate yet: follow the top
		 * one as soon as there is (dashboard.c) */
		u->follow_pending = !u->snap;
		return DIRTY_TEXT | plate_table_focus(u);
	}
	return DIRTY_TEXT;
}

static unsigned regen(ui_t *u)
{
	/* a fresh seed that is still printable and reusable with -s */
	uint64_t x = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull ^ (u->snap ? u->snap->prm.seed : 1);
	x ^= x >> 31;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 29;
	uint64_t seed = x % 1000000000ull;
	status_message(u, false, "generating seed %llu...", (unsigned long long)seed);
	return send(u, STEP_CMD_REGEN, (double)seed);
}

/* r throws the run away: ask first once it has steps worth keeping */
static unsigned k_regen(ui_t *u, int key)
{
	if (!u->snap || u->snap->step == 0)
		return regen(u);
	u->confirm = 'r';
	return DIRTY_TEXT;
}

/* Build planet planet_next of the scenario's list (through the stepping
 * thread, as r does). The array outlives the dashboard's stepper. */
static unsigned build_planet(ui_t *u)
{
	step_cmd c = {.kind = STEP_CMD_BUILD, .prm = &u->planets[u->planet_next]};
	if (stepper_send(u->st, &c) != 0) {
		status_message(u, true, "busy: command queue full");
		return DIRTY_TEXT;
	}
	u->planet_idx = u->planet_next;
	status_message(u, false, "building planet %d/%d: %s...", u->planet_idx + 1, u->planet_count,
	               c.prm->name);
	return DIRTY_TEXT;
}

/* p P: the scenario's next or previous planet (asks y/n, as r does, once
 * the run has steps worth keeping). */
static unsigned k_planet(ui_t *u, int key)
{
	if (u->planet_count < 2) {
		status_message(u, false, "only one planet");
		return DIRTY_TEXT;
	}
	int d = key == 'P' ? u->planet_count - 1 : 1;
	u->planet_next = (u->planet_idx + d) % u->planet_count;
	if (!u->snap || u->snap->step == 0)
		return build_planet(u);
	u->confirm = 'N';
	return DIRTY_TEXT;
}

/* The answer to a question in the status line. */
static unsigned confirm_key(ui_t *u, int key)
{
	int what = u->confirm;
	u->confirm = 0;
	if (what == 'o')
		return chooser_answer(u, key == 'y' || key == 'Y');
	if (key != 'y' && key != 'Y') {
		status_message(u, false, what == 'r' || what == 'N' || what == 'B' ? "kept the run"
		                                                   : "nothing changed; the history is kept");
		return DIRTY_TEXT;
	}
	if (what == 'r')
		return regen(u);
	if (what == 'N')
		return build_planet(u);
	if (what == 'B')
		return paramedit_rebuild(u);
	if (what == 'R')
		return send(u, STEP_CMD_RIFT, plate_table_selected(u));
	if (what == 'p' && u->pend_def)
		paramedit_send(u);
	return DIRTY_TEXT;
}

/* A rift in the past drops the recorded steps after it: ask first. */
static unsigned k_rift(ui_t *u, int key)
{
	if (timebar_ask(u, 'R'))
		return DIRTY_TEXT;
	int p = plate_table_selected(u);
	return send(u, STEP_CMD_RIFT, p);
}

/* Save and export name their files after the step the stepping thread
 * writes, which may be ahead of the step on screen while playing. */
static unsigned k_save(ui_t *u, int key)
{
	step_cmd c = {.kind = STEP_CMD_SAVE};
	snprintf(c.text, sizeof c.text, "%s/tectonica-{step}.state", u->export_dir);
	status_message(u, false, "saving...");
	if (stepper_send(u->st, &c) != 0)
		status_message(u, true, "busy: command queue full");
	return DIRTY_TEXT;
}

static unsigned k_export(ui_t *u, int key)
{
	step_cmd c = {.kind = STEP_CMD_EXPORT};
	snprintf(c.text, sizeof c.text, "%s/step-{step}", u->export_dir);
	status_message(u, false, "exporting...");
	if (stepper_send(u->st, &c) != 0)
		status_message(u, true, "busy: command queue full");
	return DIRTY_TEXT;
}

static unsigned k_open(ui_t *u, int key) { return chooser_show(u); }

static unsigned k_redraw(ui_t *u, int key)
{
	clearok(curscr, TRUE);
	return DIRTY_ALL;
}

static unsigned k_escape(ui_t *u, int key)
{
	u->help = false;
	if (u->focus == FOCUS_PLATES) {
		/* stop following the plate */
		u->plate_sel_id = -1;
		return DIRTY_TEXT | DIRTY_MAP;
	}
	u->inspecting = false;
	u->cursor = false;
	return DIRTY_TEXT;
}

/* Where the inspector looks, said in the status line when no panel shows it
 * (full-screen map, small terminals). */
static void inspect_moved(ui_t *u)
{
	if (u->lay.show_cell || !u->snap)
		return;
	const snapshot_t *s = u->snap;
	int c = grid_locate(s->grid, v3_from_latlon(u->insp_lat * M_PI / 180, u->insp_lon * M_PI / 180));
	double rel = s->elevation[c] - s->sea_level_m;
	status_message(u, false, "%.1f%c %.1f%c  %.0f m %s sea level  plate %d",
	               fabs(u->insp_lat), u->insp_lat >= 0 ? 'N' : 'S', fabs(u->insp_lon),
	               u->insp_lon >= 0 ? 'E' : 'W', fabs(rel), rel >= 0 ? "above" : "below",
	               s->plate[c] < s->plate_count ? s->plates[s->plate[c]].id : s->plate[c]);
}

/* i: a cursor on the map; arrows and h j k l move it one character. */
static unsigned k_inspect(ui_t *u, int key)
{
	u->cursor = !u->cursor;
	if (u->cursor) {
		if (!u->inspecting) {
			u->insp_lat = 0;
			u->insp_lon = u->globe ? fmod(u->spin * 180 / M_PI + 540, 360) - 180 : u->pan_lon;
		}
		u->inspecting = true;
		u->focus = FOCUS_MAP;
		inspect_moved(u);
	}
	return DIRTY_TEXT;
}

/* The cursor moves one character of the map (a few degrees on the globe),
 * finer as the map zooms in; the zoomed flat map pans to keep it in view. */
static unsigned cursor_key(ui_t *u, int key)
{
	rect r = u->lay.map;
	double z = u->zoom > 1 ? u->zoom : 1;
	double dlon = (u->globe || r.w <= 0 ? 3 : 360.0 / r.w) / z;
	double dlat = (u->globe || r.h <= 0 ? 3 : 180.0 / r.h) / z;
	switch (key) {
	case KEY_LEFT: case 'h': u->insp_lon -= dlon; break;
	case KEY_RIGHT: case 'l': u->insp_lon += dlon; break;
	case KEY_UP: case 'k': u->insp_lat += dlat; break;
	case KEY_DOWN: case 'j': u->insp_lat -= dlat; break;
	default: return 0;
	}
	u->insp_lat = u->insp_lat > 89.9 ? 89.9 : u->insp_lat < -89.9 ? -89.9 : u->insp_lat;
	u->insp_lon = fmod(u->insp_lon + 540, 360) - 180;
	inspect_moved(u);
	double lon0 = u->pan_lon, lat0 = u->pan_lat;
	mapview_follow(u, u->insp_lat, u->insp_lon);
	return DIRTY_TEXT | (lon0 != u->pan_lon || lat0 != u->pan_lat ? DIRTY_MAP : 0);
}

/* v: the right column (plates, world, parameters) away for a wider map,
 * and back */
static unsigned k_side(ui_t *u, int key)
{
	u->no_side = !u->no_side;
	status_message(u, false, u->no_side ? "plates, world, parameters hidden (v shows them)"
	                                    : "plates, world, parameters shown");
	return DIRTY_LAYOUT | DIRTY_MAP | DIRTY_TEXT;
}

/* C H T W K L: one panel away, or back (made room for where the layout
 * would leave it out) */
static unsigned k_panel(ui_t *u, int key)
{
	static const struct { int key; unsigned bit; const char *name; } panels[] = {
		{'C', PANEL_CELL, "cell inspector"}, {'H', PANEL_HISTORY, "history"},
		{'T', PANEL_PLATES, "plates"}, {'W', PANEL_WORLD, "world"},
		{'K', PANEL_PARAMS, "parameters"}, {'L', PANEL_LEGEND, "map legend"},
	};
	for (size_t i = 0; i < sizeof panels / sizeof *panels; i++) {
		if (panels[i].key != key)
			continue;
		unsigned b = panels[i].bit;
		const layout *l = &u->lay;
		bool shown = b == PANEL_CELL ? l->show_cell : b == PANEL_HISTORY ? l->show_history
		           : b == PANEL_PLATES ? l->show_plates : b == PANEL_WORLD ? l->show_world
		           : b == PANEL_PARAMS ? l->show_params : l->legend.h > 0;
		if (shown) {
			u->panel_hide |= b;
			u->panel_want &= ~b;
		} else {
			if (u->panel_hide & b)
				u->panel_hide &= ~b;     /* back where the layout puts it */
			else if (!u->fullmap && !(u->no_side && (b & (PANEL_PLATES | PANEL_WORLD | PANEL_PARAMS))))
				u->panel_want |= b;      /* left out for room: make room */
			/* a panel of the right column brings the column back */
			if (b & (PANEL_PLATES | PANEL_WORLD | PANEL_PARAMS))
				u->no_side = false;
			if (b != PANEL_LEGEND)
				u->fullmap = false;
		}
		status_message(u, false, "%s %s (%c: %s)", panels[i].name, shown ? "hidden" : "shown",
		               key, shown ? "show" : "hide");
		return DIRTY_LAYOUT | DIRTY_MAP | DIRTY_TEXT;
	}
	return 0;
}

static unsigned k_fullmap(ui_t *u, int key)
{
	u->fullmap = !u->fullmap;
	return DIRTY_LAYOUT | DIRTY_MAP | DIRTY_TEXT;
}

/* z, Z, 0: zoom in, out, back to the whole planet; around the inspector's
 * place when there is one. */
static unsigned k_zoom(ui_t *u, int key)
{
	double z0 = u->zoom;
	if (key == '0') {
		u->zoom = 1;
		u->pan_lat = 0;
		if (!u->globe)
			u->pan_lon = 0;
		mapview_clamp(u);
	} else {
		mapview_zoom(u, key == 'z' ? 2 : 0.5, u->inspecting, u->insp_lat, u->insp_lon);
	}
	if (u->zoom == z0 && key != '0')
		status_message(u, false, "zoom %g: %s", u->zoom, key == 'z' ? "as far in as it goes" : "the whole planet");
	else
		status_message(u, false, "zoom %g (z in, Z out, 0 whole planet)", u->zoom);
	return DIRTY_MAP | DIRTY_TEXT;
}

/* m: keep the time on screen to compare with; c: split, flip, off. */
static unsigned k_mark(ui_t *u, int key)
{
	if (!u->snap)
		return 0;
	u->mark = stepper_hold(u->st);
	if (u->mark)
		status_message(u, false, "marked step %lld (%.1f Myr): c compares it with now",
		               (long long)u->mark->step, u->mark->time_myr);
	return DIRTY_MAP | DIRTY_TEXT;
}

static unsigned k_compare(ui_t *u, int key)
{
	if (!u->mark) {
		status_message(u, true, "m first: it marks the time to compare with");
		return DIRTY_TEXT;
	}
	u->compare = (u->compare + 1) % COMPARE_MODES;
	long long m = (long long)u->mark->step;
	if (u->compare == COMPARE_SPLIT)
		status_message(u, false, "compare: step %lld on the left, now on the right (c: flip)", m);
	else if (u->compare == COMPARE_FLIP)
		status_message(u, false, "compare: the map at step %lld (c: back to now)", m);
	else
		status_message(u, false, "compare off (step %lld stays marked)", m);
	return DIRTY_MAP | DIRTY_TEXT;
}

static unsigned k_graticule(ui_t *u, int key)
{
	u->graticule = !u->graticule;
	return DIRTY_MAP | DIRTY_TEXT;
}

/* Arrows on the map: pan the flat map (up and down once zoomed in), turn or
 * nod the globe; steps shrink as the view zooms in. */
static unsigned map_key(ui_t *u, int key)
{
	if (u->cursor)
		return cursor_key(u, key);
	double z = u->zoom > 1 ? u->zoom : 1;
	double lon0 = u->pan_lon, lat0 = u->pan_lat, spin0 = u->spin, glat0 = u->globe_lat;
	double dlon = fmin(15, 45 / z), dlat = fmin(10, 22.5 / z);
	switch (key) {
	case KEY_LEFT: case 'h':
		if (u->globe)
			u->spin -= dlon * M_PI / 180;
		else
			u->pan_lon -= dlon;
		break;
	case KEY_RIGHT: case 'l':
		if (u->globe)
			u->spin += dlon * M_PI / 180;
		else
			u->pan_lon += dlon;
		break;
	case KEY_UP: case 'k':
		if (u->globe)
			u->globe_lat = fmin(90, u->globe_lat + dlat);
		else
			u->pan_lat += dlat;
		break;
	case KEY_DOWN: case 'j':
		if (u->globe)
			u->globe_lat = fmax(-90, u->globe_lat - dlat);
		else
			u->pan_lat -= dlat;
		break;
	default:
		return 0;
	}
	mapview_clamp(u);
	if (lon0 == u->pan_lon && lat0 == u->pan_lat && spin0 == u->spin && glat0 == u->globe_lat)
		return 0;
	return DIRTY_MAP | DIRTY_TEXT;
}

static unsigned mouse(ui_t *u)
{
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return 0;
	bool wheel_up = ev.bstate & BUTTON4_PRESSED, wheel_dn = ev.bstate & BUTTON5_PRESSED;
	if (u->lay.show_plates && rect_has(u->lay.plates, ev.y, ev.x)) {
		if (wheel_up || wheel_dn)
			return plate_table_key(u, wheel_up ? KEY_UP : KEY_DOWN);
		return plate_table_click(u, ev.y, ev.x);
	}
	if (u->lay.show_params && rect_has(u->lay.params, ev.y, ev.x) && !(wheel_up || wheel_dn))
		return paramedit_click(u, ev.y, ev.x);
	if (u->lay.show_history && rect_has(u->lay.history, ev.y, ev.x)) {
		/* a click on a graph or the time bar goes to that step */
		int64_t step = history_step_at(u, ev.y, ev.x);
		return step >= 0 && (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) ? timebar_go(u, step) : 0;
	}
	double lat, lon;
	if ((wheel_up || wheel_dn) && u->snap && mapview_locate(u, u->lay.map, ev.y, ev.x, &lat, &lon)) {
		/* the wheel zooms around the place under the pointer */
		mapview_zoom(u, wheel_up ? 2 : 0.5, true, lat, lon);
		return DIRTY_MAP | DIRTY_TEXT;
	}
	if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return 0;
	if (u->snap && mapview_locate(u, u->lay.map, ev.y, ev.x, &lat, &lon)) {
		u->inspecting = true;
		u->insp_lat = lat;
		u->insp_lon = lon;
		u->focus = FOCUS_MAP;
		inspect_moved(u);
		return DIRTY_TEXT;
	}
	return 0;
}

#define CTRL(c) ((c) & 0x1f)

const key_binding key_table[] = {
	{{' ', 0}, "space", "play / pause", k_play},
	{{'.', 'n', 0}, ". n", "one step forward (pauses)", k_step},
	{{',', 0}, ",", "one step back (pauses; replayed from history)", k_back},
	{{'[', ']', 0}, "[ ]", "scrub back / forward through the history", timebar_key},
	{{'{', '}', 0}, "{ }", "first / last recorded step", timebar_key},
	{{'t', 0}, "t", "go to a step or a time (250, 120 Myr)", timebar_key},
	{{'+', '=', 0}, "+ =", "faster (steps/s cap)", k_speed},
	{{'-', '_', 0}, "- _", "slower", k_speed},
	{{'1', 0}, "1", "map: biomes", k_mode},
	{{'2', 0}, "2", "map: elevation, hill-shaded", k_mode},
	{{'3', 0}, "3", "map: plates and boundaries", k_mode},
	{{'4', 0}, "4", "map: stress (scale fits the planet, see legend)", k_mode},
	{{'5', 0}, "5", "map: temperature", k_mode},
	{{'6', 0}, "6", "map: precipitation", k_mode},
	{{'7', 0}, "7", "map: crust age (scale fits the planet)", k_mode},
	{{'8', 0}, "8", "map: plate motion, arrows (scale fits the planet)", k_mode},
	{{'g', 0}, "g", "globe / flat map", k_globe},
	{{'f', 0}, "f", "full-screen map / panels", k_fullmap},
	{{'i', 0}, "i", "inspect: cursor on the map (arrows, h j k l)", k_inspect},
	{{'\t', KEY_BTAB, 0}, "tab", "next panel (map, plates, parameters)", k_tab},
	{{0}, "arrows hjkl", "map: pan (globe: turn, tilt); tables: move", NULL},
	{{0}, "< > enter", "plates: sort column, reverse order", NULL},
	{{0}, "enter", "parameters: edit value (esc cancels)", NULL},
	{{0}, "left right", "parameters: nudge value", NULL},
	{{0}, "d del", "parameters: back to the default value", NULL},
	{{0}, "PgDn PgUp", "parameters: scroll the key's description", NULL},
	{{0}, "live/step 0", "parameters: live acts now, step 0 rebuilds", NULL},
	{{0}, "layers[N]", "parameters: noise layers' keys, live", NULL},
	{{0}, "click", "map: inspect a place; tables: select", NULL},
	{{'r', 0}, "r", "new planet with a new seed (asks y/n first)", k_regen},
	{{'p', 'P', 0}, "p P", "next / previous planet of the file (planets:)", k_planet},
	{{'R', 0}, "R", "rift a plate (followed, else largest)", k_rift},
	{{'s', 0}, "s", "save state (reopen: o, or tectonica FILE)", k_save},
	{{'o', 0}, "o", "open a preset, scenario or state (y/n first)", k_open},
	{{'e', 0}, "e", "export maps (PNG) of this step", k_export},
	{{'z', 0}, "z", "zoom in (around the cursor; wheel: the pointer)", k_zoom},
	{{'Z', 0}, "Z", "zoom out", k_zoom},
	{{'0', 0}, "0", "whole planet again (zoom 1)", k_zoom},
	{{'v', 0}, "v", "hide / show the right column (a wider map)", k_side},
	{{'C', 0}, "C", "hide / show the Cell (inspector) panel", k_panel},
	{{'H', 0}, "H", "hide / show History (made room for when small)", k_panel},
	{{'T', 'W', 'K'}, "T W K", "hide / show Plates table, World, parameters (Keys)", k_panel},
	{{'L', 0}, "L", "hide / show the map's legend", k_panel},
	{{'#', 0}, "#", "graticule: lat/lon lines and labels, equator yellow", k_graticule},
	{{'m', 0}, "m", "mark this time to compare with", k_mark},
	{{'c', 0}, "c", "compare: split with the mark, flip to it, off", k_compare},
	{{0}, "time bar", "scenario events as red dots (! in ASCII)", NULL},
	{{27, 0}, "esc", "close help, leave the inspector", k_escape},
	{{CTRL('l'), 0}, "^L", "redraw the screen", k_redraw},
	{{'?', KEY_F(1), 0}, "? F1", "this help", k_help},
	{{'q', KEY_F(10), 0}, "q F10", "quit (in help: close the help)", k_quit},
};
const size_t key_table_len = sizeof key_table / sizeof key_table[0];

unsigned input_key(ui_t *u, int key)
{
	if (key == KEY_MOUSE && u->choosing) {
		MEVENT ev;
		getmouse(&ev);    /* the box takes no clicks: drop it */
		return 0;
	}
	if (key == KEY_MOUSE)
		return mouse(u);
	if (u->prompting)
		return timebar_prompt_key(u, key);
	if (u->confirm)
		return confirm_key(u, key);
	if (u->choosing)
		return chooser_key(u, key);
	if (u->help)
		return help_key(u, key, (int)key_table_len);
	unsigned r = 0;
	if (u->editing || u->focus == FOCUS_PARAMS)
		r = paramedit_key(u, key);
	else if (u->focus == FOCUS_PLATES)
		r = plate_table_key(u, key);
	else
		r = map_key(u, key);
	if (r || u->editing)
		return r | DIRTY_TEXT;
	if (key == KEY_LEFT || key == KEY_RIGHT || key == KEY_UP || key == KEY_DOWN)
		return map_key(u, key);
	for (size_t i = 0; i < key_table_len; i++)
		for (int k = 0; k < 3 && key_table[i].keys[k]; k++)
			if (key_table[i].keys[k] == key && key_table[i].fn)
				return key_table[i].fn(u, key);
	return 0;
}
