/* surface.c: what the crust looks like from above, recomputed every step:
 * elevation and sea level, annual-mean climate, biomes and world statistics
 * (DESIGN.md §2 steps 8-10).
 *
 * Temperature follows annual-mean insolation, whose latitude profile depends
 * on the axial tilt (second Legendre term of North's energy balance model),
 * cooled by 6.5 C/km above sea level and softened over oceans. Precipitation
 * starts from the devlog's latitude bands; moisture is carried from the
 * oceans by the prevailing winds (trades, westerlies, polar easterlies) and
 * rained out by distance and by climbing terrain, which leaves rain shadows.
 * The moisture field persists between steps and is relaxed a few sweeps per
 * step, since continents move a fraction of a cell per step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

#define WIND_SLOTS 6
#define MOISTURE_RANGE_KM 2500.0     /* distance over which moisture rains out */
#define MOISTURE_SWEEPS_PER_STEP 1
#define TRENCH_M 4000.0                /* trench below the floor at 10 cm/yr */

/* North (1975): annual-mean insolation ~ 1 + s2 P2(sin lat), with s2 from
 * the obliquity. */
static double insolation(double tilt_rad, double x)
{
	double s2 = 5.0 / 16.0 * (-2 + 3 * sin(tilt_rad) * sin(tilt_rad));
	return 1 + s2 * 0.5 * (3 * x * x - 1);
}

/* Devlog precipitation bands over scaled latitude (0 equator, 1 pole). */
static double precip_band(double s)
{
	if (s < 0.12)
		return lerpd(0.8, 1.0, 1 - s / 0.12);
	if (s < 0.3)
		return lerpd(0.8, 0.2, (s - 0.12) / 0.18);
	if (s < 0.6)
		return lerpd(0.2, 0.7, (s - 0.3) / 0.3);
	return lerpd(0.7, 0.1, (s - 0.6) / 0.4);
}

/* Prevailing surface wind (unit tangent) at p: trades blow toward the west
 * and the equator, westerlies toward the east and the pole, polar easterlies
 * toward the west and the equator. */
static vec3 prevailing_wind(vec3 p)
{
	vec3 east = v3_cross(v3(0, 0, 1), p);
	if (v3_len(east) < 1e-9)
		return v3(1, 0, 0);
	east = v3_norm(east);
	vec3 north = v3_cross(p, east);
	double lat = fabs(v3_lat(p)) * 180 / M_PI;
	double hemi = p.z >= 0 ? 1 : -1;
	if (lat < 30)
		return v3_norm(v3_add(v3_scale(east, -1), v3_scale(north, -0.35 * hemi)));
	if (lat < 60)
		return v3_norm(v3_add(east, v3_scale(north, 0.35 * hemi)));
	return v3_norm(v3_add(v3_scale(east, -1), v3_scale(north, -0.35 * hemi)));
}

int surface_init(planet_t *pl)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	pl->wind_w = calloc((size_t)n * WIND_SLOTS, sizeof *pl->wind_w);
	pl->noise_t = malloc((size_t)n * sizeof *pl->noise_t);
	pl->noise_p = malloc((size_t)n * sizeof *pl->noise_p);
	pl->band = malloc((size_t)n * sizeof *pl->band);
	pl->temp_shape = malloc((size_t)n * sizeof *pl->temp_shape);
	if (!pl->wind_w || !pl->noise_t || !pl->noise_p || !pl->band || !pl->temp_shape)
		return -1;
	pl->shape_tilt = NAN;
	/* climate noise is fixed to the sphere, not to the crust: sample once */
	for (int c = 0; c < n; c++) {
		vec3 p = g->centre[c];
		pl->noise_t[c] = (float)noise_fbm(&pl->climate, p, 2.5, 3, 0.5);
		pl->noise_p[c] = (float)noise_fbm(&pl->climate, v3_add(p, v3(7, 7, 7)), 3.0, 3, 0.5);
		pl->band[c] = (float)precip_band(fabs(v3_lat(p)) / (M_PI / 2));
	}
	for (int c = 0; c < n; c++) {
		vec3 p = g->centre[c], w = prevailing_wind(p);
		double sum = 0;
		float *wc = &pl->wind_w[(size_t)c * WIND_SLOTS];
		int deg = grid_degree(g, c);
		for (int k = 0; k < deg && k < WIND_SLOTS; k++) {
			vec3 q = g->centre[g->nbr[g->nbr_off[c] + k]];
			vec3 d = v3_norm(v3_sub(q, v3_scale(p, v3_dot(q, p))));
			double up = -v3_dot(d, w);          /* > 0: neighbour is upwind */
			wc[k] = up > 0 ? (float)(up * up) : 0;
			sum += wc[k];
		}
		for (int k = 0; k < WIND_SLOTS; k++)
			wc[k] = sum > 0 ? (float)(wc[k] / sum) : 0;
	}
	return 0;
}

/* Sea level. At step 0 (and after ocean_fraction is changed) it is solved
 * so that the asked share of the area lies below it, and the water volume
 * that fills the basins then is remembered. Later steps keep that volume:
 * the sea rises when young, shallow ocean floor crowds the basins and falls
 * when they deepen, and shrinking continents can never pull the sea down to
 * the abyssal plains. Both solves use an area-weighted histogram of heights
 * in 1 m bins: exact to the bin, O(n). */
#define SEA_BINS 20000

static void sea_histogram(const planet_t *pl, double *hist)
{
	const grid_t *g = pl->grid;
	for (int c = 0; c < g->n; c++) {
		int b = (int)(pl->elevation[c] - ELEV_MIN_M);
		b = b < 0 ? 0 : b > SEA_BINS ? SEA_BINS : b;
		hist[b] += g->area[c];
	}
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

static double solve_sea_level(planet_t *pl)
{
	double *hist = calloc(SEA_BINS + 1, sizeof *hist);
	if (!hist)
		return pl->sea_level;
	sea_histogram(pl, hist);
	double level;
	if (pl->ocean_volume <= 0) {
		level = level_for_fraction(hist, pl->prm.ocean_fraction);
		pl->ocean_volume = volume_below(hist, level);
	} else {
		level = level_for_volume(hist, pl->ocean_volume);
	}
	free(hist);
	return level;
}

typedef struct surf_ctx {
	planet_t *pl;
	const float *m_in;
	float *m_out;
} surf_ctx;

static void elevation_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((surf_ctx *)ctx)->pl;
	for (int c = b; c < e; c++) {
		const plate_t *p = &pl->plates[pl->owner[c]];
		int s = pl->sample[c];
		double h = p->crust.elev[s] + pl->prm.noise_m * p->crust.detail[s];
		/* trenches are dynamic: they last while the slab sinks */
		if (pl->subducting[c])
			h -= TRENCH_M * pow(clampd(pl->stress[c], 0, 1), 0.7);
		pl->elevation[c] = (float)clampd(h, ELEV_MIN_M, ELEV_MAX_M);
	}
}

/* The latitude profile of sea-level temperature, 0 at the poles and 1 at
 * the equator for Earth's tilt: Earth's zonal-mean profile (cos^1.1 of
 * latitude, which includes the heat carried poleward), shifted by how much
 * another tilt changes the annual insolation at this latitude. It depends
 * only on the cell and the tilt, so it is cached until the tilt changes. */
static void update_climate_shape(planet_t *pl)
{
	if (pl->shape_tilt == pl->prm.axial_tilt_deg)
		return;
	const grid_t *g = pl->grid;
	double tilt = pl->prm.axial_tilt_deg * M_PI / 180, ref = 23.44 * M_PI / 180;
	double i_eq = insolation(ref, 0), i_pole = insolation(ref, 1);
	for (int c = 0; c < g->n; c++) {
		double z = g->centre[c].z;
		double coslat = sqrt(fmax(0, 1 - z * z));
		pl->temp_shape[c] = (float)(pow(coslat, 1.1) +
		                            (insolation(tilt, z) - insolation(ref, z)) / (i_eq - i_pole));
	}
	pl->shape_tilt = pl->prm.axial_tilt_deg;
}

static inline double max0(double x) { return x > 0 ? x : 0; }

/* exp(-x) for x >= 0 to about 0.1 %, without libm (hot loop). */
static inline double exp_neg(double x)
{
	double t = 1 + x * (1.0 / 16);
	t *= t;
	t *= t;
	t *= t;
	t *= t;
	return 1 / t;
}

static void temperature_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((surf_ctx *)ctx)->pl;
	const params *prm = &pl->prm;
	double span = prm->equator_temp_c - prm->pole_temp_c;
	double t_mean = prm->pole_temp_c + span * 0.62;   /* area mean of the profile */
	for (int c = b; c < e; c++) {
		double t = prm->pole_temp_c + span * pl->temp_shape[c];
		double above = pl->elevation[c] - pl->sea_level;
		if (above < 0)
			t = lerpd(t, t_mean, 0.5 * prm->ocean_moderation);
		else
			t -= prm->lapse_rate_c_km * above / 1000;
		t += prm->climate_noise * 15 * pl->noise_t[c];
		pl->temperature[c] = (float)t;
	}
}

static void moisture_chunk(void *ctx, int b, int e, int chunk)
{
	surf_ctx *s = ctx;
	planet_t *pl = s->pl;
	const grid_t *g = pl->grid;
	double step_km = g->spacing * pl->prm.radius_km;
	double dry = exp(-step_km / MOISTURE_RANGE_KM);
	double oro = 0.9 * pl->prm.rain_shadow;
	for (int c = b; c < e; c++) {
		double ec = pl->elevation[c] - pl->sea_level;
		if (ec < 0) {
			s->m_out[c] = 1;
			continue;
		}
		const float *wc = &pl->wind_w[(size_t)c * WIND_SLOTS];
		int off = g->nbr_off[c], deg = g->nbr_off[c + 1] - off;
		double m = 0;
		for (int k = 0; k < deg && k < WIND_SLOTS; k++) {
			if (wc[k] == 0)
				continue;
			int nb = g->nbr[off + k];
			double rise = max0(ec - max0(pl->elevation[nb] - pl->sea_level));
			m += wc[k] * s->m_in[nb] * exp_neg(oro * rise / 1000);
		}
		s->m_out[c] = (float)(m * dry);
	}
}

static void precip_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((surf_ctx *)ctx)->pl;
	const params *prm = &pl->prm;
	const grid_t *g = pl->grid;
	for (int c = b; c < e; c++) {
		double band = pl->band[c];
		double above = pl->elevation[c] - pl->sea_level;
		double pr;
		if (above < 0) {
			pr = band;
		} else {
			double m = pl->moisture[c];
			pr = band * (0.2 + 0.8 * m);
			int coastal = 0;
			double up_rise = 0;
			const float *wc = &pl->wind_w[(size_t)c * WIND_SLOTS];
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				int nb = g->nbr[k];
				double an = pl->elevation[nb] - pl->sea_level;
				coastal |= an < 0;
				int slot = k - g->nbr_off[c];
				if (slot < WIND_SLOTS)
					up_rise += wc[slot] * max0(above - max0(an));
			}
			if (coastal)
				pr += prm->coastal_bonus * band;
			/* windward slopes wring out the air */
			pr += prm->mountain_bonus * m * clampd(up_rise / 150.0, 0, 3);
			if (above > 1500)
				pr += prm->mountain_bonus * 0.5 * m;
		}
		pr *= 1 + prm->climate_noise * pl->noise_p[c];
		double mm = max0(pr * prm->precip_max_mm);
		pl->precip[c] = (float)mm;
	}
}

static void biome_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((surf_ctx *)ctx)->pl;
	biome_lut lut;
	biome_lut_init(&lut, pl->prm.biomes);
	for (int c = b; c < e; c++)
		pl->biome[c] = (uint8_t)biome_lookup(&lut, pl->temperature[c], pl->precip[c],
		                                     pl->elevation[c] - pl->sea_level);
}

void surface_update(planet_t *pl, int mode)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	surf_ctx ctx = {.pl = pl};
	double t0 = clock_ms();
	pool_for(pl->pool, n, 4096, elevation_chunk, &ctx);
	/* a restored state brings the sea level its step ended with */
	if (mode != SURFACE_RESTORE)
		pl->sea_level = pl->prm.ocean_fraction >= 0 ? solve_sea_level(pl) : pl->prm.sea_level_m;
	double t1 = clock_ms();
	update_climate_shape(pl);
	pool_for(pl->pool, n, 4096, temperature_chunk, &ctx);

	/* moisture: many sweeps from scratch, or a few from the last step */
	int sweeps = mode == SURFACE_RESTORE || mode == SURFACE_REFRESH ? 0 : MOISTURE_SWEEPS_PER_STEP;
	if (mode == SURFACE_FULL) {
		double step_km = g->spacing * pl->prm.radius_km;
		sweeps = (int)ceil(2 * MOISTURE_RANGE_KM / step_km) + 4;
		for (int c = 0; c < n; c++)
			pl->moisture[c] = 0;
	}
	for (int i = 0; i < sweeps; i++) {
		ctx.m_in = pl->moisture;
		ctx.m_out = pl->scratch_a;
		pool_for(pl->pool, n, 4096, moisture_chunk, &ctx);
		float *t = pl->moisture;
		pl->moisture = pl->scratch_a;
		pl->scratch_a = t;
	}
	pool_for(pl->pool, n, 4096, precip_chunk, &ctx);
	double t2 = clock_ms();
	pool_for(pl->pool, n, 4096, biome_chunk, &ctx);
	stats_update(pl);
	double t3 = clock_ms();
	pl->phase_ms[PHASE_ELEVATION] = t1 - t0;
	pl->phase_ms[PHASE_CLIMATE] = t2 - t1;
	pl->phase_ms[PHASE_BIOMES] = t3 - t2;
}

/* Partial sums of one chunk of cells; combined in chunk order, so the
 * totals are the same for any number of threads. */
typedef struct stat_part {
	double total, land, emin, emax, esum, tsum, cont, bsum;
	double biome[BIOME_COUNT], boundary[4];
	double area[PLATES_MAX], cont_area[PLATES_MAX], elev_area[PLATES_MAX];
	double pole2_area[PLATES_MAX], age_area[PLATES_MAX];
	int cells[PLATES_MAX];
} stat_part;

#define STATS_GRAIN 8192

typedef struct stats_ctx { planet_t *pl; stat_part *part; } stats_ctx;

static void stats_chunk(void *ctx, int b, int e, int chunk)
{
	stats_ctx *sc = ctx;
	planet_t *pl = sc->pl;
	const grid_t *g = pl->grid;
	stat_part *sp = &sc->part[chunk];
	memset(sp, 0, sizeof *sp);
	sp->emin = INFINITY;
	sp->emax = -INFINITY;
	for (int c = b; c < e; c++) {
		double a = g->area[c], h = pl->elevation[c];
		int o = pl->owner[c], s = pl->sample[c];
		const plate_t *p = &pl->plates[o];
		int cont = p->crust.type[s] == CRUST_CONTINENTAL;
		sp->total += a;
		sp->land += h >= pl->sea_level ? a : 0;
		sp->emin = h < sp->emin ? h : sp->emin;
		sp->emax = h > sp->emax ? h : sp->emax;
		sp->esum += h * a;
		sp->tsum += pl->temperature[c] * a;
		sp->biome[pl->biome[c]] += a;
		sp->cont += cont ? a : 0;
		if (pl->boundary[c] != BOUNDARY_NONE) {
			sp->boundary[pl->boundary[c]] += a;
			sp->bsum += a;
		}
		double pc = v3_dot(p->pole, g->centre[c]);
		sp->cells[o]++;
		sp->area[o] += a;
		sp->cont_area[o] += cont ? a : 0;
		sp->elev_area[o] += h * a;
		sp->pole2_area[o] += pc * pc * a;
		sp->age_area[o] += cont ? 0 : p->crust.age[s] * a;
	}
}

void stats_update(planet_t *pl)
{
	const grid_t *g = pl->grid;
	world_stats *st = &pl->stats;
	int chunks = pool_chunks(g->n, STATS_GRAIN);
	if (chunks > pl->stat_parts_cap) {
		stat_part *sp = realloc(pl->stat_parts, (size_t)chunks * sizeof *sp);
		if (!sp)
			return;     /* keep the last figures; they only inform */
		pl->stat_parts = sp;
		pl->stat_parts_cap = chunks;
	}
	stats_ctx sc = {pl, pl->stat_parts};
	pool_for(pl->pool, g->n, STATS_GRAIN, stats_chunk, &sc);

	double crust_created = st->crust_created, crust_consumed = st->crust_consumed;
	memset(st, 0, sizeof *st);
	st->crust_created = crust_created;
	st->crust_consumed = crust_consumed;
	st->elevation_min_m = INFINITY;
	st->elevation_max_m = -INFINITY;
	double total = 0, bsum = 0;
	double pole2[PLATES_MAX] = {0};
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		p->cells = 0;
		p->area = p->cont_area = p->elev_area = p->speed2_area = p->ocean_age = 0;
	}
	for (int k = 0; k < chunks; k++) {
		const stat_part *sp = &pl->stat_parts[k];
		total += sp->total;
		st->land_fraction += sp->land;
		st->elevation_min_m = fmin(st->elevation_min_m, sp->emin);
		st->elevation_max_m = fmax(st->elevation_max_m, sp->emax);
		st->elevation_mean_m += sp->esum;
		st->mean_temperature_c += sp->tsum;
		st->continental_fraction += sp->cont;
		bsum += sp->bsum;
		for (int b = 0; b < BIOME_COUNT; b++)
			st->biome_fraction[b] += sp->biome[b];
		for (int b = 1; b < 4; b++)
			st->boundary_fraction[b] += sp->boundary[b];
		for (int i = 0; i < pl->nplates; i++) {
			plate_t *p = &pl->plates[i];
			p->cells += sp->cells[i];
			p->area += sp->area[i];
			p->cont_area += sp->cont_area[i];
			p->elev_area += sp->elev_area[i];
			p->ocean_age += sp->age_area[i];
			pole2[i] += sp->pole2_area[i];
		}
	}
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		double ocean = p->area - p->cont_area;
		double v = p->omega * pl->prm.radius_km;
		p->ocean_age = ocean > 0 ? p->ocean_age / ocean : 0;
		/* |omega x r|^2 = omega^2 R^2 (1 - (pole . r)^2) */
		p->speed2_area = v * v * fmax(0, p->area - pole2[i]);
	}
	st->land_fraction /= total;
	st->elevation_mean_m /= total;
	st->mean_temperature_c /= total;
	st->continental_fraction /= total;
	for (int b = 0; b < BIOME_COUNT; b++)
		st->biome_fraction[b] /= total;
	for (int b = 1; b < 4; b++)
		st->boundary_fraction[b] = bsum > 0 ? st->boundary_fraction[b] / bsum : 0;
}
