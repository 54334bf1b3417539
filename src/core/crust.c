/* crust.c: what happens to crust inside its plate over a step, and the
 * crust pools themselves.
 *
 * Mountain belts rise where continents are compressed; ocean floor deepens
 * with age; continents erode (or rebound) toward the height their thickness
 * floats at; thickened crust spreads back out, so collisions keep the
 * continental volume instead of losing area for ever; pools shed consumed
 * samples. Each plate is independent here, so plates run in parallel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

#define CRUST_NORMAL_KM 35.0
#define FREEBOARD_M 200.0            /* normal continent above the sea */
#define ISOSTASY_M_KM 140.0          /* height gained per km of extra crust */
#define THIN_ISOSTASY_M_KM 40.0      /* height lost per km of thinned crust */
#define SLOPE_BASE_M -1400.0         /* a passive margin's outer row, the
                                      * continental slope, settles this far
                                      * below the sea (above faces_ocean's
                                      * 1 500 m: the rows behind it are
                                      * shelves, not fronts) */
#define SHELF_SUBSIDENCE_MYR 30.0    /* thermal subsidence of a margin */
#define BASIN_FILL_MYR 150.0         /* land below its base fills (sediment,
                                      * rebound): at 30 Myr each rise of the
                                      * sea lifted the land with it and each
                                      * fall left it high, so land climbed;
                                      * at 300 low interiors stood as lakes
                                      * and deserts grew wet */
#define CLOSED_FILL_M_MYR 200.0      /* a closed basin fills with the
                                      * sediment of all its rivers (Black
                                      * Sea 100-300 m/Myr, South Caspian up
                                      * to 2 000), its last metres ... */
#define CLOSED_FILL_MYR 5.0          /* ... as its rivers slacken */
#define REACH_EVERY 4                /* steps between markings of the
                                      * sea's reach (basins.c): water the
                                      * falling sea cuts off waits for one
                                      * (at 8, closed water was 55-91 cells
                                      * a snapshot at level 6; 36-46) */
#define BASIN_SPILL_M 25.0           /* the plain it fills to, above the sea */
#define PLAIN_RELIEF 0.15            /* share of the terrain's hills (the
                                      * detail above 0) that stand out of
                                      * the fill: buried, not erased */
#define MARGIN_THICK_KM 27.0         /* stretched crust of a passive margin:
                                      * its slope row and its shelf */
#define SHELF_THICK_MIN_KM 22.0     /* step-0 shelves float on no less */
#define INNER_SHELF_KM 29.0         /* the last row behind the slope: an
                                     * inner shelf */
#define SHELF_WIDTH_KM 250.0        /* the shelf's width behind the slope
                                     * row, in whole rows (one at least) */
#define MARGIN_EVERY 4               /* steps between margin-stretching passes */
#define SPECK_MYR 20.0               /* a lone sample this much younger than all around */
/* Ocean floor an arc lifted and left behind (the trench moved on, the
 * plate welded on) sinks back toward its cooling depth: left standing, it
 * was 100-200 m above the curve far from any continent and 300-500 m two
 * or three cells from one (level 6, seed 1, 500-1 500 Myr), the sea stood
 * that much higher and the depth-age curve was flat. An arc's uplift is
 * remembered in the sample's orogeny over ARC_MEMORY_MYR; while that is
 * ARC_ACTIVE_M or more the arc is still at work and keeps its height. */
#define ARC_SUBSIDENCE_MYR 50.0
#define ARC_MEMORY_MYR 10.0
#define ARC_ACTIVE_M 20.0
/* floor on its curve is off it by float rounding, either way: testing the
 * sign alone was a coin toss per sample; a metre is nothing to the sea */
#define ARC_EXCESS_MIN_M 1.0
#define RELIEF_EROSION_M 1000.0      /* each km of relief adds the base rate */
#define ROOT_EROSION 3.0             /* roots wear this much faster than
                                      * the heights: unloading lifts them
                                      * (2.0 before oceanic plates moved
                                      * faster: with 2.0 their collisions
                                      * took land 0-500 m from 52-57 to
                                      * 46-58 % of land; 49-65 with 3.0) */
#define OROGEN_M 9000.0              /* relief of a belt at full stress */
#define OROGEN_STRESS 0.6            /* stress (x 10 cm/yr) of full relief */
#define OROGEN_RATE 0.05             /* share of the missing height per Myr */
#define ROOTLESS_KM 28.0             /* crust this thin (a young arc, a
                                      * stretched margin) holds no relief:
                                      * it floats below the sea until it
                                      * has thickened ... */
#define ROOTED_KM 31.0               /* ... and this thick, all of it */
#define ARC_SUPPORT 0.2              /* the row along a convergent boundary
                                      * (an arc over its slab, a collision's
                                      * front) holds this share on any
                                      * crust: magma and the squeeze hold
                                      * it up */
#define SQUEEZE_THICKEN 0.15         /* squeezed thin crust thickens toward
                                      * normal at this share of OROGEN_RATE */
#define CRUST_COLLAPSE_KM 42.0       /* thicker crust spreads onto its margin */
#define THICK_DIFFUSION 0.05         /* share of a thickness difference per Myr */

/* Give every array of the pool room for cap samples (cap >= count). 0, or
 * -1 if an array could not change: the others keep their new size, so the
 * pool's capacity is then the smaller of the old and new. */
static int crust_reserve(crust_pool *c, int cap)
{
	int ok = 1;
#define RESIZE(type, name) { \
	type *a = realloc(c->name, (size_t)cap * sizeof *a); \
	if (a) c->name = a; else ok = 0; }
	CRUST_FIELDS(RESIZE)
#undef RESIZE
	if (!ok) {
		c->cap = cap < c->cap ? cap : c->cap;
		return -1;
	}
	c->cap = cap;
	return 0;
}

/* One growth step of a pool: by a quarter (not twice: a sample takes
 * 25 B), and by 128 at least, not 1024, so a microplate of a few hundred
 * samples holds no 25 KB of room (about 30 are born in the first 50 Myr). */
static int next_cap(int cap)
{
	return cap + cap / 4 + 128;
}

/* The capacity appends one at a time (crust_append) reach from cap when
 * the pool holds count samples. */
static int grown_cap(int cap, int count)
{
	while (cap < count)
		cap = next_cap(cap);
	return cap;
}

int crust_make_room(crust_pool *c, int more)
{
	int cap = grown_cap(c->cap, c->count + more);
	return cap == c->cap ? 0 : crust_reserve(c, cap);
}

void crust_fit_room(crust_pool *c, int old_cap)
{
	int cap = grown_cap(old_cap, c->count);
	if (cap < c->cap)
		crust_reserve(c, cap);   /* a failed shrink keeps the larger pool */
}

/* A new sample at the end of the pool, every attribute 0; its index or -1. */
static int crust_append(crust_pool *c)
{
	if (c->count == c->cap && crust_reserve(c, next_cap(c->cap)) < 0)
		return -1;
	int i = c->count++;
#define ZERO(type, name) c->name[i] = 0;
	CRUST_FIELDS(ZERO)
#undef ZERO
	return i;
}

int crust_add(crust_pool *c, int32_t cell, uint8_t type, float elev, float thick, float age)
{
	int i = crust_append(c);
	if (i < 0)
		return -1;
	c->cell[i] = cell;
	c->type[i] = type;
	c->elev[i] = elev;
	c->thick[i] = thick;
	c->age[i] = age;
	return i;
}

int crust_copy(crust_pool *dst, int32_t cell, const crust_pool *src, int i)
{
	int s = crust_append(dst);
	if (s < 0)
		return -1;
#define COPY(type, name) dst->name[s] = src->name[i];
	CRUST_FIELDS(COPY)
#undef COPY
	dst->cell[s] = cell;
	return s;
}

void crust_free(crust_pool *c)
{
#define FREE(type, name) free(c->name);
	CRUST_FIELDS(FREE)
#undef FREE
	memset(c, 0, sizeof *c);
}

/* Does sample a (plate pa) override sample b (plate pb)? Continental crust
 * is too buoyant to sink. Between two oceans the plate with the older, denser
 * floor sinks; deciding that per plate pair, not per cell, keeps each
 * subduction zone facing one way along its whole length. */
int crust_overrides(const plate_t *pa, int a, const plate_t *pb, int b, int a_is_prev)
{
	int ta = pa->crust.type[a], tb = pb->crust.type[b];
	if (ta != tb)
		return ta == CRUST_CONTINENTAL;
	if (ta == CRUST_OCEANIC) {
		if (pa->ocean_age != pb->ocean_age)
			return pa->ocean_age < pb->ocean_age;
		return pa->id < pb->id;
	}
	return a_is_prev;
}

/* The faint abyssal-hill relief of the terrain noise at plate-frame cell
 * k, for fresh ocean floor there. */
float crust_floor_detail(const planet_t *pl, int k)
{
	return (float)(0.25 * (noise_stack_eval(&pl->terrain, pl->prm.layers, pl->prm.layer_count,
	                                        pl->grid->centre[k]) - pl->noise_mean));
}

int crust_new_ocean_floor_at(plate_t *p, int k, float detail)
{
	int s = crust_add(&p->crust, k, CRUST_OCEANIC, (float)RIDGE_DEPTH_M, 7, 0);
	if (s >= 0)
		p->crust.detail[s] = detail;
	return s;
}

void crust_kill(plate_t *p, int s)
{
	if (p->crust.type[s] == CRUST_CONSUMED)
		return;
	p->crust.type[s] = CRUST_CONSUMED;
	cellmap_set(&p->map, p->crust.cell[s], -1);   /* unmapping never allocates */
}

/* Drop consumed samples from a plate's pool; remap[] gets old -> new. The
 * map is rebuilt so pages the plate no longer covers are freed. Touches
 * only plate pi: plates compact in parallel. World cells still hold the old
 * sample numbers. */
static int compact_pool(planet_t *pl, int pi, int32_t *remap)
{
	plate_t *p = &pl->plates[pi];
	crust_pool *cr = &p->crust;
	int j = 0, rc = 0;
	cellmap_unmap_all(&p->map);
	for (int i = 0; i < cr->count; i++) {
		if (cr->type[i] == CRUST_CONSUMED) {
			remap[i] = -1;
			continue;
		}
		remap[i] = j;
#define MOVE(type, name) cr->name[j] = cr->name[i];
		CRUST_FIELDS(MOVE)
#undef MOVE
		rc |= cellmap_set(&p->map, cr->cell[j], j);
		j++;
	}
	cr->count = j;
	cellmap_drop_empty(&p->map);
	/* A plate that lost much of its crust (to a rift or to subduction)
	 * kept room for all of it: over 50 steps at level 7 the pools held
	 * 1.6 samples per sample in use. Give back what is far beyond a
	 * growth step; a failed shrink leaves a smaller pool that still fits. */
	if (cr->cap > j + j / 2 + 1024)
		crust_reserve(cr, j + j / 4 + 1024);
	return rc;
}

/* Mountain belts: continental crust under compression (the stress of the
 * last step, which spreads a few hundred km in from the boundary) rises
 * toward a height set by the stress, on top of its isostatic base (orogeny,
 * below). */
/* Is world cell c next to the deep sea? Last step's heights say it with
 * one load per neighbour (ocean floor lies kilometres down, shelves not). */
static int faces_ocean(const planet_t *pl, int c)
{
	const grid_t *g = pl->grid;
	float deep = (float)(pl->sea_level - 1500);
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
		if (pl->elevation[g->nbr[k]] < deep)
			return 1;
	return 0;
}

/* The rows behind a margin's front (the slope, row 1) stretch as it does,
 * to MARGIN_THICK_KM (the shelf), and the last of them less, to
 * INNER_SHELF_KM, an inner shelf just below the sea. row: the cell's row
 * (margin_rows). */
static void inner_margin(planet_t *pl, int c, int row, int rows, double stretch)
{
	if (row < 2)
		return;
	crust_pool *cr = &pl->plates[pl->owner[c]].crust;
	int s = pl->sample[c];
	double to = row < rows ? MARGIN_THICK_KM : INNER_SHELF_KM;
	if (cr->type[s] == CRUST_CONTINENTAL && cr->thick[s] > to)
		cr->thick[s] -= (float)((cr->thick[s] - to) * stretch);
}

/* What orogeny does at world cell c (owner[c]'s sample there). */
typedef struct orogeny_ctx {
	planet_t *pl;
	int margins;
	double rate, relief, stretch, thicken;
	float deep;
	float *front;              /* margin passes: 1 on a front, r on the
	                            * r-th row behind it, up to rows; else 0 */
	int rows;
	int nchunks;
	int32_t *parts;            /* per chunk and plate: counts, then places */
	int32_t *list;             /* the cells to visit, plate by plate, each
	                            * plate's in cell order */
	int32_t start[PLATES_MAX + 1];
	int order[PLATES_MAX];     /* largest list first */
} orogeny_ctx;

static void orogeny_cell(const orogeny_ctx *o, int c)
{
	planet_t *pl = o->pl;
	int margins = o->margins;
	float deep = o->deep;
	const float *front = o->front;
	double st = pl->stress[c];
	if (margins && st <= 0 && front[c] != 1 && pl->elevation[c] >= deep) {
		inner_margin(pl, c, (int)front[c], o->rows, o->stretch);
		return;
	}
	/* A coast that is not being squeezed is a rifted or passive margin:
	 * its crust was stretched thin, so it floats below the sea as a
	 * shelf (the base height follows thickness). Heights first: they
	 * rule out most cells without touching the crust. */
	if (st <= 0 && (!margins || pl->elevation[c] < deep || !faces_ocean(pl, c)))
		return;
	crust_pool *cr = &pl->plates[pl->owner[c]].crust;
	int s = pl->sample[c];
	if (cr->type[s] != CRUST_CONTINENTAL)
		return;
	if (st <= 0) {
		if (cr->thick[s] > MARGIN_THICK_KM)
			cr->thick[s] -= (float)((cr->thick[s] - MARGIN_THICK_KM) * o->stretch);
		return;
	}
	double squeeze = fmin(1.0, st / OROGEN_STRESS);
	/* shortening and arc magmatism thicken squeezed thin crust toward
	 * normal (over about 130 Myr at full stress), so an arc or an active
	 * margin earns its height slowly instead of standing on no root */
	if (cr->thick[s] < CRUST_NORMAL_KM)
		cr->thick[s] += (float)((CRUST_NORMAL_KM - cr->thick[s]) * o->thicken * squeeze);
	double dthick = cr->thick[s] - CRUST_NORMAL_KM;
	double base = pl->sea_level + FREEBOARD_M + dthick * (dthick > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
	/* high ground needs a root (Airy isostasy): crust thinner than
	 * ROOTLESS_KM holds no relief, rooted crust all of it, except in the
	 * convergent boundary row itself (the arc over the slab, the front of
	 * a collision; either plate's side); lifted in full, thin
	 * arc and margin crust stood +0.9...+1.3 km over its own floor and
	 * coasts were 3.2-3.5 km cliffs, and with a fifth of the relief held
	 * everywhere down to 20 km, thin crust behind the arcs stood up too,
	 * out of the shelves (3 % of the surface where Earth has 5) */
	double least = pl->boundary[c] == BOUNDARY_CONVERGENT ? ARC_SUPPORT : 0.0;
	double support = clampd((cr->thick[s] - ROOTLESS_KM) / (ROOTED_KM - ROOTLESS_KM), least, 1.0);
	double target = base + o->relief * support * pow(squeeze, 1.5);
	if (cr->elev[s] < target) {
		double up = (target - cr->elev[s]) * o->rate;
		cr->elev[s] = (float)fmin(ELEV_MAX_M, cr->elev[s] + up);
		cr->orogeny[s] += (float)up;
	}
}

/* Cells orogeny_cell may change anything for: compressed ones, and on
 * margin passes land and shelves (front or not). */
static inline int orogeny_visits(const orogeny_ctx *o, int c)
{
	const planet_t *pl = o->pl;
	if (pl->stress[c] > 0)
		return 1;
	return o->margins && (o->front[c] != 0 || pl->elevation[c] >= o->deep);
}

#define OROGENY_GRAIN 8192

static void front_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const orogeny_ctx *o = ctx;
	for (int c = b; c < e; c++)
		o->front[c] = o->pl->elevation[c] >= o->deep && faces_ocean(o->pl, c);
}

/* Number the rows behind the fronts: breadth-first from every front in
 * cell order, through land and shelves, out to o->rows. Serial, but it
 * walks the margins only. */
static void margin_rows(const orogeny_ctx *o)
{
	planet_t *pl = o->pl;
	const grid_t *g = pl->grid;
	int32_t *queue = pl->queue;
	int head = 0, tail = 0;
	for (int c = 0; c < g->n; c++)
		if (o->front[c] != 0)
			queue[tail++] = c;
	while (head < tail) {
		int c = queue[head++];
		float row = o->front[c];
		if (row >= o->rows)
			continue;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (o->front[nb] == 0 && pl->elevation[nb] >= o->deep) {
				o->front[nb] = row + 1;
				queue[tail++] = nb;
			}
		}
	}
}

static void visit_count_chunk(void *ctx, int b, int e, int chunk)
{
	const orogeny_ctx *o = ctx;
	int32_t *count = o->parts + (size_t)chunk * (size_t)o->pl->nplates;
	for (int c = b; c < e; c++)
		if (orogeny_visits(o, c))
			count[o->pl->owner[c]]++;
}

static void visit_place_chunk(void *ctx, int b, int e, int chunk)
{
	const orogeny_ctx *o = ctx;
	int32_t *at = o->parts + (size_t)chunk * (size_t)o->pl->nplates;
	for (int c = b; c < e; c++)
		if (orogeny_visits(o, c))
			o->list[at[o->pl->owner[c]]++] = c;
}

static void orogeny_plate_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const orogeny_ctx *o = ctx;
	for (int j = b; j < e; j++) {
		int p = o->order[j];
		for (int32_t i = o->start[p]; i < o->start[p + 1]; i++)
			orogeny_cell(o, o->list[i]);
	}
}

/* Two world cells may show the same sample, so cells act in cell order;
 * a cell changes only its owner's crust, so plates are apart: the cells to
 * visit are listed plate by plate (in cell order within each) and the
 * plates run in parallel, which gives the bits of one pass over all cells
 * in cell order (the serial form, kept for serial_collisions: the tests
 * hold the step to it). 0 or -1 (memory). */
static int orogeny(planet_t *pl)
{
	int n = pl->grid->n, np = pl->nplates;
	orogeny_ctx o = {
		.pl = pl,
		.rate = fmin(1.0, OROGEN_RATE * pl->prm.dt_myr),
		.thicken = fmin(1.0, SQUEEZE_THICKEN * OROGEN_RATE * pl->prm.dt_myr),
		.relief = OROGEN_M * pl->prm.stress_uplift_m / 3500.0,
		/* margins stretch slowly: every MARGIN_EVERY steps is enough */
		.margins = pl->step % MARGIN_EVERY == 0,
		.stretch = 1 - exp(-MARGIN_EVERY * pl->prm.dt_myr / SHELF_SUBSIDENCE_MYR),
		.deep = (float)(pl->sea_level - 1500),
		/* on margin passes, mark the coast cells that face the deep sea
		 * and number the rows behind them, which stretch too (a shelf) */
		.front = pl->scratch_b,
		.list = pl->work[0],      /* free after the collision pass */
		.nchunks = pool_chunks(n, OROGENY_GRAIN),
	};
	if (o.margins) {
		pool_for(pl->pool, n, OROGENY_GRAIN, front_chunk, &o);
		/* the slope row and the shelf's rows behind it, as many as its
		 * width takes at this resolution */
		double cell_km = pl->grid->spacing * pl->prm.radius_km;
		o.rows = 1 + (int)fmax(1, lrint(SHELF_WIDTH_KM / cell_km));
		margin_rows(&o);
	}
	if (pl->serial_collisions) {
		for (int c = 0; c < n; c++)
			orogeny_cell(&o, c);
		return 0;
	}
	o.parts = calloc((size_t)o.nchunks * (size_t)np, sizeof *o.parts);
	if (!o.parts)
		return -1;
	pool_for(pl->pool, n, OROGENY_GRAIN, visit_count_chunk, &o);
	int32_t at = 0, size[PLATES_MAX];
	for (int p = 0; p < np; p++) {
		o.start[p] = at;
		for (int k = 0; k < o.nchunks; k++) {
			int32_t cnt = o.parts[(size_t)k * np + p];
			o.parts[(size_t)k * np + p] = at;
			at += cnt;
		}
		size[p] = at - o.start[p];
	}
	o.start[np] = at;
	pool_for(pl->pool, n, OROGENY_GRAIN, visit_place_chunk, &o);
	plates_largest_first(size, np, o.order);
	pool_for(pl->pool, np, 1, orogeny_plate_chunk, &o);
	free(o.parts);
	return 0;
}

/* Thickened continental crust relaxes: thickness diffuses through the
 * continent, and where crust thicker than CRUST_COLLAPSE_KM meets the plate's
 * own ocean floor it spreads onto it. Collisions stack crust (area lost,
 * thickness gained); this gives the area back, so the continental volume,
 * not just its outline, is what a long run keeps. */

static void relax_continents(planet_t *pl, plate_t *p)
{
	const grid_t *g = pl->grid;
	crust_pool *cr = &p->crust;
	double rate = fmin(0.25, THICK_DIFFUSION * pl->prm.dt_myr);
	for (int i = 0; i < cr->count; i++) {
		if (cr->type[i] != CRUST_CONTINENTAL || cr->thick[i] <= CRUST_NORMAL_KM)
			continue;
		int k = cr->cell[i];
		for (int q = g->nbr_off[k]; q < g->nbr_off[k + 1]; q++) {
			int j = cellmap_get(&p->map, g->nbr[q]);
			if (j < 0)
				continue;
			if (cr->type[j] == CRUST_CONTINENTAL) {
				double flow = rate * (cr->thick[i] - cr->thick[j]);
				if (flow > 0) {
					cr->thick[i] -= (float)flow;
					cr->thick[j] += (float)flow;
				}
			} else if (cr->type[j] == CRUST_OCEANIC && cr->thick[i] > CRUST_COLLAPSE_KM) {
				/* the margin advances by one cell at shelf depth */
				cr->type[j] = CRUST_CONTINENTAL;
				cr->thick[j] = (float)(0.5 * cr->thick[i]);
				cr->thick[i] *= 0.5f;
				cr->elev[j] = (float)fmin(cr->elev[i], pl->sea_level - 150);
				cr->age[j] = 0;
			}
		}
	}
}

/* Does sample i of p touch crust of `type` in p's own map? */
static int touches_own(const planet_t *pl, const plate_t *p, int i, uint8_t type)
{
	const grid_t *g = pl->grid;
	int k = p->crust.cell[i];
	for (int q = g->nbr_off[k]; q < g->nbr_off[k + 1]; q++) {
		int j = cellmap_get(&p->map, g->nbr[q]);
		if (j >= 0 && p->crust.type[j] == type)
			return 1;
	}
	return 0;
}

/* A lone sample of ocean floor SPECK_MYR or more younger than every
 * frame neighbour (all of them floor) is no ridge, which is never one
 * cell long, but what resampling the plate leaves: a hole healed or
 * filled with fresh floor before the crust around it came back, a young
 * sample taken along with old floor. Shown, it was a dot of young, high
 * floor in the old. Its youngest neighbour's sample, or -1. */
static int young_speck(const plate_t *p, const grid_t *g, int i)
{
	const crust_pool *cr = &p->crust;
	int k = cr->cell[i], youngest = -1;
	float bar = cr->age[i] + SPECK_MYR;
	for (int q = g->nbr_off[k]; q < g->nbr_off[k + 1]; q++) {
		int j = cellmap_get(&p->map, g->nbr[q]);
		if (j < 0 || cr->type[j] != CRUST_OCEANIC || cr->age[j] < bar)
			return -1;
		if (youngest < 0 || cr->age[j] < cr->age[youngest])
			youngest = j;
	}
	return youngest;
}

/* Specks take their youngest neighbour's crust. None is beside another
 * (its neighbours are all older by SPECK_MYR), and one that takes its
 * neighbour's crust makes no other a speck: the order is free. */
static void heal_specks(const planet_t *pl, plate_t *p)
{
	crust_pool *cr = &p->crust;
	for (int i = 0; i < cr->count; i++) {
		if (cr->type[i] != CRUST_OCEANIC)
			continue;
		int j = young_speck(p, pl->grid, i);
		if (j < 0)
			continue;
		cr->elev[i] = cr->elev[j];
		cr->thick[i] = cr->thick[j];
		cr->age[i] = cr->age[j];
		cr->orogeny[i] = cr->orogeny[j];
		cr->detail[i] = cr->detail[j];
	}
}

/* Sediment shed by a continent builds a rise at its foot: ocean floor
 * beside its own plate's continent lies no deeper than CONTINENTAL_RISE_M
 * under the sea, so the slope from shelf to abyss spans a cell, not a
 * cliff (step 0 has its rises from relief_init).
 * Floor sample i at height el, the height it takes. */
static double continental_rise(const planet_t *pl, const plate_t *p, int i, double el)
{
	double rise = pl->sea_level + CONTINENTAL_RISE_M;
	return el < rise && touches_own(pl, p, i, CRUST_CONTINENTAL) ? rise : el;
}

/* The height continental sample i settles at: where crust of its thickness
 * floats (thick crust keeps high plateaus, thinned crust sinks a little), or
 * shelf depth on a passive margin, where the plate's own ocean floor is next
 * door. Both are measured from the sea, which is the base level of erosion:
 * when the sea rises or falls the continents follow over the erosion time,
 * so land keeps its lowlands and margins their shelves. Erosion and rebound
 * pull toward it. */
static double continental_base(const planet_t *pl, const plate_t *p, int i)
{
	const crust_pool *cr = &p->crust;
	if (touches_own(pl, p, i, CRUST_OCEANIC))
		return pl->sea_level + SLOPE_BASE_M;
	double dthick = cr->thick[i] - CRUST_NORMAL_KM;
	return pl->sea_level + FREEBOARD_M + dthick * (dthick > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
}

/* A lone cell of ocean floor with continent all round it (a pocket left
 * between stacked or rifted continental crust, one cell across) fills in:
 * at grid scale it is noise, not a sea. Every few steps is enough. */
#define ENCLOSED_EVERY 16

/* Sample s, a pit of ocean floor with continent on all deg sides whose
 * thicknesses and heights sum to thick and elev, becomes their continent. */
static void fill_pit(crust_pool *cr, int s, double thick, double elev, int deg)
{
	cr->type[s] = CRUST_CONTINENTAL;
	cr->thick[s] = (float)(thick / deg);
	cr->elev[s] = (float)(elev / deg);
	cr->age[s] = 0;
}

static void fill_enclosed_ocean(planet_t *pl, plate_t *p)
{
	const grid_t *g = pl->grid;
	crust_pool *cr = &p->crust;
	for (int i = 0; i < cr->count; i++) {
		if (cr->type[i] != CRUST_OCEANIC)
			continue;
		int k = cr->cell[i], land = 0, deg = grid_degree(g, k);
		double thick = 0, elev = 0;
		for (int q = g->nbr_off[k]; q < g->nbr_off[k + 1]; q++) {
			int j = cellmap_get(&p->map, g->nbr[q]);
			if (j < 0 || cr->type[j] != CRUST_CONTINENTAL)
				break;
			land++;
			thick += cr->thick[j];
			elev += cr->elev[j];
		}
		if (land == deg)
			fill_pit(cr, i, thick, elev, deg);
	}
}

/* A one-cell gap of ocean floor between continents of two plates is a
 * rift just opening, about a cell (110 km at level 6) wide: the crust there
 * is stretched, not yet parted. Grown as fresh floor it stood 2.5-3 km
 * deep in the middle of land, 1.6-2.9 such pits at any time (level 6,
 * seeds 1-2). It becomes its flanks' crust thinned by RIFT_STRETCH
 * instead, taken from the flanks themselves (a rift thins its shoulders;
 * making it new grew the land by a point), and sinks as thinned crust does,
 * a rift valley; where land closes it all round it is a closed basin and
 * fills (basins.c). The next gaps to open beside it see thinner crust
 * still, and once that would be under RIFT_THIN_KM the gap stays ocean
 * floor: a rifted margin keeps a row or two of stretched crust. */
#define RIFT_STRETCH 0.6
#define RIFT_THIN_KM 15.0

/* Ocean floor that opens between continents with dry land all round it
 * (the flanks too thin to stretch again) is the floor of a rift valley
 * with no way to the sea, not an abyss: it lies no deeper than crust
 * stretched to RIFT_THIN_KM floats, as closed water that fills from the
 * next step (basins.c would see it only at its next marking). Born at the
 * ridges' depth it stood 2-3 km deep for 10 Myr or so, one to three such
 * pits at any time on the desert world (level 6). It stays ocean floor, so
 * once the sea reaches it the rift is an ocean. */
static void rift_floor(planet_t *pl, int c, crust_pool *cr, int s)
{
	const grid_t *g = pl->grid;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
		if (pl->elevation[g->nbr[k]] < pl->sea_level)
			return;
	double valley = pl->sea_level + FREEBOARD_M + (RIFT_THIN_KM - CRUST_NORMAL_KM) * THIN_ISOSTASY_M_KM;
	if (cr->elev[s] < valley)
		cr->elev[s] = (float)valley;
	cr->reach[s] = REACH_SHUT | REACH_WET;
}

static void rift_fill(planet_t *pl, int c, crust_pool *cr, int s, double flank_thick, double flank_elev)
{
	const grid_t *g = pl->grid;
	int deg = grid_degree(g, c), closed = 1;
	double thick = flank_thick * RIFT_STRETCH;
	if (thick < RIFT_THIN_KM) {
		rift_floor(pl, c, cr, s);
		return;
	}
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k];
		crust_pool *cn = &pl->plates[pl->owner[nb]].crust;
		int j = pl->sample[nb];
		/* thinned to RIFT_THIN_KM at most; never thickened */
		cn->thick[j] = (float)fmax(fmin(cn->thick[j], RIFT_THIN_KM), cn->thick[j] - thick / deg);
		closed &= pl->elevation[nb] >= pl->sea_level;
	}
	double sunk = pl->sea_level + FREEBOARD_M + (thick - CRUST_NORMAL_KM) * THIN_ISOSTASY_M_KM;
	fill_pit(cr, s, thick, fmin(flank_elev, sunk), 1);
	if (closed)
		cr->reach[s] = REACH_SHUT | REACH_WET;
}

/* The height (m, above the datum, detail excluded) of sample i of a closed
 * basin filled to its plain: BASIN_SPILL_M above the sea as drawn, with
 * the tops of the buried hills standing out. */
static double basin_plain(const planet_t *pl, const crust_pool *cr, int i)
{
	double detail = elevation_detail_m(pl, cr, i);
	return pl->sea_level + BASIN_SPILL_M - detail + PLAIN_RELIEF * fmax(0, detail);
}

/* A closed basin's floor at height el (m) after dt Myr of filling toward
 * the plain (m) it spills at. */
static double basin_fill(double el, double plain, double dt)
{
	double rise = fmax(CLOSED_FILL_M_MYR * dt, (plain - el) * (1 - exp(-dt / CLOSED_FILL_MYR)));
	return fmin(plain, el + rise);
}

/* The same seen from the world: a cell of ocean floor whose world
 * neighbours all show continent. The plate's own map can miss it (a rotated
 * plate is sampled unevenly, so a frame neighbour may hold no crust); drawn,
 * it is a one-cell abyssal pit inside a continent. Its own plate's
 * continent around it fills it every ENCLOSED_EVERY steps; where the
 * continent around belongs to more than one plate the pit is a rift just
 * opening, filled every step (rift_fill). Found in parallel (enclosed_chunk
 * marks them in work[0], free after the age pass), filled in cell order on
 * one thread, since a rift thins its neighbours. */
typedef struct enclosed_ctx {
	planet_t *pl;
	uint8_t *mark;
	int pits;           /* look for pits too, not only rifts */
} enclosed_ctx;

#define ENCLOSED_GRAIN 8192
enum { ENCLOSED_NONE, ENCLOSED_PIT, ENCLOSED_RIFT };

/* What cell c is: ENCLOSED_PIT (continent of its own plate all round),
 * ENCLOSED_RIFT (continent of several plates) or ENCLOSED_NONE; with the
 * neighbours' mean thickness and height in *thick and *elev. */
static int enclosed(const planet_t *pl, int c, double *thick, double *elev)
{
	const grid_t *g = pl->grid;
	int o = pl->owner[c], rift = 0;
	if (pl->plates[o].crust.type[pl->sample[c]] != CRUST_OCEANIC)
		return ENCLOSED_NONE;
	double th = 0, el = 0;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k], on = pl->owner[nb];
		const crust_pool *cn = &pl->plates[on].crust;
		int j = pl->sample[nb];
		if (cn->type[j] != CRUST_CONTINENTAL)
			return ENCLOSED_NONE;
		rift |= on != o;
		th += cn->thick[j];
		el += cn->elev[j];
	}
	*thick = th / grid_degree(g, c);
	*elev = el / grid_degree(g, c);
	return rift ? ENCLOSED_RIFT : ENCLOSED_PIT;
}

/* On the steps between pit fills only rifts are looked for, and a rift
 * opens where two plates met a step ago: the cells the stress pass last
 * marked as boundary (looking at every cell's neighbours instead was 0.7
 * ms a step at level 7, two threads). */
static void enclosed_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	enclosed_ctx *ec = ctx;
	const planet_t *pl = ec->pl;
	double thick, elev;
	for (int c = b; c < e; c++)
		ec->mark[c] = ec->pits || pl->boundary[c] != BOUNDARY_NONE
		            ? (uint8_t)enclosed(pl, c, &thick, &elev) : ENCLOSED_NONE;
}

static void fill_enclosed_world(planet_t *pl, int pits)
{
	int n = pl->grid->n;
	enclosed_ctx ec = {.pl = pl, .mark = (uint8_t *)pl->work[0], .pits = pits};
	pool_for(pl->pool, n, ENCLOSED_GRAIN, enclosed_chunk, &ec);
	for (int c = next_marked(ec.mark, 0, n); c < n; c = next_marked(ec.mark, c + 1, n)) {
		/* again: an earlier fill may have thinned its neighbours */
		double thick, elev;
		int kind = enclosed(pl, c, &thick, &elev);
		crust_pool *cr = &pl->plates[pl->owner[c]].crust;
		if (kind == ENCLOSED_RIFT)
			rift_fill(pl, c, cr, pl->sample[c], thick, elev);
		else if (kind == ENCLOSED_PIT && pits)
			fill_pit(cr, pl->sample[c], thick, elev, 1);
	}
}

/* How much floor of each whole age deepens in a step: the plate model
 * twice per sample and step (an exp each beyond 80 Myr) cost about 4 %
 * of the crust phase at level 7, and floor is born at 0 Myr and ages a
 * step at a time, so with dt = 1 almost every age is whole. The same
 * expression of the same doubles, so the same bits. */
#define DEEPEN_AGES 1024

/* Age the crust, deepen old ocean floor, erode continents. Per plate. */
typedef struct age_ctx {
	planet_t *pl;
	int order[PLATES_MAX];      /* largest pool first */
	int32_t live[PLATES_MAX];   /* samples not consumed, per plate */
	double deepen[DEEPEN_AGES]; /* m a step, by whole age in Myr */
	double depth[DEEPEN_AGES];  /* the cooling depth a step older, by whole age */
} age_ctx;

static double floor_depth_after(const age_ctx *ac, double age, double dt)
{
	if (age >= 0 && age < DEEPEN_AGES && age == (double)(int)age)
		return ac->depth[(int)age];
	return relief_ocean_depth(age + dt);
}

static double floor_deepening(const age_ctx *ac, double age, double dt)
{
	if (age >= 0 && age < DEEPEN_AGES && age == (double)(int)age)
		return ac->deepen[(int)age];
	return relief_ocean_depth(age + dt) - relief_ocean_depth(age);
}

/* Where the sea reaches (basins.c), kept on the crust so that it moves
 * with the plates between markings: each sample gets the or of the world
 * cells that show it, 0 if none does. The cells' marks in work[0] and the
 * bodies' sizes in work[2], free after the orogeny pass. */
static void mark_reach(planet_t *pl)
{
	uint8_t *cells = (uint8_t *)pl->work[0];
	basins_mark(pl, cells, pl->work[2]);
	for (int i = 0; i < pl->nplates; i++) {
		crust_pool *cr = &pl->plates[i].crust;
		if (cr->count)
			memset(cr->reach, 0, (size_t)cr->count);
	}
	for (int c = 0; c < pl->grid->n; c++)
		*cell_reach(pl, c) |= cells[c];
}

static void age_chunk(void *ctx, int b, int e, int chunk)
{
	age_ctx *ac = ctx;
	planet_t *pl = ac->pl;
	const int *order = ac->order;
	double dt = pl->prm.dt_myr;
	double keep = exp(-pl->prm.erosion_rate * dt);
	double log_keep = -pl->prm.erosion_rate * dt;
	double arc_sink = 1 - exp(-MARGIN_EVERY * dt / ARC_SUBSIDENCE_MYR), arc_keep = exp(-dt / ARC_MEMORY_MYR);
	/* the rise grows and old arcs sink as slowly as the floor deepens:
	 * checked now and then (every step, the neighbours looked at for
	 * each rise cost a sixth of the crust phase at level 7) */
	int rise_pass = pl->step % MARGIN_EVERY == 0;
	double shelf_keep = exp(-dt / SHELF_SUBSIDENCE_MYR);
	double fill_keep = exp(-dt / BASIN_FILL_MYR);
	double root_keep = exp(-ROOT_EROSION * pl->prm.erosion_rate * dt);
	int join_continent = pl->stats.continental_fraction < pl->continental_target;
	for (int at = b; at < e; at++) {
		int pi = order[at];
		relax_continents(pl, &pl->plates[pi]);
		if (pl->step % ENCLOSED_EVERY == 0)
			fill_enclosed_ocean(pl, &pl->plates[pi]);
		if (rise_pass)
			heal_specks(pl, &pl->plates[pi]);
		crust_pool *cr = &pl->plates[pi].crust;
		int32_t live = 0;
		for (int i = 0; i < cr->count; i++) {
			if (cr->type[i] == CRUST_CONSUMED)
				continue;
			live++;
			double age = cr->age[i], el = cr->elev[i];
			/* out of the sea's reach (basins.c) the ground ends no lower
			 * than a plain just above the sea, as drawn; only a closed
			 * basin's water fills up to it fast (inland ground a rising
			 * sea passed is not lifted with it: the settling walk or the
			 * next marking finds whether the sea reaches it) */
			int shut = reach_shut(cr->reach[i]);
			int filling = reach_closed_water(cr->reach[i]);
			double plain = shut ? basin_plain(pl, cr, i) : 0;
			if (cr->type[i] == CRUST_OCEANIC) {
				el += floor_deepening(ac, age, dt);
				/* arcs left behind sink, the rise grows: checked now and then */
				if (rise_pass) {
					double excess = el - floor_depth_after(ac, age, dt);
					if (excess > ARC_EXCESS_MIN_M && cr->orogeny[i] < ARC_ACTIVE_M && !shut &&
					    !(el >= pl->sea_level + CONTINENTAL_RISE_M &&
					      touches_own(pl, &pl->plates[pi], i, CRUST_CONTINENTAL)))
						el -= excess * arc_sink;
					el = continental_rise(pl, &pl->plates[pi], i, el);
				}
				/* ocean floor trapped inside a continent: the basin fills,
				 * and once filled it joins the continent while the
				 * continents are short of their step-0 share; beyond it
				 * the floor stays oceanic under the sediment, as the South
				 * Caspian's (joining always, the filled basins grew the
				 * desert world's continents from 81 to 91 % of the sphere
				 * and drove its sea 4 km up) */
				if (filling && el < plain) {
					el = basin_fill(el, plain, dt);
					if (el >= plain - BASIN_SPILL_M && join_continent) {
						cr->type[i] = CRUST_CONTINENTAL;
						cr->thick[i] = (float)crust_thickness_for_height(BASIN_SPILL_M);
						cr->orogeny[i] = 0;
						age = -dt;
					}
				}
			} else {
				/* erosion (and rebound) toward the height at which crust of
				 * this thickness floats: thick crust keeps high plateaus,
				 * normal crust settles a few hundred metres above the sea */
				/* erosion grows with relief (steeper rivers, glaciers):
				 * high ranges wear down in ~100 Myr, lowlands barely */
				double base = continental_base(pl, &pl->plates[pi], i);
				if (shut)
					base = fmax(base, plain);
				double relief = fmax(0, el - base) / RELIEF_EROSION_M;
				/* a stretched margin cools and sinks to a shelf quickly;
				 * land below its base (the sea rose) fills and rebounds
				 * more slowly, so a rising sea floods the lowlands for
				 * a while (epicontinental seas) instead of lifting them;
				 * a closed basin fills fast to its plain, with all its
				 * rivers' load, and only then as other land does */
				double k = base < pl->sea_level ? shelf_keep
				         : el < base ? fill_keep
				         : keep * (1 + log_keep * relief);   /* keep^(1+relief), to first order */
				el = filling && el < plain ? basin_fill(el, plain, dt) : base + (el - base) * k;
				/* thickened crust loses its root as its mountains wear
				 * down, so old ranges become hills, not eternal plateaus */
				if (cr->thick[i] > CRUST_NORMAL_KM)
					cr->thick[i] = (float)(CRUST_NORMAL_KM + (cr->thick[i] - CRUST_NORMAL_KM) * root_keep);
			}
			cr->age[i] = (float)(age + dt);
			cr->elev[i] = (float)clampd(el, ELEV_MIN_M, ELEV_MAX_M);
			cr->orogeny[i] *= (float)(cr->type[i] == CRUST_OCEANIC ? arc_keep : keep);
		}
		ac->live[pi] = live;
	}
}

/* Pools with many consumed samples are compacted: plates in parallel,
 * largest first, each into its own stretch of one remap array, then the
 * world cells of those plates renumbered in parallel. Plates are apart
 * (compact_pool), so this is the serial loop's result. */
typedef struct compact_ctx {
	planet_t *pl;
	int32_t *remap;
	int32_t *of[PLATES_MAX];    /* plate's remap, NULL: not compacted */
	int order[PLATES_MAX], count;
	int rc[PLATES_MAX];
} compact_ctx;

static void compact_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	compact_ctx *cc = ctx;
	for (int j = b; j < e; j++) {
		int pi = cc->order[j];
		cc->rc[pi] = compact_pool(cc->pl, pi, cc->of[pi]);
	}
}

static void renumber_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const compact_ctx *cc = ctx;
	planet_t *pl = cc->pl;
	for (int c = b; c < e; c++) {
		const int32_t *r = cc->of[pl->owner[c]];
		if (r)
			pl->sample[c] = r[pl->sample[c]];
	}
}

#define COMPACT_GRAIN 8192

/* One pool compacted, and the plate's world cells renumbered (in parallel:
 * each cell is its own). */
int crust_compact(planet_t *pl, int pi, int32_t *remap)
{
	int rc = compact_pool(pl, pi, remap);
	compact_ctx cc = {.pl = pl};
	cc.of[pi] = remap;
	pool_for(pl->pool, pl->grid->n, COMPACT_GRAIN, renumber_chunk, &cc);
	return rc;
}

/* A pool is compacted once more than a quarter of it is consumed samples. */
static bool pool_needs_compacting(const crust_pool *cr, int32_t live)
{
	return cr->count - live > cr->count / 4 + 64;
}

static int compact_pools(planet_t *pl, const int32_t *live)
{
	int np = pl->nplates, rc = 0;
	if (pl->serial_collisions) {
		/* the serial form: one plate after another, each with a pass over
		 * the world */
		int32_t *remap = NULL;
		for (int i = 0; i < np && rc == 0; i++) {
			plate_t *p = &pl->plates[i];
			if (pool_needs_compacting(&p->crust, live[i])) {
				int32_t *r = realloc(remap, (size_t)p->crust.count * sizeof *r);
				if (!r) {
					rc = -1;
					break;
				}
				remap = r;
				rc = crust_compact(pl, i, remap);
				pl->compactions++;
			}
		}
		free(remap);
		return rc;
	}
	compact_ctx cc = {.pl = pl};
	int32_t size[PLATES_MAX];
	size_t total = 0;
	for (int i = 0; i < np; i++) {
		const plate_t *p = &pl->plates[i];
		size[i] = 0;
		if (pool_needs_compacting(&p->crust, live[i])) {
			size[i] = p->crust.count;
			total += (size_t)p->crust.count;
		}
	}
	if (!total)
		return 0;
	cc.remap = malloc(total * sizeof *cc.remap);
	if (!cc.remap)
		return -1;
	size_t at = 0;
	for (int i = 0; i < np; i++) {
		cc.of[i] = size[i] ? cc.remap + at : NULL;
		at += (size_t)size[i];
		cc.count += size[i] > 0;
		cc.rc[i] = 0;
	}
	/* plates that are not compacted sort last (size 0) */
	plates_largest_first(size, np, cc.order);
	pool_for(pl->pool, cc.count, 1, compact_chunk, &cc);
	pool_for(pl->pool, pl->grid->n, COMPACT_GRAIN, renumber_chunk, &cc);
	for (int i = 0; i < np; i++)
		rc |= cc.rc[i];
	pl->compactions += cc.count;
	free(cc.remap);
	return rc;
}

/* Step 5 of a step: mountains, then every plate's crust on its own, then
 * pools that carry many consumed samples are compacted. 0 or -1. */
int crust_evolve(planet_t *pl)
{
	if (orogeny(pl) < 0)
		return -1;
	/* every few steps: a basin fills over several, and the marks ride
	 * with the crust in between (marking takes 0.75 ms at level 6, a
	 * fifth to a third of a step); between markings, water the marks do
	 * not know is settled on its own */
	if (pl->step % REACH_EVERY == 0)
		mark_reach(pl);
	else
		basins_settle(pl, (uint8_t *)pl->work[0], pl->queue);
	age_ctx ac = {.pl = pl};
	for (int a = 0; a < DEEPEN_AGES; a++) {
		ac.depth[a] = relief_ocean_depth((double)a + pl->prm.dt_myr);
		ac.deepen[a] = ac.depth[a] - relief_ocean_depth((double)a);
	}
	int32_t samples[PLATES_MAX];
	for (int i = 0; i < pl->nplates; i++)
		samples[i] = pl->plates[i].crust.count;
	plates_largest_first(samples, pl->nplates, ac.order);
	pool_for(pl->pool, pl->nplates, 1, age_chunk, &ac);
	fill_enclosed_world(pl, pl->step % ENCLOSED_EVERY == 0);
	return compact_pools(pl, ac.live);
}

/* Keeping the continent's age and height, such cells stood near the sea
 * as "ocean floor" up to 4.7 Gyr old (level 6, 3 000 Myr). A cell there
 * is the forearc slope, not the trench: it sits at the continental rise,
 * as other floor next to its own continent does (at the slab's depth
 * coasts came out the same on average: level 5, 2.50 km both). */
void crust_scraped_to_floor(const planet_t *pl, crust_pool *cr, int s, float slab_age)
{
	cr->type[s] = CRUST_OCEANIC;
	cr->thick[s] = 7;
	cr->age[s] = slab_age;
	cr->elev[s] = (float)fmin(cr->elev[s], pl->sea_level + CONTINENTAL_RISE_M);
	cr->orogeny[s] = 0;
}

/* The thickness at which continental crust floats at height h above the
 * sea (the inverse of continental_base away from margins), within the
 * range crust takes here: an imported terrain (terrain_import.c) keeps its
 * heights under erosion and rebound instead of sinking or rising to a
 * uniform continent. */
double crust_thickness_for_height(double above_sea_m)
{
	double d = above_sea_m - FREEBOARD_M;
	double thick = CRUST_NORMAL_KM + d / (d > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
	return clampd(thick, 15, 75);
}

/* At 35 km everywhere, erosion and rebound lifted the step-0 shelves to
 * +200 m within a few tens of Myr and they became land: continental crust
 * under water fell from 8 to 3 % of the sphere by 300 Myr (seeds 1-3). */
static void float_shelves(planet_t *pl, bool settle)
{
	for (int i = 0; i < pl->nplates; i++) {
		crust_pool *cr = &pl->plates[i].crust;
		for (int s = 0; s < cr->count; s++)
			if (cr->type[s] == CRUST_CONTINENTAL && cr->thick[s] <= CRUST_NORMAL_KM)
				cr->thick[s] = settle ? (float)clampd(crust_thickness_for_height(cr->elev[s] - pl->sea_level),
				                                      SHELF_THICK_MIN_KM, CRUST_NORMAL_KM)
				                      : (float)CRUST_NORMAL_KM;
	}
}

void crust_float_shelves(planet_t *pl)
{
	float_shelves(pl, true);
}

void crust_unfloat_shelves(planet_t *pl)
{
	float_shelves(pl, false);
}
