/* ocean_heat.c: what each ocean basin, seen along a circle of latitude,
 * does to the climate beside it: the heat its wind-driven gyres carry east
 * and west, and on the land to either side the subtropical highs' summer
 * rain (east coasts) and summer drought (west coasts).
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
 * The subtropical highs sit over the basins' eastern halves. On their
 * western flank warm, moist air from the warm current flows poleward onto
 * the east coast of the continent beyond (the summer monsoon of south-east
 * China, the south-eastern United States, eastern Australia and southern
 * Brazil, 1 000-1 600 mm/yr at 25-35 degrees); on their eastern flank air
 * sinks over the cold current and the west coasts beside it are desert
 * (Atacama, Namib, Baja) or, from about 30 degrees, dry in summer and wet
 * in winter (California, Chile, the Cape, south-western Australia, the
 * Mediterranean). So the dry belt is not a ring round the planet: rain on
 * east coasts, drought on west coasts and in the interiors.
 *
 * Computed on a fixed longitude-latitude raster (the anomaly varies over
 * hundreds of km), from the land mask of the current heights, every time
 * the climate is refreshed; rows are independent, so the pool's split does
 * not change the result. The heat is read from the pixel under a cell; the
 * rain and drought, which set biome borders on land, are interpolated
 * between the four pixels round it so that those borders do not follow
 * the raster's columns. */
#include <math.h>
#include <stdlib.h>

#include "planet_internal.h"

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
/* the subtropical highs over the basins (latitudes in degrees, widths km) */
#define MONSOON_LAT_LO 12.0    /* east-coast summer rain, a bump between */
#define MONSOON_LAT_HI 40.0
#define MONSOON_SEA_KM 1000.0  /* e-folding out over the warm western side
                                * of the sea */
#define MONSOON_LAND_KM 1000.0 /* and inland from the east coast */
#define DRY_SUMMER_LAT_LO 28.0 /* west-coast summer drought between */
#define DRY_SUMMER_LAT_HI 46.0
#define DRY_SUMMER_EDGE 2.0    /* degrees over which it fades at each end */
#define DRY_SUMMER_KM 800.0    /* e-folding inland from the west coast */

/* A bump of latitude: 0 outside [lo, hi] degrees, 1 at the middle. */
static double lat_bump(double lat, double lo, double hi)
{
	if (lat <= lo || lat >= hi)
		return 0;
	double x = (lat - lo) / (hi - lo);
	return sin(M_PI * x) * sin(M_PI * x);
}

/* Gyres need room: none in seas narrower than GYRE_MIN_KM. */
static double gyre_strength(double width_km)
{
	return fmin(1, fmax(0, (width_km - GYRE_MIN_KM) / (GYRE_FULL_KM - GYRE_MIN_KM)));
}

/* The dry-summer window of latitudes, faded at both ends. */
static double dry_summer_window(double lat)
{
	return fmin(clampd((lat - DRY_SUMMER_LAT_LO + DRY_SUMMER_EDGE) / DRY_SUMMER_EDGE, 0, 1),
	            clampd((DRY_SUMMER_LAT_HI + DRY_SUMMER_EDGE - lat) / DRY_SUMMER_EDGE, 0, 1));
}

int ocean_heat_init(planet_t *pl)
{
	const grid_t *g = pl->grid;
	size_t px = (size_t)HEAT_COLS * HEAT_ROWS;
	pl->heat_cell = malloc(px * sizeof *pl->heat_cell);
	pl->heat_pixel = malloc((size_t)g->n * sizeof *pl->heat_pixel);
	pl->heat_lerp = malloc((size_t)g->n * sizeof *pl->heat_lerp);
	pl->heat = malloc(px * sizeof *pl->heat);
	pl->monsoon = malloc(px * sizeof *pl->monsoon);
	pl->summer_dry_px = malloc(px * sizeof *pl->summer_dry_px);
	if (!pl->heat_cell || !pl->heat_pixel || !pl->heat_lerp || !pl->heat || !pl->monsoon ||
	    !pl->summer_dry_px)
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
	/* and the pixel each cell reads, and the four round it with their
	 * weights (the top-left one's index, then the fractions in 1/255) */
	for (int c = 0; c < g->n; c++) {
		vec3 p = g->centre[c];
		double y = (M_PI / 2 - v3_lat(p)) / M_PI * HEAT_ROWS;
		double x = (v3_lon(p) + M_PI) / (2 * M_PI) * HEAT_COLS;
		int r = (int)y, col = (int)x;
		r = r < 0 ? 0 : r >= HEAT_ROWS ? HEAT_ROWS - 1 : r;
		col = col < 0 ? 0 : col >= HEAT_COLS ? HEAT_COLS - 1 : col;
		pl->heat_pixel[c] = (uint16_t)(r * HEAT_COLS + col);
		/* between pixel centres; rows clamp at the poles, columns wrap */
		double fy = clampd(y - 0.5, 0, HEAT_ROWS - 1 - 1e-9), fx = x - 0.5;
		int r0 = (int)fy, c0 = (int)floor(fx);
		fy -= r0;
		fx -= c0;
		c0 = (c0 % HEAT_COLS + HEAT_COLS) % HEAT_COLS;
		if (r0 >= HEAT_ROWS - 1) {
			r0 = HEAT_ROWS - 2;
			fy = 1;
		}
		uint32_t wx = (uint32_t)lrint(fx * 255), wy = (uint32_t)lrint(fy * 255);
		pl->heat_lerp[c] = (uint32_t)(r0 * HEAT_COLS + c0) | wx << 16 | wy << 24;
	}
	return 0;
}

void ocean_heat_free(planet_t *pl)
{
	FREE_NULL(pl->heat_cell);
	FREE_NULL(pl->heat_pixel);
	FREE_NULL(pl->heat_lerp);
	FREE_NULL(pl->heat);
	FREE_NULL(pl->monsoon);
	FREE_NULL(pl->summer_dry_px);
}

static void heat_rows(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	planet_t *pl = ctx;
	float sea = (float)pl->sea_level;
	for (int r = b; r < e; r++) {
		float *row = pl->heat + (size_t)r * HEAT_COLS;
		float *rain = pl->monsoon + (size_t)r * HEAT_COLS;
		float *dry = pl->summer_dry_px + (size_t)r * HEAT_COLS;
		const int32_t *cells = pl->heat_cell + (size_t)r * HEAT_COLS;
		double lat = fabs(90 - (r + 0.5) * 180.0 / HEAT_ROWS);
		double km_px = 2 * M_PI * pl->prm.radius_km * cos(lat * M_PI / 180) / HEAT_COLS;
		double sub = lat_bump(lat, 8, 48), polar = lat_bump(lat, 45, 78);
		double wet = lat_bump(lat, MONSOON_LAT_LO, MONSOON_LAT_HI);
		double drought = dry_summer_window(lat);
		uint8_t land[HEAT_COLS];
		int first = -1, first_sea = -1;
		pl->heat_rows_live[r] = 0;
		for (int col = 0; col < HEAT_COLS; col++) {
			land[col] = pl->elevation[cells[col]] >= sea;
			row[col] = rain[col] = dry[col] = 0;
			if (land[col] && first < 0)
				first = col;
			if (!land[col] && first_sea < 0)
				first_sea = col;
		}
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
		/* (the highs' rain and drought lie within the gyres' latitudes) */
		if (sub == 0 && polar == 0)
			continue;
		if (first < 0 || first_sea < 0)
			continue;   /* open circle of latitude, or all land: no gyre */
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
		/* the rain's fade from the west shore, by pixels from it */
		float rain_fade[HEAT_COLS + 1];
		if (wet > 0) {
			double step = exp(-km_px / MONSOON_SEA_KM), f = exp(0.5 * km_px / MONSOON_SEA_KM);
			for (int k = 0; k <= HEAT_COLS; k++, f *= step)
				rain_fade[k] = (float)f;
		}
		for (int col = 0; col < HEAT_COLS; col++) {
			if (land[col])
				continue;
			double dw = (west[col] - 0.5) * km_px, de = (east[col] - 0.5) * km_px;
			double gyre = gyre_strength(dw + de);
			double t = sub * (WARM_WEST_C * exp(-dw / WARM_WEST_KM) - COLD_EAST_C * exp(-de / COLD_EAST_KM)) +
			           polar * (WARM_EAST_C * exp(-de / WARM_EAST_KM) - COLD_WEST_C * exp(-dw / COLD_WEST_KM));
			row[col] += (float)(gyre * t);
			/* the moist flank reaches out over the warm western side
			 * of the sea; the drought's source is the whole sea */
			if (wet > 0)
				rain[col] = (float)(wet * gyre * rain_fade[west[col]]);
			dry[col] = (float)(drought * gyre);
		}
		if (wet == 0 && drought == 0)
			continue;
		/* Carried inland, over islands and narrow seas too: the rain
		 * westward from the sea east of a coast, the drought eastward
		 * from the sea west of it, each fading with distance, the
		 * stronger of what arrives and a sea's own kept. Twice round
		 * the circle, so what crosses the starting column arrives too
		 * (a full circle fades it to nothing). */
		pl->heat_rows_live[r] = (wet > 0 ? RAIN_LIVE : 0) | (drought > 0 ? DRY_LIVE : 0);
		if (wet > 0) {
			float keep = (float)exp(-km_px / MONSOON_LAND_KM), carried = 0;
			for (int lap = 0; lap < 2; lap++)
				for (int col = HEAT_COLS - 1; col >= 0; col--) {
					carried *= keep;
					carried = carried < rain[col] ? rain[col] : carried;
					rain[col] = carried;
				}
		}
		if (drought > 0) {
			float keep = (float)exp(-km_px / DRY_SUMMER_KM), carried = 0;
			for (int lap = 0; lap < 2; lap++)
				for (int col = 0; col < HEAT_COLS; col++) {
					carried *= keep;
					carried = carried < dry[col] ? dry[col] : carried;
					dry[col] = carried;
				}
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
