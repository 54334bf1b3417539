/* bench_realism.c: how Earth-like a planet stays over geological time.
 *
 * Runs scenarios for several seeds and prints, at chosen steps, the figures
 * of bench/REALISM.md beside Earth's: hypsometry (lowlands, mode, shelves,
 * flooded continent, coast steps), plate speeds and sizes, ocean-floor ages,
 * how fast floor of each age is consumed (from the step before each
 * measured one) and the depth-age fit, extremes, biome shares by latitude,
 * rain on east and west coasts (coast_sides.h) and the sea-ice edge. Each
 * cell of the table is the range over the seeds. A benchmark, not a test:
 * it reads snapshots only, as any view does.
 *
 * Usage: bench_realism [-s SEEDS] [-n STEPS] [-m FROM,TO,EVERY] [-j THREADS] [SCENARIO...]
 *   SEEDS  comma list (default 1,2,3); STEPS comma list (default 0,300,1000,3000)
 *   -m     a last column: each seed's mean over steps FROM..TO every EVERY
 *          (default 300,3000,50; 0,0,0 for none). A single step of a
 *          chaotic run catches whatever collision or rift is under way, so
 *          a regenerated table moves by more than a change does; the means
 *          move much less.
 *   no scenario: the built-in default. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/pool.h"
#include "core/planet.h"
#include "core/planet_internal.h"   /* relief_ocean_depth: the cooling curve */
#include "io/scenario.h"
#include "coast_sides.h"

enum {
	F_LAND, F_SPEED, F_SLOW, F_FAST, F_SPEED_OCEAN, F_SPEED_TRENCH, F_SPEED_CONT, F_EUSTATIC, F_LOW500, F_MODE, F_MEDIAN, F_LAND_MEAN, F_ABOVE2K, F_ABOVE3K,
	F_SHELF, F_FLOODED, F_SEA_MEAN, F_SEA_1K, F_SEA_2K, F_SEA_3K, F_SEA_4K, F_SEA_5K, F_SEA_6K, F_SEA_DEEPER,
	F_COAST_STEP, F_COAST_CALM, F_ACTIVE, F_AGE_MEAN, F_AGE_MAX, F_AGE_OLD, F_AGE_YOUNG,
	F_CONS_YOUNG, F_CONS_MID, F_CONS_OLD,
	F_MADE, F_OPEN, F_RIDGE, F_FIT_A, F_FIT_B, F_FIT_OPEN_B, F_FIT_CURVE_B, F_HIGH, F_DEEP, F_PLATES, F_LARGEST, F_TOP7, F_MEDIUM, F_MEDIUM_AREA, F_SMALL, F_SMALL_AREA,
	F_RAINFOREST, F_DESERT, F_DESERT_SUB, F_MEDIT, F_MEDIT_WEST, F_EAST_P, F_WEST_P,
	F_EAST_DESERT, F_WEST_DESERT, F_EQ_H, F_EQ_T, F_EQ_P, F_EQ_WET,
	F_EQ_MEDIT, F_TEMP, F_ICE_N, F_ICE_N_SD, F_ICE_S, F_ICE_S_SD, F_COUNT
};

static const struct {
	const char *name, *fmt, *earth;
} figure[F_COUNT] = {
	[F_LAND] = {"land, % of surface", "%.1f", "29"},
	[F_SPEED] = {"area-weighted plate speed, cm/yr", "%.1f", "≈ 4"},
	[F_SLOW] = {"plates slower than 1 cm/yr, %", "%.0f", "few"},
	/* the model holds every plate's peak speed (omega R, at 90 degrees
	 * from its pole) to 12 cm/yr; Earth's fastest plates (Pacific, Nazca,
	 * Cocos) move 7-10 cm/yr with nothing holding them back */
	[F_FAST] = {"plates ≥ 1 % at the 12 cm/yr limit, % of them", "%.0f", "0"},
	[F_SPEED_OCEAN] = {"plates ≥ 1 %, under a third continent: speed, cm/yr", "%.1f", "5–10"},
	/* Forsyth & Uyeda (1975): plates with a fifth or more of their rim
	 * on a diving slab (Pacific, Nazca, Cocos, Philippine, Indian) move
	 * 6-9 cm/yr, the rest 1-4 */
	[F_SPEED_TRENCH] = {"  of them a fifth or more of the rim diving: speed, cm/yr", "%.1f", "5–10"},
	[F_SPEED_CONT] = {"plates ≥ 1 %, a third continent or more: speed, cm/yr", "%.1f", "1–3"},
	[F_EUSTATIC] = {"sea level against step 0 (eustatic), m", "%.0f", "±250"},
	[F_LOW500] = {"land 0–500 m, % of land", "%.0f", "≈ 50"},
	[F_MODE] = {"most common land height, m", "%.0f", "≈ 100"},
	[F_MEDIAN] = {"median land height, m", "%.0f", "≈ 450"},
	/* Earth's mean counts the ice sheets (Antarctica's ice stands ~2 km) */
	[F_LAND_MEAN] = {"mean land height, m", "%.0f", "≈ 840 (with ice)"},
	[F_ABOVE2K] = {"land above 2 km, % of land", "%.1f", "≈ 7"},
	[F_ABOVE3K] = {"land above 3 km, % of land", "%.1f", "≈ 2"},
	[F_SHELF] = {"shelf 0…−200 m, % of surface", "%.1f", "≈ 5"},
	[F_FLOODED] = {"continental crust under water, % of surface", "%.1f", "≈ 11"},
	/* Earth's sea floor by depth, % of the surface, from a global grid of
	 * 5' mean elevations (Wagner's 1922 table, from Kossinna's soundings,
	 * differs by a few tenths, by 3 at 5-6 km) */
	[F_SEA_MEAN] = {"mean ocean depth, m", "%.0f", "≈ 3 700"},
	[F_SEA_1K] = {"sea 0…1 km deep, % of surface", "%.1f", "≈ 8.6"},
	[F_SEA_2K] = {"sea 1…2 km deep, % of surface", "%.1f", "≈ 2.9"},
	[F_SEA_3K] = {"sea 2…3 km deep, % of surface", "%.1f", "≈ 5.7"},
	[F_SEA_4K] = {"sea 3…4 km deep, % of surface", "%.1f", "≈ 15.7"},
	[F_SEA_5K] = {"sea 4…5 km deep, % of surface", "%.1f", "≈ 23.4"},
	[F_SEA_6K] = {"sea 5…6 km deep, % of surface", "%.1f", "≈ 13.5"},
	[F_SEA_DEEPER] = {"sea over 6 km deep, % of surface", "%.1f", "≈ 0.5"},
	[F_COAST_STEP] = {"coast step, land cell to sea neighbour, km", "%.2f", "shelf, slope"},
	/* the same without sea neighbours on a closing boundary: a trench
	 * beside an arc is a real drop of 7-8 km */
	[F_COAST_CALM] = {"coast step away from closing boundaries, km", "%.2f", "shelf, slope"},
	[F_ACTIVE] = {"coasts on a plate boundary, % of coast", "%.0f", "≈ 35"},
	[F_AGE_MEAN] = {"mean ocean-floor age, Myr", "%.0f", "≈ 62"},
	[F_AGE_MAX] = {"oldest ocean floor, Myr", "%.0f", "≈ 180"},
	[F_AGE_OLD] = {"floor older than 200 Myr, % of floor", "%.2f", "≈ 0"},
	[F_AGE_YOUNG] = {"floor younger than 30 Myr, % of floor", "%.0f", "30–35"},
	/* Earth's floor of every age up to ~180 Myr is consumed alike (its
	 * area falls linearly with age): per Myr 1/(180 - age) of what is left */
	[F_CONS_YOUNG] = {"floor consumed per Myr, % of the floor 10–30 Myr old", "%.2f", "≈ 0.6"},
	[F_CONS_MID] = {"floor consumed per Myr, % of the floor 30–80 Myr old", "%.2f", "≈ 0.8"},
	[F_CONS_OLD] = {"floor consumed per Myr, % of the floor 80–200 Myr old", "%.2f", "≈ 2"},
	[F_MADE] = {"new ocean floor, km²/yr", "%.1f", "3.4"},
	[F_OPEN] = {"boundary opening (spreading), km²/yr", "%.1f", "3.4"},
	/* floor 0-2 Myr old on Earth: 2 500 + 350 sqrt(t) averaged over the
	 * band, 2 830 m (2 500 at the axis itself) */
	[F_RIDGE] = {"ridge crest (floor < 2 Myr), m", "%.0f", "≈ −2 830"},
	[F_FIT_A] = {"depth-age fit d = a + b√t (t < 80): a, m", "%.0f", "2 500"},
	[F_FIT_B] = {"depth-age fit: b, m/√Myr", "%.0f", "350 (GDH1: 300)"},
	/* the same fit away from the margins, where Parsons & Sclater took
	 * their depths, and the model's own cooling curve at these ages */
	[F_FIT_OPEN_B] = {"depth-age fit, floor 3+ cells from continent: b", "%.0f", "350 (GDH1: 300)"},
	[F_FIT_CURVE_B] = {"depth-age fit of the cooling curve at these ages: b", "%.0f", "—"},
	[F_HIGH] = {"highest point, km", "%.1f", "8.8"},
	[F_DEEP] = {"deepest point, km", "%.1f", "−10.9"},
	[F_PLATES] = {"plates", "%.0f", "56"},
	[F_LARGEST] = {"largest plate, % of surface", "%.0f", "≈ 20"},
	/* Bird's (2003) 52 plates: Pacific, Africa, Antarctica, North
	 * America, Eurasia, Australia and South America hold 81 % (86 % with
	 * Somalia and Sunda counted in Africa and Eurasia, as older models
	 * do); Somalia, Nazca, India, Sunda, Amur, Philippine Sea and Arabia,
	 * 1-4 % each, 14 %; the other 45 plates 5 % */
	[F_TOP7] = {"7 largest plates together, % of surface", "%.0f", "81–90"},
	[F_MEDIUM] = {"plates of 1–5 % of surface", "%.0f", "≈ 7"},
	[F_MEDIUM_AREA] = {"plates of 1–5 %: together, % of surface", "%.0f", "≈ 14"},
	[F_SMALL] = {"plates under 1 % of surface", "%.0f", "≈ 40"},
	[F_SMALL_AREA] = {"plates under 1 %: together, % of surface", "%.1f", "≈ 5"},
	[F_RAINFOREST] = {"rainforest, % of land", "%.1f", "≈ 13"},
	[F_DESERT] = {"desert, % of land", "%.1f", "14–19"},
	[F_DESERT_SUB] = {"desert land at 15–35°, % of desert", "%.0f", "most"},
	[F_MEDIT] = {"mediterranean, % of land", "%.1f", "≈ 2"},
	[F_MEDIT_WEST] = {"mediterranean within 1 000 km of an ocean to its west, %", "%.0f", "most"},
	[F_EAST_P] = {"15–35° land within 600 km of an ocean to its east (east coasts): rain, mm/yr", "%.0f",
	              "≈ 1 000–2 400"},
	[F_WEST_P] = {"15–35° land within 600 km of an ocean to its west (west coasts): rain, mm/yr", "%.0f",
	              "≈ 0–700"},
	[F_EAST_DESERT] = {"15–35° east coasts: desert, % of that land", "%.0f", "little"},
	[F_WEST_DESERT] = {"15–35° west coasts: desert, % of that land", "%.0f", "much"},
	[F_EQ_H] = {"equatorial land (|lat| < 15°) height, m", "%.0f", "≈ 400"},
	[F_EQ_T] = {"equatorial land temperature, °C", "%.1f", "25–27"},
	[F_EQ_P] = {"equatorial land rain, mm/yr", "%.0f", "1 500–2 000"},
	[F_EQ_WET] = {"equatorial land rainforest+savannah, %", "%.0f", "most"},
	[F_EQ_MEDIT] = {"equatorial land mediterranean, %", "%.0f", "≈ 0"},
	[F_TEMP] = {"mean surface temperature, °C", "%.1f", "14–15"},
	[F_ICE_N] = {"sea-ice edge north, mean latitude", "%.1f", "—"},
	[F_ICE_N_SD] = {"sea-ice edge north, sd over longitude", "%.1f", "wavy"},
	[F_ICE_S] = {"sea-ice edge south, mean latitude", "%.1f", "55–70"},
	[F_ICE_S_SD] = {"sea-ice edge south, sd over longitude", "%.1f", "wavy"},
};

#define HBIN_M 100
#define HBINS 200          /* 0 .. 20 km of land height in 100 m bins */
#define ICE_LON_BINS 72

static double sea_rel(const snapshot_t *s, int c)
{
	return s->elevation[c] - s->sea_level_m;
}

/* Ice edge: per longitude bin, the lowest |latitude| at which an ocean cell
 * is sea ice, in one hemisphere; mean and spread over the bins that have ice. */
static void ice_edge(const snapshot_t *s, int north, double *mean, double *sd)
{
	double edge[ICE_LON_BINS];
	for (int b = 0; b < ICE_LON_BINS; b++)
		edge[b] = 91;
	for (int c = 0; c < s->n; c++) {
		if (s->biome[c] != BIOME_SEA_ICE)
			continue;
		vec3 p = s->grid->centre[c];
		double lat = v3_lat(p) * 180 / M_PI;
		if ((lat > 0) != north)
			continue;
		int b = (int)((v3_lon(p) + M_PI) / (2 * M_PI) * ICE_LON_BINS) % ICE_LON_BINS;
		edge[b] = fmin(edge[b], fabs(lat));
	}
	double sum = 0, sum2 = 0;
	int k = 0;
	for (int b = 0; b < ICE_LON_BINS; b++)
		if (edge[b] <= 90) {
			sum += edge[b];
			sum2 += edge[b] * edge[b];
			k++;
		}
	*mean = k ? sum / k : NAN;
	*sd = k ? sqrt(fmax(0, sum2 / k - (sum / k) * (sum / k))) : NAN;
}

/* Plate velocity at cell c as a 3D vector, cm/yr. */
static vec3 cell_velocity(const snapshot_t *s, int c)
{
	vec3 p = s->grid->centre[c];
	vec3 east = v3_cross(v3(0, 0, 1), p);
	east = v3_len(east) > 1e-9 ? v3_norm(east) : v3(0, 1, 0);
	vec3 north = v3_cross(p, east);
	return v3_add(v3_scale(east, s->vel_east[c]), v3_scale(north, s->vel_north[c]));
}

/* Area opened per year where neighbouring cells of two plates move apart,
 * km^2/yr: what spreading explains (each cell edge about spacing/sqrt 3). */
static double boundary_opening(const snapshot_t *s)
{
	const grid_t *g = s->grid;
	double R = s->prm.radius_km, edge_km = g->spacing * R / sqrt(3.0), open = 0;
	for (int c = 0; c < s->n; c++)
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (nb < c || s->plate[nb] == s->plate[c])
				continue;
			vec3 d = v3_norm(v3_sub(g->centre[nb], g->centre[c]));
			double rate = v3_dot(v3_sub(cell_velocity(s, nb), cell_velocity(s, c)), d);
			if (rate > 0)
				open += rate * 1e-5 * edge_km;
		}
	return open;
}

/* Ocean floor by age band (10-30, 30-80, 80-200 Myr, ages less `shift`),
 * sr: a band's area a step ago less the same floor's area now (aged one
 * step) is what went down in between. */
#define CONS_BANDS 3
static const double cons_edge[CONS_BANDS + 1] = {10, 30, 80, 200};

static void floor_bands(const snapshot_t *s, double shift, double *band)
{
	for (int k = 0; k < CONS_BANDS; k++)
		band[k] = 0;
	for (int c = 0; c < s->n; c++) {
		if (s->crust[c] != CRUST_OCEANIC)
			continue;
		double age = s->age[c] - shift;
		for (int k = 0; k < CONS_BANDS; k++)
			if (age >= cons_edge[k] && age < cons_edge[k + 1])
				band[k] += s->grid->area[c];
	}
}

/* Per Myr, % of each band consumed over the last step, from the bands of
 * the step before (`before`, NULL if none). */
static void consumption(const snapshot_t *s, const double *before, double *f)
{
	double now[CONS_BANDS];
	floor_bands(s, s->prm.dt_myr, now);
	for (int k = 0; k < CONS_BANDS; k++)
		f[F_CONS_YOUNG + k] = before && before[k] > 0
		                    ? 100 * (before[k] - now[k]) / before[k] / s->prm.dt_myr : NAN;
}

static int larger_first(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x < y) - (x > y);
}

/* A weighted least-squares line y = a + b x, summed a point at a time. */
typedef struct lsq { double sx, sy, sxx, sxy, sw; } lsq;

static void lsq_add(lsq *l, double x, double y, double w)
{
	l->sx += x * w;
	l->sy += y * w;
	l->sxx += x * x * w;
	l->sxy += x * y * w;
	l->sw += w;
}

static double lsq_slope(const lsq *l)
{
	return (l->sw * l->sxy - l->sx * l->sy) / fmax(l->sw * l->sxx - l->sx * l->sx, 1e-30);
}

static double lsq_intercept(const lsq *l)
{
	return (l->sy - lsq_slope(l) * l->sx) / fmax(l->sw, 1e-30);
}

/* Nonzero on continental crust and the two rings of cells around it: the
 * continental rise and slope, where the floor is held up beside its
 * continent (crust.c); NULL out of memory. */
static uint8_t *near_continent(const snapshot_t *s)
{
	const grid_t *g = s->grid;
	uint8_t *m = calloc((size_t)s->n, 1);
	if (!m)
		return NULL;
	for (int c = 0; c < s->n; c++)
		m[c] = s->crust[c] == CRUST_CONTINENTAL;
	for (uint8_t ring = 2; ring <= 3; ring++)
		for (int c = 0; c < s->n; c++) {
			if (m[c] != ring - 1)
				continue;
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
				if (!m[g->nbr[k]])
					m[g->nbr[k]] = ring;
		}
	return m;
}

static void measure(const snapshot_t *s, double *f)
{
	const grid_t *g = s->grid;
	double total = 0, land = 0, low = 0, above2k = 0, above3k = 0, land_h = 0, shelf = 0, flooded = 0;
	double sea_depth = 0, sea_band[F_SEA_DEEPER - F_SEA_1K + 1] = {0};
	double hist[HBINS] = {0};
	double floor_area = 0, age_sum = 0, age_max = 0, young = 0, old = 0;
	double ridge = 0, ridge_area = 0;
	lsq all = {0}, open = {0}, curve = {0};
	uint8_t *margin = near_continent(s);
	double high = -1e9, deep = 1e9, tsum = 0;
	double coast_sum = 0, coast_n = 0, coast_active = 0, calm_sum = 0, calm_n = 0;
	double biome[BIOME_COUNT] = {0}, desert_sub = 0;
	double eq_area = 0, eq_h = 0, eq_t = 0, eq_p = 0, eq_wet = 0, eq_medit = 0;
	for (int c = 0; c < s->n; c++) {
		double a = g->area[c], h = sea_rel(s, c);
		double lat = fabs(v3_lat(g->centre[c])) * 180 / M_PI;
		total += a;
		tsum += s->temperature[c] * a;
		high = fmax(high, h);
		deep = fmin(deep, h);
		if (h >= 0) {
			land += a;
			low += h < 500 ? a : 0;
			above2k += h > 2000 ? a : 0;
			above3k += h > 3000 ? a : 0;
			land_h += h * a;
			int b = (int)(h / HBIN_M);
			hist[b < HBINS ? b : HBINS - 1] += a;
			biome[s->biome[c]] += a;
			if (s->biome[c] == BIOME_DESERT && lat >= 15 && lat <= 35)
				desert_sub += a;
			if (lat < 15) {
				eq_area += a;
				eq_h += h * a;
				eq_t += s->temperature[c] * a;
				eq_p += s->precip[c] * a;
				eq_wet += s->biome[c] == BIOME_RAINFOREST || s->biome[c] == BIOME_SAVANNAH ? a : 0;
				eq_medit += s->biome[c] == BIOME_MEDITERRANEAN ? a : 0;
			}
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				double hn = sea_rel(s, g->nbr[k]);
				if (hn < 0) {
					coast_sum += h - hn;
					coast_n++;
					coast_active += s->plate[g->nbr[k]] != s->plate[c];
					if (!coast_sides_closing(s, g->nbr[k])) {
						calm_sum += h - hn;
						calm_n++;
					}
				}
			}
		} else {
			shelf += h >= -200 ? a : 0;
			sea_depth -= h * a;
			int band = (int)(-h / 1000);
			sea_band[band < F_SEA_DEEPER - F_SEA_1K ? band : F_SEA_DEEPER - F_SEA_1K] += a;
			flooded += s->crust[c] == CRUST_CONTINENTAL ? a : 0;
		}
		if (s->crust[c] == CRUST_OCEANIC) {
			double age = s->age[c];
			floor_area += a;
			age_sum += age * a;
			age_max = fmax(age_max, age);
			young += age < 30 ? a : 0;
			old += age > 200 ? a : 0;
			if (age < 2) {
				ridge += h * a;
				ridge_area += a;
			}
			if (age >= 1 && age < 80 && s->boundary[c] != BOUNDARY_CONVERGENT) {
				double x = sqrt(age), y = -h;
				lsq_add(&all, x, y, a);
				if (margin && !margin[c])
					lsq_add(&open, x, y, a);
				lsq_add(&curve, x, -relief_ocean_depth(age), a);
			}
		}
	}
	double speed = 0;
	int slow = 0, small = 0, large = 0, fast = 0;
	double largest = 0, medium_area = 0, small_area = 0, by_size[PARAMS_MAX_PLATES];
	int medium = 0;
	/* the large plates by their continent, area-weighted: oceanic plates
	 * pulled by their slabs are Earth's fastest, continents its slowest */
	double kind_speed[2] = {0}, kind_area[2] = {0}, trench_speed = 0, trench_area = 0;
	int rim[SNAPSHOT_PLATES_MAX] = {0}, diving[SNAPSHOT_PLATES_MAX] = {0};
	for (int c = 0; c < s->n; c++)
		if (s->boundary[c] != BOUNDARY_NONE) {
			rim[s->plate[c]]++;
			diving[s->plate[c]] += s->trench[c] > 0;
		}
	for (int i = 0; i < s->plate_count; i++) {
		const plate_info *p = &s->plates[i];
		speed += p->speed_cm_yr * p->area_fraction;
		slow += p->speed_cm_yr < 1;
		small += p->area_fraction < 0.01;
		small_area += p->area_fraction < 0.01 ? p->area_fraction : 0;
		largest = fmax(largest, p->area_fraction);
		by_size[i] = p->area_fraction;
		if (p->area_fraction >= 0.01 && p->area_fraction < 0.05) {
			medium++;
			medium_area += p->area_fraction;
		}
		if (p->area_fraction >= 0.01) {
			int cont = p->continental_fraction >= 1.0 / 3;
			large++;
			fast += p->omega_deg_myr * M_PI / 180 * s->prm.radius_km * 0.1 >= PLATE_SPEED_MAX_CM_YR - 0.01;
			kind_speed[cont] += p->speed_cm_yr * p->area_fraction;
			kind_area[cont] += p->area_fraction;
			if (!cont && diving[i] * 5 >= rim[i] && rim[i] > 0) {
				trench_speed += p->speed_cm_yr * p->area_fraction;
				trench_area += p->area_fraction;
			}
		}
	}
	double acc = 0, median = NAN;
	int mode = 0;
	for (int b = 0; b < HBINS; b++) {
		if (hist[b] > hist[mode])
			mode = b;
		if (isnan(median) && acc + hist[b] >= land / 2)
			median = (b + (land / 2 - acc) / fmax(hist[b], 1e-30)) * HBIN_M;
		acc += hist[b];
	}
	f[F_LAND] = 100 * land / total;
	f[F_SPEED] = speed;
	f[F_SLOW] = s->plate_count ? 100.0 * slow / s->plate_count : 0;
	f[F_FAST] = large ? 100.0 * fast / large : NAN;
	f[F_SPEED_OCEAN] = kind_area[0] > 0 ? kind_speed[0] / kind_area[0] : NAN;
	f[F_SPEED_TRENCH] = trench_area > 0 ? trench_speed / trench_area : NAN;
	f[F_SPEED_CONT] = kind_area[1] > 0 ? kind_speed[1] / kind_area[1] : NAN;
	f[F_EUSTATIC] = s->eustatic_change_m;
	f[F_LOW500] = 100 * low / land;
	f[F_MODE] = (mode + 0.5) * HBIN_M;
	f[F_MEDIAN] = median;
	f[F_LAND_MEAN] = land > 0 ? land_h / land : NAN;
	f[F_ABOVE2K] = 100 * above2k / land;
	f[F_ABOVE3K] = 100 * above3k / land;
	f[F_SHELF] = 100 * shelf / total;
	f[F_FLOODED] = 100 * flooded / total;
	f[F_SEA_MEAN] = land < total ? sea_depth / (total - land) : NAN;
	for (int k = F_SEA_1K; k <= F_SEA_DEEPER; k++)
		f[k] = 100 * sea_band[k - F_SEA_1K] / total;
	f[F_COAST_STEP] = coast_n ? coast_sum / coast_n / 1000 : NAN;
	f[F_COAST_CALM] = calm_n ? calm_sum / calm_n / 1000 : NAN;
	f[F_ACTIVE] = coast_n ? 100 * coast_active / coast_n : NAN;
	f[F_AGE_MEAN] = floor_area ? age_sum / floor_area : NAN;
	f[F_AGE_MAX] = age_max;
	f[F_AGE_OLD] = floor_area ? 100 * old / floor_area : NAN;
	f[F_AGE_YOUNG] = floor_area ? 100 * young / floor_area : NAN;
	double R = s->prm.radius_km;
	f[F_MADE] = s->step ? s->stats.crust_created * 4 * M_PI * R * R / s->prm.dt_myr / 1e6 : NAN;
	f[F_OPEN] = boundary_opening(s);
	f[F_RIDGE] = ridge_area ? ridge / ridge_area : NAN;
	f[F_FIT_A] = lsq_intercept(&all);
	f[F_FIT_B] = lsq_slope(&all);
	f[F_FIT_OPEN_B] = margin ? lsq_slope(&open) : NAN;
	f[F_FIT_CURVE_B] = lsq_slope(&curve);
	free(margin);
	f[F_HIGH] = high / 1000;
	f[F_DEEP] = deep / 1000;
	f[F_PLATES] = s->plate_count;
	f[F_LARGEST] = 100 * largest;
	qsort(by_size, (size_t)s->plate_count, sizeof *by_size, larger_first);
	double top7 = 0;
	for (int i = 0; i < 7 && i < s->plate_count; i++)
		top7 += by_size[i];
	f[F_TOP7] = 100 * top7;
	f[F_MEDIUM] = medium;
	f[F_MEDIUM_AREA] = 100 * medium_area;
	f[F_SMALL] = small;
	f[F_SMALL_AREA] = 100 * small_area;
	f[F_RAINFOREST] = 100 * biome[BIOME_RAINFOREST] / land;
	f[F_DESERT] = 100 * biome[BIOME_DESERT] / land;
	f[F_DESERT_SUB] = biome[BIOME_DESERT] > 0 ? 100 * desert_sub / biome[BIOME_DESERT] : NAN;
	f[F_MEDIT] = 100 * biome[BIOME_MEDITERRANEAN] / land;
	coast_sides cs = coast_sides_measure(s);
	f[F_MEDIT_WEST] = 100 * cs.medit_west;
	f[F_EAST_P] = cs.east_rain;
	f[F_WEST_P] = cs.west_rain;
	f[F_EAST_DESERT] = 100 * cs.east_desert;
	f[F_WEST_DESERT] = 100 * cs.west_desert;
	f[F_EQ_H] = eq_area ? eq_h / eq_area : NAN;
	f[F_EQ_T] = eq_area ? eq_t / eq_area : NAN;
	f[F_EQ_P] = eq_area ? eq_p / eq_area : NAN;
	f[F_EQ_WET] = eq_area ? 100 * eq_wet / eq_area : NAN;
	f[F_EQ_MEDIT] = eq_area ? 100 * eq_medit / eq_area : NAN;
	f[F_TEMP] = tsum / total;
	ice_edge(s, 1, &f[F_ICE_N], &f[F_ICE_N_SD]);
	ice_edge(s, 0, &f[F_ICE_S], &f[F_ICE_S_SD]);
}

static int parse_list(const char *arg, long *out, int max)
{
	int n = 0;
	char *end;
	while (*arg && n < max) {
		out[n++] = strtol(arg, &end, 10);
		if (end == arg)
			return -1;
		arg = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	return n;
}

#define MAX_SEEDS 16
#define MAX_STEPS 16

/* fig[seed][checkpoint][figure]; the last checkpoint slot, nk, holds the
 * seed's means when they are asked for */
static double fig[MAX_SEEDS][MAX_STEPS + 1][F_COUNT];

/* steps FROM..TO every EVERY for the means column; every 0: none */
typedef struct mean_span { long from, to, every; } mean_span;

static int in_span(const mean_span *m, long t)
{
	return m->every > 0 && t >= m->from && t <= m->to && (t - m->from) % m->every == 0;
}

/* Print "lo … hi" of figure f over the seeds at checkpoint k, or one value. */
static void print_range(int f, int k, int ns)
{
	double lo = INFINITY, hi = -INFINITY;
	for (int si = 0; si < ns; si++) {
		double v = fig[si][k][f];
		if (isnan(v))
			continue;
		lo = fmin(lo, v);
		hi = fmax(hi, v);
	}
	char a[32], b[32];
	if (lo > hi) {
		printf(" — |");
		return;
	}
	snprintf(a, sizeof a, figure[f].fmt, lo);
	snprintf(b, sizeof b, figure[f].fmt, hi);
	if (strcmp(a, b) == 0)
		printf(" %s |", a);
	else
		printf(" %s … %s |", a, b);
}

static int run_scenario(const char *path, const long *seeds, int ns, const long *steps, int nk,
                        const mean_span *mean, pool_t *pool)
{
	params base;
	char *errors = NULL;
	int bad = path ? scenario_load_file(path, &base, &errors) : scenario_load_default(&base, &errors);
	if (bad) {
		fprintf(stderr, "%s", errors ? errors : "cannot load scenario\n");
		free(errors);
		return -1;
	}
	for (int si = 0; si < ns; si++) {
		params p = base;
		p.seed = (uint64_t)seeds[si];
		char err[256];
		planet_t *pl = planet_new(&p, pool, err, sizeof err);
		if (!pl) {
			fprintf(stderr, "bench_realism: %s\n", err);
			return -1;
		}
		snapshot_t *s = snapshot_new(planet_grid(pl));
		long last = steps[nk - 1];
		if (mean->every > 0 && mean->to > last)
			last = mean->to;
		double sum[F_COUNT] = {0}, f[F_COUNT], before[CONS_BANDS];
		int count[F_COUNT] = {0}, k = 0;
		long before_step = -1;
		for (long t = 0;; t++) {
			int check = k < nk && steps[k] == t, in_mean = in_span(mean, t);
			int snapped = check || in_mean;
			if (snapped) {
				planet_snapshot(pl, s);
				measure(s, f);
				consumption(s, t > 0 && before_step == t - 1 ? before : NULL, f);
			}
			for (; k < nk && steps[k] == t; k++)
				memcpy(fig[si][k], f, sizeof f);
			for (int i = 0; in_mean && i < F_COUNT; i++)
				if (!isnan(f[i])) {
					sum[i] += f[i];
					count[i]++;
				}
			if (t >= last)
				break;
			/* what the next measured step consumes needs this step's floor */
			if ((k < nk && steps[k] == t + 1) || in_span(mean, t + 1)) {
				if (!snapped)
					planet_snapshot(pl, s);
				floor_bands(s, 0, before);
				before_step = t;
			}
			if (planet_step(pl, err, sizeof err) < 0) {
				fprintf(stderr, "bench_realism: %s\n", err);
				return -1;
			}
		}
		for (int i = 0; i < F_COUNT; i++)
			fig[si][nk][i] = count[i] ? sum[i] / count[i] : NAN;
		snapshot_free(s);
		planet_free(pl);
		fprintf(stderr, ".");
	}
	fprintf(stderr, "\n");
	printf("\n### %s (seeds", path ? path : "default scenario");
	for (int si = 0; si < ns; si++)
		printf("%s%ld", si ? "," : " ", seeds[si]);
	printf(")\n\n| figure |");
	int cols = nk + (mean->every > 0);
	for (int k = 0; k < nk; k++)
		printf(" step %ld |", steps[k]);
	if (mean->every > 0)
		printf(" mean, steps %ld–%ld every %ld |", mean->from, mean->to, mean->every);
	printf(" Earth |\n|---|");
	for (int k = 0; k < cols; k++)
		printf("---|");
	printf("---|\n");
	for (int f = 0; f < F_COUNT; f++) {
		printf("| %s |", figure[f].name);
		for (int k = 0; k < cols; k++)
			print_range(f, k, ns);
		printf(" %s |\n", figure[f].earth);
	}
	fflush(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	long seeds[MAX_SEEDS] = {1, 2, 3}, steps[MAX_STEPS] = {0, 300, 1000, 3000};
	long span[3] = {300, 3000, 50};
	int ns = 3, nk = 4, threads = 2, i = 1, nm = 3;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (i + 1 >= argc)
			goto usage;
		if (strcmp(argv[i], "-s") == 0)
			ns = parse_list(argv[++i], seeds, MAX_SEEDS);
		else if (strcmp(argv[i], "-n") == 0)
			nk = parse_list(argv[++i], steps, MAX_STEPS);
		else if (strcmp(argv[i], "-m") == 0)
			nm = parse_list(argv[++i], span, 3);
		else if (strcmp(argv[i], "-j") == 0)
			threads = atoi(argv[++i]);
		else
			goto usage;
		if (ns <= 0 || nk <= 0 || threads < 1)
			goto usage;
	}
	mean_span mean = {span[0], span[1], span[2]};
	if (nm != 3 || mean.every < 0 || mean.from < 0 || (mean.every > 0 && mean.to < mean.from))
		goto usage;
	for (int k = 1; k < nk; k++)
		if (steps[k] < steps[k - 1])
			goto usage;
	pool_t *pool = pool_new(threads);
	int rc = 0;
	if (i == argc)
		rc |= run_scenario(NULL, seeds, ns, steps, nk, &mean, pool);
	for (; i < argc; i++)
		rc |= run_scenario(argv[i], seeds, ns, steps, nk, &mean, pool);
	pool_free(pool);
	return rc ? 1 : 0;
usage:
	fprintf(stderr, "usage: bench_realism [-s SEEDS] [-n STEPS] [-m FROM,TO,EVERY] [-j THREADS] [SCENARIO...]\n"
	                "  SEEDS, STEPS: comma lists, steps ascending; -m: the means column (0,0,0: none)\n");
	return 2;
}
