/* sealevel.c: where the sea stands over the surface heights of a step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

/* Sea level. At step 0 (and after ocean_fraction is changed) it is solved
 * so that the asked share of the area lies below it, and the water volume
 * that fills the basins then is remembered. Later steps keep that volume:
 * the sea rises when young, shallow ocean floor crowds the basins and falls
 * when they deepen, and shrinking continents can never pull the sea down to
 * the abyssal plains. Only ground the sea reaches counts (basins.c). Both
 * solves use an area-weighted histogram of heights
 * in 1 m bins: exact to the bin, O(n). */
#define SEA_BINS 20000
#define SEA_AREA_ONE 0x1p56   /* histogram area unit: 2^-56 sr */

typedef struct hist_ctx {
	const planet_t *pl;
	int64_t *parts;   /* per chunk, SEA_BINS + 1 bins */
} hist_ctx;

static void hist_chunk(void *ctx, int b, int e, int chunk)
{
	const hist_ctx *hc = ctx;
	const planet_t *pl = hc->pl;
	const double *area = pl->grid->area;
	int64_t *hist = hc->parts + (size_t)chunk * (SEA_BINS + 1);
	memset(hist, 0, (SEA_BINS + 1) * sizeof *hist);
	for (int c = b; c < e; c++) {
		int k = (int)(pl->elevation[c] - ELEV_MIN_M);
		k = k < 0 ? 0 : k > SEA_BINS ? SEA_BINS : k;
		/* ground out of the sea's reach holds none of its water, however
		 * low: a closed basin's lake is not the ocean, and a hollow the
		 * sea rose past does not fill until the sea reaches it */
		if (reach_shut(*cell_reach(pl, c)))
			k = SEA_BINS;
		hist[k] += (int64_t)(area[c] * SEA_AREA_ONE);
	}
}

/* Area per 1 m height bin into hist. The areas add up as integers (2^-56 sr
 * each, the sphere below 2^63), so the sum is exact and one chunk of cells
 * per thread gives the same bins for any thread count. -1: out of memory. */
static int sea_histogram(planet_t *pl, double *hist)
{
	int n = pl->grid->n, parts = pool_threads(pl->pool);
	size_t need = (size_t)parts * (SEA_BINS + 1);
	if (need > pl->sea_parts_cap) {
		int64_t *sp = realloc(pl->sea_parts, need * sizeof *sp);
		if (!sp)
			return -1;
		pl->sea_parts = sp;
		pl->sea_parts_cap = need;
	}
	hist_ctx hc = {pl, pl->sea_parts};
	int grain = (n + parts - 1) / parts, chunks = pool_chunks(n, grain);
	pool_for(pl->pool, n, grain, hist_chunk, &hc);
	for (int k = 0; k <= SEA_BINS; k++) {
		int64_t sum = 0;
		for (int i = 0; i < chunks; i++)
			sum += pl->sea_parts[(size_t)i * (SEA_BINS + 1) + (size_t)k];
		hist[k] = (double)sum / SEA_AREA_ONE;
	}
	return 0;
}

static double level_for_fraction(const double *hist, double fraction)
{
	double want = fraction * 4 * M_PI, acc = 0;
	for (int b = 0; b <= SEA_BINS; b++) {
		if (acc + hist[b] >= want) {
			double f = hist[b] > 0 ? (want - acc) / hist[b] : 0;
			return ELEV_MIN_M + b + f;
		}
		acc += hist[b];
	}
	return ELEV_MAX_M;
}

/* Water volume (sr * m) below level: the sum of area * depth. */
static double volume_below(const double *hist, double level)
{
	double v = 0;
	for (int b = 0; b <= SEA_BINS; b++) {
		double e = ELEV_MIN_M + b + 0.5;
		if (e >= level)
			break;
		v += hist[b] * (level - e);
	}
	return v;
}

/* The level at which the basins hold `volume`. V(level) is piecewise
 * linear between bin centres e_b, with slope the area of the bins below. */
static double level_for_volume(const double *hist, double volume)
{
	double area = 0, v = 0;
	for (int b = 0; b <= SEA_BINS; b++) {
		double e = ELEV_MIN_M + b + 0.5;
		area += hist[b];
		if (area > 0 && v + area >= volume)
			return e + (volume - v) / area;
		v += area;
	}
	return ELEV_MAX_M;
}

double sealevel_for_fraction(planet_t *pl)
{
	double *hist = malloc((SEA_BINS + 1) * sizeof *hist);
	double level = hist && sea_histogram(pl, hist) == 0
	             ? level_for_fraction(hist, pl->prm.ocean_fraction) : 0;
	free(hist);
	return level;
}

static double solve_sea_level(planet_t *pl)
{
	double *hist = malloc((SEA_BINS + 1) * sizeof *hist);
	if (!hist || sea_histogram(pl, hist) < 0) {
		free(hist);
		return pl->sea_level;
	}
	double level;
	if (pl->ocean_volume <= 0) {
		level = level_for_fraction(hist, pl->prm.ocean_fraction);
		pl->ocean_volume = volume_below(hist, level);
	} else {
		level = level_for_volume(hist, pl->ocean_volume);
	}
	free(hist);
	/* "all under water" solves to just above the top bin: keep the sea on
	 * the scale heights live on (and that a saved state is checked against) */
	return clampd(level, ELEV_MIN_M, ELEV_MAX_M);
}

/* The sea level of this step: solved (ocean_fraction >= 0) or fixed. */
void sealevel_update(planet_t *pl)
{
	pl->sea_level = pl->prm.ocean_fraction >= 0 ? solve_sea_level(pl) : pl->prm.sea_level_m;
}

/* Put the sea at `level` (an imported terrain's coast): remember the water
 * the basins hold below it, so later steps keep that volume. */
void sealevel_fix(planet_t *pl, double level)
{
	double *hist = malloc((SEA_BINS + 1) * sizeof *hist);
	if (hist && sea_histogram(pl, hist) == 0)
		pl->ocean_volume = volume_below(hist, level);
	free(hist);
	pl->sea_level = level;
}
