/* dashboard.h: the dashboard's main loop (UI thread). */
#ifndef TECTONICA_TUI_DASHBOARD_H
#define TECTONICA_TUI_DASHBOARD_H

#include <stdbool.h>
#include "core/params.h"
#include "core/planet.h"
#include "io/export.h"

typedef struct dash_opts {
	params prm;
	const params *planets;    /* the scenario's planets (prm is the first), */
	int planet_count;         /* ...or NULL and 0 for one planet */
	const char *scenario;     /* path, or "built-in default" */
	const char *load_path;    /* state file to resume, or NULL */
	const heightfield *terrain; /* --import: every planet over it, or NULL */
	export_import import;     /* and what exports say of it */
	int history_mb;           /* timeline budget, 0 = no history */
	int threads;
	bool mouse;
	bool paused;              /* start paused */
	int fps;                  /* frame cap while the picture changes */
	int max_kbps;             /* output budget for simulation frames, 0 = none */
	double speed;             /* initial steps/s cap, 0 = none */
	const char *export_dir;   /* base folder for `e` */
} dash_opts;

/* Run until q or a signal. Returns the exit status. */
int dashboard_run(const dash_opts *o);

#endif
