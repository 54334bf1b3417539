/* chooser.c: open a scenario or a saved state from inside the dashboard
 * (see chooser.h). */
#include "tui/chooser.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/preset.h"
#include "io/scenario.h"
#include "io/state.h"
#include "tui/palette.h"
#include "tui/status.h"
#include "tui/widgets.h"

enum { ENTRIES_MAX = 256, PRESETS_MAX = 64 };
/* Paths travel to the stepping thread in step_cmd.text. */
#define STEP_TEXT_MAX sizeof ((step_cmd *)0)->text
enum { E_TYPE, E_PRESET, E_SCENARIO, E_STATE };

typedef struct entry {
	int kind;
	char name[PRESET_NAME_MAX + 192];
	char path[PRESET_PATH_MAX];
} entry;

/* The planets of one opened scenario file. Kept until the dashboard ends:
 * a queued build (and p P later) points into them. */
typedef struct planet_set {
	struct planet_set *next;
	char path[STEP_TEXT_MAX];
	int count;
	params planets[SCENARIO_MAX_PLANETS];
} planet_set;

struct chooser {
	entry *e;
	int n, sel, top;
	bool typing;
	char typed[256];
	planet_set *sets;             /* every scenario opened, newest first */
	/* waiting for y/n: a scenario (pend_set) or a state (pend_state) */
	planet_set *pend_set;
	char pend_state[STEP_TEXT_MAX];
	/* a state sent to the stepping thread, until it says how it went */
	char loading[STEP_TEXT_MAX];
	unsigned open_seen;
};

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);
	return n >= t && !strcmp(s + n - t, tail);
}

static int by_name(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	return strcmp(x->name, y->name);
}

/* The rows: type a path, the presets, this folder's scenarios and states. */
static void list_entries(struct chooser *c)
{
	c->n = 0;
	c->e[c->n++] = (entry){.kind = E_TYPE, .name = "type a path or a preset's name"};
	static char names[PRESETS_MAX][PRESET_NAME_MAX];
	int np = preset_list(names, PRESETS_MAX);
	for (int i = 0; i < np && c->n < ENTRIES_MAX; i++) {
		entry *e = &c->e[c->n];
		if (preset_resolve(names[i], e->path, sizeof e->path) != 1)
			continue;
		e->kind = E_PRESET;
		snprintf(e->name, sizeof e->name, "%.*s", PRESET_NAME_MAX - 1, names[i]);
		c->n++;
	}
	int first_file = c->n;
	DIR *d = opendir(".");
	struct dirent *de;
	while (d && (de = readdir(d)) && c->n < ENTRIES_MAX) {
		const char *f = de->d_name;
		int kind = ends_with(f, ".state") ? E_STATE
		         : ends_with(f, ".yaml") || ends_with(f, ".yml") ? E_SCENARIO : -1;
		struct stat st;
		if (kind < 0 || f[0] == '.' || strlen(f) >= sizeof c->e->name || stat(f, &st) != 0
		    || !S_ISREG(st.st_mode))
			continue;
		entry *e = &c->e[c->n++];
		e->kind = kind;
		snprintf(e->name, sizeof e->name, "%s", f);
		snprintf(e->path, sizeof e->path, "./%s", f);
	}
	if (d)
		closedir(d);
	qsort(c->e + first_file, (size_t)(c->n - first_file), sizeof *c->e, by_name);
}

static struct chooser *get(ui_t *u)
{
	if (!u->chooser) {
		u->chooser = calloc(1, sizeof *u->chooser);
		if (u->chooser && !(u->chooser->e = calloc(ENTRIES_MAX, sizeof *u->chooser->e))) {
			free(u->chooser);
			u->chooser = NULL;
		}
	}
	return u->chooser;
}

unsigned chooser_show(ui_t *u)
{
	struct chooser *c = get(u);
	if (!c) {
		status_message(u, true, "out of memory");
		return DIRTY_TEXT;
	}
	list_entries(c);
	c->sel = c->n > 1 ? 1 : 0;
	c->top = 0;
	c->typing = false;
	c->typed[0] = 0;
	u->choosing = true;
	u->help = false;
	return DIRTY_TEXT;
}

/* The box: centred, as tall as the list (at most the screen less two rows). */
static rect box_of(const ui_t *u, int n)
{
	int w = u->lay.cols - 2 < 64 ? u->lay.cols - 2 : 64;
	int h = n + 3 < u->lay.lines - 2 ? n + 3 : u->lay.lines - 2;
	return (rect){(u->lay.lines - h) / 2, (u->lay.cols - w) / 2, h, w};
}

static int rows_shown(const ui_t *u, int n)
{
	return box_of(u, n).h - 3;
}

void chooser_draw(ui_t *u, WINDOW *w)
{
	struct chooser *c = u->chooser;
	if (!c || !u->choosing)
		return;
	rect box = box_of(u, c->n);
	palette_use(w, UI_TEXT);
	for (int y = 0; y < box.h; y++)
		mvwhline(w, box.y + y, box.x, ' ', box.w);
	widget_box(u, w, box, "Open a scenario or a saved state", true);
	rect r = widget_inner(box);
	int rows = rows_shown(u, c->n);
	if (c->sel < c->top)
		c->top = c->sel;
	if (c->sel >= c->top + rows)
		c->top = c->sel - rows + 1;
	static const char *const kinds[] = {"", "preset", "scenario", "state"};
	for (int y = 0; y < rows && c->top + y < c->n; y++) {
		const entry *e = &c->e[c->top + y];
		bool sel = c->top + y == c->sel;
		palette_use(w, sel ? UI_SELECT : e->kind == E_TYPE ? UI_KEY : UI_TEXT);
		mvwhline(w, r.y + y, r.x, ' ', r.w);
		if (e->kind == E_TYPE && c->typing)
			widget_printf(w, r, y, 1, "path: %s_", c->typed);
		else if (e->kind == E_TYPE)
			widget_printf(w, r, y, 1, "%s...", e->name);
		else
			widget_printf(w, r, y, 1, "%-*.*s %s", r.w - 12, r.w - 12, e->name, kinds[e->kind]);
	}
	palette_use(w, UI_DIM);
	if (c->typing)
		widget_printf(w, r, r.h - 1, 1, "enter opens  esc back to the list");
	else
		widget_printf(w, r, r.h - 1, 1, "%s move  enter open  / type a path  esc cancel",
		              ui_sym(u, "\u2191\u2193 jk", "arrows jk"));
	palette_use(w, UI_TEXT);
}

/* The last part of a path, for messages. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}

/* Do it (asked first when the run has steps). */
static void open_now(ui_t *u)
{
	struct chooser *c = u->chooser;
	if (c->pend_set) {
		planet_set *s = c->pend_set;
		c->pend_set = NULL;
		step_cmd cmd = {.kind = STEP_CMD_BUILD, .prm = &s->planets[0]};
		snprintf(cmd.text, sizeof cmd.text, "%s", s->path);
		if (stepper_send(u->st, &cmd) != 0) {
			status_message(u, true, "busy: command queue full");
			return;
		}
		u->planets = s->planets;
		u->planet_count = s->count;
		u->planet_idx = 0;
		u->scenario = s->path;
		status_message(u, false, "opening %s: building %s...", base_name(s->path),
		               s->planets[0].name);
	} else if (c->pend_state[0]) {
		step_cmd cmd = {.kind = STEP_CMD_LOAD};
		snprintf(cmd.text, sizeof cmd.text, "%s", c->pend_state);
		c->pend_state[0] = 0;
		if (stepper_send(u->st, &cmd) != 0) {
			status_message(u, true, "busy: command queue full");
			return;
		}
		snprintf(c->loading, sizeof c->loading, "%s", cmd.text);
		status_message(u, false, "opening %s...", base_name(cmd.text));
	}
}

/* Read what path names; on success the box closes and the planet is
 * built (or the question asked); on failure the status line says why and
 * the box stays. */
static unsigned open_path(ui_t *u, const char *arg)
{
	struct chooser *c = u->chooser;
	char path[PRESET_PATH_MAX], home[PRESET_PATH_MAX];
	const char *h = getenv("HOME");
	if (arg[0] == '~' && arg[1] == '/' && h
	    && snprintf(home, sizeof home, "%s%s", h, arg + 1) < (int)sizeof home)
		arg = home;
	if (!*arg) {
		status_message(u, true, "type a path first (esc: back to the list)");
		return DIRTY_TEXT;
	}
	if (preset_resolve(arg, path, sizeof path) < 0) {
		status_message(u, true, "%s: no such file, and no preset of that name", arg);
		return DIRTY_TEXT;
	}
	struct stat st;
	if (strlen(path) >= sizeof ((step_cmd *)0)->text) {
		status_message(u, true, "%.60s...: path too long (at most %zu bytes)", path,
		               sizeof ((step_cmd *)0)->text - 1);
		return DIRTY_TEXT;
	}
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		status_message(u, true, "%s: %s", path, stat(path, &st) != 0 ? "no such file" : "not a file");
		return DIRTY_TEXT;
	}
	if (state_is_file(path)) {
		memcpy(c->pend_state, path, strlen(path) + 1);
	} else {
		planet_set *s = calloc(1, sizeof *s);
		if (!s) {
			status_message(u, true, "out of memory");
			return DIRTY_TEXT;
		}
		char *errors = NULL;
		scenario_opts so = {0};
		int bad = scenario_load_planets_file(path, &so, s->planets, SCENARIO_MAX_PLANETS,
		                                     &s->count, &errors);
		if (bad) {
			/* the loader's first error, with its line and column */
			size_t len = errors ? strcspn(errors, "\n") : 0;
			if (bad > 1)
				status_message(u, true, "%.*s (and %d more errors)", (int)(len < 200 ? len : 200),
				               errors ? errors : "", bad - 1);
			else
				status_message(u, true, "%.*s", (int)(len < 240 ? len : 240),
				               errors ? errors : "cannot read the scenario");
			free(errors);
			free(s);
			return DIRTY_TEXT;
		}
		free(errors);
		memcpy(s->path, path, strlen(path) + 1);    /* fits: checked above */
		s->next = c->sets;
		c->sets = s;
		c->pend_set = s;
	}
	u->choosing = false;
	if (u->snap && u->snap->step > 0) {
		u->confirm = 'o';
		return DIRTY_ALL;
	}
	open_now(u);
	return DIRTY_ALL;
}

unsigned chooser_key(ui_t *u, int key)
{
	struct chooser *c = u->chooser;
	if (!c) {
		u->choosing = false;
		return DIRTY_TEXT;
	}
	int rows = rows_shown(u, c->n);
	if (c->typing) {
		size_t len = strlen(c->typed);
		switch (key) {
		case 27: c->typing = false; break;
		case '\r': case '\n': case KEY_ENTER: return open_path(u, c->typed);
		case KEY_BACKSPACE: case 127: case 8:
			if (len)
				c->typed[len - 1] = 0;
			break;
		default:
			if (key >= 32 && key < 256 && key != 127 && len + 1 < sizeof c->typed) {
				c->typed[len] = (char)key;
				c->typed[len + 1] = 0;
			}
		}
		return DIRTY_TEXT;
	}
	switch (key) {
	case KEY_UP: case 'k': c->sel--; break;
	case KEY_DOWN: case 'j': c->sel++; break;
	case KEY_PPAGE: c->sel -= rows; break;
	case KEY_NPAGE: c->sel += rows; break;
	case KEY_HOME: case 'g': c->sel = 0; break;
	case KEY_END: case 'G': c->sel = c->n - 1; break;
	case '/': case '~': case '.':
		/* / starts typing; ~ and . are already the path's start */
		c->sel = 0;
		c->typing = true;
		c->typed[0] = key == '/' ? 0 : (char)key;
		c->typed[1] = 0;
		break;
	case '\r': case '\n': case KEY_ENTER:
		if (c->e[c->sel].kind == E_TYPE) {
			c->typing = true;
			c->typed[0] = 0;
			break;
		}
		return open_path(u, c->e[c->sel].path);
	case 27: case 'q': case 'o':
		u->choosing = false;
		return DIRTY_ALL;
	case KEY_MOUSE: case KEY_RESIZE:
		break;
	default:
		return 0;
	}
	c->sel = c->sel < 0 ? 0 : c->sel >= c->n ? c->n - 1 : c->sel;
	return DIRTY_TEXT;
}

unsigned chooser_answer(ui_t *u, bool yes)
{
	struct chooser *c = u->chooser;
	if (!c)
		return DIRTY_TEXT;
	if (yes) {
		open_now(u);
	} else {
		c->pend_set = NULL;   /* stays in sets: freed at exit */
		c->pend_state[0] = 0;
		status_message(u, false, "kept the run");
	}
	return DIRTY_TEXT;
}

const char *chooser_pending_name(const ui_t *u)
{
	const struct chooser *c = u->chooser;
	if (!c)
		return "";
	return base_name(c->pend_set ? c->pend_set->path : c->pend_state);
}

void chooser_sync(ui_t *u)
{
	struct chooser *c = u->chooser;
	if (!c || u->status.open_serial == c->open_seen)
		return;
	c->open_seen = u->status.open_serial;
	if (!c->loading[0])
		return;
	if (u->status.open_ok) {
		/* a state is one planet: p P have no other */
		u->planets = NULL;
		u->planet_count = 0;
		u->planet_idx = 0;
		snprintf(u->scenario_buf, sizeof u->scenario_buf, "%s", c->loading);
		u->scenario = u->scenario_buf;
	}
	c->loading[0] = 0;
}

void chooser_free(ui_t *u)
{
	struct chooser *c = u->chooser;
	if (!c)
		return;
	while (c->sets) {
		planet_set *s = c->sets;
		c->sets = s->next;
		free(s);
	}
	free(c->e);
	free(c);
	u->chooser = NULL;
}
