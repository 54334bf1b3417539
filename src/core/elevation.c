/* elevation.c: surface heights of a step: each world cell shows its crust
 * sample's height plus terrain detail, less the trench where a slab sinks. */
#include <math.h>

#include "planet_internal.h"

#define TRENCH_M 4000.0                /* trench below the floor at 10 cm/yr */
#define SHELF_FLAT_KM 27.0             /* continental crust this thin is flat (a shelf) */
#define SHELF_RELIEF_KM 6.0            /* and has its full relief this much thicker */

/* Trenches are dynamic: they last while the slab sinks, as deep as the
 * convergence along this stretch of trench (the cell's and its trench
 * neighbours' mean: cell by cell the depth jumped by kilometres, and a
 * trench was drawn as a string of beads). */
double elevation_trench_m(const planet_t *pl, int c)
{
	if (!pl->subducting[c])
		return 0;
	const grid_t *g = pl->grid;
	double closing = pl->stress[c];
	int cells = 1;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
		if (pl->subducting[g->nbr[k]]) {
			closing += pl->stress[g->nbr[k]];
			cells++;
		}
	return TRENCH_M * pow(clampd(closing / cells, 0, 1), 0.7);
}

/* The terrain detail drawn on sample s of a pool (m). A shelf is flat
 * (sediment fills it): terrain relief fades on the thinned continental
 * crust of a margin, or the hills of the noise stood up out of it as a ring
 * of land along passive coasts. Thickness, not height against the sea: a
 * restored state must draw the same heights before its sea is known. */
double elevation_detail_m(const planet_t *pl, const crust_pool *cr, int s)
{
	double detail = pl->prm.noise_m * cr->detail[s];
	if (cr->type[s] == CRUST_CONTINENTAL)
		detail *= clampd((cr->thick[s] - SHELF_FLAT_KM) / SHELF_RELIEF_KM, 0, 1);
	return detail;
}

static void elevation_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ctx;
	for (int c = b; c < e; c++) {
		const crust_pool *cr = &pl->plates[pl->owner[c]].crust;
		int s = pl->sample[c];
		double h = cr->elev[s] + elevation_detail_m(pl, cr, s);
		if (pl->subducting[c])
			h -= elevation_trench_m(pl, c);
		pl->elevation[c] = (float)clampd(h, ELEV_MIN_M, ELEV_MAX_M);
	}
}

void elevation_update(planet_t *pl)
{
	pool_for(pl->pool, pl->grid->n, 4096, elevation_chunk, pl);
}
