/* relief.c: heights of the step-0 crust (the devlog's static planet).
 *
 * Continental crust stands at terrain.continental_elevation_m and slopes to
 * a shelf at its edges; oceanic crust is as deep as its age says (half-space
 * cooling, ages measured from the spreading ridges); compression lifts
 * mountains by stress_factor^1.5 (the devlog's formula) and digs trenches
 * where ocean meets a continent head-on; the terrain noise stack adds relief.
 * Later steps move and reshape these heights; they are never recomputed. */
#include <math.h>
#include <stdlib.h>

#include "planet_internal.h"

#define SPREAD_HALF_KM_MYR 30.0   /* 3 cm/yr half-spreading rate: the floor
                                  * ages the running planet settles at */
#define SHELF_KM 600.0         /* step-0 continents slope to their passive */
#define SHELF_DEPTH_M -1400.0  /* coasts over this: the step-0 sea (13.5 %
                                * of the sphere continent under it by
                                * default) cuts them on their margins, not
                                * in the plateaus' hollows, which filled
                                * and drew new land in the first 30 Myr */

/* Ocean depth below the datum for floor of a given age: half-space cooling,
 * 2 500 + 350 sqrt(t) m, while the plate is young; past PLATE_FLATTEN_MYR the
 * plate model's exponential approach to PLATE_ABYSS_M, joined with the same
 * value and slope so the profile has no kink (Parsons & Sclater 1977 in
 * shape; the asymptote is Stein & Stein's GDH1, and from 80 Myr on the
 * curve is within 70 m of it). Toward 6 000 m, old floor and the trenches
 * in it put 6-10 % of the sphere more than 6 km under the sea (Earth 0.5). */
#define PLATE_FLATTEN_MYR 30.0
#define PLATE_ABYSS_M 5650.0

double relief_ocean_depth(double age_myr)
{
	double t = fmax(age_myr, 0);
	if (t <= PLATE_FLATTEN_MYR)
		return -(2500 + 350 * sqrt(t));
	double d1 = 2500 + 350 * sqrt(PLATE_FLATTEN_MYR);
	double slope = 350 / (2 * sqrt(PLATE_FLATTEN_MYR));
	double tau = (PLATE_ABYSS_M - d1) / slope;
	return -(PLATE_ABYSS_M - (PLATE_ABYSS_M - d1) * exp(-(t - PLATE_FLATTEN_MYR) / tau));
}

/* Multi-source breadth-first distance (km) through cells where `through`
 * holds, from cells where `source` holds; -1 where unreached. */
static void bfs_distance(planet_t *pl, const uint8_t *source, const uint8_t *through, float *dist)
{
	const grid_t *g = pl->grid;
	int32_t *queue = pl->queue;
	int head = 0, tail = 0;
	double step_km = g->spacing * pl->prm.radius_km;
	for (int c = 0; c < g->n; c++) {
		dist[c] = source[c] ? 0 : -1;
		if (source[c])
			queue[tail++] = c;
	}
	while (head < tail) {
		int c = queue[head++];
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (dist[nb] < 0 && through[nb] && pl->owner[nb] == pl->owner[c]) {
				dist[nb] = dist[c] + (float)step_km;
				queue[tail++] = nb;
			}
		}
	}
}

/* Does cell c have a neighbour of its own plate with crust of `type`? */
static bool beside_own(const planet_t *pl, int c, int type)
{
	const grid_t *g = pl->grid;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k];
		if (pl->owner[nb] == pl->owner[c] && cell_crust_type(pl, nb) == type)
			return true;
	}
	return false;
}

typedef struct terrain_noise {
	const planet_t *pl;
	float *out;
} terrain_noise;

static void terrain_noise_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const terrain_noise *tn = ctx;
	const params *prm = &tn->pl->prm;
	for (int c = b; c < e; c++)
		tn->out[c] = (float)noise_stack_eval(&tn->pl->terrain, prm->layers, prm->layer_count,
		                                     tn->pl->grid->centre[c]);
}

/* The terrain noise stack at every cell centre into noise[] and its area
 * mean (summed in cell order after, so any -j gives the same bits). */
static double noise_field(planet_t *pl, float *noise)
{
	const grid_t *g = pl->grid;
	terrain_noise tn = {pl, noise};
	pool_for(pl->pool, g->n, 2048, terrain_noise_chunk, &tn);
	double mean = 0;
	for (int c = 0; c < g->n; c++)
		mean += noise[c] * g->area[c];
	return mean / (4 * M_PI);
}

/* A piece of crust's terrain detail from the stack's value d (less the
 * mean) where it formed: continents keep mostly upward relief (deep negative
 * noise would drown their interiors), the sea floor is smoother. */
static float detail_of(int type, double d)
{
	if (type == CRUST_CONTINENTAL)
		return (float)(d > 0 ? d : 0.3 * d);
	return (float)(0.25 * d);
}

void relief_noise_mean(planet_t *pl)
{
	pl->noise_mean = noise_field(pl, pl->scratch_a);
}

int relief_renoise(planet_t *pl)
{
	const grid_t *g = pl->grid;
	float *noise = malloc((size_t)g->n * sizeof *noise);
	if (!noise)
		return -1;
	double mean = noise_field(pl, noise);
	pl->noise_mean = mean;
	for (int i = 0; i < pl->nplates; i++) {
		crust_pool *cr = &pl->plates[i].crust;
		for (int s = 0; s < cr->count; s++)
			if (cr->type[s] != CRUST_CONSUMED)
				cr->detail[s] = detail_of(cr->type[s], noise[cr->cell[s]] - mean);
	}
	free(noise);
	return 0;
}

int relief_init(planet_t *pl)
{
	const grid_t *g = pl->grid;
	const params *prm = &pl->prm;
	int n = g->n;
	uint8_t *src = calloc((size_t)n, 1), *thr = calloc((size_t)n, 1);
	float *noise = malloc((size_t)n * sizeof *noise);
	if (!src || !thr || !noise) {
		free(src);
		free(thr);
		free(noise);
		return -1;
	}
	float *age_dist = pl->scratch_a, *coast_dist = pl->scratch_b;

	/* oceanic ages from the ridges */
	for (int c = 0; c < n; c++) {
		thr[c] = cell_crust_type(pl, c) == CRUST_OCEANIC;
		src[c] = thr[c] && pl->boundary[c] == BOUNDARY_DIVERGENT;
	}
	bfs_distance(pl, src, thr, age_dist);
	/* continental distance from passive coasts (the plate's own ocean floor
	 * next door), for shelves; active margins face another plate and rise */
	for (int c = 0; c < n; c++) {
		thr[c] = cell_crust_type(pl, c) == CRUST_CONTINENTAL;
		src[c] = thr[c] && beside_own(pl, c, CRUST_OCEANIC);
	}
	bfs_distance(pl, src, thr, coast_dist);

	double mean = noise_field(pl, noise);
	pl->noise_mean = mean;
	double max_stress = 1e-9;
	for (int c = 0; c < n; c++)
		max_stress = fmax(max_stress, pl->stress[c]);

	for (int c = 0; c < n; c++) {
		plate_t *p = &pl->plates[pl->owner[c]];
		int s = pl->sample[c];
		double detail = noise[c] - mean;
		double sf = fmax(0, pl->stress[c]) / max_stress;
		double ext = fmax(0, -pl->stress[c]) / max_stress;
		double e;
		if (p->crust.type[s] == CRUST_CONTINENTAL) {
			double d = coast_dist[c] < 0 ? SHELF_KM : coast_dist[c];
			e = lerpd(SHELF_DEPTH_M, prm->continental_elev_m, smoothstep(0, SHELF_KM, d));
			p->crust.detail[s] = detail_of(CRUST_CONTINENTAL, detail);
			e += prm->stress_uplift_m * pow(sf, 1.5);
			e -= 600 * ext;                               /* rift valleys */
			p->crust.age[s] = (float)(800 + 1200 * (0.5 + 0.5 * noise_eval(&pl->terrain,
			                          g->centre[c].x * 2, g->centre[c].y * 2, g->centre[c].z * 2)));
			p->crust.orogeny[s] = (float)(prm->stress_uplift_m * pow(sf, 1.5));
		} else {
			/* far from any ridge the floor is as old and deep as the scenario says */
			int dated = age_dist[c] >= 0;
			double age = dated ? age_dist[c] / SPREAD_HALF_KM_MYR : 120;
			age = clampd(age, 0, 250);
			e = dated ? relief_ocean_depth(age) : prm->oceanic_elev_m;
			p->crust.detail[s] = detail_of(CRUST_OCEANIC, detail);
			/* island arcs on convergent ocean margins; trenches are not
			 * stored in the crust but drawn where slabs sink (elevation.c) */
			e += 0.6 * prm->stress_uplift_m * pow(sf, 1.5);
			/* the continental rise, as the running planet builds it
			 * (crust.c), from the datum the step-0 sea is solved near:
			 * without it the water of step 0 filled basins the rises
			 * later took up, and the sea stood 60-250 m higher ever after */
			if (beside_own(pl, c, CRUST_CONTINENTAL))
				e = fmax(e, CONTINENTAL_RISE_M);
			p->crust.age[s] = (float)age;
		}
		p->crust.elev[s] = (float)clampd(e, ELEV_MIN_M, ELEV_MAX_M);
	}
	free(src);
	free(thr);
	free(noise);
	return 0;
}

/* Ocean floor is drawn from the datum (crests at RIDGE_DEPTH_M), continents
 * at continental_elevation_m, and the sea solved for the share of ocean
 * lands wherever that share cuts the continents: 650 m over the datum for
 * the Pangaea preset, whose crests then lay 3.0 km under the sea and
 * 3.8 km by 250 Myr, its ocean 4.7 km deep on average (Earth: 2.5 and
 * 3.7). Lowering the continents by that much instead puts the step-0 sea
 * near the datum for every scenario, with the same coasts (a 720x360 map
 * of step 0 changes side at 0.001-0.003 % of its area). */
void relief_lower_continents(planet_t *pl)
{
	const grid_t *g = pl->grid;
	for (int c = 0; c < g->n; c++)
		pl->elevation[c] = pl->plates[pl->owner[c]].crust.elev[pl->sample[c]];
	double by = sealevel_for_fraction(pl);
	for (int i = 0; i < pl->nplates; i++) {
		crust_pool *cr = &pl->plates[i].crust;
		for (int s = 0; s < cr->count; s++)
			if (cr->type[s] == CRUST_CONTINENTAL)
				cr->elev[s] = (float)clampd(cr->elev[s] - by, ELEV_MIN_M, ELEV_MAX_M);
	}
}
