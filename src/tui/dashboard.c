/* dashboard.c: the UI thread's loop.
 *
 * The loop sleeps in poll() on the terminal and on a self-pipe the stepping
 * thread writes to after each publish, so it wakes only for a key, a new
 * snapshot, a signal or a timer (globe turning, message expiring). Keys are
 * answered at once; new snapshots are drawn at most `fps` times a second.
 * Every frame redraws into stdscr and ncurses sends only the characters that
 * differ from what the terminal already shows; the map itself is recomputed
 * only when its inputs changed. */
#include "tui/dashboard.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <curses.h>

#include "base/clock.h"
#include "base/err.h"
#include "tui/chooser.h"
#include "tui/events.h"
#include "tui/help.h"
#include "tui/history.h"
#include "tui/input.h"
#include "tui/mapview.h"
#include "tui/palette.h"
#include "tui/panels.h"
#include "tui/paramedit.h"
#include "tui/plate_table.h"
#include "tui/screen.h"
#include "tui/status.h"
#include "tui/widgets.h"

/* The globe turns this fast, redrawn this often. */
#define GLOBE_RAD_S 0.35
#define GLOBE_FPS 8

static void draw_too_small(ui_t *u)
{
	erase();
	palette_use(stdscr, UI_TEXT);
	const char *l1 = "terminal too small";
	char l2[64];
	snprintf(l2, sizeof l2, "%dx%d, need %dx%d", COLS, LINES, LAYOUT_MIN_COLS, LAYOUT_MIN_LINES);
	int y = LINES / 2 - 1;
	mvaddnstr(y < 0 ? 0 : y, (COLS - (int)strlen(l1)) / 2 > 0 ? (COLS - (int)strlen(l1)) / 2 : 0, l1, COLS);
	if (y + 1 < LINES)
		mvaddnstr(y + 1, (COLS - (int)strlen(l2)) / 2 > 0 ? (COLS - (int)strlen(l2)) / 2 : 0, l2, COLS);
}

static void relayout(ui_t *u)
{
	if (!(u->dirty & DIRTY_LAYOUT))
		return;
	layout_compute(&u->lay, LINES, COLS, u->fullmap, u->no_side, u->panel_hide, u->panel_want);
	u->dirty |= DIRTY_MAP;
	if (u->focus == FOCUS_PLATES && !u->lay.show_plates)
		u->focus = FOCUS_MAP;
	if (u->focus == FOCUS_PARAMS && !u->lay.show_params)
		u->focus = FOCUS_MAP;
}

/* Everything into stdscr, the map as far as mapview_advance let it. */
static void draw(ui_t *u, mapview *mv)
{
	if (u->lay.too_small) {
		draw_too_small(u);
		return;
	}
	erase();
	panel_status(u, stdscr);
	if (u->lay.map_border) {
		char title[128], where[64];
		int n = snprintf(title, sizeof title, "%s %s %s", u->globe ? "Globe" : "Map",
		                 ui_sym(u, "\u00b7", "-"), map_modes[u->mode].title);
		if (u->mark && u->compare == COMPARE_SPLIT)
			n += snprintf(title + n, sizeof title - (size_t)n, " %s step %lld | now %lld",
			              ui_sym(u, "\u00b7", "-"), (long long)u->mark->step,
			              u->snap ? (long long)u->snap->step : 0LL);
		else if (u->mark && u->compare == COMPARE_FLIP)
			n += snprintf(title + n, sizeof title - (size_t)n, " %s step %lld (marked)",
			              ui_sym(u, "\u00b7", "-"), (long long)u->mark->step);
		if (n < (int)sizeof title && mapview_where(u, where, sizeof where) > 0)
			snprintf(title + n, sizeof title - (size_t)n, " %s %s", ui_sym(u, "\u00b7", "-"), where);
		widget_box(u, stdscr, u->lay.map_box, title, u->focus == FOCUS_MAP);
		if (u->lay.legend.h > 0)
			mapview_legend(u, stdscr, u->lay.legend);
	}
	mapview_blit(mv, stdscr, u->lay.map);
	mapview_labels(u, stdscr, u->lay.map, u->lay.map_box, u->lay.map_border);
	mapview_track(u, stdscr, u->lay.map);
	mapview_marker(u, stdscr, u->lay.map);
	if (!u->snap) {
		const char *m = u->status.generating ? "building the planet..." : "waiting for the planet...";
		rect r = u->lay.map;
		mvaddnstr(r.y + r.h / 2, r.x + (r.w - (int)strlen(m)) / 2 > r.x ? r.x + (r.w - (int)strlen(m)) / 2 : r.x, m, r.w);
	}
	if (u->lay.show_plates)
		plate_table_draw(u, stdscr);
	if (u->lay.show_world)
		panel_world(u, stdscr);
	if (u->lay.show_params)
		paramedit_draw(u, stdscr);
	if (u->lay.show_cell)
		panel_cell(u, stdscr);
	if (u->lay.show_history)
		history_draw(u, stdscr);
	panel_keys(u, stdscr);
	if (u->help)
		help_draw(u, stdscr, key_table, (int)key_table_len);
	if (u->choosing)
		chooser_draw(u, stdscr);
}

/* Bytes this thread (the UI thread) has written so far (Linux
 * /proc/thread-self/io), or -1. The UI thread writes nothing but the
 * terminal (saves and exports run on the stepping thread), so this counts
 * exactly what went down the wire. */
static long long written_bytes(void)
{
	FILE *f = fopen("/proc/thread-self/io", "r");
	if (!f)
		return -1;
	char line[128];
	long long v = -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "wchar: %lld", &v) == 1)
			break;
	fclose(f);
	return v;
}

/* Say the scenario's events the time on screen just passed (going
 * forward), before any message still showing (a pause event's own). */
static void events_seen(ui_t *u, double now)
{
	const snapshot_t *s = u->snap;
	char what[160];
	int n = u->ev_step < 0 ? 0
	      : events_passed(&s->prm, u->ev_step, u->ev_time, s->step, s->time_myr, what, sizeof what);
	u->ev_step = s->step;
	u->ev_time = s->time_myr;
	if (n == 0)
		return;
	char more[32] = "";
	if (n > 1)
		snprintf(more, sizeof more, " (and %d more)", n - 1);
	if (u->msg[0] && !u->msg_err && now < u->msg_until) {
		char old[sizeof u->msg];
		memcpy(old, u->msg, sizeof old);
		status_message(u, false, "event %.140s%s | %.90s", what, more, old);
	} else {
		status_message(u, false, "event %s%s", what, more);
	}
}

/* Pull the stepper's status; mark what it changes. */
static void sync_status(ui_t *u)
{
	stepper_status s;
	stepper_get_status(u->st, &s);
	if (s.playing != u->status.playing || s.generating != u->status.generating
	    || fabs(s.measured_sps - u->status.measured_sps) > 0.05
	    || s.target_sps != u->status.target_sps)
		u->dirty |= DIRTY_TEXT;
	if (s.msg_serial != u->seen_serial) {
		u->seen_serial = s.msg_serial;
		status_message(u, s.msg_is_error, "%s", s.msg);
	}
	u->status = s;
	chooser_sync(u);
}

int dashboard_run(const dash_opts *o)
{
	char err[256] = "";
	int pipefd[2];
	if (pipe2(pipefd, O_NONBLOCK | O_CLOEXEC) != 0) {
		err_print("pipe: %s", strerror(errno));
		return 1;
	}
	static ui_t ui;
	ui_t *u = &ui;
	memset(u, 0, sizeof *u);
	u->scenario = o->scenario;
	u->planets = o->planets;
	u->planet_count = o->planets ? o->planet_count : 0;
	u->want_mouse = o->mouse;
	u->speed = o->speed;
	u->export_dir = o->export_dir ? o->export_dir : ".";
	u->globe_lat = 20;
	u->zoom = 1;
	u->seek_to = -1;
	u->ev_step = -1;
	lineage_init(&u->lin);
	u->psort = PSORT_AREA;
	u->plate_sel_id = -1;
	u->param_sel = -1;              /* the parameters' first live key */
	u->psort_desc = true;

	screen_signals_install();
	if (screen_init(&u->caps, o->mouse, err, sizeof err) != 0) {
		screen_done();
		err_print("%s", err);
		return 1;
	}
	palette_init(&u->caps);

	u->st = o->terrain
	        ? stepper_new_imported(&o->prm, o->terrain, &o->import, (size_t)o->history_mb << 20,
	                               o->threads, !o->paused, pipefd[1], o->scenario, err, sizeof err)
	        : stepper_new_loaded(&o->prm, o->load_path, (size_t)o->history_mb << 20, o->threads,
	                             !o->paused, pipefd[1], o->scenario, err, sizeof err);
	if (!u->st)
		screen_fatal("%s", err);
	if (o->speed != 10)
		stepper_send_simple(u->st, STEP_CMD_SPEED, o->speed);

	mapview mv = {0};
	u->dirty = DIRTY_ALL;
	double frame_dt = 1.0 / (o->fps > 0 ? o->fps : 10);
	double last_frame = 0, next_spin = 0;
	/* Byte budget, a token bucket: while the simulation runs, an SSH link
	 * carries at most max_kbps. A frame of the simulation is drawn once
	 * the bucket holds 0.2 s of bytes; the panels go first,
	 * then as much of the new map picture as the rest pays for (the map
	 * goes out in reading order over as many frames as it takes: each new
	 * picture waits until the last one is all out). So the wire carries an
	 * even stream instead of a whole map every few seconds, and the bucket
	 * never holds more than 0.3 s of bytes, so no window of time gets much
	 * more than its share. While a picture is going out, a new snapshot
	 * (new figures in the panels, about 1 KB a frame) is taken once a
	 * second, so the map gets most of the bytes. The rate aimed at is 95 %
	 * of max_kbps: a cap, not a target. Frames that answer a key are drawn whole at once; all the
	 * keys together delay the simulation's frames by at most a second. */
	double budget = o->max_kbps > 0 && written_bytes() >= 0 ? o->max_kbps * 1024.0 * 0.95 : 0;
	double tokens = budget * 0.3, last_refill = clock_s(), last_fresh = 0;
	double min_chunk = budget * 0.2, cap = budget * 0.3;
	/* bytes a map character costs (learnt from each frame) */
	double cell_cost = u->caps.depth == COLOR_DIRECT ? 45 : u->caps.depth == COLOR_256 ? 25
	                 : u->caps.depth == COLOR_8 ? 15 : 8;
	int exit_code = 0;
	bool shown_planet = false;     /* a frame showed a planet */

	for (;;) {
		int sig = screen_signal_pending();
		if (sig) {
			exit_code = 128 + sig;
			break;
		}
		/* keys first: they are answered in this very frame */
		bool keyed = false;
		int ch;
		while ((ch = getch()) != ERR) {
			if (ch == KEY_RESIZE) {
				u->dirty |= DIRTY_LAYOUT | DIRTY_MAP;
				keyed = true;
				continue;
			}
			unsigned d = input_key(u, ch);
			u->dirty |= d;
			keyed = keyed || d || u->quit;
			if (u->quit)
				break;
		}
		if (u->quit)
			break;

		sync_status(u);
		if (u->status.fatal)
			break;
		double now = clock_s();
		if (budget > 0) {
			tokens += budget * (now - last_refill);
			if (tokens > cap)
				tokens = cap;
			last_refill = now;
		}
		bool throttled = now - last_frame < frame_dt || (budget > 0 && tokens < min_chunk);
		/* a new snapshot only counts when we may draw it; while a map
		 * picture is going out in pieces, once a second */
		bool sending = budget > 0 && mv.pending && !u->lay.too_small && u->status.playing;
		if (!u->snap || (!throttled && (!sending || now - last_fresh >= 1.0))) {
			bool fresh = stepper_acquire(u->st, &u->snap);
			if (fresh)
				last_fresh = now;
			/* the first snapshot after a pause still ends the play */
			bool played = u->status.playing;
			if (fresh)
				u->dirty |= DIRTY_MAP | DIRTY_TEXT;
			/* plates that split or went; the followed plate's path */
			char news[200];
			if (u->snap && (fresh || u->lin.track_id != u->plate_sel_id)
			    && lineage_see(&u->lin, u->snap, u->plate_sel_id, news, sizeof news)
			    && !u->status.playing && !u->lin_played) {
				/* said when paused (a rift, a seek): while playing they
				 * come too often, and a message expiring after a pause
				 * would redraw a still screen; the plate table's title
				 * keeps the followed plate's parent */
				if (u->msg[0] && !u->msg_err && now < u->msg_until) {
					char old[sizeof u->msg];
					memcpy(old, u->msg, sizeof old);
					status_message(u, false, "%.100s: %.150s", old, news);
				} else {
					status_message(u, false, "%s", news);
				}
			}
			if (fresh) {
				u->lin_played = played;
				events_seen(u, now);
			}
			if (u->follow_pending && u->snap) {
				u->follow_pending = false;
				if (u->focus == FOCUS_PLATES)
					u->dirty |= plate_table_focus(u);
			}
		}
		/* the globe turns with the simulation: paused, nothing is sent */
		bool spinning = u->globe && u->snap && u->status.playing;
		if (spinning && now >= next_spin) {
			u->spin += GLOBE_RAD_S / GLOBE_FPS;
			next_spin = now + 1.0 / GLOBE_FPS;
			u->dirty |= DIRTY_MAP;
		}
		if (u->msg[0] && now >= u->msg_until) {
			u->msg[0] = 0;
			u->dirty |= DIRTY_TEXT;
		}
		relayout(u);
		bool sweeping = mv.pending && !u->lay.too_small;
		if ((u->dirty || sweeping) && (keyed || !throttled)) {
			/* the whole picture at once: a key's answer, the first
			 * frame or picture of the planet, a still planet (the last
			 * step's picture), or no budget */
			bool whole = keyed || budget <= 0 || !shown_planet || !u->status.playing;
			shown_planet = u->snap != NULL;
			unsigned later = 0;
			if ((u->dirty & DIRTY_MAP) && !u->lay.too_small) {
				if (whole || !mv.pending) {
					mv.hold_spin = spinning && !keyed;
					mapview_render(&mv, u, u->lay.map);
				} else {
					later = DIRTY_MAP;   /* once this picture is out */
				}
			}
			if (whole)
				mapview_advance(&mv, -1);
			draw(u, &mv);
			long long b0 = budget > 0 ? written_bytes() : -1;
			refresh();
			if (b0 >= 0) {
				long long b1 = written_bytes();
				double cost = b1 > b0 ? (double)(b1 - b0) : 0;
				double before = tokens;
				tokens -= cost;
				/* whole frames (keys, the first picture, the last one
				 * before a pause) leave at most a second of debt: a burst
				 * of keys (modes, panning) must not freeze the map for
				 * long; the simulation's own frames pay in full, so they
				 * keep to the budget */
				if (whole && tokens < -budget)
					tokens = before < -budget ? before : -budget;
			}
			if (!whole && mv.pending && tokens > 0 && !u->lay.too_small) {
				long n = mapview_advance(&mv, (long)(tokens / cell_cost));
				if (n > 0) {
					draw(u, &mv);
					b0 = written_bytes();
					refresh();
					long long b1 = written_bytes();
					double cost = b0 >= 0 && b1 > b0 ? (double)(b1 - b0) : 0;
					tokens -= cost;
					/* what a character cost, for the next frame's share */
					double c = cost / (double)n;
					if (c < 4)
						c = 4;
					cell_cost = 0.7 * cell_cost + 0.3 * c;
				}
			}
			u->dirty = later;
			last_frame = now;
		}

		/* sleep until something can happen */
		int timeout = 1000;
		if (spinning)
			timeout = (int)((next_spin - now) * 1000) + 1;
		if (u->msg[0]) {
			int t = (int)((u->msg_until - now) * 1000) + 1;
			timeout = t < timeout ? t : timeout;
		}
		if (u->dirty || throttled || (mv.pending && !u->lay.too_small)) {
			double wait = last_frame + frame_dt - now;
			if (budget > 0 && tokens < min_chunk && (min_chunk - tokens) / budget > wait)
				wait = (min_chunk - tokens) / budget;
			int t = (int)(wait * 1000) + 1;
			timeout = t < timeout ? t : timeout;
		}
		if (timeout < 1)
			timeout = 1;
		/* while throttled, the pipe would wake us at once for nothing */
		struct pollfd pf[2] = {{STDIN_FILENO, POLLIN, 0}, {pipefd[0], POLLIN, 0}};
		int nfds = (throttled && u->snap) ? 1 : 2;
		int pr = poll(pf, (nfds_t)nfds, timeout);
		if (pr > 0 && nfds == 2 && (pf[1].revents & POLLIN)) {
			char buf[256];
			while (read(pipefd[0], buf, sizeof buf) > 0)
				;
		}
		if (pr > 0 && (pf[0].revents & (POLLHUP | POLLERR | POLLNVAL))) {
			/* the terminal went away (SSH drop without SIGHUP) */
			exit_code = 128 + SIGHUP;
			break;
		}
	}

	bool fatal = u->status.fatal;
	char fatal_msg[sizeof u->status.msg];
	memcpy(fatal_msg, u->status.msg, sizeof fatal_msg);
	/* give the terminal back first: joining may wait for a long step */
	screen_done();
	stepper_release(u->st, &u->snap);
	stepper_free(u->st);
	mapview_done(&mv);
	lineage_done(&u->lin);
	chooser_free(u);
	close(pipefd[0]);
	close(pipefd[1]);
	if (fatal) {
		err_print("%s", fatal_msg);
		return 1;
	}
	return exit_code;
}
