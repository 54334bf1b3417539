/* timebar.c: going to a step or a time, scrubbing (see timebar.h). */
#include "tui/timebar.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/clock.h"
#include "sim/runlog.h"
#include "tui/palette.h"
#include "tui/status.h"
#include "tui/widgets.h"

/* The history's extent; false without one. */
static bool extent(const ui_t *u, int64_t *first, int64_t *last)
{
	tl_info in;
	if (!stepper_history_info(u->st, &in) || in.last < in.first)
		return false;
	*first = in.first;
	*last = in.last;
	return true;
}

int64_t timebar_future(const ui_t *u)
{
	int64_t first, last;
	if (!u->snap || !extent(u, &first, &last))
		return -1;
	return u->snap->step < last ? last : -1;
}

bool timebar_ask(ui_t *u, int what)
{
	int64_t last = timebar_future(u);
	if (last < 0)
		return false;
	u->confirm = what;
	u->confirm_last = last;
	return true;
}

unsigned timebar_go(ui_t *u, int64_t step)
{
	if (step < 0)
		step = 0;
	u->seek_to = step;
	u->seek_at = clock_s();
	if (stepper_send_simple(u->st, STEP_CMD_SEEK, (double)step) != 0)
		status_message(u, true, "busy: command queue full");
	return DIRTY_TEXT;
}

/* Where a scrub starts: the step asked for last until the screen shows it
 * (so quick presses add up), else the one shown. A seek that failed is
 * forgotten after a while. */
static int64_t scrub_base(const ui_t *u)
{
	if (u->seek_to >= 0 && u->snap && u->snap->step != u->seek_to && clock_s() - u->seek_at < 3)
		return u->seek_to;
	return u->snap ? u->snap->step : 0;
}

unsigned timebar_key(ui_t *u, int key)
{
	if (key == 't') {
		u->prompting = true;
		u->prompt[0] = 0;
		return DIRTY_TEXT;
	}
	int64_t first, last;
	if (!u->snap)
		return 0;
	if (!extent(u, &first, &last)) {
		status_message(u, true, "no history kept (--history-mb 0)");
		return DIRTY_TEXT;
	}
	/* a twentieth of the history a press: any run crosses in 20 presses */
	int64_t chunk = (last - first) / 20 > 1 ? (last - first) / 20 : 1, to;
	switch (key) {
	case '[': to = scrub_base(u) - chunk; break;
	case ']': to = scrub_base(u) + chunk; break;
	case '{': to = first; break;
	default: to = last; break;
	}
	to = to < first ? first : to > last ? last : to;
	if (to == (u->snap ? u->snap->step : -1) && to == scrub_base(u)) {
		status_message(u, false, "step %lld: %s of the history (steps %lld-%lld)", (long long)to,
		               to == first ? "the start" : "the end", (long long)first, (long long)last);
		return DIRTY_TEXT;
	}
	return timebar_go(u, to);
}

/* "250" is a step; "120 Myr", "120m", "120 my" a time. Returns the step, or
 * -1 with a message. */
static int64_t parse_target(ui_t *u, const char *text)
{
	char *end;
	double v = strtod(text, &end);
	if (end == text || !isfinite(v) || v < 0) {
		status_message(u, true, "'%s': a step (250) or a time (120 Myr)", text);
		return -1;
	}
	while (isspace((unsigned char)*end))
		end++;
	char unit[8] = "";
	size_t n = 0;
	while (*end && n + 1 < sizeof unit)
		unit[n++] = (char)tolower((unsigned char)*end++);
	unit[n] = 0;
	if (!unit[0])
		return (int64_t)floor(v);
	if (strcmp(unit, "m") && strcmp(unit, "my") && strcmp(unit, "myr")) {
		status_message(u, true, "'%s': a step (250) or a time (120 Myr)", text);
		return -1;
	}
	int64_t s = stepper_history_step_at(u->st, v);
	if (s >= 0)
		return s;
	/* after the history: as many steps again as the time step makes */
	const snapshot_t *sn = u->snap;
	double dt = sn && sn->prm.dt_myr > 0 ? sn->prm.dt_myr : 1;
	double ahead = sn ? ceil((v - sn->time_myr) / dt - 1e-9) : v / dt;
	return (sn ? sn->step : 0) + (int64_t)(ahead > 0 ? ahead : 0);
}

unsigned timebar_prompt_key(ui_t *u, int key)
{
	size_t len = strlen(u->prompt);
	switch (key) {
	case 27:
		u->prompting = false;
		break;
	case '\r': case '\n': case KEY_ENTER: {
		u->prompting = false;
		if (!len)
			break;
		int64_t s = parse_target(u, u->prompt);
		if (s >= 0)
			return timebar_go(u, s);
		break;
	}
	case KEY_BACKSPACE: case 127: case 8:
		if (len)
			u->prompt[len - 1] = 0;
		break;
	case KEY_MOUSE: case KEY_RESIZE:
		break;
	default:
		if (key < 256 && (isdigit(key) || strchr(". mMyYrR", key)) && len + 1 < sizeof u->prompt) {
			u->prompt[len] = (char)key;
			u->prompt[len + 1] = 0;
		}
		break;
	}
	return DIRTY_TEXT;
}

void timebar_draw_prompt(ui_t *u, WINDOW *w, rect r, int x)
{
	if (u->prompting) {
		palette_use(w, UI_STATUS);
		wattron(w, A_BOLD);
		x += widget_printf(w, r, 0, x, " go to step or time (250, 120 Myr): %s", u->prompt);
		wattroff(w, A_BOLD);
		palette_use(w, UI_SELECT);
		x += widget_printf(w, r, 0, x, " ");
		palette_use(w, UI_STATUS);
		widget_printf(w, r, 0, x, "  enter goes, esc cancels ");
		palette_use(w, UI_TEXT);
		return;
	}
	palette_use(w, UI_ERROR);
	wattron(w, A_BOLD);
	long long s = u->snap ? (long long)u->snap->step : 0;
	const char *what = u->confirm == 'R' ? "a rift" : "this change";
	if (u->confirm_last > s + 1)
		widget_printf(w, r, 0, x, " at step %lld %s drops recorded steps %lld-%lld? y/n ", s, what, s + 1,
		              (long long)u->confirm_last);
	else
		widget_printf(w, r, 0, x, " at step %lld %s drops recorded step %lld? y/n ", s, what, s + 1);
	wattroff(w, A_BOLD);
	palette_use(w, UI_TEXT);
}
