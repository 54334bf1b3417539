/* cli_progress.h: the progress line of `tectonica run` on a terminal:
 * step, simulated Myr, steps per second and the time left, redrawn in place
 * on stderr at most five times a second, then erased. */
#ifndef TECTONICA_CLI_PROGRESS_H
#define TECTONICA_CLI_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

typedef struct cli_progress {
	FILE *f;             /* NULL: off */
	int64_t first;       /* step the run started from */
	long total;          /* steps to do */
	double t0, last;     /* seconds: start, last redraw */
	int shown;           /* characters on the line now */
} cli_progress;

/* On only when enabled and f is a terminal. */
void cli_progress_start(cli_progress *p, FILE *f, int enabled, int64_t first, long total);
/* After each step: redraw when 0.2 s have passed since the last time. */
void cli_progress_update(cli_progress *p, int64_t step, double time_myr);
/* Erase the line (before the summary or an error message). */
void cli_progress_end(cli_progress *p);

#endif
