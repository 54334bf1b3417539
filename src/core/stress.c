/* stress.c: boundary stress from plate velocities (doc/model.md,
 * "Step 0" and "One step").
 *
 * Across every edge between cells of different plates, the relative velocity
 * splits into a normal part (closing +, opening -) and a shear part. A
 * boundary cell averages its edges and is classed convergent, divergent or
 * transform; then the stress spreads inward with an exponential fall-off over
 * a fixed distance in km, so mountain belts keep their width at any grid
 * resolution. Stress is in units of 10 cm/yr of relative motion. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

#define STRESS_UNIT_KM_MYR 100.0   /* 10 cm/yr */
#define SPREAD_KM 250.0            /* e-folding width of the stress belt */
#define SPREAD_MAX_KM 400.0
#define BOUNDARY_MIN 0.01          /* below 0.1 cm/yr an edge is quiet */

typedef struct stress_ctx {
	planet_t *pl;
} stress_ctx;

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
			pl->stress[c] = 0;
			pl->shear[c] = 0;
			pl->boundary[c] = BOUNDARY_NONE;
			pl->subducting[c] = 0;
			continue;
		}
		vec3 pc = g->centre[c];
		vec3 vc = plate_velocity(&pl->plates[o], v3_scale(pc, R));
		double normal = 0, shear = 0;
		int edges = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			int on = pl->owner[nb];
			if (on == o)
				continue;
			vec3 pn = g->centre[nb];
			vec3 d = v3_norm(v3_sub(pn, v3_scale(pc, v3_dot(pn, pc))));
			vec3 vn = plate_velocity(&pl->plates[on], v3_scale(pc, R));
			vec3 rel = v3_sub(vn, vc);
			double along = v3_dot(rel, d);
			normal += -along;
			shear += v3_len(v3_sub(rel, v3_scale(d, along)));
			edges++;
		}
		pl->subducting[c] = 0;
		if (!edges) {
			pl->stress[c] = 0;
			pl->shear[c] = 0;
			pl->boundary[c] = BOUNDARY_NONE;
			continue;
		}
		normal /= edges * STRESS_UNIT_KM_MYR;
		shear /= edges * STRESS_UNIT_KM_MYR;
		pl->stress[c] = (float)normal;
		pl->shear[c] = (float)shear;
		/* sliding past (or barely moving) counts as transform */
		if (shear > 1.5 * fabs(normal) || (fabs(normal) < BOUNDARY_MIN && shear < BOUNDARY_MIN))
			pl->boundary[c] = BOUNDARY_TRANSFORM;
		else
			pl->boundary[c] = normal > 0 ? BOUNDARY_CONVERGENT : BOUNDARY_DIVERGENT;
		/* a trench lies where this cell's crust dives under a neighbour */
		if (pl->boundary[c] == BOUNDARY_CONVERGENT) {
			const plate_t *pc_plate = &pl->plates[o];
			int s = pl->sample[c];
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				int nb = g->nbr[k], on = pl->owner[nb];
				if (on != o && pc_plate->crust.type[s] == CRUST_OCEANIC &&
				    crust_overrides(&pl->plates[on], pl->sample[nb], pc_plate, s, 0))
					pl->subducting[c] = 1;
			}
		}
	}
}

void stress_compute(planet_t *pl)
{
	for (int i = 0; i < pl->nplates; i++)
		pl->plates[i].stress_ocean_age = pl->plates[i].ocean_age;
	const grid_t *g = pl->grid;
	int n = g->n;
	stress_ctx ctx = {pl};
	pool_for(pl->pool, n, 4096, boundary_chunk, &ctx);

	/* Spread inward: breadth-first from all boundary cells, each cell taking
	 * the value of the first front to reach it, damped by distance. Serial,
	 * so the order (and the result) never depends on threads. */
	int32_t *queue = pl->queue;
	float *dist = pl->scratch_b;
	int head = 0, tail = 0;
	for (int c = 0; c < n; c++) {
		if (pl->boundary[c] != BOUNDARY_NONE) {
			dist[c] = 0;
			queue[tail++] = c;
		} else {
			dist[c] = -1;
		}
	}
	double step_km = g->spacing * pl->prm.radius_km;
	double decay = exp(-step_km / SPREAD_KM);
	while (head < tail) {
		int c = queue[head++];
		if (dist[c] + step_km > SPREAD_MAX_KM)
			continue;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (dist[nb] >= 0 || pl->owner[nb] != pl->owner[c])
				continue;
			dist[nb] = dist[c] + (float)step_km;
			pl->stress[nb] = (float)(pl->stress[c] * decay);
			pl->shear[nb] = (float)(pl->shear[c] * decay);
			queue[tail++] = nb;
		}
	}
	for (int c = 0; c < n; c++)
		if (dist[c] < 0) {
			pl->stress[c] = 0;
			pl->shear[c] = 0;
		}
	/* trenches and ridges are where the forces on the plates act */
	plate_forces_compute(pl);
}
