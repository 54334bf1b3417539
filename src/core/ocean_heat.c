/* ocean_heat.c: heat the wind-driven ocean gyres carry east and west, as a
 * sea-surface temperature anomaly that varies with longitude.
 *
 * Without it the sea's temperature depends on latitude alone and the
 * sea-ice edge is a ruled line. Each ocean basin, seen along a circle of
 * latitude between two coasts, has a subtropical gyre (about 10-45 degrees)
 * whose western boundary current carries warm water poleward (Gulf Stream,
 * Kuroshio, Brazil, East Australian) while cold water wells up along its
 * eastern side (California, Canary, Humboldt, Benguela), and a subpolar gyre
 * (about 45-75 degrees) turning the other way: warm drift water on the
 * eastern side (Norway's open sea at 70 N), cold currents on the western
 * side (Labrador, Oyashio). Western intensification holds in both
 * hemispheres. A circle of latitude with no land (a circumpolar current)
 * gets no gyre anomaly; narrow seas get little. At high latitudes the
 * fronts of the currents also follow the sea floor (the Antarctic
 * Circumpolar Current is steered by ridges and plateaus): cold water
 * reaches farther toward the equator over shallow floor and less over the
 * abyss, so even an open southern ocean has a wavy ice edge.
 *
 * Computed on a fixed longitude-latitude raster (the anomaly varies over
 * hundreds of km), from the land mask of the current heights, every time
 * the climate is refreshed; rows are independent, so the pool's split does
 * not change the result. */
#include <math.h>
#include <stdlib.h>

#include "planet_internal.h"

#define HEAT_COLS 256
#define HEAT_ROWS 128
/* amplitudes (degrees C) and e-folding widths (km) of the four currents */
#define WARM_WEST_C 4.0        /* subtropical western boundary current */
#define WARM_WEST_KM 700.0
#define COLD_EAST_C 5.0        /* subtropical eastern upwelling */
#define COLD_EAST_KM 900.0
#define COLD_WEST_C 5.0        /* subpolar western cold current */
#define COLD_WEST_KM 900.0
#define WARM_EAST_C 6.0        /* subpolar drift on the eastern side */
#define WARM_EAST_KM 2000.0
#define FRONT_C_KM 3.0          /* subpolar front shift per km of floor
                                 * shallower than FRONT_REF_M */
#define FRONT_REF_M -4000.0
#define FRONT_SMOOTH 4          /* pixels each side the shift is averaged */
#define GYRE_MIN_KM 500.0      /* basins narrower than this have no gyre */
#define GYRE_FULL_KM 3500.0    /* and this much wider a full one */

/* A bump of latitude: 0 outside [lo, hi] degrees, 1 at the middle. */
static double lat_bump(double lat, double lo, double hi)
{
	if (lat <= lo || lat >= hi)
		return 0;
	double x = (lat - lo) / (hi - lo);
	return sin(M_PI * x) * sin(M_PI * x);
}

int ocean_heat_init(planet_t *pl)
{
	const grid_t *g = pl->grid;
	pl->heat_cell = malloc((size_t)HEAT_COLS * HEAT_ROWS * sizeof *pl->heat_cell);
	pl->heat_pixel = malloc((size_t)g->n * sizeof *pl->heat_pixel);
	pl->heat = malloc((size_t)HEAT_COLS * HEAT_ROWS * sizeof *pl->heat);
	if (!pl->heat_cell || !pl->heat_pixel || !pl->heat)
		return -1;
	/* the cell under each pixel's centre, walking from the last one */
	int at = 0;
	for (int r = 0; r < HEAT_ROWS; r++) {
		double lat = M_PI / 2 - (r + 0.5) * M_PI / HEAT_ROWS;
		for (int col = 0; col < HEAT_COLS; col++) {
			double lon = -M_PI + (col + 0.5) * 2 * M_PI / HEAT_COLS;
			vec3 p = v3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat));
			at = grid_locate_from(g, p, at);
			pl->heat_cell[r * HEAT_COLS + col] = at;
		}
	}
	/* and the pixel each cell reads */
	for (int c = 0; c < g->n; c++) {
		vec3 p = g->centre[c];
		int r = (int)((M_PI / 2 - v3_lat(p)) / M_PI * HEAT_ROWS);
		int col = (int)((v3_lon(p) + M_PI) / (2 * M_PI) * HEAT_COLS);
		r = r < 0 ? 0 : r >= HEAT_ROWS ? HEAT_ROWS - 1 : r;
		col = col < 0 ? 0 : col >= HEAT_COLS ? HEAT_COLS - 1 : col;
		pl->heat_pixel[c] = (uint16_t)(r * HEAT_COLS + col);
	}
	return 0;
}

void ocean_heat_free(planet_t *pl)
{
	free(pl->heat_cell);
	free(pl->heat_pixel);
	free(pl->heat);
	pl->heat_cell = NULL;
	pl->heat_pixel = NULL;
	pl->heat = NULL;
}

static void heat_rows(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	planet_t *pl = ctx;
	float sea = (float)pl->sea_level;
	for (int r = b; r < e; r++) {
		float *row = pl->heat + (size_t)r * HEAT_COLS;
		const int32_t *cells = pl->heat_cell + (size_t)r * HEAT_COLS;
		double lat = fabs(90 - (r + 0.5) * 180.0 / HEAT_ROWS);
		double km_px = 2 * M_PI * pl->prm.radius_km * cos(lat * M_PI / 180) / HEAT_COLS;
		double sub = lat_bump(lat, 8, 48), polar = lat_bump(lat, 45, 78);
		uint8_t land[HEAT_COLS];
		int first = -1;
		for (int col = 0; col < HEAT_COLS; col++) {
			land[col] = pl->elevation[cells[col]] >= sea;
			row[col] = 0;
			if (land[col] && first < 0)
				first = col;
		}
		if (sub == 0 && polar == 0)
			continue;
		if (polar > 0) {
			/* the floor's steer on the fronts, averaged along the row */
			float depth[HEAT_COLS];
			for (int col = 0; col < HEAT_COLS; col++)
				depth[col] = land[col] ? (float)FRONT_REF_M
				                       : pl->elevation[cells[col]] - sea;
			for (int col = 0; col < HEAT_COLS; col++) {
				if (land[col])
					continue;
				double sum = 0;
				for (int k = -FRONT_SMOOTH; k <= FRONT_SMOOTH; k++)
					sum += depth[(col + k + HEAT_COLS) % HEAT_COLS];
				double shallower_km = (sum / (2 * FRONT_SMOOTH + 1) - FRONT_REF_M) / 1000;
				row[col] = (float)(-polar * FRONT_C_KM * shallower_km);
			}
		}
		if (first < 0)
			continue;   /* open circle of latitude: no gyre */
		/* distance to the coast west of each sea pixel, then east of it */
		int west[HEAT_COLS], east[HEAT_COLS];
		for (int i = 1, d = 0; i <= HEAT_COLS; i++) {
			int col = (first + i) % HEAT_COLS;
			d = land[col] ? 0 : d + 1;
			west[col] = d;
		}
		for (int i = 1, d = 0; i <= HEAT_COLS; i++) {
			int col = ((first - i) % HEAT_COLS + HEAT_COLS) % HEAT_COLS;
			d = land[col] ? 0 : d + 1;
			east[col] = d;
		}
		for (int col = 0; col < HEAT_COLS; col++) {
			if (land[col])
				continue;
			double dw = (west[col] - 0.5) * km_px, de = (east[col] - 0.5) * km_px;
			double width = dw + de;
			double gyre = fmin(1, fmax(0, (width - GYRE_MIN_KM) / (GYRE_FULL_KM - GYRE_MIN_KM)));
			double t = sub * (WARM_WEST_C * exp(-dw / WARM_WEST_KM) - COLD_EAST_C * exp(-de / COLD_EAST_KM)) +
			           polar * (WARM_EAST_C * exp(-de / WARM_EAST_KM) - COLD_WEST_C * exp(-dw / COLD_WEST_KM));
			row[col] += (float)(gyre * t);
		}
	}
}

void ocean_heat_update(planet_t *pl)
{
	pool_for(pl->pool, HEAT_ROWS, 8, heat_rows, pl);
}

float ocean_heat_at(const planet_t *pl, int c)
{
	return pl->heat[pl->heat_pixel[c]];
}
