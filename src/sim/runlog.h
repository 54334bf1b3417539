/* runlog.h: the history of a run, for stepping back and for graphs.
 *
 * Every step leaves a line of statistics (what `--stats` reports, in short);
 * every `interval` steps, and after anything that changes the planet outside
 * a step (a parameter, a rift), a keyframe: the planet's state bytes. Any
 * step in the history is rebuilt by loading the nearest keyframe at or
 * before it and stepping forward, which gives the same bits as the original
 * run (states resume bit-identically). Keyframes stay within a byte budget:
 * when it is exceeded every other keyframe goes and the interval doubles, so
 * the whole history stays reachable, only slower to reach.
 *
 * Written by the stepping thread; runlog_sample may be called from any
 * thread (the runlog has its own lock). */
#ifndef TECTONICA_RUNLOG_H
#define TECTONICA_RUNLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/planet.h"

struct pool;

/* One step's figures (the graphs' series). */
typedef struct tl_stat {
	int64_t step;
	double time_myr;
	float land_pct, sea_change_m, plates, speed_cm_yr, highest_m, temp_c;
	float conv_pct, div_pct, tr_pct;   /* boundary mix: shares of boundary cells */
	uint64_t hash;
} tl_stat;

typedef struct runlog runlog_t;

/* budget: bytes for keyframes and statistics together (>= 1 MB). */
runlog_t *runlog_new(size_t budget);
void runlog_free(runlog_t *t);
/* Forget everything (a new planet). */
void runlog_clear(runlog_t *t);
/* Drop what lies after step: the future of a past that was changed. */
void runlog_truncate(runlog_t *t, int64_t step);
/* Record the planet after its step (snap: its snapshot, for the figures);
 * with keyframe, or when one is due, keep its state bytes too. 0, or -1
 * when out of memory (the history then has a gap it says so about). */
int runlog_record(runlog_t *t, const planet_t *pl, const snapshot_t *snap, bool keyframe);
/* The planet at step target, rebuilt from the nearest keyframe; *replayed
 * tells how many steps that took. NULL with a message when target is not in
 * the history. */
planet_t *runlog_replay(runlog_t *t, int64_t target, struct pool *pool, int *replayed,
                          char *err, size_t errlen);

typedef struct tl_info {
	int64_t first, last;      /* steps held (last < first: none) */
	int keyframes, interval;
	size_t bytes, budget, keyframe_bytes;   /* keyframe_bytes: the newest one's size */
} tl_info;
void runlog_info(runlog_t *t, tl_info *out);
/* The first step of the history whose time is at or after myr (Myr); the
 * first step when myr is before it; -1 when the history ends before myr. */
int64_t runlog_step_at_time(runlog_t *t, double myr);
/* n figures evenly spaced over the history, oldest first; returns how many
 * were written (fewer when the history is shorter than n). */
int runlog_sample(runlog_t *t, tl_stat *out, int n);

#endif
