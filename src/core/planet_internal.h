/* planet_internal.h: the planet's state, shared by the core modules that
 * build and step it (see the list of files below).
 *
 * Crust lives in each plate's own frame: plate p keeps a pool of crust
 * samples, each at a cell of the grid *in p's frame*, and a map from those
 * cells to samples. World cell c belongs to p when p has crust at
 * locate(R_p^-1 c). Rotating a plate never resamples its crust, so slow
 * motion stays exact over thousands of steps. */
#ifndef TECTONICA_PLANET_INTERNAL_H
#define TECTONICA_PLANET_INTERNAL_H

#include "planet.h"
#include "../base/clock.h"
#include "../base/pool.h"
#include "cellmap.h"

#include <stdbool.h>
#include <string.h>

#define PLATES_MAX PARAMS_MAX_PLATES
/* The ocean basins' climate rasters (ocean_heat.c): columns of longitude,
 * rows of latitude. */
#define HEAT_COLS 256
#define HEAT_ROWS 128
/* free() and forget */
#define FREE_NULL(p) do { free(p); (p) = NULL; } while (0)
#define CM_YR_PER_KM_MYR 0.1       /* 1 km/Myr = 0.1 cm/yr */
#define ELEV_MIN_M -11000.0
#define ELEV_MAX_M 9000.0
#define RIDGE_DEPTH_M -2500.0
#define ABYSS_DEPTH_M -6000.0
#define CONTINENTAL_RISE_M -2200.0 /* ocean floor beside its own continent
                                    * lies no deeper under the sea: the
                                    * sediment it sheds (crust.c) */
#define OLD_FLOOR_MYR 180.0        /* floor this old is rare on Earth: a
                                    * passive margin holding much of it
                                    * starts to subduct (plate_events.c) */

/* crust_pool.type of a sample consumed by subduction (kept until the pool
 * is compacted, so indices stay valid within a step) */
#define CRUST_CONSUMED 0xff

/* The attributes of a crust sample, written once: X(type, name) per field,
 * in the order of the state file and the state hash. A new attribute is one
 * line here; its storage, growth, copying, compaction, saving, loading and
 * hashing follow (a float must be finite in a loaded state). Adding one
 * changes the state format: bump STATE_VERSION in io/state.c. */
#define CRUST_FIELDS(X) \
	X(int32_t, cell)     /* plate-frame cell of the sample */ \
	X(uint8_t, type)     /* CRUST_* */ \
	X(float, elev)       /* metres above the datum */ \
	X(float, thick)      /* km */ \
	X(float, age)        /* Myr */ \
	X(float, orogeny)    /* metres of uplift gained in collisions */ \
	X(float, detail)     /* terrain-noise relief, in units of terrain.noise_m */ \
	X(uint8_t, reach)    /* REACH_* of the world cells that showed it when
	                      * the sea's reach was last marked (crust.c), 0 if
	                      * none did */

/* Bytes one sample takes in a state file. */
#define CRUST_FIELD_SIZE(type, name) + sizeof(type)
#define CRUST_SAMPLE_BYTES (0 CRUST_FIELDS(CRUST_FIELD_SIZE))

/* Crust samples of one plate, structure of arrays. */
typedef struct crust_pool {
	int count, cap;
#define CRUST_FIELD_ARRAY(type, name) type *name;
	CRUST_FIELDS(CRUST_FIELD_ARRAY)
#undef CRUST_FIELD_ARRAY
} crust_pool;

/* What a state file keeps of the planet, written once, in file order.
 * X(name) per field; planet_serialize and planet_deserialize (planet_state.c)
 * follow these lists, planet_hash the plate list (its header and world
 * lists are its own; see planet.c). A new field is one line plus its check
 * on load; it changes the format: bump STATE_VERSION in io/state.c. */
/* the last step's created and consumed crust are kept so the first stats
 * after a resume match an uninterrupted run's; step 0's continental share
 * and sea level too, since a state saved during a `set` event would rebuild
 * step 0 with the parameters of its own time */
#define PLANET_STATE_FIELDS(X) X(step) X(time_myr) X(next_id) X(rng) X(sea_level) X(ocean_volume) \
	X(stats.crust_created) X(stats.crust_consumed) X(continental_target) X(sea_level0) \
	X(events_fired) X(events_done) X(event_from) X(event_t0)
#define PLATE_STATE_FIELDS(X) X(id) X(pole) X(omega) X(rot) X(stress_ocean_age) X(balance_omega) \
	X(sinking)
/* per world cell, after the plates */
#define WORLD_STATE_FIELDS(X) X(owner) X(sample) X(moisture)

typedef struct plate {
	int id;                 /* stable, shown to users */
	vec3 pole;              /* Euler pole (unit) */
	double omega;           /* angular speed, rad/Myr */
	quat rot;               /* plate frame -> world */
	mat3 R, Rt;             /* rot and its inverse as matrices */
	cellmap map;            /* plate-frame cell -> sample, or -1 */
	crust_pool crust;
	uint8_t r, g, b;
	/* refreshed after each step from world ownership */
	int cells;
	double area, cont_area, elev_area, speed2_area;
	double ocean_age;        /* area-weighted mean age of its ocean floor */
	double old_area;         /* its ocean floor older than OLD_FLOOR_MYR, sr */
	double stress_ocean_age; /* ocean_age as the last stress pass saw it: part
	                          * of the state, since trenches depended on it */
	int collision_cells;    /* continent-continent contact, last step */
	int32_t settled;        /* its samples before this step's gap fill:
	                         * the gaps' plans see these only, whatever
	                         * order the gaps fill in */
	vec3 balance_omega;     /* angular velocity (rad/Myr, axis) at which the
	                         * plate's forces balance (plate_forces.c) */
	uint8_t sinking;        /* 1: old floor a margin broke off, not yet
	                         * consumed or made young (plate_events.c) */
} plate_t;

struct planet {
	params prm;
	grid_t *grid;
	pool_t *pool;
	noise_t terrain, climate;   /* independent seeded streams */
	noise_t layout;             /* plate boundaries and rift lines */
	rng_t rng;                  /* events (rifts, new plates) */
	int64_t step;
	double time_myr;
	int next_id;

	int nplates;
	plate_t plates[PLATES_MAX];

	/* world, per cell */
	uint16_t *owner;            /* plate index */
	int32_t *sample;            /* owner's crust sample */
	float *stress, *shear;      /* from boundary velocities */
	uint8_t *boundary;
	float *elevation;           /* metres */
	float *temperature, *precip, *moisture;
	uint8_t *dry_summer;        /* 0..255: how dry summers are (climate.c;
	                             * kept when the climate helpers are
	                             * trimmed, as the views read it) */
	uint8_t *dry_winter;        /* 0..255: the tropics' dry season, as
	                             * dry_summer */
	uint8_t *biome;
	double sea_level;           /* against the datum of the crust heights */
	double sea_level0;          /* step 0's (rebuilt with step 0 on load):
	                             * the eustatic change is measured from it */
	double noise_mean;          /* area mean of the terrain noise stack */
	double continental_target;  /* continental share of step 0 (rebuilt, like
	                             * step 0 itself, when a state is loaded) */
	double ocean_volume;        /* water kept in the basins (sr * m); 0 = solve
	                             * the sea level from ocean_fraction again */
	uint8_t *subducting;        /* boundary cell whose plate dives here:
	                             * SLAB_* (stress.c) */
	world_stats stats;
	double phase_ms[PHASE_COUNT];
	struct stat_part *stat_parts;   /* per-chunk partial sums (world_stats.c) */
	int stat_parts_cap;
	struct force_part *force_parts; /* per-chunk partial sums (plate_forces.c) */
	int force_parts_cap;
	int32_t *spread_parts;      /* per-chunk counts per plate (stress.c) */
	size_t spread_parts_cap;
	int64_t *sea_parts;         /* per-chunk height histograms (sealevel.c) */
	size_t sea_parts_cap;

	/* static per-cell climate helpers, from the grid */
	/* upwind neighbours of cell c and their weights: bit k of wind_mask[c]
	 * says slot k of the cell's first 6 neighbours is upwind, and its
	 * weight (> 0) is the next entry of wind_w, cells in order and slots
	 * ascending; wind_base[c / WIND_BLOCK] is the entry of the block's
	 * first cell. About half the neighbours are upwind: 13 B/cell, against
	 * 24 for six weights and 19 with an offset and a slot byte an entry. */
	uint8_t *wind_mask;
	int32_t *wind_base;
	float *wind_w;
	int16_t *noise_t, *noise_p; /* static climate noise per cell, [-1, 1]
	                             * in units of 1/INT16_MAX */
	uint16_t *band;             /* latitude precipitation band, 0..1 in
	                             * units of 1/UINT16_MAX */
	float *temp_shape;          /* latitude temperature profile (see climate.c) */
	double shape_tilt;          /* tilt temp_shape was made for */
	double band_noise;          /* climate.noise band was made for */
	/* the ocean basins' climate (ocean_heat.c): longitude-latitude rasters
	 * of the gyres' sea temperature anomaly, the east coasts' summer rain
	 * and the west coasts' summer drought; the cell under each pixel, the
	 * pixel each cell reads, and the four round it (index | fx << 16 |
	 * fy << 24) */
	float *heat, *monsoon, *summer_dry_px;
	uint8_t heat_rows_live[HEAT_ROWS];  /* per raster row: RAIN_LIVE |
	                                     * DRY_LIVE where the row has any */
	int32_t *heat_cell;
	uint16_t *heat_pixel;
	uint32_t *heat_lerp;
	/* Three per-cell work arrays (work[]) serve phases that never overlap,
	 * under two sets of names: a step's ownership and collision passes
	 * (tectonics.c: cand_sample, under_sample, gap_cell), and after them
	 * the crust, stress and moisture passes and step 0's layout and relief
	 * (scratch_a, queue, scratch_b). One copy instead of two: 12 B/cell. */
	int32_t *work[3];
	float *scratch_a, *scratch_b;
	int trimmed;                /* planet_trim freed the work arrays and the
	                             * climate helpers */
	int climate_stale;          /* temperature, rain, biomes lag the step
	                             * (surface_climate_refresh) */
	/* per-cell results of the ownership pass (tectonics.c); the first three
	 * are work[0..2] */
	int32_t *cand_sample, *under_sample, *gap_cell;
	int32_t *cand_cell;         /* plate-frame cell of the chosen sample */
	int32_t *frame_cell;        /* last step's plate-frame cell of each world
	                             * cell's crust: only a start for the walk, so
	                             * a stale entry costs time, never correctness */
	int16_t *cand_owner, *under_plate;
	int pair_count[PLATES_MAX][PLATES_MAX];   /* collision contacts per pair */
	int serial_collisions;      /* tests: the collision pass, orogeny and pool
	                             * compaction in their serial forms, plate
	                             * events' figures by whole passes
	                             * (tests/test_parallel.c) */
	long compactions;           /* pools compacted so far (tests) */
	int check_event_sums;       /* tests: after each event's partial sums, a
	                             * whole pass; plates whose sums differed are
	                             * counted in event_sums_wrong */
	long event_sums_checked, event_sums_wrong;
	uint8_t *sample_seen;       /* per crust sample: some world cell shows it */
	size_t sample_seen_cap;
	int32_t *queue;             /* n entries of breadth-first work (work[1]) */

	/* the events timeline (timeline.c): one bit per prm.events entry */
	uint32_t events_fired, events_done;
	double event_from[PARAMS_MAX_EVENTS];   /* a ramp's starting value... */
	double event_t0[PARAMS_MAX_EVENTS];     /* ...and time */
	int pause_event;            /* 1 + the pause event that fired, 0 none;
	                             * taken by planet_take_pause, not saved */
};

/* Plate indices by size, largest first (ties: lower index first). The
 * per-plate passes (stress spread, crust ageing) hand plates to the pool in
 * this order: chunks are claimed in order, so the largest plate starts
 * first instead of perhaps last while the other threads idle. Plates are
 * independent in those passes, so the order changes no result. */
/* The crust type world cell c shows (its owner's sample there). */
static inline uint8_t cell_crust_type(const planet_t *pl, int c)
{
	return pl->plates[pl->owner[c]].crust.type[pl->sample[c]];
}

/* The sea's-reach mark (REACH_*) of the sample world cell c shows. */
static inline uint8_t *cell_reach(const planet_t *pl, int c)
{
	return &pl->plates[pl->owner[c]].crust.reach[pl->sample[c]];
}

/* The first index from c on, below n, whose byte in mark is set, or n.
 * The serial passes over a step's few marked cells (enclosed seas, new
 * water) spent 0.5 ms a step each at level 8 on the unmarked bytes one at
 * a time; this skips them eight at a time. */
static inline int next_marked(const uint8_t *mark, int c, int n)
{
	while (c < n) {
		uint64_t eight;
		if (!(c & 7) && c + 8 <= n && (memcpy(&eight, mark + c, 8), !eight))
			c += 8;
		else if (mark[c])
			return c;
		else
			c++;
	}
	return n;
}

static inline void plates_largest_first(const int32_t *size, int np, int *order)
{
	for (int i = 0; i < np; i++) {
		int j = i;
		for (; j > 0 && size[order[j - 1]] < size[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
}

/* planet.c: a planet with its grid, noises, buffers and static climate
 * but no plates, which a restored state (planet_state.c) fills in; it
 * skips building the step 0 that the state replaces (at level 8 that
 * was most of a load). */
planet_t *planet_new_for_state(const params *prm, struct pool *pool, char *err, size_t errlen);

/* plate_layout.c: step-0 plates and their crust */
int plate_layout_generate(planet_t *pl, char *err, size_t errlen);
/* The same seeds and growth over a given crust type per cell (an imported
 * terrain): landmasses go whole to one plate where they are not too big. */
int plate_layout_imported(planet_t *pl, const uint8_t *type_of, char *err, size_t errlen);

/* terrain_import.c: step 0 from a heightmap instead of plate_layout_generate
 * and relief_init: the crust types, plates, then heights */
int terrain_import_layout(planet_t *pl, const heightfield *hf, char *err, size_t errlen);
int terrain_import_relief(planet_t *pl, const heightfield *hf);

/* plate.c: one plate as a rigid body */
/* Set a plate's rotation (a unit quaternion, used as given) and matrices. */
void plate_set_rotation(plate_t *p, quat q);
void plate_colour_for(int id, uint8_t *r, uint8_t *g, uint8_t *b);
vec3 plate_velocity(const plate_t *p, vec3 pos);   /* km/Myr, tangent */

/* relief.c: step-0 heights of every crust sample */
int relief_init(planet_t *pl);
/* The terrain noise stack changed (prm.layers): every crust sample takes
 * its detail again from the new stack at its plate-frame cell, as
 * relief_init and (for fresh ocean floor) crust_floor_detail gave it (by
 * its type now), and noise_mean follows. Heights, ages, plates are untouched. 0 or -1 (memory). */
int relief_renoise(planet_t *pl);
/* The terrain noise's area mean alone, as relief_init sums it (new floor's
 * detail is measured from it): for a restored state, whose crust has its
 * detail. Uses scratch_a. */
void relief_noise_mean(planet_t *pl);
double relief_ocean_depth(double age_myr);
/* With the sea solved for a share of ocean: lower the continents so the
 * step-0 sea lies on the ocean floor's datum (ridge crests 2 500 m under
 * it). From heights without the terrain detail, so editing a layer at
 * step 0 needs no new datum. Uses pl->elevation as scratch. */
void relief_lower_continents(planet_t *pl);

/* crust.c: crust pools, and crust inside its plate over a step */
int crust_add(crust_pool *c, int32_t cell, uint8_t type, float elev, float thick, float age);
/* Append a copy of sample i of src at cell; returns its index or -1. */
int crust_copy(crust_pool *dst, int32_t cell, const crust_pool *src, int i);
/* Room for `more` appends ahead, so that other threads can read the pool
 * while one appends (the arrays do not move), grown as appends one at a
 * time would grow it; 0 or -1. crust_fit_room then gives back what those
 * appends, from capacity old_cap, would not have taken. */
int crust_make_room(crust_pool *c, int more);
void crust_fit_room(crust_pool *c, int old_cap);
void crust_free(crust_pool *c);
/* New ocean floor at plate-frame cell k (ridge depth, age 0) in two
 * parts: the relief of fresh floor at k, which only reads the planet (the
 * collision pass makes it in parallel), and the sample with it (-1: no
 * memory). */
float crust_floor_detail(const planet_t *pl, int k);
int crust_new_ocean_floor_at(plate_t *p, int k, float detail);
void crust_kill(plate_t *p, int s);
/* Drop consumed samples; remap gets old -> new indices. 0 or -1. */
int crust_compact(planet_t *pl, int pi, int32_t *remap);
int crust_evolve(planet_t *pl);
/* Continental sample s scraped too thin by subduction turns to the
 * forearc's ocean floor: the slab's age, at the continental rise. */
void crust_scraped_to_floor(const planet_t *pl, crust_pool *cr, int s, float slab_age);
/* Thickness (km) of continental crust that floats at this height. */
double crust_thickness_for_height(double above_sea_m);
/* Step-0 continental crust of normal thickness or less takes the
 * thickness that floats it where it stands (22-35 km): shelves stay under
 * water. Needs the sea level; from heights and sea alone, so a step-0
 * planet whose relief changed settles as a new one would. */
void crust_float_shelves(planet_t *pl);
/* Undo it: back to the 35 km the layout gave every continental sample. */
void crust_unfloat_shelves(planet_t *pl);
/* Does crust sample a of plate pa stay on top of sample b of plate pb? */
int crust_overrides(const plate_t *pa, int a, const plate_t *pb, int b, int a_is_prev);

/* plate_events.c: rifts, sutures, vanished plates, speeds */
int plate_events(planet_t *pl, int pair_a, int pair_b, int pair_n);
/* Split plate index `plate` (< 0: the largest). 0, or -1 if not possible
 * (PLATES_MAX plates, or plates.max of MICROPLATE_AREA or more). */
int plate_events_rift(planet_t *pl, int plate);
/* Plates of at least MICROPLATE_AREA (share of the sphere): the ones
 * plates.min and plates.max bound. */
#define MICROPLATE_AREA 0.01
static inline bool area_is_micro(double area_sr)
{
	return area_sr < MICROPLATE_AREA * 4 * M_PI;
}
static inline bool plate_is_micro(const plate_t *p)
{
	return area_is_micro(p->area);
}
int plate_events_major_count(const planet_t *pl);
void plate_events_update_velocities(planet_t *pl);

/* stress.c: boundaries and stress; then the plates' force balance. The
 * stress spreads from the boundaries plate by plate, in parallel;
 * stress_compute_serial spreads in one serial breadth-first pass over all
 * plates (the old way), which gives the same bits: the tests hold the
 * parallel spread to it. */
void stress_compute(planet_t *pl);
void stress_compute_serial(planet_t *pl);

/* plate_forces.c: slab pull, ridge push and basal drag -> balance_omega */
void plate_forces_compute(planet_t *pl);

/* surface.c: the derived fields of a step, in order: elevation, sea level,
 * climate, biomes, stats */
enum { SURFACE_STEP, SURFACE_FULL, SURFACE_REFRESH, SURFACE_RESTORE };
/* SURFACE_STEP relaxes moisture one sweep, SURFACE_FULL from scratch,
 * SURFACE_REFRESH (after a parameter change) not at all; SURFACE_RESTORE
 * also keeps the sea level as loaded. */
void surface_update(planet_t *pl, int mode);
/* planet.c: step 0's surface for a drawn (not imported) planet: the sea
 * solved for ocean_fraction over 35 km continents, their shelves given the
 * crust that floats them (crust_float_shelves), the sea solved again. From
 * the crust's heights alone, so a step-0 planet whose relief changed
 * settles as a new one would. */
void planet_settle_step0(planet_t *pl);
/* Nothing in the physics reads temperature, rain or biomes, so a plain step
 * (SURFACE_STEP) leaves them stale and whoever reads them (a snapshot:
 * dashboard, stats, exports) brings them up to date here first. They
 * depend only on this step's heights, moisture and parameters, so the
 * values are the same as if every step had computed them. */
void surface_climate_refresh(planet_t *pl);

/* elevation.c: pl->elevation from crust heights, detail and trenches */
void elevation_update(planet_t *pl);
/* The terrain detail drawn on sample s of a pool (m). */
double elevation_detail_m(const planet_t *pl, const crust_pool *cr, int s);
/* What a boundary cell's own ocean floor does under the plate beside it
 * (planet_t.subducting). Only SLAB_DIVES sinks (it is consumed, and its
 * slab pulls); SLAB_OBLIQUE slides under at an angle, where the cell is
 * classed transform, and only draws its trench, so trenches run on along
 * oblique stretches of a margin instead of breaking into dashes. */
enum { SLAB_NONE, SLAB_DIVES, SLAB_OBLIQUE };
/* How far below its crust cell c is drawn where a slab sinks (m, >= 0). */
double elevation_trench_m(const planet_t *pl, int c);
/* basins.c: where the sea reaches, per world cell from this step's heights:
 * water joined to the open ocean and land on its shore are REACH_OPEN, closed
 * basins and land inland of every shore REACH_SHUT, and water of either
 * kind is also REACH_WET (bits, so the cells that show one sample can be
 * or-ed together). Uses pl->queue; sizes holds n entries. */
enum { REACH_OPEN = 1, REACH_SHUT = 2, REACH_WET = 4 };
/* Out of the sea's reach when last marked: a closed basin or inland. */
static inline bool reach_shut(uint8_t r)
{
	return (r & (REACH_OPEN | REACH_SHUT)) == REACH_SHUT;
}
/* A closed basin's water when last marked: it fills with sediment. */
static inline bool reach_closed_water(uint8_t r)
{
	return reach_shut(r) && (r & REACH_WET);
}
void basins_mark(const planet_t *pl, uint8_t *reach, int32_t *sizes);
/* Between markings: small shallow bodies of water the last marking did not
 * see as water are told open or closed on the crust's marks. flags and
 * queue hold n entries each. */
void basins_settle(planet_t *pl, uint8_t *flags, int32_t *queue);
/* sealevel.c: pl->sea_level for this step's heights */
void sealevel_update(planet_t *pl);
/* The level under which prm.ocean_fraction of the area lies, over
 * pl->elevation as it stands (pl->sea_level is left alone). */
double sealevel_for_fraction(planet_t *pl);
/* The sea at this level, with the water volume below it kept. */
void sealevel_fix(planet_t *pl, double level);
/* climate.c: static climate helpers of the grid (0 or -1); per step the
 * moisture (mode as for surface_update: it carries over between steps);
 * on demand temperature and precipitation from it */
int climate_init(planet_t *pl);
/* Free what climate_init made (planet_trim, planet_free). */
void climate_done(planet_t *pl);
void climate_update(planet_t *pl, int mode);
void climate_finish(planet_t *pl);
/* ocean_heat.c: the sea-surface anomaly of the gyres (0 or -1 on init) */
int ocean_heat_init(planet_t *pl);
void ocean_heat_free(planet_t *pl);
void ocean_heat_update(planet_t *pl);
float ocean_heat_at(const planet_t *pl, int c);
enum { RAIN_LIVE = 1, DRY_LIVE = 2 };
/* Whether a raster (RAIN_LIVE or DRY_LIVE) is 0 at all four pixels round
 * a cell: most cells lie outside its latitudes, and skip the lerp. */
static inline int heat_raster_dead(const planet_t *pl, uint32_t lerp, int which)
{
	unsigned row = (lerp & 0xffff) / HEAT_COLS;
	return !((pl->heat_rows_live[row] | pl->heat_rows_live[row + 1]) & which);
}
/* A raster (pl->monsoon: summer rain from the sea to the east, 0..1;
 * pl->summer_dry_px: summer drought from the sea to the west, 0..1)
 * interpolated between the four pixels round a cell (its heat_lerp);
 * inline, as the rain pass reads it for every cell. */
static inline float heat_raster_lerp(const float *px, uint32_t lerp)
{
	unsigned i = lerp & 0xffff, col = i % HEAT_COLS;
	unsigned right = col + 1 < HEAT_COLS ? i + 1 : i + 1 - HEAT_COLS;
	float fx = (float)((lerp >> 16) & 0xff) * (1.0f / 255), fy = (float)(lerp >> 24) * (1.0f / 255);
	float a = px[i] + (px[right] - px[i]) * fx;
	float d = px[i + HEAT_COLS] + (px[right + HEAT_COLS] - px[i + HEAT_COLS]) * fx;
	return a + (d - a) * fy;
}
/* biome_map.c: pl->biome from climate and height */
void biome_map_update(planet_t *pl);
/* world_stats.c: pl->stats and each plate's area, height and speed
 * figures; the climate figures (mean temperature, biome shares) with the
 * climate, in world_stats_climate */
void world_stats_update(planet_t *pl);
/* Only the sums of plates a and b (b -1: none), as world_stats_update
 * would make them: for events, once a whole pass has brought every other
 * plate up to date */
void world_stats_plates(planet_t *pl, int a, int b);
void world_stats_climate(planet_t *pl);

#endif
