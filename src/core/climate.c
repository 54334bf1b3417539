/* climate.c: annual-mean climate over the surface: temperature, moisture and
 * precipitation.
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
#define WIND_BLOCK 64                /* cells per wind_base entry */
#define MOISTURE_RANGE_KM 2500.0     /* distance over which moisture rains out */
#define MOISTURE_SWEEPS_PER_STEP 1
#define MARINE_RECOVERY_KM 700.0      /* open sea restores maritime air */
#define RECYCLING 3.0                 /* warm forests rain out and re-evaporate:
                                       * moisture reaches this much farther */
#define LOCAL_RAIN 0.3                /* share of the band's rain that needs
                                       * no air fresh from the sea */
#define LOCAL_RAIN_DRYING 0.3         /* ...on cool land it shrinks as
                                       * moisture^this: deep interiors dry */
#define TROPICAL_RECYCLING 0.2        /* share of rain over hot land that
                                       * needs no air from the sea */
#define ITCZ_SWING_FROM_DEG 4.0       /* the rain belt follows the sun: land */
#define ITCZ_SWING_TO_DEG 12.0        /* beyond 4 deg has a dry season, fully
                                       * beyond 12 ... */
#define DRY_BELT_FROM_DEG 30.0        /* ...until the subtropical dry belt, */
#define DRY_BELT_TO_DEG 38.0          /* dry all year: no season to tell */
#define GENTLE_SLOPE_M_KM 1.0         /* climbs gentler than this lift the air
                                       * too little to rain it out */
#define MONSOON_RAIN 0.55             /* east-coast summer rain at full
                                       * strength, share of precip_max_mm */
#define SUMMER_DROUGHT 0.35           /* share of a year's rain that a dry
                                       * summer takes away */
#define BELT_WANDER_DEG 40.0          /* the rain belts' edges move poleward
                                       * or back by climate.noise x this x
                                       * the temperature noise: 1.5 deg (sd),
                                       * up to 5, at the default 0.15 */
#define CONTINENTAL_COOLING_C 10.0    /* annual-mean cooling of fully continental
                                       * air at the pole (cold winters) */

/* North (1975): annual-mean insolation ~ 1 + s2 P2(sin lat), with s2 from
 * the obliquity. */
static double insolation(double tilt_rad, double x)
{
	double s2 = 5.0 / 16.0 * (-2 + 3 * sin(tilt_rad) * sin(tilt_rad));
	return 1 + s2 * 0.5 * (3 * x * x - 1);
}

/* Zonal precipitation over scaled latitude (0 equator, 1 pole): the
 * devlog's bands, with Earth's shape: the ITCZ maximum, a broad dry belt
 * under the subtropical highs (about 20-32 degrees), the wet storm tracks of
 * the mid-latitudes and dry poles. */
static double precip_band(double s)
{
	if (s < 0.08)
		return 1.0;
	if (s < 0.13)
		return lerpd(1.0, 0.85, (s - 0.08) / 0.05);
	if (s < 0.22)
		return lerpd(0.85, 0.12, (s - 0.13) / 0.09);
	if (s < 0.35)
		return 0.12;
	if (s < 0.55)
		return lerpd(0.12, 0.75, (s - 0.35) / 0.2);
	if (s < 0.7)
		return lerpd(0.75, 0.6, (s - 0.55) / 0.15);
	return lerpd(0.6, 0.1, (s - 0.7) / 0.3);
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

/* The static climate fields are kept in 16 bits (2 B/cell each instead of
 * 4): the noise to 1/32 767, the rain band to 1/65 535, far below what
 * the climate can tell apart. */
static inline int16_t unit_to_q15(double v)
{
	return (int16_t)lrint(INT16_MAX * clampd(v, -1, 1));
}

static inline double q15_to_unit(int16_t q)
{
	return q * (1.0 / INT16_MAX);
}

/* What climate_init samples once per cell (each cell its own values, so
 * the pool's split changes nothing): the two noises, four cells at a time
 * where noise_fbm_many can. The rain band follows (update_rain_band). */
static void cell_climate_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	planet_t *pl = ctx;
	const vec3 *centre = pl->grid->centre;
	enum { RUN = 64 };
	vec3 shifted[RUN];
	double t[RUN], p[RUN];
	for (int c0 = b; c0 < e; c0 += RUN) {
		int m = e - c0 < RUN ? e - c0 : RUN;
		for (int i = 0; i < m; i++)
			shifted[i] = v3_add(centre[c0 + i], v3(7, 7, 7));
		noise_fbm_many(&pl->climate, centre + c0, m, 2.5, 3, 0.5, t);
		noise_fbm_many(&pl->climate, shifted, m, 3.0, 3, 0.5, p);
		for (int i = 0; i < m; i++) {
			pl->noise_t[c0 + i] = unit_to_q15(t[i]);
			pl->noise_p[c0 + i] = unit_to_q15(p[i]);
		}
	}
}

int climate_init(planet_t *pl)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	pl->noise_t = malloc((size_t)n * sizeof *pl->noise_t);
	pl->noise_p = malloc((size_t)n * sizeof *pl->noise_p);
	pl->band = malloc((size_t)n * sizeof *pl->band);
	pl->temp_shape = malloc((size_t)n * sizeof *pl->temp_shape);
	pl->wind_mask = malloc((size_t)n * sizeof *pl->wind_mask);
	pl->wind_base = malloc(((size_t)n / WIND_BLOCK + 1) * sizeof *pl->wind_base);
	/* at most WIND_SLOTS entries a cell; shrunk to what is used below */
	pl->wind_w = malloc((size_t)n * WIND_SLOTS * sizeof *pl->wind_w);
	if (!pl->wind_mask || !pl->wind_base || !pl->wind_w || !pl->noise_t || !pl->noise_p ||
	    !pl->band || !pl->temp_shape || ocean_heat_init(pl) < 0)
		return -1;
	pl->shape_tilt = NAN;
	pl->band_noise = NAN;
	/* climate noise is fixed to the sphere, not to the crust: sample once */
	pool_for(pl->pool, n, 2048, cell_climate_chunk, pl);
	int32_t used = 0;
	for (int c = 0; c < n; c++) {
		vec3 p = g->centre[c], w = prevailing_wind(p);
		double sum = 0;
		float wc[WIND_SLOTS] = {0};
		int deg = grid_degree(g, c);
		for (int k = 0; k < deg && k < WIND_SLOTS; k++) {
			vec3 q = g->centre[g->nbr[g->nbr_off[c] + k]];
			vec3 d = v3_norm(v3_sub(q, v3_scale(p, v3_dot(q, p))));
			double up = -v3_dot(d, w);          /* > 0: neighbour is upwind */
			wc[k] = up > 0 ? (float)(up * up) : 0;
			sum += wc[k];
		}
		if (c % WIND_BLOCK == 0)
			pl->wind_base[c / WIND_BLOCK] = used;
		uint8_t mask = 0;
		for (int k = 0; k < WIND_SLOTS; k++) {
			float wk = sum > 0 ? (float)(wc[k] / sum) : 0;
			if (wk != 0) {
				mask |= (uint8_t)(1u << k);
				pl->wind_w[used++] = wk;
			}
		}
		pl->wind_mask[c] = mask;
	}
	float *wt = realloc(pl->wind_w, (size_t)(used ? used : 1) * sizeof *wt);
	if (wt)
		pl->wind_w = wt;
	return 0;
}

void climate_done(planet_t *pl)
{
	free(pl->noise_t);
	free(pl->noise_p);
	free(pl->band);
	free(pl->temp_shape);
	free(pl->wind_w);
	pl->noise_t = pl->noise_p = NULL;
	pl->band = NULL;
	pl->temp_shape = pl->wind_w = NULL;
	free(pl->wind_mask);
	free(pl->wind_base);
	pl->wind_mask = NULL;
	pl->wind_base = NULL;
	pl->shape_tilt = NAN;
	pl->band_noise = NAN;
	ocean_heat_free(pl);
}

typedef struct climate_ctx {
	planet_t *pl;
	const float *m_in;
	float *m_out;
} climate_ctx;

/* How far the rain belts reach poleward of their zonal place at cell c,
 * radians (negative: short of it). Earth's tropical rain reaches 20 deg
 * where land heats and draws the monsoon in (South Asia, Central America)
 * and stops near 5 deg elsewhere (East Africa); warmer-than-zonal places
 * here are wetter-than-zonal too, which also keeps biome borders off the
 * parallels. */
static double belt_shift(const planet_t *pl, int c)
{
	return pl->prm.climate_noise * BELT_WANDER_DEG * (M_PI / 180) * q15_to_unit(pl->noise_t[c]);
}

static void band_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	planet_t *pl = ctx;
	for (int c = b; c < e; c++) {
		double lat = fabs(fabs(v3_lat(pl->grid->centre[c])) - belt_shift(pl, c));
		pl->band[c] = (uint16_t)lrint(UINT16_MAX * precip_band(fmin(1, lat / (M_PI / 2))));
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

/* The rain band, moved by belt_shift: cached until climate.noise changes. */
static void update_rain_band(planet_t *pl)
{
	if (pl->band_noise == pl->prm.climate_noise)
		return;
	pool_for(pl->pool, pl->grid->n, 4096, band_chunk, pl);
	pl->band_noise = pl->prm.climate_noise;
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
	planet_t *pl = ((climate_ctx *)ctx)->pl;
	const params *prm = &pl->prm;
	double span = prm->equator_temp_c - prm->pole_temp_c;
	double t_mean = prm->pole_temp_c + span * 0.62;   /* area mean of the profile */
	for (int c = b; c < e; c++) {
		double t = prm->pole_temp_c + span * pl->temp_shape[c];
		double above = pl->elevation[c] - pl->sea_level;
		if (above < 0)   /* the sea evens out the seasons; its gyres
		                  * carry heat east and west */
			t = lerpd(t, t_mean, 0.5 * prm->ocean_moderation) + ocean_heat_at(pl, c);
		else
			t -= prm->lapse_rate_c_km * above / 1000;
		/* Air that has crossed a continent has cold winters, which pull the
		 * annual mean down more the farther from the equator: interiors
		 * and the seas downwind of them are colder than maritime coasts,
		 * so the sea-ice edge follows the geography. Moisture is the share of
		 * maritime air. */
		double z = pl->grid->centre[c].z;
		t -= CONTINENTAL_COOLING_C * z * z * (1 - pl->moisture[c]);
		t += prm->climate_noise * 15 * q15_to_unit(pl->noise_t[c]);
		pl->temperature[c] = (float)t;
	}
}

/* Cell c's first entry in wind_w: its block's, plus the cells before it. */
static int32_t wind_first(const planet_t *pl, int c)
{
	int32_t u = pl->wind_base[c / WIND_BLOCK];
	for (int k = c - c % WIND_BLOCK; k < c; k++)
		u += __builtin_popcount(pl->wind_mask[k]);
	return u;
}

static void moisture_chunk(void *ctx, int b, int e, int chunk)
{
	climate_ctx *s = ctx;
	planet_t *pl = s->pl;
	const grid_t *g = pl->grid;
	double step_km = g->spacing * pl->prm.radius_km;
	double dry_km = step_km / MOISTURE_RANGE_KM;
	double span = pl->prm.equator_temp_c - pl->prm.pole_temp_c;
	double sea_keep = exp(-step_km / MARINE_RECOVERY_KM);
	double oro = 0.9 * pl->prm.rain_shadow;
	/* the rise that hills of noise give between neighbours: without this
	 * every bump rained a little out, and interiors were dry everywhere
	 * rather than behind mountains and far from the sea */
	double gentle_m = GENTLE_SLOPE_M_KM * step_km;
	int32_t u = wind_first(pl, b);
	for (int c = b; c < e; c++) {
		double ec = pl->elevation[c] - pl->sea_level;
		int off = g->nbr_off[c];
		double m = 0, up = 0;
		for (unsigned mask = pl->wind_mask[c]; mask; mask &= mask - 1, u++) {
			int nb = g->nbr[off + __builtin_ctz(mask)];
			double carried = pl->wind_w[u] * s->m_in[nb];
			if (ec >= 0) {      /* climbing air rains out */
				double rise = max0(ec - max0(pl->elevation[nb] - pl->sea_level) - gentle_m);
				if (rise > 0)
					carried *= exp_neg(oro * rise / 1000);
			}
			m += carried;
			up += pl->wind_w[u];
		}
		if (up == 0)
			m = ec < 0 ? 1 : 0;
		if (ec < 0) {
			/* over the sea the air turns maritime again within a few
			 * hundred km: narrow seas stay half continental */
			s->m_out[c] = (float)(1 - (1 - m) * sea_keep);
			continue;
		}
		/* warm lands recycle their rain (evapotranspiration), so moisture
		 * reaches deep into tropical continents */
		double t = pl->prm.pole_temp_c + span * pl->temp_shape[c] -
		           pl->prm.lapse_rate_c_km * ec / 1000;
		double warm = clampd((t - 15) / 10, 0, 1);
		s->m_out[c] = (float)(m * exp_neg(dry_km / (1 + RECYCLING * warm)));
	}
}

static void precip_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ((climate_ctx *)ctx)->pl;
	const params *prm = &pl->prm;
	const grid_t *g = pl->grid;
	double swing_from = sin(ITCZ_SWING_FROM_DEG * M_PI / 180);
	double swing_to = sin(ITCZ_SWING_TO_DEG * M_PI / 180);
	double tropic_end = sin(DRY_BELT_FROM_DEG * M_PI / 180), dry_belt = sin(DRY_BELT_TO_DEG * M_PI / 180);
	int32_t next_u = wind_first(pl, b);
	for (int c = b; c < e; c++) {
		unsigned wind_mask = pl->wind_mask[c];
		int32_t wind_u = next_u;
		next_u += __builtin_popcount(wind_mask);
		double band = pl->band[c] * (1.0 / UINT16_MAX);
		double above = pl->elevation[c] - pl->sea_level;
		/* the subtropical highs' moist western flank: summer rain on east
		 * coasts and the warm sea before them (ocean_heat.c); sea air
		 * of its own, so not scaled by the trades' moisture */
		uint32_t lerp = pl->heat_lerp[c];
		double monsoon = heat_raster_dead(pl, lerp, RAIN_LIVE) ? 0
		               : MONSOON_RAIN * heat_raster_lerp(pl->monsoon, lerp);
		double pr;
		double drought = above < 0 || heat_raster_dead(pl, lerp, DRY_LIVE)
		               ? 0 : heat_raster_lerp(pl->summer_dry_px, lerp);
		pl->dry_summer[c] = (uint8_t)(255 * drought + 0.5);
		pl->dry_winter[c] = 0;
		if (above < 0) {
			pr = band + monsoon;
		} else {
			/* air carried in from the sea brings most rain; the rest
			 * is rain that land gives back, which needs moisture to give:
			 * on cool land it fades with the sea air, so interiors far
			 * from any sea and lee sides are desert (Gobi, Great Basin).
			 * Over hot land convection rains out what the forest
			 * transpired, so tropical interiors stay wet under the ITCZ */
			double m = pl->moisture[c];
			double t = pl->temperature[c];
			/* the tropics' dry season: the rain belt follows the sun
			 * about 10 deg either way, so land away from the equator
			 * waits months for it, unless the trades bring sea air
			 * (moisture) onto its coast all year */
			double z = fabs(g->centre[c].z);
			z = fabs(z - belt_shift(pl, c) * sqrt(1 - z * z));   /* sin(lat - shift) */
			double swing = smoothstep(swing_from, swing_to, z) * (1 - smoothstep(tropic_end, dry_belt, z));
			pl->dry_winter[c] = (uint8_t)(255 * swing * (1 - clampd(m, 0, 1)) + 0.5);
			double cool = clampd((20 - t) / 10, 0, 1);
			double local = LOCAL_RAIN * (cool > 0 ? lerpd(1, powf((float)m, LOCAL_RAIN_DRYING), cool) : 1) +
			               TROPICAL_RECYCLING * clampd((t - 18) / 8, 0, 1);
			pr = band * (local + (1 - local) * m) + monsoon;
			/* under the high's sinking flank summers are dry */
			pr *= 1 - SUMMER_DROUGHT * drought;
			int coastal = 0;
			double up_rise = 0;
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
				coastal |= pl->elevation[g->nbr[k]] - pl->sea_level < 0;
			/* neighbours that are not upwind add 0 */
			for (unsigned mask = wind_mask, u = (unsigned)wind_u; mask; mask &= mask - 1, u++) {
				int nb = g->nbr[g->nbr_off[c] + __builtin_ctz(mask)];
				double an = pl->elevation[nb] - pl->sea_level;
				up_rise += pl->wind_w[u] * max0(above - max0(an));
			}
			if (coastal)
				pr += prm->coastal_bonus * band;
			/* windward slopes wring out the air */
			pr += prm->mountain_bonus * m * clampd(up_rise / 150.0, 0, 3);
			if (above > 1500)
				pr += prm->mountain_bonus * 0.5 * m;
		}
		pr *= 1 + prm->climate_noise * q15_to_unit(pl->noise_p[c]);
		double mm = max0(pr * prm->precip_max_mm);
		pl->precip[c] = (float)mm;
	}
}

static void copy_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const climate_ctx *cc = ctx;
	memcpy(cc->m_out + b, cc->m_in + b, (size_t)(e - b) * sizeof *cc->m_out);
}

/* Moisture: many sweeps from scratch, one from the last step, or none. */
void climate_update(planet_t *pl, int mode)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	climate_ctx ctx = {.pl = pl};
	update_climate_shape(pl);

	/* moisture: many sweeps from scratch, or a few from the last step */
	int sweeps = mode == SURFACE_RESTORE || mode == SURFACE_REFRESH ? 0 : MOISTURE_SWEEPS_PER_STEP;
	if (mode == SURFACE_FULL) {
		double step_km = g->spacing * pl->prm.radius_km;
		sweeps = (int)ceil(2 * MOISTURE_RANGE_KM / step_km) + 4;
		for (int c = 0; c < n; c++)
			pl->moisture[c] = 0;
	}
	/* scratch_a is shared with the next step's ownership pass (work[0]),
	 * so the result ends in pl->moisture, not in a swapped pointer */
	float *in = pl->moisture, *out = pl->scratch_a;
	for (int i = 0; i < sweeps; i++) {
		ctx.m_in = in;
		ctx.m_out = out;
		pool_for(pl->pool, n, 4096, moisture_chunk, &ctx);
		float *t = in;
		in = out;
		out = t;
	}
	if (in != pl->moisture) {
		/* in parallel: one thread copying took 0.7 ms at level 8 */
		ctx.m_in = in;
		ctx.m_out = pl->moisture;
		pool_for(pl->pool, n, 16384, copy_chunk, &ctx);
	}
}

/* Temperature after moisture: it depends on the share of maritime air, and
 * a restored state brings that moisture; then the rain. */
void climate_finish(planet_t *pl)
{
	climate_ctx ctx = {.pl = pl};
	update_climate_shape(pl);
	update_rain_band(pl);
	ocean_heat_update(pl);
	pool_for(pl->pool, pl->grid->n, 4096, temperature_chunk, &ctx);
	pool_for(pl->pool, pl->grid->n, 4096, precip_chunk, &ctx);
}
