/* lineage.h: what the dashboard learns about plates by watching the
 * snapshots it draws: which plate a new one split from (a rift, a
 * microplate), which plates went and into which, and the path of the
 * followed plate's centre. Snapshots skipped while playing fast are seen in
 * one go: a new plate is matched to the plate most of its cells belonged
 * to before. Going back in time forgets what came after. UI thread only. */
#ifndef TECTONICA_TUI_LINEAGE_H
#define TECTONICA_TUI_LINEAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/snapshot.h"

/* Room for the values of the scenario keys read when a planet is built. */
#define LINEAGE_BUILD_KEYS 64

enum { LINEAGE_EVENTS = 128, LINEAGE_TRACK = 1024 };

typedef struct lineage_event {
	int64_t step;
	int id, other;       /* split: new id, parent; gone: id, where its cells went */
	bool gone;
} lineage_event;

typedef struct lineage {
	lineage_event ev[LINEAGE_EVENTS];
	int nev;
	int32_t *prev_id;    /* cell -> plate id of the last snapshot seen */
	int prev_n;
	int64_t prev_step;
	uint64_t prev_seed;
	int nbuild;                     /* build[]: the step-0 keys' values seen */
	double build[LINEAGE_BUILD_KEYS];
	int track_id;        /* the plate the track follows, or -1 */
	struct { int64_t step; float lat, lon; } track[LINEAGE_TRACK];
	int ntrack;
} lineage;

void lineage_init(lineage *l);
void lineage_done(lineage *l);
/* Look at a new snapshot; follow_id: the followed plate (its track), or -1.
 * Returns true, with a sentence in msg, when plates split or went. */
bool lineage_see(lineage *l, const snapshot_t *s, int follow_id, char *msg, size_t len);
/* The split that made plate id, or NULL (a plate from the start). */
const lineage_event *lineage_origin(const lineage *l, int id);

#endif
