/* ui.h: the dashboard's state, shared by the tui modules.
 *
 * Only the UI thread reads or writes this. The planet is seen through `snap`,
 * an immutable snapshot held from the stepper until the next acquire. */
#ifndef TECTONICA_TUI_UI_H
#define TECTONICA_TUI_UI_H

#include <stdbool.h>
#include <stdint.h>
#include "core/snapshot.h"
#include "io/colormap.h"
#include "sim/stepper.h"
#include "tui/layout.h"
#include "tui/lineage.h"
#include "tui/screen.h"

typedef enum { FOCUS_MAP, FOCUS_PLATES, FOCUS_PARAMS, FOCUS_COUNT } ui_focus;

/* Comparing the marked time with now: off, the map split (the marked time
 * on the left, now on the right), or flipped to the marked time. */
enum { COMPARE_OFF, COMPARE_SPLIT, COMPARE_FLIP, COMPARE_MODES };

/* Columns the plate table can be sorted by. */
typedef enum {
	PSORT_ID, PSORT_TYPE, PSORT_AREA, PSORT_CONT, PSORT_SPEED, PSORT_POLE, PSORT_ELEV,
	PSORT_COUNT
} plate_sort;

/* Redraw flags: what must be recomputed at the next frame. */
enum {
	DIRTY_MAP = 1u << 0,     /* map pixels (expensive: colormap per pixel) */
	DIRTY_TEXT = 1u << 1,    /* panels, status line (cheap) */
	DIRTY_LAYOUT = 1u << 2,  /* terminal size or hidden panels changed */
	DIRTY_ALL = 7u
};

typedef struct ui {
	screen_caps caps;
	stepper_t *st;
	const snapshot_t *snap;         /* newest snapshot, or NULL */
	stepper_status status;
	const char *scenario;           /* shown in the status line */
	char scenario_buf[256];         /* ...a state opened with o */
	const params *planets;          /* p P: the scenario's planets, or NULL */
	int planet_count;               /* how many (0 or 1: the title names none) */
	int planet_idx;                 /* the one built last */
	int planet_next;                /* p P waiting for y/n: the one to build */
	const char *export_dir;         /* base folder for `e` */
	bool want_mouse;
	double speed;                   /* steps/s cap asked for (the UI owns it) */

	/* what is shown */
	view_kind mode;
	bool globe;
	double pan_lon;                 /* central meridian of the map, degrees */
	double pan_lat;                 /* central latitude of the zoomed map, degrees */
	double zoom;                    /* 1: the whole planet; 2: half as many degrees... */
	bool graticule;                 /* #: lines of latitude and longitude */
	/* adaptive colour scales (tui/scale.c): the top of each view's ramp and
	 * the snapshot it was brought up to date with */
	double scale[VIEW_COUNT];
	bool scale_seen[VIEW_COUNT];
	uint64_t scale_hash[VIEW_COUNT];
	int64_t scale_step[VIEW_COUNT];
	const snapshot_t *mark;         /* m: a time kept to compare with (stepper_hold) */
	int compare;                    /* c: COMPARE_OFF, _SPLIT (left the mark), _FLIP */
	double spin;                    /* globe rotation, radians */
	double globe_lat;               /* viewer latitude for the globe, degrees */
	bool fullmap;                   /* f: the map alone */
	bool no_side;                   /* v: no right column, a wider map */
	unsigned panel_hide, panel_want;  /* C H T W K L: PANEL_* hidden / asked for */
	bool help;
	int help_top;                   /* first help row shown (it scrolls) */
	int confirm;                    /* key waiting for y/n (r, R, p), or 0 */
	int64_t confirm_last;           /* R, p: the history's last step they drop */
	bool prompting;                 /* t: the go-to prompt is open */
	bool choosing;                  /* o: the box to open a file is up */
	struct chooser *chooser;        /* its rows and what it opened (chooser.c) */
	char prompt[24];
	int64_t seek_to;                /* step asked for last ([ ] t), or -1 */
	double seek_at;                 /* when (clock_s) */
	const struct param_def *pend_def;   /* p: the parameter change waiting */
	int pend_layer;                 /* ...of noise layer pend_layer, or -1 */
	double pend_value;
	ui_focus focus;
	layout lay;

	/* plate table */
	plate_sort psort;
	bool psort_desc;
	int plate_sel_id;               /* selected plate by id (survives sorting), -1 none */
	bool follow_pending;            /* tab came before the first snapshot */
	lineage lin;                    /* splits seen, the followed plate's path */
	bool lin_played;                /* the last snapshot came while playing */
	int plate_top;

	/* parameter editor */
	int param_sel, param_top;       /* param_sel -1: the first live key */
	int param_help_top;             /* first line of the description shown (PgDn PgUp) */
	bool editing;
	char edit[40];

	/* cell inspector: a place (it keeps its meaning as plates move) */
	bool inspecting;
	bool cursor;                    /* i: arrows move the place */
	double insp_lat, insp_lon;      /* degrees */

	/* the events timeline: the step and time seen last, to say which
	 * events the time on screen passes (ev_step -1: none seen yet) */
	int64_t ev_step;
	double ev_time;

	/* transient message in the status line */
	char msg[256];
	bool msg_err;
	double msg_until;
	bool msg_below;                 /* no room left in the status line: the
	                                 * key bar shows it instead */
	unsigned seen_serial;

	unsigned dirty;
	bool quit;
} ui_t;

/* A glyph or its ASCII stand-in, by the terminal's locale. */
static inline const char *ui_sym(const ui_t *u, const char *utf8, const char *ascii)
{
	return u->caps.utf8 ? utf8 : ascii;
}

#endif
