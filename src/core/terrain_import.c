/* terrain_import.c: step 0 from a heightmap (planet_new_imported).
 *
 * Each cell reads the map at its centre (bilinear). Land and shallow sea
 * become continental crust, deeper sea oceanic; plates grow over them as
 * plate_layout_generate's do (plate_layout_imported). Heights are then set
 * so the elevation model reproduces the map at step 0: continental crust
 * gets the thickness that floats at its height (so erosion and rebound keep
 * it), ocean floor the age whose cooling depth is its depth, and a last
 * pass takes out what the model adds on top (trenches). The sea stands at
 * the map's 0 m. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "planet_internal.h"

#define IMPORT_SHELF_M -500.0     /* sea shallower than this lies on
                                   * continental crust: shelves and
                                   * shallow seas, as on Earth */
#define IMPORT_MAX_AGE_MYR 250.0  /* floor deeper than the cooling curve
                                   * reaches is this old */

/* The map's height at unit vector p: bilinear between pixel centres,
 * wrapping in longitude, clamped at the poles' rows. */
static double sample_height(const heightfield *hf, vec3 p)
{
	int w = hf->width, h = hf->height;
	double lat = asin(clampd(p.z, -1, 1)), lon = atan2(p.y, p.x);
	double x = (lon + M_PI) / (2 * M_PI) * w - 0.5;
	double y = clampd((M_PI / 2 - lat) / M_PI * h - 0.5, 0, h - 1);
	double xf = floor(x);
	int y0 = (int)y < h - 1 ? (int)y : h - 2;
	double fx = x - xf, fy = y - y0;
	int x0 = (int)xf % w;
	if (x0 < 0)
		x0 += w;
	int x1 = x0 + 1 < w ? x0 + 1 : 0;
	const float *r0 = hf->m + (size_t)y0 * (size_t)w, *r1 = r0 + w;
	double top = r0[x0] + (r0[x1] - r0[x0]) * fx;
	double bot = r1[x0] + (r1[x1] - r1[x0]) * fx;
	return top + (bot - top) * fy;
}

/* The age at which the cooling floor is this deep (relief_ocean_depth is
 * monotonic): 0 at the ridge crest and above, IMPORT_MAX_AGE_MYR past the
 * abyss. */
static double age_for_depth(double h)
{
	if (h >= relief_ocean_depth(0))
		return 0;
	if (h <= relief_ocean_depth(IMPORT_MAX_AGE_MYR))
		return IMPORT_MAX_AGE_MYR;
	double lo = 0, hi = IMPORT_MAX_AGE_MYR;
	for (int i = 0; i < 40; i++) {
		double mid = 0.5 * (lo + hi);
		if (relief_ocean_depth(mid) > h)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

int terrain_import_layout(planet_t *pl, const heightfield *hf, char *err, size_t errlen)
{
	const grid_t *g = pl->grid;
	uint8_t *type = malloc((size_t)g->n);
	if (!type) {
		snprintf(err, errlen, "out of memory importing the terrain");
		return -1;
	}
	double sea = 0;
	for (int c = 0; c < g->n; c++) {
		double h = sample_height(hf, g->centre[c]);
		type[c] = h >= IMPORT_SHELF_M ? CRUST_CONTINENTAL : CRUST_OCEANIC;
		sea += h < 0 ? g->area[c] : 0;
	}
	/* the sea stands at the map's 0 m: its share of the sphere is the
	 * scenario's ocean_fraction from now on (or the fixed level is 0) */
	if (pl->prm.ocean_fraction >= 0)
		pl->prm.ocean_fraction = clampd(sea / (4 * M_PI), 0, 1);
	else
		pl->prm.sea_level_m = 0;
	int rc = plate_layout_imported(pl, type, err, errlen);
	free(type);
	return rc;
}

int terrain_import_relief(planet_t *pl, const heightfield *hf)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	float *want = pl->scratch_a;
	/* the terrain noise's mean, which new crust's detail is measured from:
	 * summed exactly as relief_init does, since a loaded state rebuilds it
	 * there */
	double mean = 0;
	for (int c = 0; c < n; c++)
		mean += (float)noise_stack_eval(&pl->terrain, pl->prm.layers, pl->prm.layer_count,
		                                g->centre[c]) * g->area[c];
	pl->noise_mean = mean / (4 * M_PI);

	for (int c = 0; c < n; c++) {
		plate_t *p = &pl->plates[pl->owner[c]];
		int s = pl->sample[c];
		double h = clampd(sample_height(hf, g->centre[c]), ELEV_MIN_M, ELEV_MAX_M);
		want[c] = (float)h;
		p->crust.detail[s] = 0;    /* the map is the relief */
		p->crust.elev[s] = (float)h;
		if (p->crust.type[s] == CRUST_CONTINENTAL) {
			p->crust.thick[s] = (float)crust_thickness_for_height(h);
			p->crust.age[s] = (float)(800 + 1200 * (0.5 + 0.5 * noise_eval(&pl->terrain,
			                          g->centre[c].x * 2, g->centre[c].y * 2, g->centre[c].z * 2)));
		} else {
			p->crust.age[s] = (float)age_for_depth(h);
		}
	}
	/* the model draws trenches where slabs sink: lift the crust there by
	 * as much, so the surface is the map's (from the trench itself, not
	 * the drawn height: below ELEV_MIN_M that is clamped, and a map's
	 * deepest trench came out 35 m too deep) */
	for (int c = 0; c < n; c++) {
		plate_t *p = &pl->plates[pl->owner[c]];
		int s = pl->sample[c];
		double e = want[c] + elevation_trench_m(pl, c);
		p->crust.elev[s] = (float)clampd(e, ELEV_MIN_M, ELEV_MAX_M);
	}
	elevation_update(pl);
	sealevel_fix(pl, 0);
	return 0;
}
