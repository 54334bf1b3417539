/* snapshot.h: an immutable picture of a planet at one step.
 *
 * Everything that views the planet (PNG export, --stats, the dashboard) reads
 * a snapshot and nothing else, so the stepping thread can go on while a view
 * draws. The grid is shared (immutable after creation); the per-cell arrays
 * are the snapshot's own. */
#ifndef TECTONICA_SNAPSHOT_H
#define TECTONICA_SNAPSHOT_H

#include <stdbool.h>
#include <stdint.h>
#include "biome.h"
#include "grid.h"
#include "noise.h"
#include "params.h"

enum { CRUST_OCEANIC = 0, CRUST_CONTINENTAL = 1 };
enum { BOUNDARY_NONE = 0, BOUNDARY_CONVERGENT, BOUNDARY_DIVERGENT, BOUNDARY_TRANSFORM };

/* No plate turns faster than this at 90 degrees from its pole (cm/yr):
 * the fastest plates on Earth move 7-10 (plate_events.c holds them). */
#define PLATE_SPEED_MAX_CM_YR 12.0

typedef struct plate_info {
	int id;                      /* stable id shown to users */
	uint8_t type;                /* CRUST_* that dominates the plate */
	double area_fraction;
	double continental_fraction; /* share of the plate's area that is continental */
	double speed_cm_yr;          /* RMS surface speed over the plate */
	double pole_lat, pole_lon;   /* Euler pole, degrees */
	double omega_deg_myr;        /* angular speed */
	double mean_elevation_m;
	uint8_t r, g, b;             /* map colour */
} plate_info;

typedef struct world_stats {
	double land_fraction;
	double elevation_min_m, elevation_max_m, elevation_mean_m;
	double mean_temperature_c;
	double biome_fraction[BIOME_COUNT];
	double boundary_fraction[4];    /* indexed by BOUNDARY_*; [0] unused */
	double continental_fraction;    /* continental crust share of the sphere */
	double crust_created, crust_consumed;  /* area fractions, last step */
	double samples_per_cell;        /* live crust samples / cells: above 1 =
	                                 * crust hidden under other plates */
} world_stats;

#define SNAPSHOT_PLATES_MAX 256

/* The per-cell arrays of a snapshot, written once: X(type, name) each.
 * snapshot_new, snapshot_free and snapshot_copy follow this list, so a new
 * array is one line here plus filling it in planet_snapshot. */
#define SNAPSHOT_CELL_FIELDS(X) \
	X(uint16_t, plate)       /* index into plates[] */ \
	X(uint8_t, crust)        /* CRUST_* */ \
	X(uint8_t, boundary)     /* BOUNDARY_* */ \
	X(uint8_t, biome)        /* biome_id */ \
	X(float, elevation)      /* metres above (+) or below (-) this step's sea */ \
	X(float, age)            /* crust age, Myr */ \
	X(float, stress)         /* signed: + compression, - extension, 0..~1 scale */ \
	X(float, shear)          /* transform part, >= 0 */ \
	X(float, temperature)    /* deg C */ \
	X(float, precip)         /* mm/yr */ \
	X(uint8_t, dry_summer)   /* 0..255: how dry summers are (255 * the
	                          * climate's 0..1; mediterranean from 0.4) */ \
	X(uint8_t, dry_winter)   /* 0..255: how long the tropics' dry season
	                          * is (savannah, not rainforest, from 0.3) */ \
	X(float, vel_east)       /* plate velocity, cm/yr */ \
	X(float, vel_north) \
	X(float, relief)         /* largest height step to a neighbour, m,
	                          * trenches left out (snapshot_fill_detail) */ \
	X(float, trench)         /* depth of the trench in elevation, m (0: none) */ \
	X(int8_t, trench_side)   /* where a map draws trenches, in 1/32 units: */ \
	X(uint16_t, trench_reach) /* see snapshot_fill_detail */

typedef struct snapshot {
	const grid_t *grid;
	params prm;
	int64_t step;
	double time_myr;
	int n;
	double sea_level_m;          /* always 0: heights are from the sea */
	double eustatic_change_m;    /* sea level now minus at step 0 */
	uint64_t state_hash;
	noise_t detail_noise;        /* sub-cell map detail (snapshot_fill_detail) */

	/* per cell */
#define SNAPSHOT_CELL_ARRAY(type, name) type *name;
	SNAPSHOT_CELL_FIELDS(SNAPSHOT_CELL_ARRAY)
#undef SNAPSHOT_CELL_ARRAY

	int plate_count;             /* plates[]' length: the planet's plates, some
	                              * of which may have no cell this step */
	plate_info *plates;
	world_stats stats;
	int view;                    /* made by snapshot_new_view */
} snapshot_t;

/* A plate shows on the map when it holds a cell. A plate can be listed
 * with none for one step: a microplate cut only from crust hidden under
 * other plates, or a plate whose last cells were overridden; the next
 * step's events remove it. Users are shown the plates on the map. */
static inline bool plate_on_map(const plate_info *p)
{
	return p->area_fraction > 0;
}

/* How many of s's plates show on the map. */
int snapshot_plates_on_map(const snapshot_t *s);

snapshot_t *snapshot_new(const grid_t *g);
/* A snapshot for a caller that steps and views one planet on one thread
 * (`run`): planet_snapshot points its plate, boundary, biome, stress,
 * shear, temperature, precip, dry_summer and dry_winter at the planet's
 * own arrays (the same values; valid until the planet changes) and
 * allocates the other arrays as it fills them; snapshot_shed frees those
 * again between looks. A copy of 43 B/cell is 21 B/cell, and 0 between
 * looks. */
snapshot_t *snapshot_new_view(const grid_t *g);
/* A view's per-cell arrays go (NULL) until planet_snapshot fills it
 * again; its figures stay. Nothing for other snapshots. */
void snapshot_shed(snapshot_t *s);
/* The arrays a view owns when filled; 0 or -1 (memory). */
int snapshot_view_alloc(snapshot_t *s);
void snapshot_free(snapshot_t *s);
/* Copy src into dst (same grid): every scalar field and the contents of the
 * arrays; dst keeps its own arrays. 0, or -1 if the sizes differ or dst is
 * a view. */
int snapshot_copy(snapshot_t *dst, const snapshot_t *src);
/* Derive what maps need for sub-cell detail from the elevations: each
 * cell's relief and the detail noise, seeded from prm.seed, and where the
 * trenches run. Call after the elevations, trenches and plates are final.
 * A snapshot never filled has zero relief (no detail) and no trenches.
 *
 * Trenches are drawn along the plate boundary, not through the centres of
 * the cells that carry them: those zigzag across the grid, and a trench
 * interpolated between them was a chain of beads a cell wide. Each cell
 * near a trench gets a side of it (trench_side / 32): -1/2 on a trench cell
 * (the diving plate's rim), +1/2 on a cell of another plate beside one
 * (the overriding rim), -3/2 behind the rim on the diving side, then -5/2
 * or +3/2 a cell farther; each rim cell's side is then averaged with its
 * neighbours', which straightens the line where it crosses 0 (a rim cell
 * jutting into the other plate moves toward 0). trench_reach is the depth
 * (m) of the trench a map cuts along that line: the cell's own on a trench
 * cell, the mean of the trench cells beside it on an overriding cell, 0
 * elsewhere. Cells farther away have side SNAPSHOT_TRENCH_FAR. */
#define SNAPSHOT_TRENCH_FAR 127
/* The trench part of snapshot_fill_detail (snapshot_trench.c): the sides
 * and reach above, and the relief of the cells beside trenches again with
 * the trenches left out (maps cut them along the line, and the floor
 * beside them stays calm). */
void snapshot_fill_trenches(snapshot_t *s);
void snapshot_fill_detail(snapshot_t *s);

#endif
