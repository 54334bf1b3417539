/* plate_events.c: plates as a population: rifting, suturing, vanishing,
 * and how their speeds evolve (slab pull, drag, collision coupling). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plate_cap.h"
#include "tectonics.h"

#define SUTURE_FRACTION 0.03         /* contact cells / smaller plate's cells */
#define COLLISION_COUPLING 10.0      /* how fast colliding plates match motion */
#define BALANCE_MYR 8.0              /* time to settle at the force balance */
#define COLLISION_DRAG 0.5
#define RIFT_MIN_AREA 0.08           /* share of the sphere */
#define RIFT_OCEAN_WEIGHT 0.05       /* ocean's share of rifting, per area */
#define RIFT_GIANT_AREA 0.25         /* share of the sphere: rifts at any count */
/* old floor (share of the sphere) a plate needs to break: at 0.002 the
 * pockets too small to break held 0.4-0.5 points of the 1.1 % of the
 * floor older than 200 Myr (level 6, seeds 1-3, 300-1 500 Myr) */
#define MARGIN_BREAK_MIN_AREA 0.0005
/* mean wait once a plate's margin is that old, each plate on its own: one
 * plate at a time (the one holding most old floor, every 10 Myr) left the
 * others' old floor waiting its turn, and 0.9-1.5 % of the floor was over
 * 200 Myr old, the oldest 410-580 Myr (level 6, seeds 1-6, means over
 * 300-3 000 Myr; 0.5-0.8 % and 310-350 Myr since) */
#define MARGIN_BREAK_MYR 5.0
/* a plate breaks sooner the more old floor it holds, up to BOOST_MAX times */
#define MARGIN_BREAK_OLD_SHARE 0.005 /* old floor (share of the sphere) per 1x */
#define MARGIN_BREAK_BOOST_MAX 5.0
/* births times life sets their number: 48 births per 100 Myr held it at
 * about 20 (every birth found a site, the slots never ran out); 64 with
 * caps of ocean floor only gave about 28, 92 gave 38-40 while captures
 * took the smallest first (half of them within 2 Myr of birth); drawn
 * alike, 110 births and a life of 65 Myr give 34-37, Earth's about 40
 * under 1 % */
#define MICROPLATE_PER_100MYR 110.0  /* microplates born at convergent margins */
#define MICROPLATE_MIN_DEG 2.5       /* radius of their cap */
#define MICROPLATE_MAX_DEG 6.0
#define MICROPLATE_LIFE_MYR 65.0     /* a microplate's mean life before capture */
/* a microplate grown past this share of the sphere (by spreading at its
 * rims) welds on at once: left to grow past 1 %, 7-8 per 100 Myr did, and
 * plates of 1-5 % held a quarter of the surface (Earth: 14 %); at 0.006
 * the microplates together held 6.5-7.4 % of it (Earth 5) */
#define MICROPLATE_WELD_AREA 0.005
#define MICROPLATE_BACKARC 0.5       /* shares of births behind trenches, */
#define MICROPLATE_JUNCTION 0.35     /* at triple junctions (the rest: collisions, */
                                     /* about 16 per 100 Myr) */
#define MICROPLATE_ROOM 8            /* plate slots kept free for rifts and breaks */
#define MICROPLATE_CM_YR 1.5         /* their own motion on their parent's */
#define MARGIN_BREAK_CM_YR 3.0       /* initial convergence of the new trench */
/* floor this old breaks off (a continent's margin, an ocean plate's old
 * side); the younger floor out to the ridge stays with its plate. From
 * 60 Myr, with the plates breaking each on its own, floor 30-80 Myr old
 * was consumed at 1.2-1.4 % a Myr (Earth 0.8; 0.9-1.1 from 90) */
#define MARGIN_BREAK_AGE_MYR 90.0

/* Microplates come and go beside the plates plates.min and plates.max
 * bound (born at convergent margins, captured in time), as Earth's few
 * dozen small plates do beside its large ones; counting them against
 * plates.max made them crowd out the rifts, or rifts crowd out them. */
int plate_events_major_count(const planet_t *pl)
{
	int n = 0;
	for (int i = 0; i < pl->nplates; i++)
		n += !plate_is_micro(&pl->plates[i]);
	return n;
}

#define EVENT_GRAIN 8192     /* cells a chunk of an event's pass over the world */

typedef struct shift_ctx { planet_t *pl; int removed; } shift_ctx;

static void shift_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const shift_ctx *sc = ctx;
	uint16_t *owner = sc->pl->owner;
	for (int c = b; c < e; c++)
		owner[c] -= owner[c] > sc->removed;
}

/* Remove plate index pi (it owns no cells); later plates shift down, and
 * so do their rows and columns of this step's collision contacts, which
 * the speeds read after the events (left where they were, each plate
 * after a removed one was coupled by the contacts of the plate before
 * it). */
static void remove_plate(planet_t *pl, int pi)
{
	int n = pl->nplates, after = n - pi - 1;
	int (*contact)[PLATES_MAX] = pl->pair_count;
	for (int a = 0; a < n; a++) {
		memmove(&contact[a][pi], &contact[a][pi + 1], (size_t)after * sizeof contact[a][0]);
		contact[a][n - 1] = 0;
	}
	memmove(&contact[pi], &contact[pi + 1], (size_t)after * sizeof contact[0]);
	memset(&contact[n - 1], 0, sizeof contact[0]);
	cellmap_free(&pl->plates[pi].map);
	crust_free(&pl->plates[pi].crust);
	memmove(&pl->plates[pi], &pl->plates[pi + 1], (size_t)(pl->nplates - pi - 1) * sizeof(plate_t));
	pl->nplates--;
	memset(&pl->plates[pl->nplates], 0, sizeof(plate_t));
	shift_ctx sc = {pl, pi};
	pool_for(pl->pool, pl->grid->n, EVENT_GRAIN, shift_chunk, &sc);
}

/* Tests: every plate's sums as a whole pass makes them, to the bit? The
 * pass then stands, so a wrong plate is counted once. */
static void check_event_sums(planet_t *pl)
{
	double kept[PLATES_MAX][7];
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		double v[7] = {p->cells, p->area, p->cont_area, p->elev_area, p->speed2_area,
		               p->ocean_age, p->old_area};
		memcpy(kept[i], v, sizeof v);
	}
	world_stats_update(pl);
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		double v[7] = {p->cells, p->area, p->cont_area, p->elev_area, p->speed2_area,
		               p->ocean_age, p->old_area};
		pl->event_sums_wrong += memcmp(kept[i], v, sizeof v) != 0;
	}
	pl->event_sums_checked++;
}

/* The plates' sums after an event changed plates a and b (b may be -1):
 * the first event of a step brings every plate up to the step's cells
 * (the sums are the last step's until then); later ones redo only the two
 * plates, whose sums come out as a whole pass would make them. A whole
 * pass after every event made 1.75 passes a step at level 7 beside the
 * step's own, on a planet of 45 plates. */
static void sums_after_event(planet_t *pl, bool *fresh, int a, int b)
{
	/* serial_collisions: the tests' reference, a whole pass every time */
	if (fresh && *fresh && !pl->serial_collisions) {
		world_stats_plates(pl, a, b);
		if (pl->check_event_sums)
			check_event_sums(pl);
		return;
	}
	world_stats_update(pl);
	if (fresh)
		*fresh = true;
}

/* World cells of plate `from` whose sample moved to plate `to` (same
 * frame, so the same plate-frame cell) now show it; each cell its own. */
typedef struct handover_ctx { planet_t *pl; int from, to; } handover_ctx;

static void handover_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const handover_ctx *hc = ctx;
	planet_t *pl = hc->pl;
	const plate_t *p = &pl->plates[hc->from], *q = &pl->plates[hc->to];
	for (int c = b; c < e; c++) {
		if (pl->owner[c] != hc->from)
			continue;
		int s = cellmap_get(&q->map, p->crust.cell[pl->sample[c]]);
		if (s >= 0) {
			pl->owner[c] = (uint16_t)hc->to;
			pl->sample[c] = s;
		}
	}
}

/* Crust of plate b (sample i) that lay over a's sample s joins a there:
 * continents stack (the volume is kept as thickness), continent replaces
 * ocean floor, ocean floor over a's continent sinks, and ocean floor over
 * ocean floor replaces it (it was what showed). */
static void overlay(plate_t *a, int s, const plate_t *b, int i)
{
	crust_pool *ca = &a->crust;
	const crust_pool *cb = &b->crust;
	if (cb->type[i] == CRUST_CONTINENTAL && ca->type[s] == CRUST_CONTINENTAL) {
		ca->thick[s] += cb->thick[i];
		ca->elev[s] = (float)fmin(ELEV_MAX_M, fmax(ca->elev[s], cb->elev[i]) + 200);
	} else if (cb->type[i] == CRUST_CONTINENTAL || ca->type[s] != CRUST_CONTINENTAL) {
		int32_t cell = ca->cell[s];
#define OVERWRITE(type, name) ca->name[s] = cb->name[i];
		CRUST_FIELDS(OVERWRITE)
#undef OVERWRITE
		ca->cell[s] = cell;
	}
}

/* Move all crust of plate `from` into plate `into` (suturing, welding).
 * The two frames' grids do not line up, so b's samples land on a's frame
 * cells two to one here and none there. What the world shows of b goes
 * first, cell by cell, over whatever a kept hidden there; then b's hidden
 * continental crust, so no continent is lost. b's hidden ocean floor was
 * overridden and is dropped: put into a's frame, it filled holes there and
 * later showed through a's old floor as a lattice of young one-cell dots,
 * as did fresh floor made for the cells the first pass left empty. */
static int merge_plates(planet_t *pl, int into, int from)
{
	plate_t *a = &pl->plates[into], *b = &pl->plates[from];
	const grid_t *g = pl->grid;
	int a_own = a->crust.count;   /* a's samples before b's came */
	uint8_t *shown = calloc((size_t)b->crust.count + 1, 1);
	if (!shown)
		return -1;
	/* b's cells lie together: walk from the last one's (from cell 0, each
	 * walk crossed the sphere) */
	int hint = 0;
	for (int c = 0; c < g->n; c++) {
		if (pl->owner[c] != from)
			continue;
		int k = grid_locate_from(g, m3_apply(&a->Rt, g->centre[c]), hint);
		hint = k;
		int sb = pl->sample[c], s = cellmap_get(&a->map, k);
		if (s < 0) {
			s = crust_copy(&a->crust, k, &b->crust, sb);
			if (s < 0 || cellmap_set(&a->map, k, s) < 0) {
				free(shown);
				return -1;
			}
		} else if (s < a_own && !shown[sb]) {
			overlay(a, s, b, sb);
		}   /* else another of b's cells brought its crust here first */
		shown[sb] = 1;
		pl->owner[c] = (uint16_t)into;
		pl->sample[c] = s;
	}
	/* world <- b frame, then a frame <- world */
	mat3 to_a = q_to_mat3(q_mul(q_conj(a->rot), b->rot));
	for (int i = 0; i < b->crust.count; i++) {
		if (shown[i] || b->crust.type[i] != CRUST_CONTINENTAL)
			continue;
		int k = grid_locate_from(g, m3_apply(&to_a, g->centre[b->crust.cell[i]]), hint);
		hint = k;
		int s = cellmap_get(&a->map, k);
		if (s >= 0) {
			overlay(a, s, b, i);
			continue;
		}
		s = crust_copy(&a->crust, k, &b->crust, i);
		if (s < 0 || cellmap_set(&a->map, k, s) < 0) {
			free(shown);
			return -1;
		}
	}
	free(shown);
	/* the merged plate collides where either did */
	int (*contact)[PLATES_MAX] = pl->pair_count;
	for (int x = 0; x < pl->nplates; x++) {
		contact[into][x] += contact[from][x];
		contact[x][into] += contact[x][from];
	}
	contact[into][into] = 0;
	remove_plate(pl, from);
	return 0;
}

/* Which samples of plate p an event takes (pick[i] = 1), decided for every
 * sample at once, in parallel, before any moves: the decision reads only
 * sample i, so it is the same as the serial walk that moved each sample
 * as it went (a microplate's cap tested 100-200 thousand samples of its
 * parent on one thread, a millisecond at level 8 nearly every step). */
typedef int (*pick_fn)(const planet_t *pl, const plate_t *p, int i, const void *ctx);
typedef struct pick_ctx {
	const planet_t *pl;
	const plate_t *p;
	pick_fn take;
	const void *ctx;
	uint8_t *pick;
} pick_ctx;

#define PICK_GRAIN 8192

static void pick_chunk(void *vctx, int b, int e, int chunk)
{
	(void)chunk;
	const pick_ctx *pc = vctx;
	for (int i = b; i < e; i++)
		pc->pick[i] = pc->p->crust.type[i] != CRUST_CONSUMED && pc->take(pc->pl, pc->p, i, pc->ctx);
}

/* pick[0..count) for plate p, or NULL out of memory. */
static uint8_t *pick_samples(planet_t *pl, const plate_t *p, pick_fn take, const void *ctx)
{
	uint8_t *pick = malloc((size_t)p->crust.count + 1);
	if (!pick)
		return NULL;
	pick_ctx pc = {pl, p, take, ctx, pick};
	pool_for(pl->pool, p->crust.count, PICK_GRAIN, pick_chunk, &pc);
	return pick;
}

/* A rift's side: the samples on the +normal side of a plane through the
 * centroid (warped so the rift wanders), within about 78 degrees of the
 * centroid (a plate wrapped far round the sphere keeps its far end). */
typedef struct rift_side { const planet_t *pl; vec3 normal, centroid; } rift_side;

static int take_rift_side(const planet_t *pl, const plate_t *p, int i, const void *ctx)
{
	const rift_side *rs = ctx;
	vec3 x = pl->grid->centre[p->crust.cell[i]];
	double side = v3_dot(x, rs->normal) + 0.08 * noise_fbm(&pl->layout, x, 3.0, 3, 0.5);
	return side > 0 && v3_dot(x, rs->centroid) >= 0.2;
}

/* Split plate pi (-1: the largest) in two; `over` plates of 1 % or more
 * may stand beyond plates.max afterwards. */
static int rift(planet_t *pl, int pi, int over, bool *fresh)
{
	if (pl->nplates >= PLATES_MAX || plate_events_major_count(pl) >= pl->prm.plate_max + over)
		return -1;
	const grid_t *g = pl->grid;
	if (pi < 0) {
		double best = -1;
		for (int i = 0; i < pl->nplates; i++)
			if (pl->plates[i].area > best) {
				best = pl->plates[i].area;
				pi = i;
			}
	}
	if (pi < 0 || pi >= pl->nplates)
		return -1;
	plate_t *p = &pl->plates[pi];
	/* the split runs through the plate's centroid along a random direction */
	vec3 centroid = v3(0, 0, 0);
	for (int c = 0; c < g->n; c++)
		if (pl->owner[c] == pi)
			centroid = v3_add(centroid, v3_scale(g->centre[c], g->area[c]));
	if (v3_len(centroid) < 1e-12)
		return -1;
	centroid = v3_norm(centroid);
	vec3 a = v3(rng_range(&pl->rng, -1, 1), rng_range(&pl->rng, -1, 1), rng_range(&pl->rng, -1, 1));
	vec3 normal = v3_norm(v3_sub(a, v3_scale(centroid, v3_dot(a, centroid))));
	vec3 normal_pf = m3_apply(&p->Rt, normal);   /* in the plate's frame */
	vec3 centroid_pf = m3_apply(&p->Rt, centroid);

	int ni = pl->nplates;
	plate_t *q = &pl->plates[ni];
	memset(q, 0, sizeof *q);
	if (cellmap_init(&q->map, g->n) < 0)
		return -1;
	plate_set_rotation(q, p->rot);
	/* move the samples on the +normal side (warped so the rift wanders) */
	rift_side rs = {pl, normal_pf, centroid_pf};
	uint8_t *pick = pick_samples(pl, p, take_rift_side, &rs);
	if (!pick)
		return -1;
	for (int i = 0; i < p->crust.count; i++) {
		if (!pick[i])
			continue;
		int s = crust_copy(&q->crust, p->crust.cell[i], &p->crust, i);
		if (s < 0 || cellmap_set(&q->map, p->crust.cell[i], s) < 0) {
			free(pick);
			return -1;
		}
		crust_kill(p, i);
	}
	free(pick);
	if (q->crust.count == 0) {
		/* nothing split off: the plate keeps its motion (a refused rift
		 * changes nothing but the generator) */
		cellmap_free(&q->map);
		memset(q, 0, sizeof *q);
		return -1;
	}
	q->id = pl->next_id++;
	plate_colour_for(q->id, &q->r, &q->g, &q->b);
	/* the halves drift apart: angular velocities differ by +-(c x n) */
	double sep = 2.0 / CM_YR_PER_KM_MYR / pl->prm.radius_km;   /* 2 cm/yr */
	vec3 w = v3_scale(p->pole, p->omega);
	vec3 dw = v3_scale(v3_cross(centroid, normal), sep);
	vec3 wp = v3_sub(w, dw), wq = v3_add(w, dw);
	p->omega = v3_len(wp);
	p->pole = v3_norm(wp);
	q->omega = v3_len(wq);
	q->pole = v3_norm(wq);
	pl->nplates++;
	/* hand the moved cells to the new plate */
	handover_ctx hc = {pl, pi, ni};
	pool_for(pl->pool, g->n, EVENT_GRAIN, handover_chunk, &hc);
	/* the moved samples stay as holes in p's pool (see split_off); count
	 * the halves' cells now: a rift between steps (on demand) must not
	 * leave the new plate looking empty, or the next step removes it while
	 * cells still name it */
	sums_after_event(pl, fresh, pi, ni);
	return 0;
}

/* A rift asked for (the dashboard's R, a timeline event) happens at
 * plates.max too, one over it at most; the excess welds on at the next
 * step as any excess does. The default's count stands at its maximum
 * most of the time, and refused there, R did nothing on most steps. */
int plate_events_rift(planet_t *pl, int pi)
{
	return rift(pl, pi, 1, NULL);
}

/* Move the samples of plate pi that `take` picks into a new plate turning
 * at w (rad/Myr, axis), and hand it the world cells they show. 0, 1 if
 * nothing was picked, -1 out of memory. The moved samples stay in pi's
 * pool as consumed holes until the crust step compacts it (a quarter
 * holes, crust.c): compacting here was a serial pass over the whole pool
 * and its map (2.4 ms at level 8) at almost every step, microplates being
 * born 1.1 times a Myr. Holes change no figure, only the pool's numbering
 * and so the state hash. */
static int split_off(planet_t *pl, int pi, pick_fn take, const void *ctx, vec3 w, bool *fresh)
{
	const grid_t *g = pl->grid;
	plate_t *p = &pl->plates[pi];
	int ni = pl->nplates;
	plate_t *q = &pl->plates[ni];
	memset(q, 0, sizeof *q);
	if (cellmap_init(&q->map, g->n) < 0)
		return -1;
	q->id = pl->next_id;
	plate_set_rotation(q, p->rot);
	plate_colour_for(q->id, &q->r, &q->g, &q->b);
	q->omega = v3_len(w);
	q->pole = q->omega > 1e-300 ? v3_scale(w, 1 / q->omega) : p->pole;
	q->balance_omega = w;
	uint8_t *pick = pick_samples(pl, p, take, ctx);
	if (!pick)
		return -1;
	for (int i = 0; i < p->crust.count; i++) {
		if (!pick[i])
			continue;
		int s = crust_copy(&q->crust, p->crust.cell[i], &p->crust, i);
		if (s < 0 || cellmap_set(&q->map, p->crust.cell[i], s) < 0) {
			free(pick);
			return -1;
		}
		crust_kill(p, i);
	}
	free(pick);
	if (q->crust.count == 0) {
		cellmap_free(&q->map);
		memset(q, 0, sizeof *q);
		return 1;
	}
	pl->next_id++;
	pl->nplates++;
	handover_ctx hc = {pl, pi, ni};
	pool_for(pl->pool, g->n, EVENT_GRAIN, handover_chunk, &hc);
	sums_after_event(pl, fresh, pi, ni);
	return 0;
}

static int take_old(const planet_t *pl, const plate_t *p, int i, const void *ctx)
{
	(void)pl;
	(void)ctx;
	return p->crust.type[i] == CRUST_OCEANIC && p->crust.age[i] >= MARGIN_BREAK_AGE_MYR;
}

static bool has_continent(const plate_t *p)
{
	return p->cont_area >= 0.05 * p->area;
}

/* Subduction starts at an old passive margin: the plate's old ocean floor
 * (MARGIN_BREAK_AGE_MYR or more) breaks from its continent and becomes a
 * plate of its own, set moving toward the continent at MARGIN_BREAK_CM_YR
 * so that it dives under it; slab pull then keeps the new trench going.
 * This is how floor that no trench reached (an Atlantic, a pocket inside
 * a supercontinent) is recycled before it grows implausibly old. The
 * younger floor out to the ridge stays with the continent: when the whole
 * ocean broke off, the new trench went on to swallow it, ridge and all,
 * and floor 10-30 Myr old was consumed at 1.2-1.4 % a Myr (Earth 0.6).
 * 0, 1 if nothing split (the figures the choice was made on are a step
 * old), -1 out of memory. */
static int margin_break(planet_t *pl, int pi, bool *fresh)
{
	const grid_t *g = pl->grid;
	plate_t *p = &pl->plates[pi];
	/* a plate all of ocean floor breaks along a fracture zone instead: its
	 * old floor turns toward its young floor and sinks under it */
	bool cont_plate = has_continent(p);
	vec3 cont = v3(0, 0, 0), ocean = v3(0, 0, 0);
	for (int i = 0; i < p->crust.count; i++) {
		if (p->crust.type[i] == CRUST_CONSUMED)
			continue;
		vec3 x = g->centre[p->crust.cell[i]];
		if (take_old(pl, p, i, NULL))
			ocean = v3_add(ocean, v3_scale(x, p->crust.age[i]));   /* the oldest leads */
		else if (!cont_plate || p->crust.type[i] == CRUST_CONTINENTAL)
			cont = v3_add(cont, x);
	}
	vec3 axis = v3_cross(ocean, cont);
	if (v3_len(ocean) < 1e-9 || v3_len(cont) < 1e-9 || v3_len(axis) < 1e-9)
		return 1;
	/* axis in the plate frame -> world; the floor turns toward the continent */
	vec3 w = v3_add(v3_scale(p->pole, p->omega),
	                v3_scale(v3_norm(m3_apply(&p->R, axis)),
	                         MARGIN_BREAK_CM_YR / CM_YR_PER_KM_MYR / pl->prm.radius_km));
	int rc = split_off(pl, pi, take_old, NULL, w, fresh);
	if (rc == 0)
		pl->plates[pl->nplates - 1].sinking = 1;
	return rc;
}

/* A microplate: a cap of crust in the plate frame (plate_cap.h). */
typedef struct cap { plate_cap shape; bool ocean_only; } cap;

static int take_cap(const planet_t *pl, const plate_t *p, int i, const void *ctx)
{
	const cap *k = ctx;
	if (k->ocean_only && p->crust.type[i] != CRUST_OCEANIC)
		return 0;
	return plate_cap_holds(&k->shape, pl->grid->centre[p->crust.cell[i]]);
}

/* Where a microplate is born; see microplate(). */
enum { SITE_BACKARC, SITE_JUNCTION, SITE_ESCAPE, SITE_KINDS };

static int owners_around(const planet_t *pl, int c)
{
	const grid_t *g = pl->grid;
	int o[3] = {pl->owner[c], -1, -1}, n = 1;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1] && n < 3; k++) {
		int x = pl->owner[g->nbr[k]];
		if (x != o[0] && x != o[1])
			o[n++] = x;
	}
	return n;
}

static bool continental_at(const planet_t *pl, int c)
{
	return cell_crust_type(pl, c) == CRUST_CONTINENTAL;
}

/* Is cell c a birthplace of the kind asked? */
static bool site_fits(const planet_t *pl, int c, int kind)
{
	const grid_t *g = pl->grid;
	if (pl->plates[pl->owner[c]].area < MICROPLATE_AREA * 4 * M_PI * 4)
		return false;     /* microplates break off large plates */
	switch (kind) {
	case SITE_BACKARC:
		/* the overriding ocean floor above a trench: a back-arc basin */
		return pl->boundary[c] == BOUNDARY_CONVERGENT && !pl->subducting[c] && !continental_at(pl, c);
	case SITE_JUNCTION:
		/* where three plates meet on a ridge or transform: a sliver
		 * (Easter, Juan Fernandez, the Galapagos microplate) */
		return pl->boundary[c] != BOUNDARY_CONVERGENT && pl->boundary[c] != BOUNDARY_NONE &&
		       owners_around(pl, c) >= 3;
	default:
		/* continent against continent: a block escapes sideways from
		 * the collision (Anatolia, Adria, the Tarim block) */
		if (pl->boundary[c] != BOUNDARY_CONVERGENT || !continental_at(pl, c))
			return false;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int x = g->nbr[k];
			if (pl->owner[x] != pl->owner[c] && continental_at(pl, x))
				return true;
		}
		return false;
	}
}

/* Microplates are born where Earth makes them: back-arc basins open on
 * the overriding plate behind a trench (the Mariana trough, the Scotia
 * and Philippine seas), slivers break off where three plates meet on a
 * ridge or transform, and blocks escape sideways from a continental
 * collision. A cap a few hundred km across breaks off the larger plate
 * there and moves with its neighbours plus a little of its own (see
 * plate_forces.c). 0, 1 if none was made, -1 out of memory. */
static int microplate(planet_t *pl, bool *fresh)
{
	const grid_t *g = pl->grid;
	double u = rng_uniform(&pl->rng);
	int kind = u < MICROPLATE_BACKARC ? SITE_BACKARC
	         : u < MICROPLATE_BACKARC + MICROPLATE_JUNCTION ? SITE_JUNCTION : SITE_ESCAPE;
	int n = g->n, start = (int)(rng_uniform(&pl->rng) * n), c = -1;
	for (int k = 0; k < n && c < 0; k++) {
		int x = (start + k) % n;
		if (site_fits(pl, x, kind))
			c = x;
	}
	double radius = rng_range(&pl->rng, MICROPLATE_MIN_DEG, MICROPLATE_MAX_DEG) * M_PI / 180;
	double drift = rng_range(&pl->rng, -1, 1), spin = rng_range(&pl->rng, -1, 1);
	if (c < 0)
		return 1;
	int pi = pl->owner[c];
	plate_t *p = &pl->plates[pi];
	if (p->area < 4 * 2 * M_PI * (1 - cos(radius)))
		return 1;     /* not much bigger than the cap itself */
	/* back-arc basins and ridge slivers are ocean floor: a cap that took
	 * the continent beside them cut it along a plate boundary, where it
	 * stacked away or tore (at 80 births per 100 Myr the continental
	 * share fell 0.8 points; 300-3000 Myr, 4 seeds) */
	cap k = {.ocean_only = kind != SITE_ESCAPE};
	plate_cap_draw(&k.shape, m3_apply(&p->Rt, g->centre[c]), radius, &pl->rng);
	double w_unit = MICROPLATE_CM_YR / CM_YR_PER_KM_MYR / pl->prm.radius_km;
	vec3 x = g->centre[c];
	vec3 east = v3_cross(v3(0, 0, 1), x);
	vec3 tangent = v3_len(east) > 1e-9 ? v3_norm(east) : v3(1, 0, 0);
	/* a turn about an axis in the cap moves it along; about its centre spins it */
	vec3 w = v3_add(v3_scale(p->pole, p->omega),
	                v3_add(v3_scale(tangent, drift * w_unit), v3_scale(x, spin * w_unit / radius * 0.2)));
	return split_off(pl, pi, take_cap, &k, w, fresh);
}

/* The plate that shares the longest boundary with plate `small`, or -1. */
static int longest_contact(const planet_t *pl, int small)
{
	const grid_t *g = pl->grid;
	int contact[PLATES_MAX] = {0}, best = -1;
	for (int c = 0; c < g->n; c++) {
		if (pl->owner[c] != small)
			continue;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int o = pl->owner[g->nbr[k]];
			if (o != small && ++contact[o] > (best < 0 ? 0 : contact[best]))
				best = o;
		}
	}
	return best;
}

/* Old ocean floor alone (under 5 % continent, mean age from
 * MARGIN_BREAK_AGE_MYR), as a margin break leaves it. */
static bool broken_off(const plate_t *p)
{
	return !has_continent(p) && p->ocean_age >= MARGIN_BREAK_AGE_MYR;
}

/* A plate a margin broke off, sinking at its new trench: it is captured
 * last, as a large plate when the plates are too many and as a
 * microplate, and never welds on for its size (weld_grown_microplates).
 * Welded back onto the plate it broke from, it took the fresh floor
 * between them inside, and its old floor went unconsumed. It sinks until
 * it is consumed or the floor a ridge adds behind it makes it young (the
 * flag is then cleared for good). Only plates born of a break: an old
 * microplate of ocean floor that grows must still weld on. */
static bool sinking(const plate_t *p)
{
	return p->sinking && broken_off(p);
}

static bool capturable(const plate_t *p, bool micro, bool spare_sinking)
{
	return plate_is_micro(p) == micro && p->cells > 0 && !(spare_sinking && sinking(p));
}

/* Step 6: sutures (the pair in widest continental contact this step),
 * vanished plates, rifts. Plate areas are those of the end of the last step:
 * a plate that owned no cell then owns none now, and a step's lag in the
 * others changes no decision much. 0 or -1 (out of memory). */
/* Terrane capture: a microplate does not live for ever; in time it welds
 * onto the neighbour it shares the longest boundary with. The plate to
 * capture into, or -1: with micro, any plate under MICROPLATE_AREA, drawn
 * alike, so that each lives MICROPLATE_LIFE_MYR on average (the smallest
 * first, as before, took the newborn: half of all microplates, and the
 * small breaks of old floor, welded back within 2 Myr); else the smallest
 * of the others. Sinking plates are taken only when no other is left. */
static int capture_target(planet_t *pl, bool micro, int *from)
{
	int pick = -1;
	for (int spare = 1; spare >= 0 && pick < 0; spare--) {
		int count = 0;
		for (int i = 0; i < pl->nplates; i++) {
			const plate_t *p = &pl->plates[i];
			if (!capturable(p, micro, spare))
				continue;
			count++;
			if (!micro && (pick < 0 || p->area < pl->plates[pick].area))
				pick = i;
		}
		if (micro && count > 0) {
			int k = (int)rng_below(&pl->rng, (uint32_t)count);
			for (int i = 0; pick < 0; i++)
				if (capturable(&pl->plates[i], micro, spare) && k-- == 0)
					pick = i;
		}
	}
	if (pick < 0)
		return -1;
	*from = pick;
	return longest_contact(pl, pick);
}

/* Microplates grown past MICROPLATE_WELD_AREA weld onto the neighbour they
 * share the longest boundary with, the largest first: back-arc basins and
 * ridge slivers are captured before they become plates of their own.
 * Not a sinking plate (old floor a margin broke off), shrinking at its
 * trench through the same sizes: 258 of 350 breaks were welded back onto
 * the plate they broke from, 13 Myr after the break on average, and 21
 * consumed (level 6, seed 1, 300-1 500 Myr); spared, 62 of 156 and 41,
 * and the floor older than 200 Myr halved.
 * 1 if any welded, 0 if none, -1 out of memory. */
static int weld_grown_microplates(planet_t *pl, bool *fresh)
{
	int welded = 0;
	for (;;) {
		int big = -1;
		for (int i = 0; i < pl->nplates; i++) {
			const plate_t *p = &pl->plates[i];
			if (plate_is_micro(p) && p->area > MICROPLATE_WELD_AREA * 4 * M_PI && !sinking(p) &&
			    (big < 0 || p->area > pl->plates[big].area))
				big = i;
		}
		int into = big < 0 ? -1 : longest_contact(pl, big);
		if (into < 0)
			return welded;
		if (merge_plates(pl, into, big) < 0)
			return -1;
		sums_after_event(pl, fresh, into - (into > big), -1);
		welded = 1;
	}
}

/* How likely a plate is to rift: its continental area, plus a little of
 * its whole area so that an oceanic world still breaks up now and then. */
static double rift_weight(const plate_t *p)
{
	return p->cont_area + RIFT_OCEAN_WEIGHT * p->area;
}

int plate_events(planet_t *pl, int pair_a, int pair_b, int pair_n)
{
	double dt = pl->prm.dt_myr;
	bool fresh = false;   /* plate sums made from this step's cells */
	int major = plate_events_major_count(pl), micro = pl->nplates - major;
	for (int i = 0; i < pl->nplates; i++)
		pl->plates[i].sinking = sinking(&pl->plates[i]);
	/* each microplate lives MICROPLATE_LIFE_MYR on average; a microplate
	 * that grew past MICROPLATE_AREA when plates.max plates that large
	 * were there already is one too many: the smallest of them welds on */
	bool crowded = major > pl->prm.plate_max;
	if (crowded || (micro > 0 && rng_uniform(&pl->rng) < fmin(1, micro * dt / MICROPLATE_LIFE_MYR))) {
		/* crowded, the whole excess welds on now (rifts asked for between
		 * steps, several microplates outgrowing MICROPLATE_AREA at once);
		 * one weld a step let it outlast many steps. The excess is
		 * counted again after each weld, a microplate's capture too: the
		 * first weld of a step refreshes every plate's area from this
		 * step's cells, and after a long step microplates may have grown
		 * past MICROPLATE_AREA (level 3, dt 24 Myr: 12 large plates
		 * before a capture, 15 after) */
		bool take_micro = !crowded;
		for (int w = 0, plates = pl->nplates; w < plates; w++) {
			int from = -1, into = capture_target(pl, take_micro, &from);
			if (into < 0)
				break;
			if (merge_plates(pl, into, from) < 0)
				return -1;
			sums_after_event(pl, &fresh, into - (into > from), -1);
			pair_a = -1;   /* indices moved; the suture can wait a step */
			if (plate_events_major_count(pl) <= pl->prm.plate_max)
				break;
			take_micro = false;
		}
	}
	int grown = weld_grown_microplates(pl, &fresh);
	if (grown < 0)
		return -1;
	if (grown)
		pair_a = -1;
	if (pair_a >= 0) {
		int small = pl->plates[pair_a].cells < pl->plates[pair_b].cells ? pair_a : pair_b;
		int big = small == pair_a ? pair_b : pair_a;
		/* plates.min bounds the large plates: a microplate always welds on */
		bool micro_small = plate_is_micro(&pl->plates[small]);
		if (pair_n > SUTURE_FRACTION * pl->plates[small].cells &&
		    (micro_small || plate_events_major_count(pl) > pl->prm.plate_min)) {
			if (merge_plates(pl, big, small) < 0)
				return -1;
			sums_after_event(pl, &fresh, big - (big > small), -1);
		}
	}
	int removed = 0;
	for (int i = pl->nplates - 1; i >= 0; i--)
		if (pl->plates[i].cells == 0 && pl->nplates > 1) {
			remove_plate(pl, i);
			removed = 1;
		}
	if (removed && (!fresh || pl->serial_collisions)) {   /* fresh: the sums are those */
		world_stats_update(pl);
		fresh = true;
	}
	major = plate_events_major_count(pl);
	/* rifting slows as the plate count nears its maximum, so the count
	 * settles between the bounds instead of sticking to the top */
	int span = pl->prm.plate_max - pl->prm.plate_min;
	double room = span > 0 ? 1 - (double)(major - pl->prm.plate_min) / span : 0;
	/* a plate over a quarter of the sphere rifts at the full rate whatever
	 * the count (one over plates.max at most, welded on at the next step;
	 * not where plates.min = plates.max pins it): heat pools under a plate
	 * that large, as under a supercontinent. Since margin breaks take only
	 * old floor, a continent's plate keeps its young ocean, and one grew
	 * to 45-54 % of the sphere while the count stood near the maximum and
	 * rifts waited (seed 4, level 6) */
	int giant = -1;
	for (int i = 0; i < pl->nplates; i++)
		if (pl->plates[i].area > RIFT_GIANT_AREA * 4 * M_PI &&
		    (giant < 0 || pl->plates[i].area > pl->plates[giant].area))
			giant = i;
	if (pl->prm.plate_min >= pl->prm.plate_max || major > pl->prm.plate_max)
		giant = -1;
	double p_rift = pl->prm.rift_rate * dt / 100.0 * (giant >= 0 ? 1 : clampd(room, 0, 1));
	if (major < pl->prm.plate_min ||
	    ((major < pl->prm.plate_max || giant >= 0) && rng_uniform(&pl->rng) < p_rift)) {
		/* continents rift (heat pools under them; ocean floor is too
		 * strong to tear apart): any plate big enough may split, the more
		 * continent it carries the likelier. Always splitting the largest
		 * would never let one grow to a Pacific, and tearing oceanic
		 * plates made ridges twice as long as Earth's. */
		double total = 0, min_area = RIFT_MIN_AREA * 4 * M_PI;
		for (int i = 0; i < pl->nplates; i++)
			total += pl->plates[i].area > min_area ? rift_weight(&pl->plates[i]) : 0;
		double pick = rng_uniform(&pl->rng) * total;
		int big = -1;
		for (int i = 0; i < pl->nplates && big < 0 && total > 0; i++) {
			if (pl->plates[i].area <= min_area)
				continue;
			pick -= rift_weight(&pl->plates[i]);
			if (pick <= 0)
				big = i;
		}
		if (giant >= 0)
			big = giant;
		if (big >= 0)
			rift(pl, big, giant >= 0, &fresh);
	}
	/* old passive margins start to subduct (the old floor splits off),
	 * less held back near plates.max than rifts: held back to a tenth,
	 * floor older than 200 Myr grew to 3-6 % of the floor; not at all,
	 * the floor was young (mean 48 Myr). At plates.max too, a third as
	 * often, one over it at most, the excess welding on at the next step:
	 * the default's 12 plates stand at the maximum most of the time, and
	 * with no break there the floor older than 200 Myr covered 3.5-6 % of
	 * it. Not where plates.min = plates.max pins the count. Each plate
	 * holding enough floor older than OLD_FLOOR_MYR draws on its own (in
	 * plate order from one drawn at random; serial, so the same for any
	 * thread count). The old floor, not the plate's mean age, decides:
	 * with spreading on both sides of a ridge a continent's own ocean is
	 * young near the ridge and old only along the margin, where
	 * subduction starts. */
	major = plate_events_major_count(pl);   /* a rift may have added one */
	bool pinned = pl->prm.plate_min >= pl->prm.plate_max;
	int before = pl->nplates, first = (int)rng_below(&pl->rng, (uint32_t)before);
	for (int k = 0; k < before && pl->nplates < PLATES_MAX; k++) {
		if (major > pl->prm.plate_max || (pinned && major >= pl->prm.plate_max))
			break;
		int i = (first + k) % before;
		const plate_t *p = &pl->plates[i];
		if (p->old_area <= MARGIN_BREAK_MIN_AREA * 4 * M_PI || plate_is_micro(p))
			continue;
		double boost = clampd(p->old_area / (MARGIN_BREAK_OLD_SHARE * 4 * M_PI), 1,
		                      MARGIN_BREAK_BOOST_MAX);
		if (rng_uniform(&pl->rng) < fmin(1, boost * dt / MARGIN_BREAK_MYR * clampd(room, 0.3, 1))) {
			if (margin_break(pl, i, &fresh) < 0)
				return -1;
			major = plate_events_major_count(pl);
		}
	}
	if (pl->nplates < PLATES_MAX - MICROPLATE_ROOM &&
	    rng_uniform(&pl->rng) < MICROPLATE_PER_100MYR * dt / 100.0) {
		if (microplate(pl, &fresh) < 0)
			return -1;
	}
	return 0;
}

/* Each plate relaxes toward the motion at which its forces balance
 * (plate_forces.c) over BALANCE_MYR; continents in collision are dragged
 * toward a common motion, so they stop overriding each other and can
 * suture; no plate outruns the fastest on Earth. */
void plate_events_update_velocities(planet_t *pl)
{
	double dt = pl->prm.dt_myr, R = pl->prm.radius_km;
	double wmax = PLATE_SPEED_MAX_CM_YR / CM_YR_PER_KM_MYR / R;
	double relax = 1 - exp(-dt / BALANCE_MYR);
	vec3 wv[PLATES_MAX];
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		vec3 w = v3_scale(p->pole, p->omega);
		wv[i] = v3_add(w, v3_scale(v3_sub(p->balance_omega, w), relax));
	}
	for (int a = 0; a < pl->nplates; a++)
		for (int b = a + 1; b < pl->nplates; b++) {
			int contact = pl->pair_count[a][b] + pl->pair_count[b][a];
			int small = pl->plates[a].cells < pl->plates[b].cells ? pl->plates[a].cells : pl->plates[b].cells;
			if (!contact || small <= 0)
				continue;
			double f = fmin(0.4, COLLISION_COUPLING * contact / (double)small * dt);
			vec3 d = v3_sub(wv[b], wv[a]);
			double wa = pl->plates[b].area / (pl->plates[a].area + pl->plates[b].area);
			wv[a] = v3_add(wv[a], v3_scale(d, f * wa));
			wv[b] = v3_sub(wv[b], v3_scale(d, f * (1 - wa)));
		}
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		/* collisions resist: a plate pushing into a continent slows */
		double resist = COLLISION_DRAG * p->collision_cells / fmax(1.0, (double)p->cells);
		vec3 w = v3_scale(wv[i], exp(-resist * dt));
		double om = v3_len(w);
		if (om < 1e-15)
			continue;     /* at rest: keep the pole, speed ~0 */
		p->pole = v3_scale(w, 1 / om);
		p->omega = fmin(om, wmax);
	}
}
