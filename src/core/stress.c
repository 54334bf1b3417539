/* stress.c: boundary stress from plate velocities (doc/model.md,
 * "Step 0" and "One step").
 *
 * Across every edge between cells of different plates, the relative velocity
 * splits into a normal part (closing +, opening -) and a shear part, the
 * normal taken over the cells around the boundary cell (boundary_normals).
 * A boundary cell averages its edges and is classed convergent, divergent or
 * transform; then the stress spreads inward with an exponential fall-off over
 * a fixed distance in km, so mountain belts keep their width at any grid
 * resolution. Stress is in units of 10 cm/yr of relative motion.
 *
 * The spread runs on every plate at once (one breadth-first queue per
 * plate, in parallel): it was the largest serial pass of a step (9 ms of
 * 59 at level 8 on one thread). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

#define STRESS_UNIT_KM_MYR 100.0   /* 10 cm/yr */
/* The mean over a cell's edges that boundary_normals replaced read less
 * closing than there is (its edge directions fan out): 0.85-0.87 of it
 * on convergent cells (level 6, seeds 1-2). Everything tuned on it reads
 * the stress (belts' uplift, trench depths, the oblique trench's
 * threshold), so the stress keeps that scale. */
#define EDGE_MEAN_SCALE 0.85
#define SPREAD_KM 300.0            /* e-folding width of the stress belt:
                                    * with 250 km (400 at most) the belts
                                    * were too narrow for the continents,
                                    * land above 2 km 3.1-4.1 % of land
                                    * (Earth 7), 4.7-6.4 % with 300 */
#define SPREAD_MAX_KM 500.0
#define BOUNDARY_MIN 0.01          /* below 0.1 cm/yr an edge is quiet */
#define OBLIQUE_TRENCH_MIN 0.05    /* an oblique edge closing at 0.5 cm/yr or
                                    * more still has a trench (bench/
                                    * coast_sides.h measures coasts by it) */

#define STRESS_GRAIN 4096

typedef struct stress_ctx {
	planet_t *pl;
	int32_t *parts;     /* per chunk: each plate's cells, then each plate's
	                     * boundary cells (2 * nplates ints); NULL: not needed */
} stress_ctx;

/* What boundary_normals sums around a boundary cell, by plate. */
typedef struct facing {
	int o, n;
	const int *beside;
	vec3 own, toward[8], near[8];   /* sums of cell centres */
	int nown, ntoward[8], nnear[8];
} facing;

/* Cell x's centre into the sums of the plate holding it. */
static inline void face_cell(const planet_t *pl, facing *f, int x, int first_ring)
{
	int ox = pl->owner[x];
	vec3 p = pl->grid->centre[x];
	if (ox == f->o) {
		f->own = v3_add(f->own, p);
		f->nown++;
		return;
	}
	for (int j = 0; j < f->n; j++)
		if (f->beside[j] == ox) {
			f->toward[j] = v3_add(f->toward[j], p);
			f->ntoward[j]++;
			if (first_ring) {
				f->near[j] = v3_add(f->near[j], p);
				f->nnear[j]++;
			}
		}
}

/* The sum of the displacements from pc to the m cells whose centres sum to
 * sum, along the sphere at pc (the tangent part). */
static vec3 tangent_sum(vec3 sum, int m, vec3 pc)
{
	vec3 d = v3_sub(sum, v3_scale(pc, m));
	return v3_sub(d, v3_scale(pc, v3_dot(d, pc)));
}

/* Boundary cell c of plate o faces the plates beside[0..n): dir[j] gets
 * the unit direction, tangent at c, from o toward beside[j]. It is the
 * sum of the displacements to the cells around c's neighbours (c's own
 * neighbours and theirs, nearer cells counted on more paths), those of
 * beside[j] added and those of o taken away. The edges to c's own
 * neighbours alone point wherever the cell outline does: on a straight
 * boundary the grid's zigzag turns them by up to 60 degrees, so plates
 * sliding past each other read as closing on one cell and opening on the
 * next (13-16 % of neighbouring boundary cells had opposite signs, level
 * 6), and the stress map was shards of both along every transform. */
static void boundary_normals(const planet_t *pl, int c, const int *beside, int n, vec3 *dir)
{
	const grid_t *g = pl->grid;
	facing f;    /* only the n plates' sums are used: no zeroing of all 8 */
	f.o = pl->owner[c];
	f.n = n;
	f.beside = beside;
	f.own = v3(0, 0, 0);
	f.nown = 0;
	for (int j = 0; j < n; j++) {
		f.toward[j] = f.near[j] = v3(0, 0, 0);
		f.ntoward[j] = f.nnear[j] = 0;
	}
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int a = g->nbr[k];
		face_cell(pl, &f, a, 1);
		for (int q = g->nbr_off[a]; q < g->nbr_off[a + 1]; q++)
			face_cell(pl, &f, g->nbr[q], 0);
	}
	vec3 pc = g->centre[c], own = tangent_sum(f.own, f.nown, pc);
	for (int j = 0; j < n; j++) {
		vec3 sum = v3_sub(tangent_sum(f.toward[j], f.ntoward[j], pc), own);
		/* a lone cell wedged in symmetrically: its own edges decide */
		dir[j] = v3_len(sum) > 1e-3 * g->spacing
		       ? v3_norm(sum) : v3_norm(tangent_sum(f.near[j], f.nnear[j], pc));
	}
}

static void boundary_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((stress_ctx *)ctx)->pl;
	const grid_t *g = pl->grid;
	double R = pl->prm.radius_km;
	for (int c = b; c < e; c++) {
		int o = pl->owner[c], inside = 1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1] && inside; k++)
			inside = pl->owner[g->nbr[k]] == o;
		if (inside) {            /* most cells: no boundary, nothing to do */
			/* stress and shear: the spread or, unreached, zero */
			pl->boundary[c] = BOUNDARY_NONE;
			pl->subducting[c] = 0;
			continue;
		}
		vec3 pc = g->centre[c];
		vec3 vc = plate_velocity(&pl->plates[o], v3_scale(pc, R));
		/* the plates beside c and the edges c shares with each */
		int beside[8], shared[8], nbeside = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int on = pl->owner[g->nbr[k]], j = 0;
			if (on == o)
				continue;
			while (j < nbeside && beside[j] != on)
				j++;
			if (j == nbeside) {
				if (nbeside == 8)
					continue;
				beside[nbeside] = on;
				shared[nbeside++] = 0;
			}
			shared[j]++;
		}
		vec3 dir[8];
		boundary_normals(pl, c, beside, nbeside, dir);
		double normal = 0, shear = 0;
		int edges = 0;
		for (int j = 0; j < nbeside; j++) {
			vec3 d = dir[j];
			vec3 vn = plate_velocity(&pl->plates[beside[j]], v3_scale(pc, R));
			vec3 rel = v3_sub(vn, vc);
			double along = v3_dot(rel, d);
			normal += -along * shared[j];
			shear += v3_len(v3_sub(rel, v3_scale(d, along))) * shared[j];
			edges += shared[j];
		}
		pl->subducting[c] = 0;
		if (!edges) {
			pl->stress[c] = 0;
			pl->shear[c] = 0;
			pl->boundary[c] = BOUNDARY_NONE;
			continue;
		}
		normal *= EDGE_MEAN_SCALE / (edges * STRESS_UNIT_KM_MYR);
		shear *= EDGE_MEAN_SCALE / (edges * STRESS_UNIT_KM_MYR);
		pl->stress[c] = (float)normal;
		pl->shear[c] = (float)shear;
		/* sliding past (or barely moving) counts as transform */
		if (shear > 1.5 * fabs(normal) || (fabs(normal) < BOUNDARY_MIN && shear < BOUNDARY_MIN))
			pl->boundary[c] = BOUNDARY_TRANSFORM;
		else
			pl->boundary[c] = normal > 0 ? BOUNDARY_CONVERGENT : BOUNDARY_DIVERGENT;
		/* a trench lies where this cell's crust dives under a neighbour;
		 * where the plates mostly slide past, the cell is a transform but
		 * still closing: its floor slides under at an angle and draws the
		 * trench (43 % of the closing cells whose floor was overridden were
		 * such, and trenches were dashed lines: level 6, seeds 1-2) */
		int dives = pl->boundary[c] == BOUNDARY_CONVERGENT;
		if (dives || normal >= OBLIQUE_TRENCH_MIN) {
			const plate_t *pc_plate = &pl->plates[o];
			int s = pl->sample[c];
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				int nb = g->nbr[k], on = pl->owner[nb];
				if (on != o && pc_plate->crust.type[s] == CRUST_OCEANIC &&
				    crust_overrides(&pl->plates[on], pl->sample[nb], pc_plate, s, 0))
					pl->subducting[c] = dives ? SLAB_DIVES : SLAB_OBLIQUE;
			}
		}
	}
	/* what the spread needs to give each plate its own stretch of queue */
	int32_t *part = ((stress_ctx *)ctx)->parts;
	if (part) {
		int np = pl->nplates;
		part += (size_t)chunk * 2 * np;
		memset(part, 0, 2 * (size_t)np * sizeof *part);
		for (int c = b; c < e; c++) {
			part[pl->owner[c]]++;
			part[np + pl->owner[c]] += pl->boundary[c] != BOUNDARY_NONE;
		}
	}
}

/* One plate's share of the spread: breadth-first from its boundary cells
 * (queue[0..seeds), in cell order), each cell taking the value of the first
 * front to reach it, damped by distance. The spread never crosses to
 * another plate, so a plate's queue holds the same cells in the same order
 * as its part of one breadth-first pass over all plates would: plates can
 * spread on different threads with the same result. Reads and writes only
 * the plate's own cells (owner is read first). */
static void spread_plate(planet_t *pl, int p, int32_t *queue, int seeds)
{
	const grid_t *g = pl->grid;
	float *dist = pl->scratch_b;
	float step_km = (float)(g->spacing * pl->prm.radius_km);
	double decay = exp(-(g->spacing * pl->prm.radius_km) / SPREAD_KM);
	double step = g->spacing * pl->prm.radius_km;
	int head = 0, tail = seeds;
	while (head < tail) {
		int c = queue[head++];
		if (dist[c] + step > SPREAD_MAX_KM)
			continue;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (pl->owner[nb] != p || dist[nb] >= 0)
				continue;
			dist[nb] = dist[c] + step_km;
			pl->stress[nb] = (float)(pl->stress[c] * decay);
			pl->shear[nb] = (float)(pl->shear[c] * decay);
			queue[tail++] = nb;
		}
	}
}

typedef struct spread_ctx {
	planet_t *pl;
	int32_t *parts;     /* as in stress_ctx, then turned into queue positions */
	int32_t start[PLATES_MAX + 1];   /* each plate's stretch of pl->queue */
	int32_t seeds[PLATES_MAX];
	int order[PLATES_MAX];           /* largest plate first */
} spread_ctx;

/* Boundary cells into their plate's stretch of queue, in cell order: chunk
 * by chunk, each from the position the counts of earlier chunks give it. */
static void seed_chunk(void *ctx, int b, int e, int chunk)
{
	spread_ctx *sc = ctx;
	planet_t *pl = sc->pl;
	int32_t *pos = sc->parts + (size_t)chunk * 2 * pl->nplates;
	float *dist = pl->scratch_b;
	for (int c = b; c < e; c++) {
		if (pl->boundary[c] != BOUNDARY_NONE) {
			dist[c] = 0;
			pl->queue[pos[pl->owner[c]]++] = c;
		} else {
			dist[c] = -1;
		}
	}
}

static void spread_chunk(void *ctx, int b, int e, int chunk)
{
	spread_ctx *sc = ctx;
	for (int i = b; i < e; i++) {
		int p = sc->order[i];
		spread_plate(sc->pl, p, sc->pl->queue + sc->start[p], sc->seeds[p]);
	}
}

/* Cells no front reached carry no stress. */
static void unreached_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((spread_ctx *)ctx)->pl;
	for (int c = b; c < e; c++)
		if (pl->scratch_b[c] < 0) {
			pl->stress[c] = 0;
			pl->shear[c] = 0;
		}
}

/* The spread as one serial breadth-first pass over all plates. */
static void spread_serial(planet_t *pl)
{
	int n = pl->grid->n, seeds = 0;
	float *dist = pl->scratch_b;
	for (int c = 0; c < n; c++) {
		if (pl->boundary[c] != BOUNDARY_NONE) {
			dist[c] = 0;
			pl->queue[seeds++] = c;
		} else {
			dist[c] = -1;
		}
	}
	/* spread_plate's rule with the plates' fronts in one queue */
	const grid_t *g = pl->grid;
	float step_km = (float)(g->spacing * pl->prm.radius_km);
	double step = g->spacing * pl->prm.radius_km;
	double decay = exp(-step / SPREAD_KM);
	int head = 0, tail = seeds;
	int32_t *queue = pl->queue;
	while (head < tail) {
		int c = queue[head++];
		if (dist[c] + step > SPREAD_MAX_KM)
			continue;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (dist[nb] >= 0 || pl->owner[nb] != pl->owner[c])
				continue;
			dist[nb] = dist[c] + step_km;
			pl->stress[nb] = (float)(pl->stress[c] * decay);
			pl->shear[nb] = (float)(pl->shear[c] * decay);
			queue[tail++] = nb;
		}
	}
	spread_ctx sc = {.pl = pl};
	unreached_chunk(&sc, 0, n, 0);
}

static void stress_run(planet_t *pl, int parallel)
{
	for (int i = 0; i < pl->nplates; i++)
		pl->plates[i].stress_ocean_age = pl->plates[i].ocean_age;
	const grid_t *g = pl->grid;
	int n = g->n, np = pl->nplates, chunks = pool_chunks(n, STRESS_GRAIN);
	size_t need = (size_t)chunks * 2 * (size_t)np;
	if (parallel && need > pl->spread_parts_cap) {
		int32_t *sp = realloc(pl->spread_parts, need * sizeof *sp);
		if (sp) {
			pl->spread_parts = sp;
			pl->spread_parts_cap = need;
		}
	}
	/* without room for the counts, the serial spread gives the same result */
	parallel = parallel && need <= pl->spread_parts_cap;
	stress_ctx ctx = {pl, parallel ? pl->spread_parts : NULL};
	pool_for(pl->pool, n, STRESS_GRAIN, boundary_chunk, &ctx);

	/* Spread inward, plate by plate (see spread_plate). */
	if (!parallel) {
		spread_serial(pl);
	} else {
		spread_ctx sc = {.pl = pl, .parts = pl->spread_parts};
		/* each plate's stretch of queue: as long as its cells; within it,
		 * each chunk's boundary cells start after earlier chunks' */
		int32_t at = 0;
		for (int p = 0; p < np; p++) {
			sc.start[p] = at;
			int32_t seed_at = at, cells = 0;
			for (int ch = 0; ch < chunks; ch++) {
				int32_t *part = sc.parts + (size_t)ch * 2 * np;
				cells += part[p];
				int32_t k = part[np + p];
				part[p] = seed_at;          /* from here on: a position */
				seed_at += k;
			}
			sc.seeds[p] = seed_at - at;
			at += cells;
		}
		sc.start[np] = at;
		int32_t cells[PLATES_MAX];
		for (int p = 0; p < np; p++)
			cells[p] = sc.start[p + 1] - sc.start[p];
		plates_largest_first(cells, np, sc.order);
		pool_for(pl->pool, n, STRESS_GRAIN, seed_chunk, &sc);
		pool_for(pl->pool, np, 1, spread_chunk, &sc);
		pool_for(pl->pool, n, STRESS_GRAIN, unreached_chunk, &sc);
	}
	/* trenches and ridges are where the forces on the plates act */
	plate_forces_compute(pl);
}

void stress_compute(planet_t *pl)
{
	stress_run(pl, 1);
}

void stress_compute_serial(planet_t *pl)
{
	stress_run(pl, 0);
}
