/* tectonics.c: plates moving over geological time.
 *
 * Each step rotates every plate about its Euler pole, then asks, for every
 * world cell, which plates' crust covers it now (a point location in each
 * candidate plate's own frame). Candidates are the cell's previous owner and
 * its neighbours' owners, so a step costs about one location per cell.
 *   - covered once: the cell keeps or changes owner;
 *   - covered by none: a gap opened behind a plate; its previous owner grows
 *     new oceanic crust there at ridge depth, age 0 (divergence);
 *   - covered twice: convergence. Continental crust never sinks; oceanic
 *     crust sinks under continental crust, older ocean under younger. The
 *     sinking sample is consumed, the overriding one uplifted (arcs and
 *     cordilleras); continent against continent thickens the crust, slows
 *     both plates and, once the contact is wide, sutures them into one plate.
 * The parallel passes only read shared state and write their own cell (or,
 * for the straggler sweep and the gap fill, their own plate: new crust is
 * added plate by plate in cell order); consumption by subduction happens
 * in a serial pass in cell order, so the result is the same for any
 * thread count. What happens to
 * crust inside a plate is in crust.c; rifts, sutures and speeds in
 * plate_events.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tectonics.h"

/* ocean-ocean overriding side, at 5 cm/yr: an arc surfaces within about
 * 70 Myr (Earth's within 10-20). At 40, once arcs no longer rose along
 * transforms, the continental share at 1 000 Myr fell 8 % below step 0's
 * (seed 1, level 6); at 60, 0.5-4.4 % (seeds 1-3) */
#define ARC_UPLIFT_M_MYR 60.0
#define ARC_TO_CONTINENT_M 0.0         /* arcs this high become continental */
#define SUBDUCTION_EROSION_KM_MYR 0.04 /* crust scraped off a margin at 5 cm/yr */
#define CRUST_MIN_KM 15.0              /* thinner continental crust turns oceanic */
#define STACK_KM_MYR 2.0               /* crust stacked per Myr at 5 cm/yr */
#define STRAGGLER_EVERY 8              /* steps between sweeps of hidden ocean floor */
#define HOLE_OPEN 2                    /* empty frame neighbours a hole may have */
#define TRANSFORM_OPENING 0.3          /* below: a gap is not a ridge (cosine) */

int tectonics_init(planet_t *pl)
{
	size_t n = (size_t)pl->grid->n;
	pl->cand_owner = malloc(n * sizeof *pl->cand_owner);
	pl->under_plate = malloc(n * sizeof *pl->under_plate);
	pl->cand_cell = malloc(n * sizeof *pl->cand_cell);
	pl->frame_cell = malloc(n * sizeof *pl->frame_cell);
	if (!pl->cand_owner || !pl->under_plate || !pl->cand_cell || !pl->frame_cell)
		return -1;
	tectonics_reset_hints(pl);
	return 0;
}

void tectonics_reset_hints(planet_t *pl)
{
	for (int c = 0; c < pl->grid->n; c++)
		pl->frame_cell[c] = pl->plates[pl->owner[c]].crust.cell[pl->sample[c]];
}

void tectonics_done(planet_t *pl)
{
	free(pl->cand_owner);
	free(pl->under_plate);
	free(pl->cand_cell);
	free(pl->frame_cell);
	free(pl->sample_seen);
}

typedef struct own_ctx { planet_t *pl; } own_ctx;

/* Where to start the walk for point q in plate p's frame: the hint (last
 * step's cell) or the cell the chunk last found in that plate, whichever
 * centre is nearer q. A plate moves a cell or two a step at level 8, and
 * the chunk's previous cell is next door: walks took 1.9 neighbour scans
 * a cell from the hint alone and 1.1 from the nearer start (grown planet,
 * seed 1). The walk ends at the nearest cell from any start, so the
 * result is the same; `last` is the chunk's own, so is any thread's. */
static inline int walk_start(const grid_t *g, vec3 q, int hint, int last)
{
	if (last >= 0 && v3_dot(q, g->centre[last]) > v3_dot(q, g->centre[hint]))
		return last;
	return hint;
}

/* Which plates cover each cell now. Reads plates, writes only cell c. */
static void ownership_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((own_ctx *)ctx)->pl;
	const grid_t *g = pl->grid;
	int last[PLATES_MAX];       /* per plate: the cell last found, or -1 */
	memset(last, -1, (size_t)pl->nplates * sizeof *last);
	for (int c = b; c < e; c++) {
		/* the walk is bound by memory latency: ask early for the plate-frame
		 * neighbourhood a few cells ahead will start from */
		if (c + 8 < e) {
			int ahead = pl->frame_cell[c + 8];
			__builtin_prefetch(&g->centre[ahead]);
			__builtin_prefetch(&g->stay[ahead]);
			__builtin_prefetch(&g->nbr[g->nbr_off[ahead]]);
			const int32_t *pg = pl->plates[pl->owner[c + 8]].map.page[ahead >> CELLMAP_PAGE_BITS];
			if (pg)
				__builtin_prefetch(&pg[ahead & (CELLMAP_PAGE - 1)]);
		}
		int prev = pl->owner[c];
		int inside = 1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1] && inside; k++)
			inside = pl->owner[g->nbr[k]] == prev;
		if (inside) {
			/* most cells: one candidate, the plate all around */
			const plate_t *p = &pl->plates[prev];
			vec3 q = m3_apply(&p->Rt, g->centre[c]);
			int k = grid_locate_from(g, q, walk_start(g, q, pl->frame_cell[c], last[prev]));
			int s = cellmap_get(&p->map, k);
			last[prev] = k;
			pl->cand_owner[c] = (int16_t)(s >= 0 ? prev : -1);
			pl->cand_sample[c] = s;
			pl->under_plate[c] = -1;   /* under_sample is read only beside a plate */
			if (s < 0)
				pl->gap_cell[c] = k;   /* read only at gaps */
			pl->cand_cell[c] = k;
			continue;
		}
		int cand[8], hint[8], nc = 0;
		cand[nc] = prev;
		hint[nc++] = pl->frame_cell[c];
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k], o = pl->owner[nb], dup = 0;
			for (int i = 0; i < nc; i++)
				dup |= cand[i] == o;
			if (!dup && nc < 8) {
				/* nb's place in o's frame last step, next to where c
				 * lies in it: the cell of nb's sample, mostly, without
				 * the two dependent loads into o's pool (a hint only:
				 * the walk finds the nearest cell from any start) */
				cand[nc] = o;
				hint[nc++] = pl->frame_cell[nb];
			}
		}
		int best = -1, best_s = -1, best_k = -1, under = -1, under_s = -1;
		int gap_k = -1;
		for (int i = 0; i < nc; i++) {
			const plate_t *p = &pl->plates[cand[i]];
			vec3 q = m3_apply(&p->Rt, g->centre[c]);
			int k = grid_locate_from(g, q, walk_start(g, q, hint[i], last[cand[i]]));
			int s = cellmap_get(&p->map, k);
			last[cand[i]] = k;
			if (i == 0)
				gap_k = k;
			if (s < 0)
				continue;
			if (best < 0) {
				best = cand[i];
				best_s = s;
				best_k = k;
			} else if (crust_overrides(p, s, &pl->plates[best], best_s, cand[i] == prev)) {
				under = best;
				under_s = best_s;
				best = cand[i];
				best_s = s;
				best_k = k;
			} else if (under < 0) {
				under = cand[i];
				under_s = s;
			}
		}
		pl->cand_owner[c] = (int16_t)best;
		pl->cand_sample[c] = best_s;
		pl->under_plate[c] = (int16_t)under;
		pl->under_sample[c] = under_s;
		pl->gap_cell[c] = gap_k;
		pl->cand_cell[c] = best >= 0 ? best_k : gap_k;
	}
}

/* If every neighbour of gap cell c stays with plate `prev` this step,
 * return the sample of one of them (the hole is inside the plate), else -1. */
static int interior_neighbour(const planet_t *pl, int c, int prev)
{
	const grid_t *g = pl->grid;
	int like = -1;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k], o = pl->cand_owner[nb];
		if (o >= 0 && o != prev)
			return -1;
		if (o == prev && like < 0)
			like = pl->cand_sample[nb];
	}
	return like;
}

/* If the frame cells around frame cell k of plate p (empty) hold p's crust
 * on all but HOLE_OPEN of them, k is a hole in the plate (the grids of a
 * split or a weld meet two to one) or a notch in its jagged edge, not the
 * edge a ridge opened: return the sample it heals with, the youngest ocean
 * floor around (at a ridge's notch, floor a Myr old; else continent), or
 * -1. Only crust p had before this step's gaps filled counts, so the
 * order of filling changes nothing. Grown as fresh floor, such holes
 * showed as single cells of young floor in old (doc/model.md, step 3). */
static int frame_hole(const plate_t *p, const grid_t *g, int k)
{
	int like = -1, filled = 0, deg = g->nbr_off[k + 1] - g->nbr_off[k];
	float young = 1e30f;
	for (int j = g->nbr_off[k]; j < g->nbr_off[k + 1]; j++) {
		int s = cellmap_get(&p->map, g->nbr[j]);
		if (s < 0 || s >= p->settled)
			continue;
		filled++;
		float a = p->crust.type[s] == CRUST_OCEANIC ? p->crust.age[s] : 1e29f;
		if (a < young) {
			young = a;
			like = s;
		}
	}
	return filled >= deg - HOLE_OPEN ? like : -1;
}

/* Which plate grows the fresh floor of gap cell c: the plate most of its
 * neighbours belong to (ties: a hash of cell and step), so each side of a
 * ridge grows the floor next to it and spreading is symmetric whatever
 * the plates' own speeds. When the plate that left took it all, a slow
 * continent never gained floor and lost its ocean margin to subduction;
 * when the side was drawn at random, neighbouring cells went to opposite
 * plates and the floor crossed over and was consumed within a few Myr.
 * Candidates: the plate that left and the new owners around. */
static int ridge_side(const planet_t *pl, int c, int prev)
{
	const grid_t *g = pl->grid;
	int cand[8], votes[8], nc = 0;
	cand[nc] = prev;
	votes[nc++] = 0;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int o = pl->cand_owner[g->nbr[k]], i = 0;
		if (o < 0)
			continue;
		while (i < nc && cand[i] != o)
			i++;
		if (i == nc) {
			if (nc == 8)
				continue;
			cand[nc] = o;
			votes[nc++] = 0;
		}
		votes[i]++;
	}
	if (nc == 1)
		return prev;
	int best = 0, tied = 1;
	for (int i = 1; i < nc; i++) {
		if (votes[i] > votes[best]) {
			best = i;
			tied = 1;
		} else if (votes[i] == votes[best]) {
			tied++;
		}
	}
	if (tied == 1)
		return cand[best];
	uint64_t h = hash64((uint64_t)c * 0x9E3779B97F4A7C15ull ^ (uint64_t)pl->step);
	int pick = (int)(h % (uint64_t)tied);
	for (int i = 0; i < nc; i++)
		if (votes[i] == votes[best] && pick-- == 0)
			return cand[i];
	return cand[best];
}

/* How squarely the plates around gap cell c pull apart: the cosine between
 * the motion of `prev` (the plate that left) relative to its neighbour
 * plate across the gap and the direction away from that neighbour. 1 at a
 * ridge, 0 along a transform, negative where they converge; 1 when c has
 * no other plate around. Sets *like to a sample of `prev` or the
 * neighbour plate next to c (-1 if none) and *like_plate to its plate. */
static double gap_opening(const planet_t *pl, int c, int prev, int *like, int *like_plate)
{
	const grid_t *g = pl->grid;
	int other = -1;
	vec3 toward = v3(0, 0, 0);
	*like = -1;
	*like_plate = -1;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k], o = pl->cand_owner[nb];
		if (o < 0)
			continue;
		if (o == prev && *like_plate != prev) {
			*like = pl->cand_sample[nb];
			*like_plate = prev;
		}
		if (o != prev && other < 0)
			other = o;
		if (o == other) {
			toward = v3_add(toward, v3_sub(g->centre[nb], g->centre[c]));
			if (*like < 0) {
				*like = pl->cand_sample[nb];
				*like_plate = o;
			}
		}
	}
	if (other < 0)
		return 1;
	vec3 x = v3_scale(g->centre[c], pl->prm.radius_km);
	vec3 rel = v3_sub(plate_velocity(&pl->plates[prev], x), plate_velocity(&pl->plates[other], x));
	vec3 normal = v3_sub(toward, v3_scale(g->centre[c], v3_dot(toward, g->centre[c])));
	double ln = v3_len(normal), lr = v3_len(rel);
	if (ln < 1e-12 || lr < 1e-9)
		return 0;
	return -v3_dot(rel, normal) / (ln * lr);
}

/* What gap cell c (no plate covers it now) becomes, from this step's
 * candidates: the plate that grows it (owner[c], cand_cell[c] updated),
 * its plate-frame cell k, the sample already there (s, or -1), else the
 * sample to copy (like of plate like_plate) or, with like < 0, fresh floor
 * with its relief. Reads only the candidates, the plates' motion and
 * existing samples; writes only cell c: a pass can plan every gap at once. */
typedef struct gap_plan {
	int k, s, like, like_plate;
	float detail;
} gap_plan;

static void plan_gap(planet_t *pl, int c, gap_plan *gp)
{
	const grid_t *g = pl->grid;
	/* divergence: the plate that left grows fresh ocean floor */
	int prev = pl->owner[c];
	int grow = ridge_side(pl, c, prev);
	int k = pl->gap_cell[c];
	if (grow != prev) {
		const plate_t *q = &pl->plates[grow];
		k = grid_locate(g, m3_apply(&q->Rt, g->centre[c]));
		pl->owner[c] = (uint16_t)grow;
		pl->cand_cell[c] = k;
		prev = grow;
	}
	const plate_t *p = &pl->plates[prev];
	gp->k = k;
	gp->s = cellmap_get(&p->map, k);
	gp->like = -1;
	gp->like_plate = -1;
	gp->detail = 0;
	if (gp->s >= 0)
		return;
	/* A gap with only its own plate around is a hole left inside a plate
	 * (crust stacked away in a collision, then moved on), and so is one
	 * whose cell in the plate's frame is a hole or a notch there
	 * (frame_hole): it heals with crust like its neighbours'. Elsewhere
	 * the gap is a ridge: fresh ocean floor. */
	int like = interior_neighbour(pl, c, prev), like_plate = prev;
	if (like < 0)
		like = frame_hole(p, g, k);
	if (like < 0) {
		/* Along a transform or where plates converge a gap is the grid's
		 * doing (a jagged edge sliding past), not a ridge: it fills with
		 * the ocean floor beside it. As fresh floor it was consumed again
		 * within a few Myr, doubling the floor made and halving its age. */
		int lp, ls;
		double open = gap_opening(pl, c, prev, &ls, &lp);
		if (open < TRANSFORM_OPENING && ls >= 0 && pl->plates[lp].crust.type[ls] == CRUST_OCEANIC) {
			like = ls;
			like_plate = lp;
		}
	}
	gp->like = like;
	if (like >= 0)
		gp->like_plate = like_plate;
	else
		gp->detail = crust_floor_detail(pl, k);
}

/* Fill gap cell c as planned, in cell order (per plate): a sample an
 * earlier gap put at the same plate-frame cell is taken as it is (the
 * plan's own lookup came before it); else a copy or fresh floor. Touches
 * only the pool and map of c's plate, and cell c. 1: fresh floor made, 0:
 * not, -1: out of memory. */
static int fill_gap(planet_t *pl, int c, const gap_plan *gp)
{
	plate_t *p = &pl->plates[pl->owner[c]];
	int s = gp->s >= 0 ? gp->s : cellmap_get(&p->map, gp->k), fresh = 0;
	if (s < 0) {
		s = gp->like >= 0 ? crust_copy(&p->crust, gp->k, &pl->plates[gp->like_plate].crust, gp->like)
		                  : crust_new_ocean_floor_at(p, gp->k, gp->detail);
		if (s < 0 || cellmap_set(&p->map, gp->k, s) < 0)
			return -1;
		fresh = gp->like < 0;
	}
	pl->sample[c] = s;
	return fresh;
}

/* A gap's plan kept in its cell's slots between the parallel pass and the
 * fill: k in gap_cell, s in sample, like_plate in under_plate and like (or
 * the relief's bits) in under_sample; a gap cell has no under plate. The
 * fill puts under_plate and under_sample back to -1. */
static void stash_gap(planet_t *pl, int c, const gap_plan *gp)
{
	pl->gap_cell[c] = gp->k;
	pl->sample[c] = gp->s;
	pl->under_plate[c] = (int16_t)gp->like_plate;
	if (gp->like >= 0)
		pl->under_sample[c] = gp->like;
	else
		memcpy(&pl->under_sample[c], &gp->detail, sizeof gp->detail);
}

static void unstash_gap(planet_t *pl, int c, gap_plan *gp)
{
	gp->k = pl->gap_cell[c];
	gp->s = pl->sample[c];
	gp->like_plate = pl->under_plate[c];
	gp->like = gp->like_plate >= 0 ? pl->under_sample[c] : -1;
	gp->detail = 0;
	if (gp->like < 0)
		memcpy(&gp->detail, &pl->under_sample[c], sizeof gp->detail);
	pl->under_plate[c] = -1;
	pl->under_sample[c] = -1;
}

/* The gap fill in parallel: plates are apart (fill_gap), so each plate
 * fills its own gaps in cell order on some thread, with room made ahead
 * in every pool (a gap may copy another plate's sample). Lists: every gap
 * cell in cell order (glist), and per plate the glist positions of its
 * gaps (plist), placed chunk by chunk from counts the planning pass makes.
 * The area of fresh floor is then summed over glist in cell order. */
typedef struct fill_ctx {
	planet_t *pl;
	int np;
	int32_t *parts;     /* per chunk: gaps per plate, gaps per plate without
	                     * a sample yet, all gaps (2 np + 1); then positions */
	int32_t *glist;     /* gap cells in cell order; ~c: c got fresh floor */
	int32_t *plist;
	int32_t start[PLATES_MAX + 1];
	int order[PLATES_MAX];
	int rc[PLATES_MAX];
} fill_ctx;

#define FILL_GRAIN 2048

/* The plan of gap cells, counted. */
static void assign_chunk(void *ctx, int b, int e, int chunk)
{
	fill_ctx *fc = ctx;
	planet_t *pl = fc->pl;
	int np = fc->np;
	int32_t *part = fc->parts + (size_t)chunk * (2 * (size_t)np + 1);
	memset(part, 0, (2 * (size_t)np + 1) * sizeof *part);
	for (int c = b; c < e; c++) {
		if (pl->cand_owner[c] >= 0)
			continue;     /* covered: its candidates are its own (take_candidates) */
		gap_plan gp;
		plan_gap(pl, c, &gp);
		stash_gap(pl, c, &gp);
		part[pl->owner[c]]++;
		part[np + pl->owner[c]] += gp.s < 0;
		part[2 * np]++;
	}
}

static void place_chunk(void *ctx, int b, int e, int chunk)
{
	fill_ctx *fc = ctx;
	const planet_t *pl = fc->pl;
	int np = fc->np;
	int32_t *pos = fc->parts + (size_t)chunk * (2 * (size_t)np + 1);
	for (int c = b; c < e; c++) {
		if (pl->cand_owner[c] >= 0)
			continue;
		int32_t gi = pos[2 * np]++;
		fc->glist[gi] = c;
		fc->plist[pos[pl->owner[c]]++] = gi;
	}
}

static void fill_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	fill_ctx *fc = ctx;
	planet_t *pl = fc->pl;
	for (int j = b; j < e; j++) {
		int p = fc->order[j];
		for (int32_t i = fc->start[p]; i < fc->start[p + 1]; i++) {
			int32_t gi = fc->plist[i];
			int c = fc->glist[gi];
			gap_plan gp;
			unstash_gap(pl, c, &gp);
			int r = fill_gap(pl, c, &gp);
			if (r < 0) {
				fc->rc[p] = -1;
				break;
			}
			if (r)
				fc->glist[gi] = ~c;
		}
	}
}

/* The candidates become the world's owners and samples. A covered cell's
 * are in cand_owner and cand_sample already; a gap cell's plan and fill
 * left them in owner and sample, and go across; then the arrays trade
 * places (sample's with work[0], which cand_sample and scratch_a name).
 * Copying every covered cell instead was 12 B a cell read and written, a
 * pass that two threads sped up only 1.2 times (level 8). */
static void take_candidates(planet_t *pl, const int32_t *glist, int32_t gaps)
{
	for (int32_t i = 0; glist && i < gaps; i++) {
		int c = glist[i] < 0 ? ~glist[i] : glist[i];
		pl->cand_owner[c] = (int16_t)pl->owner[c];
		pl->cand_sample[c] = pl->sample[c];
	}
	if (gaps > 0 && !glist)     /* no room for the list: find them */
		for (int c = 0; c < pl->grid->n; c++)
			if (pl->cand_owner[c] < 0) {
				pl->cand_owner[c] = (int16_t)pl->owner[c];
				pl->cand_sample[c] = pl->sample[c];
			}
	uint16_t *owner = pl->owner;
	pl->owner = (uint16_t *)pl->cand_owner;
	pl->cand_owner = (int16_t *)owner;
	int32_t *sample = pl->sample;
	pl->sample = pl->work[0];
	pl->work[0] = pl->cand_sample = sample;
	pl->scratch_a = (float *)sample;
}

/* Owners, plans and fill of a step's gaps (see fill_ctx); the area of
 * fresh floor into *created. 0 or -1 (memory). */
static int fill_gaps(planet_t *pl, double *created)
{
	int n = pl->grid->n, np = pl->nplates, chunks = pool_chunks(n, FILL_GRAIN);
	size_t stride = 2 * (size_t)np + 1;
	fill_ctx fc = {.pl = pl, .np = np};
	fc.parts = malloc((size_t)chunks * stride * sizeof *fc.parts);
	if (!fc.parts)
		return -1;
	pool_for(pl->pool, n, FILL_GRAIN, assign_chunk, &fc);
	/* counts to positions: each plate's stretch of plist, chunk by chunk */
	int32_t at = 0, gaps[PLATES_MAX], need[PLATES_MAX];
	for (int p = 0; p < np; p++) {
		fc.start[p] = at;
		need[p] = 0;
		for (int k = 0; k < chunks; k++) {
			int32_t *part = fc.parts + (size_t)k * stride;
			int32_t cnt = part[p];
			part[p] = at;
			at += cnt;
			need[p] += part[np + p];
		}
		gaps[p] = at - fc.start[p];
	}
	fc.start[np] = at;
	int32_t g = 0;
	for (int k = 0; k < chunks; k++) {
		int32_t *part = fc.parts + (size_t)k * stride;
		int32_t cnt = part[2 * np];
		part[2 * np] = g;
		g += cnt;
	}
	int rc = 0;
	if (g > 0) {
		fc.glist = malloc(2 * (size_t)g * sizeof *fc.glist);
		rc = fc.glist ? 0 : -1;
	}
	int old_cap[PLATES_MAX];
	for (int p = 0; p < np; p++) {
		old_cap[p] = pl->plates[p].crust.cap;
		if (rc == 0 && need[p] > 0)
			rc = crust_make_room(&pl->plates[p].crust, need[p]);
		fc.rc[p] = 0;
	}
	if (rc == 0 && g > 0) {
		fc.plist = fc.glist + g;
		pool_for(pl->pool, n, FILL_GRAIN, place_chunk, &fc);
		plates_largest_first(gaps, np, fc.order);
		pool_for(pl->pool, np, 1, fill_chunk, &fc);
		for (int p = 0; p < np; p++)
			rc |= fc.rc[p];
		for (int32_t i = 0; i < g; i++)
			if (fc.glist[i] < 0)
				*created += pl->grid->area[~fc.glist[i]];
	}
	for (int p = 0; p < np; p++)
		if (need[p] > 0)
			crust_fit_room(&pl->plates[p].crust, old_cap[p]);
	take_candidates(pl, fc.glist, g);
	free(fc.glist);
	free(fc.parts);
	return rc;
}

typedef struct seen_ctx {
	planet_t *pl;
	const size_t *base;
} seen_ctx;

/* Mark the samples on show; cells that show one sample store the same 1. */
static void seen_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const seen_ctx *sc = ctx;
	const planet_t *pl = sc->pl;
	for (int c = b; c < e; c++)
		__atomic_store_n(&pl->sample_seen[sc->base[pl->owner[c]] + (size_t)pl->sample[c]], 1,
		                 __ATOMIC_RELAXED);
}

typedef struct straggler_ctx {
	planet_t *pl;
	const size_t *base;
	int order[PLATES_MAX];
	int kills[PLATES_MAX];
} straggler_ctx;

/* Ocean floor of one plate that no cell shows and that lies under another
 * plate now went down with its slab. */
static void straggler_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	straggler_ctx *st = ctx;
	planet_t *pl = st->pl;
	const grid_t *g = pl->grid;
	for (int j = b; j < e; j++) {
		int i = st->order[j], kills = 0;
		plate_t *p = &pl->plates[i];
		crust_pool *cr = &p->crust;
		for (int smp = 0; smp < cr->count; smp++) {
			if (cr->type[smp] != CRUST_OCEANIC || pl->sample_seen[st->base[i] + (size_t)smp])
				continue;
			int w = grid_locate(g, m3_apply(&p->R, g->centre[cr->cell[smp]]));
			if (pl->owner[w] != i && pl->boundary[w] != BOUNDARY_TRANSFORM) {
				crust_kill(p, smp);
				kills++;
			}
		}
		st->kills[i] = kills;
	}
}

/* The cells two plates cover (an under plate), in cell order, into list;
 * their number. Few cells have one: under_plate is scanned four cells to a
 * word, and a word of -1s (no under plate) is skipped whole. */
static int list_overlaps(const planet_t *pl, int32_t *list)
{
	int n = pl->grid->n, m = 0, c = 0;
	const int16_t *under = pl->under_plate;
	for (; c + 4 <= n; c += 4) {
		uint64_t w;
		memcpy(&w, under + c, sizeof w);
		if (w == UINT64_MAX)
			continue;
		for (int k = c; k < c + 4; k++)
			if (under[k] >= 0)
				list[m++] = k;
	}
	for (; c < n; c++)
		if (under[c] >= 0)
			list[m++] = c;
	return m;
}

#define OVERLAP_AHEAD 6   /* overlaps between a prefetch and its use */

static void prefetch_overlap(const planet_t *pl, const size_t *base, int c)
{
	int o = pl->owner[c], u = pl->under_plate[c];
	int so = pl->sample[c], su = pl->under_sample[c];
	const crust_pool *cu = &pl->plates[u].crust;
	__builtin_prefetch(&cu->type[su]);
	__builtin_prefetch(&cu->thick[su]);
	__builtin_prefetch(&pl->sample_seen[base[u] + (size_t)su]);
	const crust_pool *co = &pl->plates[o].crust;
	__builtin_prefetch(&co->type[so]);
	__builtin_prefetch(&co->elev[so]);
	__builtin_prefetch(&co->thick[so]);
}

int tectonics_step(planet_t *pl, char *err, size_t errlen)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	double dt = pl->prm.dt_myr, R = pl->prm.radius_km;

	double t0 = clock_ms();
	/* 1. motion */
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		quat dq = q_axis_angle(p->pole, p->omega * dt);
		plate_set_rotation(p, q_normalize(q_mul(dq, p->rot)));
		p->collision_cells = 0;
		p->settled = p->crust.count;
	}

	/* 2. ownership, in parallel; results per cell */
	own_ctx oc = {pl};
	pool_for(pl->pool, n, 2048, ownership_chunk, &oc);

	double t1 = clock_ms();
	/* Crust recycling leans against drift of the continental share: arcs,
	 * collisions and erosion roughly balance, but a long run random-walks,
	 * and continents that slowly vanish or cover the globe are a known
	 * failure of plate simulators. Collisions stack crust away a little
	 * at a time, so the lean is steep (16th power): a share 4 % low
	 * scrapes half as much and grows arcs twice as fast. With the eighth
	 * power the share settled 8 % low (40 % of the sphere against step
	 * 0's 43.5) once margin breaks took old floor alone, and land fell
	 * to 26-29 % of the surface. */
	double share = pl->stats.continental_fraction / fmax(pl->continental_target, 1e-3);
	double s2 = share * share, s4 = s2 * s2, s8 = s4 * s4;
	double recycle = clampd(s8 * s8, 0.2, 5.0);

	/* 3-4. serial, in cell order: new crust, subduction, collisions */
	double created = 0, consumed = 0;
	int pair_a = -1, pair_b = -1, pair_n = 0;
	int (*pair_count)[PLATES_MAX] = pl->pair_count;
	memset(pair_count, 0, sizeof pl->pair_count);
	if (pl->serial_collisions) {
		/* the serial form: each gap planned and filled in turn */
		for (int c = 0; c < n; c++) {
			int o = pl->cand_owner[c];
			if (o >= 0) {
				pl->owner[c] = (uint16_t)o;
				pl->sample[c] = pl->cand_sample[c];
				continue;
			}
			gap_plan gp;
			plan_gap(pl, c, &gp);
			int r = fill_gap(pl, c, &gp);
			if (r < 0) {
				snprintf(err, errlen, "out of memory growing crust");
				return -1;
			}
			if (r)
				created += g->area[c];
		}
	} else {
		/* every cell's owner and every gap's plan in parallel, then the
		 * gaps filled plate by plate in cell order, plates in parallel:
		 * the same bits (tests/test_parallel.c) */
		if (fill_gaps(pl, &created) < 0) {
			snprintf(err, errlen, "out of memory growing crust");
			return -1;
		}
	}
	int32_t *fc = pl->frame_cell;
	pl->frame_cell = pl->cand_cell;
	pl->cand_cell = fc;

	/* A sample still showing at some other cell is not consumed yet (two
	 * world cells can see one sample); mark what is on show. */
	size_t base[PLATES_MAX + 1];
	base[0] = 0;
	for (int i = 0; i < pl->nplates; i++)
		base[i + 1] = base[i] + (size_t)pl->plates[i].crust.count;
	if (base[pl->nplates] > pl->sample_seen_cap) {
		size_t cap = base[pl->nplates] + base[pl->nplates] / 2;
		uint8_t *ss = realloc(pl->sample_seen, cap);
		if (!ss) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		pl->sample_seen = ss;
		pl->sample_seen_cap = cap;
	}
	memset(pl->sample_seen, 0, base[pl->nplates]);
	seen_ctx sc = {pl, base};
	pool_for(pl->pool, n, 8192, seen_chunk, &sc);

	/* the overlaps in cell order (gap_cell, done with, holds the list),
	 * their crust asked for a few overlaps ahead: the pass is serial and
	 * its time went to waiting for samples scattered over the pools */
	int32_t *overlap = pl->gap_cell;
	int no = list_overlaps(pl, overlap);
	for (int i = 0; i < no; i++) {
		if (i + OVERLAP_AHEAD < no)
			prefetch_overlap(pl, base, overlap[i + OVERLAP_AHEAD]);
		int c = overlap[i];
		int o = pl->owner[c], u = pl->under_plate[c];   /* covered cells only */
		plate_t *po = &pl->plates[o], *pu = &pl->plates[u];
		int so = pl->sample[c], su = pl->under_sample[c];
		if (pu->crust.type[su] == CRUST_CONSUMED)
			continue;
		/* closing speed at this cell, km/Myr */
		vec3 x = v3_scale(g->centre[c], R);
		vec3 rel = v3_sub(plate_velocity(pu, x), plate_velocity(po, x));
		double close = fmin(v3_len(rel), 150) / 50.0;   /* 1 at 5 cm/yr */
		double uplift_scale = pl->prm.stress_uplift_m / 3500.0;
		if (pu->crust.type[su] == CRUST_OCEANIC) {
			/* subduction: consume, lift the overriding edge, pull the slab.
			 * Where the plates slide past each other the overlap is the
			 * grid's jagged edge, not a slab: the floor stays hidden and
			 * shows again (or fills the gap) when the edge moves on. Killed
			 * there, it was two fifths of all floor consumed, a fifth of
			 * it younger than 30 Myr. */
			if (!pl->sample_seen[base[u] + (size_t)su] && pl->boundary[c] != BOUNDARY_TRANSFORM) {
				crust_kill(pu, su);
				consumed += g->area[c];
			}
			/* volcanic arcs build up on an oceanic overriding plate until
			 * they surface and become new continental crust; continental
			 * margins rise through the orogeny pass below. Not where the
			 * plates slide past each other: nothing sinks there, and arcs
			 * raised along the transforms' jagged edges left a tenth of the
			 * far ocean floor hundreds of metres above its cooling depth */
			if (po->crust.type[so] == CRUST_OCEANIC && pl->boundary[c] != BOUNDARY_TRANSFORM) {
				double up = ARC_UPLIFT_M_MYR * close * dt * uplift_scale / recycle;
				po->crust.elev[so] = (float)fmin(ELEV_MAX_M, po->crust.elev[so] + up);
				po->crust.orogeny[so] += (float)up;
				if (po->crust.elev[so] > ARC_TO_CONTINENT_M) {
					po->crust.type[so] = CRUST_CONTINENTAL;   /* arc accretes */
					po->crust.thick[so] = 20;
				}
			}
			/* subduction erosion: the sinking slab scrapes the underside of a
			 * continental margin, recycling crust into the mantle at about
			 * the rate arcs make it, so continents do not grow for ever */
			if (po->crust.type[so] == CRUST_CONTINENTAL) {
				po->crust.thick[so] -= (float)(SUBDUCTION_EROSION_KM_MYR * recycle * close * dt);
				if (po->crust.thick[so] < CRUST_MIN_KM)
					crust_scraped_to_floor(pl, &po->crust, so, pu->crust.age[su]);
			}
		} else {
			/* continental collision: the lower crust is stacked onto the
			 * upper one (thickness moves, volume is kept), the front rises,
			 * the plates slow down and may suture */
			double moved = fmin(pu->crust.thick[su], STACK_KM_MYR * close * dt);
			pu->crust.thick[su] -= (float)moved;
			po->crust.thick[so] += (float)moved;
			if (pu->crust.thick[su] < 1 && !pl->sample_seen[base[u] + (size_t)su]) {
				po->crust.thick[so] += pu->crust.thick[su];
				crust_kill(pu, su);
			}
			po->collision_cells++;
			pu->collision_cells++;
			int cnt = ++pair_count[o][u];
			if (cnt > pair_n) {
				pair_n = cnt;
				pair_a = o;
				pair_b = u;
			}
		}
	}
	/* Stragglers: an ocean-floor sample that no world cell shows (the grid
	 * samples a rotated plate unevenly) and that now lies under another
	 * plate went down with its slab; without this sweep such samples pile
	 * up over long runs. Every few steps is enough. Not along a transform,
	 * where floor hides under the other plate's edge for a while. */
	if (pl->step % STRAGGLER_EVERY == 0) {
		/* plates apart in parallel (a kill touches its own plate only);
		 * the consumed area is summed as the serial sweep did, one cell's
		 * area at a time in plate order */
		double cell_area = 4 * M_PI / n;
		straggler_ctx st = {.pl = pl, .base = base};
		int32_t size[PLATES_MAX];
		for (int i = 0; i < pl->nplates; i++)
			size[i] = pl->plates[i].crust.count;
		plates_largest_first(size, pl->nplates, st.order);
		if (pl->serial_collisions)
			for (int i = 0; i < pl->nplates; i++)
				st.order[i] = i;
		pool_for(pl->serial_collisions ? NULL : pl->pool, pl->nplates, 1, straggler_chunk, &st);
		for (int i = 0; i < pl->nplates; i++)
			for (int k = 0; k < st.kills[i]; k++)
				consumed += cell_area;
	}
	pl->stats.crust_created = created / (4 * M_PI);
	pl->stats.crust_consumed = consumed / (4 * M_PI);

	double t2 = clock_ms();
	/* 5. mountains, ageing, erosion, relaxation; tidy the pools */
	if (crust_evolve(pl) < 0) {
		snprintf(err, errlen, "out of memory compacting crust");
		return -1;
	}

	/* 6. events, then the plates' new speeds */
	if (plate_events(pl, pair_a, pair_b, pair_n) < 0) {
		snprintf(err, errlen, "out of memory in a plate event");
		return -1;
	}
	plate_events_update_velocities(pl);
	pl->phase_ms[PHASE_MOTION] = t1 - t0;
	pl->phase_ms[PHASE_COLLISION] = t2 - t1;
	pl->phase_ms[PHASE_CRUST] = clock_ms() - t2;
	return 0;
}
