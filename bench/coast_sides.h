/* coast_sides.h: how the climate differs between the east and west coasts
 * of the continents, measured on a snapshot (bench_realism and
 * test_earthlike share it).
 *
 * On Earth the subtropical dry belt is not a ring: east coasts at 15-35
 * degrees get summer rain from the warm side of the ocean beside them
 * (1 000-2 400 mm/yr: Miami, Hong Kong, Brisbane, Rio), west coasts face
 * cold currents and are desert or, from about 30 degrees, mediterranean
 * (0-700 mm/yr: Lima, Walvis Bay, Los Angeles, Perth). Each circle of
 * latitude is sampled at one-degree steps (the nearest cell); land is on an
 * east (west) coast when an ocean, a sea at least OCEAN_KM wide along the
 * circle, lies within COAST_KM to its east (west) and none on the other
 * side. */
#ifndef TECTONICA_COAST_SIDES_H
#define TECTONICA_COAST_SIDES_H

#include <math.h>
#include "core/planet.h"

#define COAST_SIDES_COLS 360
#define COAST_SIDES_OCEAN_KM 1500.0
#define COAST_SIDES_KM 600.0
#define COAST_SIDES_MEDIT_KM 1000.0

/* Is cell c on a plate boundary that closes at 0.5 cm/yr or more (stress
 * in units of 10 cm/yr), where a trench can lie beside the coast? The
 * speed at which stress.c still draws a trench on an oblique margin
 * (OBLIQUE_TRENCH_MIN). A coast's drop to such a cell is a real one. */
static inline int coast_sides_closing(const snapshot_t *s, int c)
{
	return s->boundary[c] != BOUNDARY_NONE && s->stress[c] >= 0.05;
}

typedef struct coast_sides {
	double east_rain, west_rain;      /* mm/yr, subtropical land (15-35) */
	double east_desert, west_desert;  /* share of that land that is desert */
	double east_area, west_area;      /* sr */
	double medit_west;                /* share of mediterranean land with an
	                                   * ocean within COAST_SIDES_MEDIT_KM west */
	double medit_area;                /* sr */
} coast_sides;

/* Pixels from col to the first pixel of an ocean, walking `dir` (+1 east,
 * -1 west), or a large number if there is none within `max` pixels. */
static int coast_sides_to_ocean(const unsigned char *land, const int *run, int col, int dir,
                                int max, int ocean_px)
{
	for (int k = 1; k <= max; k++) {
		int x = ((col + dir * k) % COAST_SIDES_COLS + COAST_SIDES_COLS) % COAST_SIDES_COLS;
		if (!land[x] && run[x] >= ocean_px)
			return k;
	}
	return 1 << 20;
}

static coast_sides coast_sides_measure(const snapshot_t *s)
{
	coast_sides out = {0};
	const grid_t *g = s->grid;
	double rain[2] = {0}, desert[2] = {0}, area[2] = {0}, medit_west = 0, medit = 0;
	int at = 0;
	for (int lat_deg = -46; lat_deg < 46; lat_deg++) {
		double lat = (lat_deg + 0.5) * M_PI / 180, alat = fabs(lat) * 180 / M_PI;
		if (alat < 15)
			continue;
		double km_px = 2 * M_PI * s->prm.radius_km * cos(lat) / COAST_SIDES_COLS;
		double w = cos(lat) * (M_PI / 180) * (2 * M_PI / COAST_SIDES_COLS);
		unsigned char land[COAST_SIDES_COLS];
		int cell[COAST_SIDES_COLS], run[COAST_SIDES_COLS];
		int first_land = -1;
		for (int x = 0; x < COAST_SIDES_COLS; x++) {
			double lon = -M_PI + (x + 0.5) * 2 * M_PI / COAST_SIDES_COLS;
			at = grid_locate_from(g, v3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat)), at);
			cell[x] = at;
			land[x] = s->elevation[at] >= s->sea_level_m;
			if (land[x] && first_land < 0)
				first_land = x;
		}
		if (first_land < 0)
			continue;
		/* the width of the sea each sea pixel lies in */
		for (int i = 1; i <= COAST_SIDES_COLS;) {
			int x0 = (first_land + i) % COAST_SIDES_COLS, n = 0;
			while (i + n <= COAST_SIDES_COLS && !land[(first_land + i + n) % COAST_SIDES_COLS])
				n++;
			for (int k = 0; k < n; k++)
				run[(x0 + k) % COAST_SIDES_COLS] = n;
			if (land[x0])
				run[x0] = 0;
			i += n ? n : 1;
		}
		int ocean_px = (int)ceil(COAST_SIDES_OCEAN_KM / km_px);
		int near_px = (int)(COAST_SIDES_KM / km_px), medit_px = (int)(COAST_SIDES_MEDIT_KM / km_px);
		for (int x = 0; x < COAST_SIDES_COLS; x++) {
			if (!land[x])
				continue;
			int c = cell[x];
			int east = coast_sides_to_ocean(land, run, x, +1, medit_px, ocean_px);
			int west = coast_sides_to_ocean(land, run, x, -1, medit_px, ocean_px);
			if (s->biome[c] == BIOME_MEDITERRANEAN) {
				medit += w;
				medit_west += west <= medit_px ? w : 0;
			}
			if (alat > 35 || (east <= near_px) == (west <= near_px))
				continue;
			int side = west <= near_px;
			rain[side] += s->precip[c] * w;
			desert[side] += s->biome[c] == BIOME_DESERT ? w : 0;
			area[side] += w;
		}
	}
	out.east_area = area[0];
	out.west_area = area[1];
	out.east_rain = area[0] > 0 ? rain[0] / area[0] : NAN;
	out.west_rain = area[1] > 0 ? rain[1] / area[1] : NAN;
	out.east_desert = area[0] > 0 ? desert[0] / area[0] : NAN;
	out.west_desert = area[1] > 0 ? desert[1] / area[1] : NAN;
	out.medit_area = medit;
	out.medit_west = medit > 0 ? medit_west / medit : NAN;
	return out;
}

#endif
