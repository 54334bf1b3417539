/* planet.h: one planet: its grid, plates, crust and derived fields.
 *
 * planet_new builds step 0, the devlog's static planet: plates grown from
 * seeds, Euler poles, boundary stress, elevation, climate and biomes.
 * planet_step advances it by dt Myr (plate motion, collisions, new crust,
 * ageing, events), then recomputes the derived fields. Nothing here prints,
 * exits or touches a terminal. */
#ifndef TECTONICA_PLANET_H
#define TECTONICA_PLANET_H

#include <stddef.h>
#include <stdint.h>
#include "grid.h"
#include "noise.h"
#include "params.h"
#include "rng.h"
#include "snapshot.h"

struct pool;
typedef struct planet planet_t;

/* Build step 0. pool may be NULL (single-threaded); the planet does not own it.
 * Returns NULL with a message in err. */
planet_t *planet_new(const params *p, struct pool *pool, char *err, size_t errlen);

/* A terrain to start from: an equirectangular grid of heights in metres
 * from the sea (0 m is the coast), width = 2 * height, row 0 northernmost,
 * pixel (x, y) centred at lon = -180 + 360 (x + 0.5) / width, lat = 90 -
 * 180 (y + 0.5) / height. Decoding files is io's job (io/heightmap.h). */
typedef struct heightfield {
	int width, height;
	const float *m;
} heightfield;
/* Build step 0 over that terrain: land and shallow sea become continental
 * crust, the rest oceanic, plates grow over it as planet_new's do, and each
 * cell's height is the map's at its centre (bilinear); the sea stands at
 * 0 m. The scenario's ocean_fraction becomes the map's (sea_level_m 0 if it
 * was off). Returns NULL with a message in err. */
planet_t *planet_new_imported(const params *p, const heightfield *hf, struct pool *pool,
                              char *err, size_t errlen);
void planet_free(planet_t *pl);

/* Advance one step of prm.dt_myr. 0, or -1 with a message in err. */
int planet_step(planet_t *pl, char *err, size_t errlen);

/* Change a live parameter (see param_def.live); derived fields follow at the
 * next step or planet_refresh. */
int planet_set_param(planet_t *pl, const param_def *d, double v);
/* Recompute elevation, climate and biomes after a parameter change. */
void planet_refresh(planet_t *pl);
/* Change key d (of layer_table, or a component of layer_centre_table) of
 * noise layer `layer` (an index into prm.layers) to v. The terrain detail of
 * all crust is derived again from the new stack (relief.c) and the surface
 * follows at once. At step 0 the planet then is exactly the one a scenario
 * with that value builds (its sea level solved again for ocean_fraction);
 * later the sea keeps its water. 0, or -1 (bad layer, key or value,
 * memory: nothing changed). */
int planet_set_layer(planet_t *pl, int layer, const param_def *d, double v);
/* Split a plate now (on demand). plate < 0 picks the largest. Stress,
 * heights and climate follow at once, as after a step. 0 or -1. */
int planet_rift(planet_t *pl, int plate);

/* Give plate (an index) a new Euler pole (degrees) and speed (cm/yr at the
 * pole's equator); the forces then take over again, as after any change of
 * motion. 0, or -1 for a bad plate or value. */
int planet_set_plate_motion(planet_t *pl, int plate, double pole_lat, double pole_lon,
                            double speed_cm_yr);
/* After a step: whether a "pause" event of the timeline fired in it, with
 * its message in msg; taken once. */
int planet_take_pause(planet_t *pl, char *msg, size_t len);

const grid_t *planet_grid(const planet_t *pl);
const params *planet_params(const planet_t *pl);
int64_t planet_step_count(const planet_t *pl);
int planet_plate_count(const planet_t *pl);

/* Wall-clock time of each phase of the last step, for `tectonica bench`. */
enum {
	PHASE_MOTION, PHASE_COLLISION, PHASE_CRUST, PHASE_STRESS, PHASE_ELEVATION,
	PHASE_CLIMATE, PHASE_BIOMES, PHASE_COUNT
};
const char *planet_phase_name(int phase);
double planet_phase_ms(const planet_t *pl, int phase);

/* A step leaves temperature, rain and biomes (nothing in the physics reads
 * them) to be computed when they are read: this brings them up to date, as
 * planet_snapshot does first. The values are those every step would have
 * made; the time it takes is added to the step's climate and biome phases. */
void planet_update_climate(planet_t *pl);
/* Fill a snapshot (made with snapshot_new(planet_grid(pl)) or
 * snapshot_new_view), climate brought up to date. 0 or -1. */
int planet_snapshot(planet_t *pl, snapshot_t *s);
/* Only what --stats writes of a snapshot: every scalar, the world figures
 * and the plates, not the per-cell arrays. 0 or -1. */
int planet_snapshot_figures(planet_t *pl, snapshot_t *s);
/* Free what the planet can make again from its state: the step's work
 * arrays and the grid's climate helpers (about 60 B/cell), for a caller
 * that is about to look at the planet (an export) rather than step it.
 * The next step, or a look at a planet whose climate is stale, makes them
 * again (some milliseconds; the same values): call planet_update_climate
 * first. */
void planet_trim(planet_t *pl);
/* Make again what planet_trim freed (planet_step and planet_snapshot do
 * it). 0 or -1 (memory). */
int planet_untrim(planet_t *pl);
/* Hex-digestable hash of the full simulation state. */
uint64_t planet_hash(const planet_t *pl);

#endif
