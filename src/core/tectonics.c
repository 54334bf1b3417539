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
 * The parallel pass only reads shared state and writes its own cell; every
 * change to plates (new crust, consumption) happens in a serial pass in cell
 * order, so the result is the same for any thread count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tectonics.h"

#define DEAD CRUST_CONSUMED
#define ARC_UPLIFT_M_MYR 40.0        /* ocean-ocean overriding side */
#define CRUST_NORMAL_KM 35.0
#define FREEBOARD_M 300.0            /* normal continent above the datum */
#define ISOSTASY_M_KM 110.0          /* height gained per km of extra crust */
#define THIN_ISOSTASY_M_KM 40.0      /* height lost per km of thinned crust */
#define SHELF_BASE_M -150.0          /* passive margins settle to shelf depth */
#define SUBDUCTION_EROSION_KM_MYR 0.03/* crust scraped off a margin at 5 cm/yr */
#define CRUST_MIN_KM 15.0            /* thinner continental crust turns oceanic */
#define OROGEN_M 5000.0              /* relief of a belt at full stress */
#define OROGEN_STRESS 0.5            /* stress (x 10 cm/yr) of full relief */
#define OROGEN_RATE 0.05             /* share of the missing height per Myr */
#define STACK_KM_MYR 2.0             /* crust stacked per Myr at 5 cm/yr */
#define ARC_TO_CONTINENT_M 0.0      /* arcs this shallow become continental */
#define SUTURE_FRACTION 0.03         /* contact cells / smaller plate's cells */
#define COLLISION_COUPLING 10.0      /* how fast colliding plates match motion */
#define SLAB_PULL 0.008              /* rad/Myr^2 per unit of pull torque */
#define DRAG_PER_MYR 0.03
#define COLLISION_DRAG 0.5
#define SPEED_MAX_CM_YR 12.0
#define RIFT_MIN_AREA 0.08           /* share of the sphere */

int tectonics_init(planet_t *pl)
{
	size_t n = (size_t)pl->grid->n;
	pl->cand_sample = malloc(n * sizeof *pl->cand_sample);
	pl->under_sample = malloc(n * sizeof *pl->under_sample);
	pl->gap_cell = malloc(n * sizeof *pl->gap_cell);
	pl->cand_owner = malloc(n * sizeof *pl->cand_owner);
	pl->under_plate = malloc(n * sizeof *pl->under_plate);
	return pl->cand_sample && pl->under_sample && pl->gap_cell && pl->cand_owner &&
	       pl->under_plate ? 0 : -1;
}

void tectonics_done(planet_t *pl)
{
	free(pl->cand_sample);
	free(pl->under_sample);
	free(pl->gap_cell);
	free(pl->cand_owner);
	free(pl->under_plate);
	free(pl->sample_seen);
}

typedef struct own_ctx { planet_t *pl; } own_ctx;

/* Which plates cover each cell now. Reads plates, writes only cell c. */
static void ownership_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((own_ctx *)ctx)->pl;
	const grid_t *g = pl->grid;
	for (int c = b; c < e; c++) {
		int prev = pl->owner[c];
		int cand[8], hint[8], nc = 0;
		cand[nc] = prev;
		hint[nc++] = pl->plates[prev].crust.cell[pl->sample[c]];
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k], o = pl->owner[nb], dup = 0;
			for (int i = 0; i < nc; i++)
				dup |= cand[i] == o;
			if (!dup && nc < 8) {
				cand[nc] = o;
				hint[nc++] = pl->plates[o].crust.cell[pl->sample[nb]];
			}
		}
		int best = -1, best_s = -1, under = -1, under_s = -1;
		int gap_k = -1;
		for (int i = 0; i < nc; i++) {
			const plate_t *p = &pl->plates[cand[i]];
			int k = grid_locate_from(g, m3_apply(&p->Rt, g->centre[c]), hint[i]);
			int s = cellmap_get(&p->map, k);
			if (i == 0)
				gap_k = k;
			if (s < 0)
				continue;
			if (best < 0) {
				best = cand[i];
				best_s = s;
			} else if (crust_overrides(p, s, &pl->plates[best], best_s, cand[i] == prev)) {
				under = best;
				under_s = best_s;
				best = cand[i];
				best_s = s;
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
	}
}

/* Fresh ocean floor at plate-frame cell k: ridge depth, age 0, and the
 * faint abyssal-hill relief of the terrain noise at that spot. */
static int new_ocean_floor(planet_t *pl, plate_t *p, int k)
{
	int s = crust_add(&p->crust, k, CRUST_OCEANIC, (float)RIDGE_DEPTH_M, 7, 0);
	if (s >= 0)
		p->crust.detail[s] = (float)(0.25 * (noise_stack_eval(&pl->terrain, pl->prm.layers,
		                                     pl->prm.layer_count, pl->grid->centre[k]) - pl->noise_mean));
	return s;
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

static void kill_sample(plate_t *p, int s)
{
	if (p->crust.type[s] == DEAD)
		return;
	p->crust.type[s] = DEAD;
	cellmap_set(&p->map, p->crust.cell[s], -1);   /* unmapping never allocates */
}

/* Drop consumed samples from a plate's pool; remap[] gets old -> new. The
 * map is rebuilt so pages the plate no longer covers are freed. */
static int compact_plate(planet_t *pl, int pi, int32_t *remap)
{
	plate_t *p = &pl->plates[pi];
	crust_pool *cr = &p->crust;
	int j = 0, rc = 0;
	cellmap_clear(&p->map);
	for (int i = 0; i < cr->count; i++) {
		if (cr->type[i] == DEAD) {
			remap[i] = -1;
			continue;
		}
		remap[i] = j;
		cr->cell[j] = cr->cell[i];
		cr->type[j] = cr->type[i];
		cr->elev[j] = cr->elev[i];
		cr->thick[j] = cr->thick[i];
		cr->age[j] = cr->age[i];
		cr->orogeny[j] = cr->orogeny[i];
		cr->detail[j] = cr->detail[i];
		rc |= cellmap_set(&p->map, cr->cell[j], j);
		j++;
	}
	cr->count = j;
	for (int c = 0; c < pl->grid->n; c++)
		if (pl->owner[c] == pi)
			pl->sample[c] = remap[pl->sample[c]];
	return rc;
}

static int live_samples(const plate_t *p)
{
	int live = 0;
	for (int i = 0; i < p->crust.count; i++)
		live += p->crust.type[i] != DEAD;
	return live;
}

/* Mountain belts: continental crust under compression (the stress of the
 * last step, which spreads a few hundred km in from the boundary) rises
 * toward a height set by the stress, on top of its isostatic base. Serial:
 * two world cells may show the same sample. */
static void orogeny(planet_t *pl)
{
	double rate = fmin(1.0, OROGEN_RATE * pl->prm.dt_myr);
	double relief = OROGEN_M * pl->prm.stress_uplift_m / 3500.0;
	for (int c = 0; c < pl->grid->n; c++) {
		double st = pl->stress[c];
		if (st <= 0)
			continue;
		crust_pool *cr = &pl->plates[pl->owner[c]].crust;
		int s = pl->sample[c];
		if (cr->type[s] != CRUST_CONTINENTAL)
			continue;
		double dthick = cr->thick[s] - CRUST_NORMAL_KM;
		double base = FREEBOARD_M + dthick * (dthick > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
		double target = base + relief * pow(fmin(1.0, st / OROGEN_STRESS), 0.8);
		if (cr->elev[s] < target) {
			double up = (target - cr->elev[s]) * rate;
			cr->elev[s] = (float)fmin(ELEV_MAX_M, cr->elev[s] + up);
			cr->orogeny[s] += (float)up;
		}
	}
}

/* Thickened continental crust relaxes: thickness diffuses through the
 * continent, and where crust thicker than CRUST_COLLAPSE_KM meets the plate's
 * own ocean floor it spreads onto it. Collisions stack crust (area lost,
 * thickness gained); this gives the area back, so the continental volume,
 * not just its outline, is what a long run keeps. */
#define CRUST_COLLAPSE_KM 42.0
#define THICK_DIFFUSION 0.05        /* share of a thickness difference per Myr */

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

/* The height continental sample i settles at: where crust of its thickness
 * floats (thick crust keeps high plateaus, thinned crust sinks a little), or
 * shelf depth on a passive margin, where the plate's own ocean floor is next
 * door. Erosion and rebound pull toward it. */
static double continental_base(const planet_t *pl, const plate_t *p, int i)
{
	const crust_pool *cr = &p->crust;
	const grid_t *g = pl->grid;
	int k = cr->cell[i];
	for (int q = g->nbr_off[k]; q < g->nbr_off[k + 1]; q++) {
		int j = cellmap_get(&p->map, g->nbr[q]);
		if (j >= 0 && cr->type[j] == CRUST_OCEANIC)
			return SHELF_BASE_M;
	}
	double dthick = cr->thick[i] - CRUST_NORMAL_KM;
	return FREEBOARD_M + dthick * (dthick > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
}

/* Age the crust, deepen old ocean floor, erode continents. Per plate. */
static void age_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ctx;
	double dt = pl->prm.dt_myr;
	double keep = exp(-pl->prm.erosion_rate * dt);
	for (int pi = b; pi < e; pi++) {
		relax_continents(pl, &pl->plates[pi]);
		crust_pool *cr = &pl->plates[pi].crust;
		for (int i = 0; i < cr->count; i++) {
			if (cr->type[i] == DEAD)
				continue;
			double age = cr->age[i], el = cr->elev[i];
			if (cr->type[i] == CRUST_OCEANIC) {
				el += ocean_depth_for_age(age + dt) - ocean_depth_for_age(age);
			} else {
				/* erosion (and rebound) toward the height at which crust of
				 * this thickness floats: thick crust keeps high plateaus,
				 * normal crust settles a few hundred metres above the sea */
				double base = continental_base(pl, &pl->plates[pi], i);
				el = base + (el - base) * keep;
			}
			cr->age[i] = (float)(age + dt);
			cr->elev[i] = (float)clampd(el, ELEV_MIN_M, ELEV_MAX_M);
			cr->orogeny[i] *= (float)keep;
		}
	}
}

/* Remove plate index pi (it owns no cells); later plates shift down. */
static void remove_plate(planet_t *pl, int pi)
{
	cellmap_free(&pl->plates[pi].map);
	crust_free(&pl->plates[pi].crust);
	memmove(&pl->plates[pi], &pl->plates[pi + 1], (size_t)(pl->nplates - pi - 1) * sizeof(plate_t));
	pl->nplates--;
	memset(&pl->plates[pl->nplates], 0, sizeof(plate_t));
	for (int c = 0; c < pl->grid->n; c++)
		if (pl->owner[c] > pi)
			pl->owner[c]--;
}

/* Move all crust of plate `from` into plate `into` (suturing). */
static int merge_plates(planet_t *pl, int into, int from)
{
	plate_t *a = &pl->plates[into], *b = &pl->plates[from];
	const grid_t *g = pl->grid;
	mat3 to_a = {{0}};
	/* world <- b frame, then a frame <- world */
	quat q = q_mul(q_conj(a->rot), b->rot);
	to_a = q_to_mat3(q);
	int hint = 0;
	for (int i = 0; i < b->crust.count; i++) {
		if (b->crust.type[i] == DEAD)
			continue;
		int k = grid_locate_from(g, m3_apply(&to_a, g->centre[b->crust.cell[i]]), hint);
		hint = k;
		int s = cellmap_get(&a->map, k);
		if (s >= 0) {
			/* overlap: the thicker stack wins, heights add up partly */
			if (b->crust.type[i] == CRUST_CONTINENTAL) {
				/* stacked continents: keep the volume as thickness */
				if (a->crust.type[s] == CRUST_CONTINENTAL)
					a->crust.thick[s] += b->crust.thick[i];
				else
					a->crust.thick[s] = b->crust.thick[i];
				a->crust.type[s] = CRUST_CONTINENTAL;
				a->crust.elev[s] = (float)fmin(ELEV_MAX_M, fmax(a->crust.elev[s], b->crust.elev[i]) + 200);
			}
			continue;
		}
		s = crust_copy(&a->crust, k, &b->crust, i);
		if (s < 0)
			return -1;
		if (cellmap_set(&a->map, k, s) < 0)
			return -1;
	}
	/* cells of b now belong to a */
	for (int c = 0; c < g->n; c++) {
		if (pl->owner[c] != from)
			continue;
		int k = grid_locate_from(g, m3_apply(&a->Rt, g->centre[c]), 0);
		if (cellmap_get(&a->map, k) < 0) {
			int s = new_ocean_floor(pl, a, k);
			if (s < 0)
				return -1;
			if (cellmap_set(&a->map, k, s) < 0)
				return -1;
		}
		pl->owner[c] = (uint16_t)into;
		pl->sample[c] = cellmap_get(&a->map, k);
	}
	remove_plate(pl, from);
	return 0;
}

int tectonics_rift(planet_t *pl, int pi)
{
	if (pl->nplates >= PLATES_MAX || pl->nplates >= pl->prm.plate_max)
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
	q->id = pl->next_id++;
	plate_set_rotation(q, p->rot);
	/* the halves drift apart: angular velocities differ by +-(c x n) */
	double sep = 2.0 / CM_YR_PER_KM_MYR / pl->prm.radius_km;   /* 2 cm/yr */
	vec3 w = v3_scale(p->pole, p->omega);
	vec3 dw = v3_scale(v3_cross(centroid, normal), sep);
	vec3 wp = v3_sub(w, dw), wq = v3_add(w, dw);
	p->omega = v3_len(wp);
	p->pole = v3_norm(wp);
	q->omega = v3_len(wq);
	q->pole = v3_norm(wq);
	plate_colour_for(q->id, &q->r, &q->g, &q->b);
	/* move the samples on the +normal side (warped so the rift wanders) */
	for (int i = 0; i < p->crust.count; i++) {
		if (p->crust.type[i] == DEAD)
			continue;
		vec3 x = g->centre[p->crust.cell[i]];
		double side = v3_dot(x, normal_pf) +
		              0.08 * noise_fbm(&pl->climate, v3_scale(x, 1.0), 3.0, 3, 0.5);
		if (side <= 0 || v3_dot(x, centroid_pf) < 0.2)
			continue;
		int s = crust_copy(&q->crust, p->crust.cell[i], &p->crust, i);
		if (s < 0)
			return -1;
		if (cellmap_set(&q->map, p->crust.cell[i], s) < 0)
			return -1;
		kill_sample(p, i);
	}
	if (q->crust.count == 0) {
		cellmap_free(&q->map);
		memset(q, 0, sizeof *q);
		return -1;
	}
	pl->nplates++;
	/* hand the moved cells to the new plate */
	for (int c = 0; c < g->n; c++) {
		if (pl->owner[c] != pi)
			continue;
		int k = p->crust.cell[pl->sample[c]];
		if (cellmap_get(&q->map, k) >= 0) {
			pl->owner[c] = (uint16_t)ni;
			pl->sample[c] = cellmap_get(&q->map, k);
		}
	}
	int32_t *remap = malloc((size_t)p->crust.count * sizeof *remap);
	if (!remap)
		return -1;
	int rc = compact_plate(pl, pi, remap);
	free(remap);
	return rc;
}

/* Slab pull speeds plates toward their trenches; drag and collisions slow
 * them; speeds stay within what the Earth shows. */
static void update_velocities(planet_t *pl)
{
	double dt = pl->prm.dt_myr, R = pl->prm.radius_km;
	double wmax = SPEED_MAX_CM_YR / CM_YR_PER_KM_MYR / R;
	double wmin = pl->prm.speed_min_cm_yr / CM_YR_PER_KM_MYR / R;
	/* continents in collision drag each other toward a common motion, so
	 * they stop overriding each other and can suture */
	vec3 wv[PLATES_MAX];
	for (int i = 0; i < pl->nplates; i++)
		wv[i] = v3_scale(pl->plates[i].pole, pl->plates[i].omega);
	for (int a = 0; a < pl->nplates; a++)
		for (int b = a + 1; b < pl->nplates; b++) {
			int contact = pl->pair_count[a][b] + pl->pair_count[b][a];
			int small = pl->plates[a].cells < pl->plates[b].cells ? pl->plates[a].cells : pl->plates[b].cells;
			if (!contact || small <= 0)
				continue;
			double f = fmin(0.4, COLLISION_COUPLING * contact / (double)small) * dt;
			f = fmin(f, 0.4);
			vec3 d = v3_sub(wv[b], wv[a]);
			double wa = pl->plates[b].area / (pl->plates[a].area + pl->plates[b].area);
			wv[a] = v3_add(wv[a], v3_scale(d, f * wa));
			wv[b] = v3_sub(wv[b], v3_scale(d, f * (1 - wa)));
		}
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		if (p->area <= 0)
			continue;
		vec3 w = wv[i];
		w = v3_add(w, v3_scale(p->torque, SLAB_PULL * dt / p->area));
		double drag = DRAG_PER_MYR * (1 + 2 * (p->area > 0 ? p->cont_area / p->area : 0));
		drag += COLLISION_DRAG * p->collision_cells / fmax(1.0, (double)p->cells);
		w = v3_scale(w, exp(-drag * dt));
		double om = v3_len(w);
		if (om < 1e-15) {
			continue;
		}
		p->pole = v3_scale(w, 1 / om);
		p->omega = clampd(om, wmin, wmax);
	}
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
		plate_set_rotation(p, q_mul(dq, p->rot));
		p->torque = v3(0, 0, 0);
		p->collision_cells = 0;
	}

	/* 2. ownership, in parallel; results per cell */
	own_ctx oc = {pl};
	pool_for(pl->pool, n, 2048, ownership_chunk, &oc);

	double t1 = clock_ms();
	/* 3-4. serial, in cell order: new crust, subduction, collisions */
	double created = 0, consumed = 0;
	int pair_a = -1, pair_b = -1, pair_n = 0;
	int (*pair_count)[PLATES_MAX] = pl->pair_count;
	memset(pair_count, 0, sizeof pl->pair_count);
	for (int c = 0; c < n; c++) {
		int o = pl->cand_owner[c];
		if (o >= 0) {
			pl->owner[c] = (uint16_t)o;
			pl->sample[c] = pl->cand_sample[c];
		} else {
			/* divergence: the plate that left grows fresh ocean floor */
			int prev = pl->owner[c];
			plate_t *p = &pl->plates[prev];
			int k = pl->gap_cell[c];
			int s = cellmap_get(&p->map, k);
			if (s < 0) {
				/* A gap with only its own plate around is a hole left inside
				 * a plate (crust stacked away in a collision, then moved on):
				 * it heals with crust like its neighbour's. Elsewhere the
				 * gap is a ridge: fresh ocean floor. */
				int like = interior_neighbour(pl, c, prev);
				if (like >= 0)
					s = crust_copy(&p->crust, k, &p->crust, like);
				else
					s = new_ocean_floor(pl, p, k);
				if (s < 0) {
					snprintf(err, errlen, "out of memory growing crust");
					return -1;
				}
				if (cellmap_set(&p->map, k, s) < 0) {
					snprintf(err, errlen, "out of memory growing crust");
					return -1;
				}
				if (like < 0)
					created += g->area[c];
			}
			pl->sample[c] = s;
		}
	}
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
	for (int c = 0; c < n; c++)
		pl->sample_seen[base[pl->owner[c]] + (size_t)pl->sample[c]] = 1;

	for (int c = 0; c < n; c++) {
		int o = pl->cand_owner[c], u = pl->under_plate[c];
		if (o < 0 || u < 0)
			continue;
		plate_t *po = &pl->plates[o], *pu = &pl->plates[u];
		int so = pl->cand_sample[c], su = pl->under_sample[c];
		if (pu->crust.type[su] == DEAD)
			continue;
		/* closing speed at this cell, km/Myr */
		vec3 x = v3_scale(g->centre[c], R);
		vec3 rel = v3_sub(plate_velocity(pu, x), plate_velocity(po, x));
		double close = fmin(v3_len(rel), 150) / 50.0;   /* 1 at 5 cm/yr */
		double uplift_scale = pl->prm.stress_uplift_m / 3500.0;
		if (pu->crust.type[su] == CRUST_OCEANIC) {
			/* subduction: consume, lift the overriding edge, pull the slab */
			if (!pl->sample_seen[base[u] + (size_t)su]) {
				kill_sample(pu, su);
				consumed += g->area[c];
			}
			/* volcanic arcs build up on an oceanic overriding plate until
			 * they surface and become new continental crust; continental
			 * margins rise through the orogeny pass below */
			if (po->crust.type[so] == CRUST_OCEANIC) {
				double up = ARC_UPLIFT_M_MYR * close * dt * uplift_scale;
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
				po->crust.thick[so] -= (float)(SUBDUCTION_EROSION_KM_MYR * close * dt);
				if (po->crust.thick[so] < CRUST_MIN_KM) {
					po->crust.type[so] = CRUST_OCEANIC;
					po->crust.thick[so] = 7;
				}
			}
			/* the slab pulls its plate along its motion into the trench */
			pu->torque = v3_add(pu->torque, v3_scale(v3_cross(g->centre[c], v3_norm(rel)), g->area[c]));
		} else {
			/* continental collision: the lower crust is stacked onto the
			 * upper one (thickness moves, volume is kept), the front rises,
			 * the plates slow down and may suture */
			double moved = fmin(pu->crust.thick[su], STACK_KM_MYR * close * dt);
			pu->crust.thick[su] -= (float)moved;
			po->crust.thick[so] += (float)moved;
			if (pu->crust.thick[su] < 1 && !pl->sample_seen[base[u] + (size_t)su]) {
				po->crust.thick[so] += pu->crust.thick[su];
				kill_sample(pu, su);
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
	pl->stats.crust_created = created / (4 * M_PI);
	pl->stats.crust_consumed = consumed / (4 * M_PI);

	orogeny(pl);

	double t2 = clock_ms();
	/* 5. ageing and erosion, each plate on its own */
	pool_for(pl->pool, pl->nplates, 1, age_chunk, pl);

	/* tidy pools that carry many consumed samples */
	int32_t *remap = NULL;
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		int live = live_samples(p);
		if (p->crust.count - live > p->crust.count / 4 + 64) {
			int32_t *r = realloc(remap, (size_t)p->crust.count * sizeof *r);
			if (!r) {
				free(remap);
				snprintf(err, errlen, "out of memory compacting crust");
				return -1;
			}
			remap = r;
			if (compact_plate(pl, i, remap) < 0) {
				free(remap);
				snprintf(err, errlen, "out of memory compacting crust");
				return -1;
			}
		}
	}
	free(remap);

	/* 6. events: sutures, vanished plates, rifts. Plate areas are those of
	 * the end of the last step: a plate that owned no cell then owns none
	 * now, and a step's lag in the others changes no decision much. */
	if (pair_a >= 0) {
		int small = pl->plates[pair_a].cells < pl->plates[pair_b].cells ? pair_a : pair_b;
		int big = small == pair_a ? pair_b : pair_a;
		if (pair_n > SUTURE_FRACTION * pl->plates[small].cells && pl->nplates > pl->prm.plate_min) {
			if (merge_plates(pl, big, small) < 0) {
				snprintf(err, errlen, "out of memory suturing plates");
				return -1;
			}
			stats_update(pl);
		}
	}
	int removed = 0;
	for (int i = pl->nplates - 1; i >= 0; i--)
		if (pl->plates[i].cells == 0 && pl->nplates > 1) {
			remove_plate(pl, i);
			removed = 1;
		}
	if (removed)
		stats_update(pl);
	/* rifting slows as the plate count nears its maximum, so the count
	 * settles between the bounds instead of sticking to the top */
	int span = pl->prm.plate_max - pl->prm.plate_min;
	double room = span > 0 ? 1 - (double)(pl->nplates - pl->prm.plate_min) / span : 0;
	double p_rift = pl->prm.rift_rate * dt / 100.0 * clampd(room, 0, 1);
	if (pl->nplates < pl->prm.plate_min ||
	    (pl->nplates < pl->prm.plate_max && rng_uniform(&pl->rng) < p_rift)) {
		int big = -1;
		double best = RIFT_MIN_AREA * 4 * M_PI;
		for (int i = 0; i < pl->nplates; i++)
			if (pl->plates[i].area > best) {
				best = pl->plates[i].area;
				big = i;
			}
		if (big >= 0 && tectonics_rift(pl, big) == 0)
			stats_update(pl);
	}
	update_velocities(pl);
	pl->phase_ms[PHASE_MOTION] = t1 - t0;
	pl->phase_ms[PHASE_COLLISION] = t2 - t1;
	pl->phase_ms[PHASE_CRUST] = clock_ms() - t2;
	return 0;
}
