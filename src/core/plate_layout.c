/* plate_layout.c: the step-0 plate layout and the crust plates carry.
 *
 * Seeds are picked by a Fisher-Yates shuffle of seeded candidate points, and
 * each plate grows outward from its seed with its own strength and a
 * preferred direction, like the devlog's randomised expansion. To keep the
 * layout the same at every grid resolution, the growth is written as a
 * continuous arrival-time field: a point belongs to the plate whose front
 * reaches it first, where a front travels at strength * (1 + bias * cos) and
 * the point is first displaced by a noise warp (ragged, non-Voronoi edges).
 * The grid only samples that field. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "planet_internal.h"

#define SEED_CANDIDATES 512
#define CONTINENT_SUBMERGED 0.45   /* continental crust under the sea at step 0
                                   * (shelves, margins), share of the land or
                                   * the sea, whichever is smaller: shelves
                                   * fringe coasts, and the coast is longest
                                   * when land and sea are even (0.135 of
                                   * the sphere by default, which the margins
                                   * of crust.c keep at 0.11-0.14; Earth:
                                   * about 0.11; at 0.23 it fell to 0.05) */

/* A random unit tangent to the sphere at p. */
static vec3 random_tangent(rng_t *r, vec3 p)
{
	vec3 a = rng_unit(r);
	vec3 t = v3_sub(a, v3_scale(p, v3_dot(a, p)));
	return v3_norm(t);
}

typedef struct layout {
	planet_t *pl;
	int k;
	vec3 seed[PLATES_MAX], bias[PLATES_MAX];
	double strength[PLATES_MAX], bias_amt[PLATES_MAX];
	float *ratio;        /* arrival(own) / arrival(second) per cell */
	float *cont_noise;   /* continent-shape noise per cell, [0,1] */
} layout;

/* The warp moves a point by a smooth noise vector so plate edges wander. */
static vec3 warp_point(const planet_t *pl, vec3 c)
{
	double w = pl->prm.plate_warp;
	if (w <= 0)
		return c;
	const noise_t *nz = &pl->layout;
	vec3 d = v3(noise_fbm(nz, v3_add(c, v3(11.3, 0, 0)), 1.6, 4, 0.5),
	            noise_fbm(nz, v3_add(c, v3(0, 23.1, 0)), 1.6, 4, 0.5),
	            noise_fbm(nz, v3_add(c, v3(0, 0, 37.9)), 1.6, 4, 0.5));
	return v3_norm(v3_add(c, v3_scale(d, w)));
}

static void layout_chunk(void *ctx, int b, int e, int chunk)
{
	layout *L = ctx;
	planet_t *pl = L->pl;
	for (int c = b; c < e; c++) {
		vec3 p = pl->grid->centre[c];
		vec3 q = warp_point(pl, p);
		double best = INFINITY, second = INFINITY;
		int owner = 0;
		for (int i = 0; i < L->k; i++) {
			double a = v3_angle(L->seed[i], q);
			vec3 t = v3_sub(q, v3_scale(L->seed[i], v3_dot(q, L->seed[i])));
			double tl = v3_len(t);
			double cosb = tl > 1e-12 ? v3_dot(t, L->bias[i]) / tl : 0;
			double arrival = a / (L->strength[i] * (1 + L->bias_amt[i] * cosb));
			if (arrival < best) {
				second = best;
				best = arrival;
				owner = i;
			} else if (arrival < second) {
				second = arrival;
			}
		}
		pl->owner[c] = (uint16_t)owner;
		L->ratio[c] = (float)(second > 0 ? best / second : 1);
		L->cont_noise[c] = (float)(0.5 + 0.5 * noise_fbm(&pl->terrain,
		                          v3_add(p, v3(5.2, -1.7, 3.3)), 1.8, 5, 0.55));
	}
}

/* Keep each plate one piece: cells cut off from their plate's main body
 * join a neighbouring plate. */
static void layout_connect(planet_t *pl, const float *ratio)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	int32_t *queue = malloc((size_t)n * sizeof *queue);
	uint8_t *reached = calloc((size_t)n, 1);
	if (!queue || !reached)
		goto out;
	/* root of each plate: its cell deepest inside (smallest ratio) */
	int root[PLATES_MAX];
	float best[PLATES_MAX];
	for (int i = 0; i < pl->nplates; i++) {
		root[i] = -1;
		best[i] = 2;
	}
	for (int c = 0; c < n; c++) {
		int o = pl->owner[c];
		if (ratio[c] < best[o]) {
			best[o] = ratio[c];
			root[o] = c;
		}
	}
	int head = 0, tail = 0;
	for (int i = 0; i < pl->nplates; i++)
		if (root[i] >= 0) {
			queue[tail++] = root[i];
			reached[root[i]] = 1;
		}
	while (head < tail) {
		int c = queue[head++];
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (!reached[nb] && pl->owner[nb] == pl->owner[c]) {
				reached[nb] = 1;
				queue[tail++] = nb;
			}
		}
	}
	/* orphans take the owner of a reached neighbour, wave by wave */
	int changed = 1;
	while (changed) {
		changed = 0;
		for (int c = 0; c < n; c++) {
			if (reached[c])
				continue;
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				int nb = g->nbr[k];
				if (reached[nb] == 1) {
					pl->owner[c] = pl->owner[nb];
					reached[c] = 2;
					changed = 1;
					break;
				}
			}
		}
		for (int c = 0; c < n; c++)
			if (reached[c] == 2)
				reached[c] = 1;
	}
out:
	free(queue);
	free(reached);
}

/* Area-weighted quantile of score over the cells where mask is set. */
static double weighted_quantile(const grid_t *g, const float *score, const uint8_t *mask,
                                double fraction_of_sphere)
{
	enum { BINS = 4096 };
	double hist[BINS] = {0};
	double total = 0;
	for (int c = 0; c < g->n; c++) {
		if (!mask[c])
			continue;
		int b = (int)(clampd(score[c], 0, 0.999999) * BINS);
		hist[b] += g->area[c];
		total += g->area[c];
	}
	double want = fraction_of_sphere * 4 * M_PI, acc = 0;
	if (want >= total)
		return 0;
	for (int b = BINS - 1; b >= 0; b--) {
		acc += hist[b];
		if (acc >= want)
			return (double)b / BINS;
	}
	return 0;
}

/* Share of the sphere owned by the plates marked continental. */
static double continental_area(const planet_t *pl, const uint8_t *continental)
{
	const grid_t *g = pl->grid;
	double area = 0;
	for (int c = 0; c < g->n; c++)
		area += continental[pl->owner[c]] ? g->area[c] : 0;
	return area / (4 * M_PI);
}

/* Seeds and growth: every cell gets an owner (one piece per plate); L gets
 * the arrival ratio and continent noise per cell (caller frees). Draws the
 * seeds, strengths and biases from r. */
static int layout_grow(planet_t *pl, layout *L, rng_t *r, char *err, size_t errlen)
{
	const params *prm = &pl->prm;
	int n = pl->grid->n;
	L->pl = pl;

	/* seeds: Fisher-Yates over seeded candidate points, keeping a spacing */
	int k = prm->plate_count < PLATES_MAX ? prm->plate_count : PLATES_MAX;
	vec3 cand[SEED_CANDIDATES];
	int order[SEED_CANDIDATES];
	for (int i = 0; i < SEED_CANDIDATES; i++) {
		cand[i] = rng_unit(r);
		order[i] = i;
	}
	for (int i = SEED_CANDIDATES - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1);
		int t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	double min_sep = 0.6 * sqrt(4 * M_PI / k);
	int got = 0;
	for (int pass = 0; pass < 4 && got < k; pass++, min_sep *= 0.6)
		for (int i = 0; i < SEED_CANDIDATES && got < k; i++) {
			vec3 s = cand[order[i]];
			int ok = 1;
			for (int j = 0; j < got && ok; j++)
				ok = v3_angle(s, L->seed[j]) >= min_sep;
			if (ok)
				L->seed[got++] = s;
		}
	k = got;
	/* explicit plates (plates.list): their own seed points */
	if (prm->plate_list_count > 0) {
		k = prm->plate_list_count < PLATES_MAX ? prm->plate_list_count : PLATES_MAX;
		for (int i = 0; i < k; i++)
			L->seed[i] = v3_from_latlon(prm->plate_list[i].lat * M_PI / 180,
			                            prm->plate_list[i].lon * M_PI / 180);
	}
	L->k = k;
	for (int i = 0; i < k; i++) {
		L->strength[i] = rng_range(r, prm->growth_strength_min, prm->growth_strength_max);
		L->bias[i] = random_tangent(r, L->seed[i]);
		L->bias_amt[i] = prm->growth_bias * rng_uniform(r) * 0.9;
	}

	L->ratio = malloc((size_t)n * sizeof(float));
	L->cont_noise = malloc((size_t)n * sizeof(float));
	if (!L->ratio || !L->cont_noise) {
		snprintf(err, errlen, "out of memory laying out plates");
		free(L->ratio);
		free(L->cont_noise);
		L->ratio = L->cont_noise = NULL;
		return -1;
	}
	pl->nplates = k;
	pool_for(pl->pool, n, 2048, layout_chunk, L);
	layout_connect(pl, L->ratio);
	return 0;
}

/* Each plate's Euler pole, speed (continental plates are slower), colour
 * and empty crust map, drawn from r. */
static int layout_motions(planet_t *pl, rng_t *r, const uint8_t *continental,
                          char *err, size_t errlen)
{
	const params *prm = &pl->prm;
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		memset(p, 0, sizeof *p);
		p->id = pl->next_id++;
		p->pole = rng_unit(r);
		double cm_yr = rng_range(r, prm->speed_min_cm_yr, prm->speed_max_cm_yr);
		if (continental[i])
			cm_yr = prm->speed_min_cm_yr + 0.5 * (cm_yr - prm->speed_min_cm_yr);
		if (prm->plate_list_count > 0 && prm->plate_list[i].has_motion) {
			const plate_spec *sp = &prm->plate_list[i];
			p->pole = v3_from_latlon(sp->pole_lat * M_PI / 180, sp->pole_lon * M_PI / 180);
			cm_yr = sp->speed_cm_yr;
		}
		p->omega = cm_yr / CM_YR_PER_KM_MYR / prm->radius_km;
		plate_set_rotation(p, q_identity());
		plate_colour_for(p->id, &p->r, &p->g, &p->b);
		if (cellmap_init(&p->map, pl->grid->n) < 0) {
			snprintf(err, errlen, "out of memory for plate maps");
			return -1;
		}
	}
	return 0;
}

/* One crust sample of the given type at every cell, in its owner plate. */
static int layout_crust(planet_t *pl, const uint8_t *type_of, char *err, size_t errlen)
{
	for (int c = 0; c < pl->grid->n; c++) {
		plate_t *p = &pl->plates[pl->owner[c]];
		uint8_t type = type_of[c];
		int s = crust_add(&p->crust, c, type, 0, type == CRUST_CONTINENTAL ? 35 : 7, 0);
		if (s < 0 || cellmap_set(&p->map, c, s) < 0) {
			snprintf(err, errlen, "out of memory for crust");
			return -1;
		}
		pl->sample[c] = s;
	}
	return 0;
}

/* The plates grown from their seeds (into L, r continuing the layout's
 * random stream) and a zeroed byte per cell for the caller; NULL, with err
 * set and L's fields freed, when memory runs out. */
static uint8_t *layout_start(planet_t *pl, layout *L, rng_t *r, char *err, size_t errlen)
{
	rng_seed_stream(r, pl->prm.seed, 1);
	if (layout_grow(pl, L, r, err, errlen) < 0)
		return NULL;
	uint8_t *cells = calloc((size_t)pl->grid->n, 1);
	if (!cells) {
		snprintf(err, errlen, "out of memory laying out plates");
		free(L->ratio);
		free(L->cont_noise);
	}
	return cells;
}

int plate_layout_generate(planet_t *pl, char *err, size_t errlen)
{
	const params *prm = &pl->prm;
	const grid_t *g = pl->grid;
	int n = g->n;
	layout L = {.pl = pl};
	rng_t r;
	uint8_t *mask = layout_start(pl, &L, &r, err, errlen);
	if (!mask)
		return -1;
	int k = L.k;
	/* which plates carry continents: a shuffled share of them, exactly as
	 * plates.continental_fraction asks (rounded; one at least when > 0) */
	int ncont = (int)lrint(prm->continental_fraction * k);
	if (ncont < 1 && prm->continental_fraction > 0)
		ncont = 1;
	int porder[PLATES_MAX];
	uint8_t continental[PLATES_MAX] = {0};
	for (int i = 0; i < k; i++)
		porder[i] = i;
	for (int i = k - 1; i > 0; i--) {
		int j = (int)rng_below(&r, (uint32_t)i + 1);
		int t = porder[i];
		porder[i] = porder[j];
		porder[j] = t;
	}
	for (int i = 0; i < ncont; i++)
		continental[porder[i]] = 1;
	if (prm->plate_list_count > 0) {
		ncont = 0;
		for (int i = 0; i < k; i++)
			ncont += continental[i] = prm->plate_list[i].type == 1;
	}
	/* continents fill at most ~80 % of their plates: if the drawn plates are
	 * too small for the land asked, they grow faster and the layout is
	 * drawn again, rather than more plates turning continental */
	double target = prm->ocean_fraction >= 0 ? (1 - prm->ocean_fraction) +
	                CONTINENT_SUBMERGED * fmin(prm->ocean_fraction, 1 - prm->ocean_fraction) : 0.32;
	for (int round = 0; ncont > 0 && ncont < k && round < 8; round++) {
		double cont_area = continental_area(pl, continental);
		if (cont_area >= target / 0.8)
			break;
		/* a plate's reach grows with its strength, its area about squared */
		double f = sqrt(target / 0.8 / fmax(cont_area, 1e-3));
		for (int i = 0; i < k; i++)
			if (continental[i])
				L.strength[i] *= fmin(f * 1.05, 4);
		pool_for(pl->pool, n, 2048, layout_chunk, &L);
		layout_connect(pl, L.ratio);
	}

	int rc = layout_motions(pl, &r, continental, err, errlen);

	/* continents: deep inside continental plates, shaped by noise; the
	 * threshold is an area quantile so the continental share is as asked */
	float *score = L.ratio;   /* reused in place */
	for (int c = 0; c < n; c++) {
		mask[c] = continental[pl->owner[c]];
		score[c] = (float)(0.55 * (1 - L.ratio[c]) + 0.45 * L.cont_noise[c]);
	}
	double thr = weighted_quantile(g, score, mask, target);
	for (int c = 0; c < n; c++)
		mask[c] = mask[c] && score[c] > thr ? CRUST_CONTINENTAL : CRUST_OCEANIC;
	if (rc == 0)
		rc = layout_crust(pl, mask, err, errlen);
	free(L.ratio);
	free(L.cont_noise);
	free(mask);
	return rc;
}

#define IMPORT_WHOLE_PLATES 1.5   /* landmasses up to this many mean plates
                                   * go whole to one plate */

/* Landmass of cell c0 (continental cells joined through neighbours), into
 * cells[]; marks them in seen. Returns its cell count. */
static int landmass(const planet_t *pl, const uint8_t *type_of, int c0, uint8_t *seen,
                    int32_t *cells)
{
	const grid_t *g = pl->grid;
	int head = 0, tail = 0;
	cells[tail++] = c0;
	seen[c0] = 1;
	while (head < tail) {
		int c = cells[head++];
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (!seen[nb] && type_of[nb] == CRUST_CONTINENTAL) {
				seen[nb] = 1;
				cells[tail++] = nb;
			}
		}
	}
	return tail;
}

int plate_layout_imported(planet_t *pl, const uint8_t *type_of, char *err, size_t errlen)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	layout L = {.pl = pl};
	rng_t r;
	uint8_t *seen = layout_start(pl, &L, &r, err, errlen);
	if (!seen)
		return -1;
	int k = L.k;
	int cells[PLATES_MAX] = {0};
	for (int c = 0; c < n; c++)
		cells[pl->owner[c]]++;
	/* a landmass goes to the plate holding most of it, unless that would
	 * empty another plate; its cells are then never a plate's root */
	double whole = IMPORT_WHOLE_PLATES * 4 * M_PI / k;
	for (int c0 = 0; c0 < n; c0++) {
		if (seen[c0] || type_of[c0] != CRUST_CONTINENTAL)
			continue;
		int m = landmass(pl, type_of, c0, seen, pl->queue);
		int inside[PLATES_MAX] = {0};
		double area = 0;
		for (int i = 0; i < m; i++) {
			inside[pl->owner[pl->queue[i]]]++;
			area += g->area[pl->queue[i]];
		}
		int best = 0;
		for (int i = 1; i < k; i++)
			best = inside[i] > inside[best] ? i : best;
		int ok = area <= whole;
		for (int i = 0; i < k && ok; i++)
			ok = i == best || inside[i] == 0 || cells[i] > inside[i];
		if (!ok)
			continue;
		for (int i = 0; i < m; i++) {
			int c = pl->queue[i];
			pl->owner[c] = (uint16_t)best;
			L.ratio[c] = 1;
		}
		for (int i = 0; i < k; i++)
			cells[i] += i == best ? m - inside[i] : -inside[i];
	}
	layout_connect(pl, L.ratio);

	/* plates mostly of continent move as continental plates do */
	double area[PLATES_MAX] = {0}, cont[PLATES_MAX] = {0};
	for (int c = 0; c < n; c++) {
		area[pl->owner[c]] += g->area[c];
		cont[pl->owner[c]] += type_of[c] == CRUST_CONTINENTAL ? g->area[c] : 0;
	}
	uint8_t continental[PLATES_MAX] = {0};
	for (int i = 0; i < k; i++)
		continental[i] = cont[i] > 0.5 * area[i];
	int rc = layout_motions(pl, &r, continental, err, errlen);
	if (rc == 0)
		rc = layout_crust(pl, type_of, err, errlen);
	free(L.ratio);
	free(L.cont_noise);
	free(seen);
	return rc;
}
