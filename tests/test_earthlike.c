/* test_earthlike.c: the planet stays Earth-like over geological time (issue
 * "Planets that stay Earth-like"): heights are measured from the sea, plates
 * keep moving, ocean floor is recycled, continents keep lowlands and flooded
 * margins, for several seeds and any thread count. Reads snapshots only, as
 * every view does. The thresholds are loose bounds around Earth's figures
 * (bench/REALISM.md has the measured values). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "base/pool.h"
#include "core/planet.h"
#include "io/scenario.h"
#include "io/stats.h"
#include "../bench/coast_sides.h"

#define LEVEL 5
#define STEPS 1000

static params scenario(uint64_t seed)
{
	params p;
	char *errors = NULL;
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	p.level = LEVEL;
	p.seed = seed;
	return p;
}

static double area_weighted_speed(const snapshot_t *s)
{
	double v = 0;
	for (int i = 0; i < s->plate_count; i++)
		v += s->plates[i].speed_cm_yr * s->plates[i].area_fraction;
	return v;
}

/* A plate's peak surface speed, 90 degrees from its pole (cm/yr): what
 * the model holds to PLATE_SPEED_MAX_CM_YR. */
static double peak_speed_cm_yr(const snapshot_t *s, const plate_info *p)
{
	return p->omega_deg_myr * M_PI / 180 * s->prm.radius_km * 0.1;
}

/* Area-weighted speed of the plates of 1 % or more with under a third of
 * continent (kind 0) or more (kind 1); adds speed x area and area. */
static void speed_by_kind(const snapshot_t *s, double speed_area[2], double area[2])
{
	for (int i = 0; i < s->plate_count; i++) {
		const plate_info *p = &s->plates[i];
		if (p->area_fraction < 0.01)
			continue;
		int cont = p->continental_fraction >= 1.0 / 3;
		speed_area[cont] += p->speed_cm_yr * p->area_fraction;
		area[cont] += p->area_fraction;
	}
}

typedef struct figures {
	double floor_age, flooded, lowland;   /* Myr, share of surface, share of land */
	double coast_step;                    /* km, land cell to sea neighbour */
	double passive_step;                  /* km, the same where the sea
	                                       * neighbour is on the land's plate */
	double calm_step;                     /* km, the same where the sea
	                                       * neighbour is no closing boundary
	                                       * (a trench is a real drop) */
} figures;

static figures measure(const snapshot_t *s)
{
	const grid_t *g = s->grid;
	double floor = 0, age = 0, flooded = 0, land = 0, low = 0, step = 0, own_step = 0, calm_step = 0;
	long pairs = 0, own_pairs = 0, calm_pairs = 0;
	for (int c = 0; c < s->n; c++) {
		double a = g->area[c], h = s->elevation[c];
		for (int k = g->nbr_off[c]; h >= 0 && k < g->nbr_off[c + 1]; k++)
			if (s->elevation[g->nbr[k]] < 0) {
				double d = h - s->elevation[g->nbr[k]];
				step += d;
				pairs++;
				if (s->plate[g->nbr[k]] == s->plate[c]) {
					own_step += d;
					own_pairs++;
				}
				if (!coast_sides_closing(s, g->nbr[k])) {
					calm_step += d;
					calm_pairs++;
				}
			}
		if (s->crust[c] == CRUST_OCEANIC) {
			floor += a;
			age += s->age[c] * a;
		} else if (h < 0) {
			flooded += a;
		}
		if (h >= 0) {
			land += a;
			low += h < 500 ? a : 0;
		}
	}
	return (figures){floor > 0 ? age / floor : 0, flooded / (4 * M_PI), land > 0 ? low / land : 0,
	                 pairs ? step / pairs / 1000 : 0, own_pairs ? own_step / own_pairs / 1000 : 0,
	                 calm_pairs ? calm_step / calm_pairs / 1000 : 0};
}

/* Share of the surface under water that no path under the sea joins to a
 * body of water of 1 % of the surface or more: closed basins drawn as sea
 * (Earth: the Caspian and the Dead Sea, under 0.1 %). */
static double closed_water_share(const snapshot_t *s)
{
	const grid_t *g = s->grid;
	int *queue = malloc((size_t)s->n * sizeof *queue);
	char *seen = calloc((size_t)s->n, 1);
	double closed = 0;
	for (int c = 0; queue && seen && c < s->n; c++) {
		if (seen[c] || s->elevation[c] >= 0)
			continue;
		int head = 0, tail = 0;
		double area = 0;
		queue[tail++] = c;
		seen[c] = 1;
		while (head < tail) {
			int x = queue[head++];
			area += g->area[x];
			for (int k = g->nbr_off[x]; k < g->nbr_off[x + 1]; k++)
				if (!seen[g->nbr[k]] && s->elevation[g->nbr[k]] < 0) {
					seen[g->nbr[k]] = 1;
					queue[tail++] = g->nbr[k];
				}
		}
		closed += area < 0.01 * 4 * M_PI ? area : 0;
	}
	free(queue);
	free(seen);
	return closed / (4 * M_PI);
}

/* The --stats line says sea_level_m 0 and carries eustatic_change_m. */
static int stats_line_has_sea_at_zero(const snapshot_t *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return 0;
	stats_write_json(f, s);
	fclose(f);
	int ok_line = buf && strstr(buf, "\"sea_level_m\":0.00,") && strstr(buf, "\"eustatic_change_m\":");
	free(buf);
	return ok_line;
}

/* Spread over longitude (degrees) of the southern sea-ice edge: per 10
 * degrees of longitude, the lowest |latitude| of sea ice. */
static double south_ice_edge_sd(const snapshot_t *s)
{
	enum { BINS = 36 };
	double edge[BINS];
	for (int b = 0; b < BINS; b++)
		edge[b] = 91;
	for (int c = 0; c < s->n; c++) {
		vec3 p = s->grid->centre[c];
		if (s->biome[c] != BIOME_SEA_ICE || p.z > 0)
			continue;
		int b = (int)((v3_lon(p) + M_PI) / (2 * M_PI) * BINS) % BINS;
		edge[b] = fmin(edge[b], fabs(v3_lat(p)) * 180 / M_PI);
	}
	double sum = 0, sum2 = 0;
	int k = 0;
	for (int b = 0; b < BINS; b++)
		if (edge[b] <= 90) {
			sum += edge[b];
			sum2 += edge[b] * edge[b];
			k++;
		}
	return k > 1 ? sqrt(fmax(0, sum2 / k - (sum / k) * (sum / k))) : 0;
}

/* Coast steps summed over the seeds: one seed's swing with the chance of
 * its collisions (level 5, steps 500-1 000, seeds 1-6, with and without
 * the step-0 datum of 2026-12-03: 0.88-1.25 km to the own plate's sea,
 * 1.08-1.45 km away from closing boundaries; means of three seeds
 * 0.95-1.09 and 1.18-1.25 km) is as large as the change a test of it
 * should catch, so the bounds are on the mean. */
static struct {
	double passive, calm;
	int seeds;
} coasts;

/* The share of desert outside 15-35 deg, summed over the seeds. */
static struct {
	double far_share;
	int seeds;
} deserts;

/* Plates under 1 % of the surface, averaged over each seed's steps
 * 500-1 000, summed over the seeds (checked on the mean, as coasts are). */
static struct {
	double micro;
	int seeds;
} micros;

static void test_seed(uint64_t seed, pool_t *pool)
{
	params p = scenario(seed);
	char err[256] = "";
	planet_t *pl = planet_new(&p, pool, err, sizeof err);
	if (!ok(pl != NULL, "seed %llu: planet builds", (unsigned long long)seed)) {
		tap_diag("%s", err);
		return;
	}
	snapshot_t *s = snapshot_new(planet_grid(pl));
	int sea_zero = 1, stats_zero = 1, coast_zero = 1, stepped = 1;
	double slowest = INFINITY, ice_sd = INFINITY, cont0 = 0, cont_end = 0;
	double coast_step = 0, passive_step = 0, calm_step = 0, micro = 0, closed_water = 0;
	double micro_area = 0, large_area = 0;
	int coast_looks = 0, closed_looks = 0;
	double kind_speed[2] = {0}, kind_area[2] = {0};
	int large_seen = 0, large_at_limit = 0;
	/* subtropical coasts, mediterranean land (coast_sides.h), summed */
	double side_rain[2] = {0}, side_area[2] = {0}, medit_west = 0, medit = 0;
	/* desert land, and the part of it outside the subtropics */
	double desert = 0, desert_far = 0, land_seen = 0;
	/* land at 10-20 deg: rain forest and savannah */
	double rain_forest_10 = 0, savannah_10 = 0;
	for (int step = 0; step <= STEPS; step++) {
		if (step > 0 && planet_step(pl, err, sizeof err) < 0) {
			tap_diag("step: %s", err);
			stepped = 0;
			break;
		}
		if (step % 50 != 0)
			continue;
		planet_snapshot(pl, s);
		if (step == 0 || step == 100 || step == STEPS) {
			sea_zero &= s->sea_level_m == 0;
			stats_zero &= stats_line_has_sea_at_zero(s);
			/* 0 m is the coast: the land share is the share above 0 m */
			double land = 0;
			for (int c = 0; c < s->n; c++)
				land += s->elevation[c] >= 0 ? s->grid->area[c] : 0;
			coast_zero &= fabs(land / (4 * M_PI) - s->stats.land_fraction) < 1e-6;
		}
		if (step == 0 || step == STEPS)
			ice_sd = fmin(ice_sd, south_ice_edge_sd(s));
		if (step == 0)
			cont0 = s->stats.continental_fraction;
		cont_end = s->stats.continental_fraction;
		if (step >= 100) {
			slowest = fmin(slowest, area_weighted_speed(s));
			speed_by_kind(s, kind_speed, kind_area);
			for (int i = 0; i < s->plate_count; i++) {
				const plate_info *pi = &s->plates[i];
				if (pi->area_fraction < 0.01)
					continue;
				large_seen++;
				large_at_limit += peak_speed_cm_yr(s, pi) >= PLATE_SPEED_MAX_CM_YR - 0.01;
			}
		}
		/* a basin that just closed stands as water for a few steps */
		if (step >= STEPS / 2) {
			closed_water += closed_water_share(s);
			closed_looks++;
		}
		/* coasts over a run's second half: one snapshot swings by a
		 * fifth either way (level 5, steps 300-1 500: 1.5-3.4 km) */
		if (step >= STEPS / 2 && step % 100 == 0) {
			figures cf = measure(s);
			coast_step += cf.coast_step;
			passive_step += cf.passive_step;
			calm_step += cf.calm_step;
			for (int i = 0; i < s->plate_count; i++) {
				double a = s->plates[i].area_fraction;
				micro += a < 0.01;
				micro_area += a < 0.01 ? a : 0;
				large_area += a >= 0.05 ? a : 0;
			}
			coast_looks++;
			coast_sides cs = coast_sides_measure(s);
			side_rain[0] += cs.east_area > 0 ? cs.east_rain * cs.east_area : 0;
			side_rain[1] += cs.west_area > 0 ? cs.west_rain * cs.west_area : 0;
			side_area[0] += cs.east_area;
			side_area[1] += cs.west_area;
			medit_west += cs.medit_area > 0 ? cs.medit_west * cs.medit_area : 0;
			medit += cs.medit_area;
			for (int c = 0; c < s->n; c++) {
				if (s->elevation[c] < 0)
					continue;
				double a = s->grid->area[c];
				double lat = fabs(asin(s->grid->centre[c].z)) * 180 / M_PI;
				land_seen += a;
				if (s->biome[c] == BIOME_DESERT) {
					desert += a;
					desert_far += lat < 15 || lat > 35 ? a : 0;
				}
				if (lat >= 10 && lat < 20) {
					rain_forest_10 += s->biome[c] == BIOME_RAINFOREST ? a : 0;
					savannah_10 += s->biome[c] == BIOME_SAVANNAH ? a : 0;
				}
			}
		}
	}
	coast_step /= coast_looks > 0 ? coast_looks : 1;
	passive_step /= coast_looks > 0 ? coast_looks : 1;
	calm_step /= coast_looks > 0 ? coast_looks : 1;
	micro /= coast_looks > 0 ? coast_looks : 1;
	micro_area /= coast_looks > 0 ? coast_looks : 1;
	large_area /= coast_looks > 0 ? coast_looks : 1;
	closed_water /= closed_looks > 0 ? closed_looks : 1;
	ok(stepped, "seed %llu: %d steps", (unsigned long long)seed, STEPS);
	ok(sea_zero && stats_zero, "seed %llu: sea level reads 0 in snapshots and --stats at steps 0, 100, %d",
	   (unsigned long long)seed, STEPS);
	ok(coast_zero, "seed %llu: 0 m is the coast (land share = share above 0 m)", (unsigned long long)seed);
	ok(slowest > 2.0, "seed %llu: area-weighted plate speed stays above 2 cm/yr (lowest %.2f)",
	   (unsigned long long)seed, slowest);
	/* slab pull drives oceanic plates; continental keels drag */
	double v_ocean = kind_area[0] > 0 ? kind_speed[0] / kind_area[0] : 0;
	double v_cont = kind_area[1] > 0 ? kind_speed[1] / kind_area[1] : 0;
	ok(v_ocean > 1.5 * v_cont && v_ocean > 4,
	   "seed %llu: large oceanic plates move at %.1f cm/yr, continental ones at %.1f (steps 100-%d: > 4 and > 1.5x)",
	   (unsigned long long)seed, v_ocean, v_cont, STEPS);
	/* slab resistance, not the 12 cm/yr clamp, holds back small plates
	 * ringed by trenches (without it 13-15 % of these samples sat at the
	 * clamp on the three seeds) */
	ok(large_seen > 0 && large_at_limit < 0.1 * large_seen,
	   "seed %llu: %d of %d plates of 1 %% or more at the 12 cm/yr limit (steps 100-%d: < 10 %%)",
	   (unsigned long long)seed, large_at_limit, large_seen, STEPS);
	figures f = measure(s);
	ok(f.floor_age < 120, "seed %llu: mean ocean-floor age %.0f Myr < 120 at step %d",
	   (unsigned long long)seed, f.floor_age, STEPS);
	/* the sea's gyres and fronts make the edge wander with longitude; a
	 * sea whose temperature followed latitude alone drew a ruled line */
	ok(ice_sd > 1.5, "seed %llu: the southern sea-ice edge wanders over longitude (sd %.1f deg > 1.5 at steps 0 and %d)",
	   (unsigned long long)seed, ice_sd, STEPS);
	ok(fabs(cont_end / cont0 - 1) < 0.08, "seed %llu: the continental share holds (%.1f %% at step 0, %.1f %% at %d)",
	   (unsigned long long)seed, 100 * cont0, 100 * cont_end, STEPS);
	/* stretched margins float below the sea until they thicken (Earth:
	 * 11 % of the surface; 2.0-3.9 % here while crust of 20-28 km held a
	 * fifth of a belt's relief anywhere, 3.7-4.6 % since) */
	ok(f.flooded > 0.03, "seed %llu: continental crust under water covers %.1f %% of the surface (> 3 %%)",
	   (unsigned long long)seed, 100 * f.flooded);
	tap_diag("seed %llu: coast steps %.2f km to all sea neighbours, %.2f km to the own plate's sea, "
	         "%.2f km to those on no closing boundary (steps %d-%d)", (unsigned long long)seed,
	         coast_step, passive_step, calm_step, STEPS / 2, STEPS);
	coasts.passive += passive_step;
	coasts.calm += calm_step;
	coasts.seeds++;
	/* a hollow the sea cannot reach fills with its rivers' sediment
	 * instead of standing as sea (drawn as sea, such hollows covered
	 * 0.8-2.0 % of the surface here) */
	ok(closed_water < 0.003, "seed %llu: closed basins under water cover %.2f %% of the surface on average over steps %d-%d (< 0.3 %%)",
	   (unsigned long long)seed, 100 * closed_water, STEPS / 2, STEPS);
	ok(f.lowland > 0.25, "seed %llu: land below 500 m is %.0f %% of land (> 25 %%)",
	   (unsigned long long)seed, 100 * f.lowland);
	/* a few large plates and, beside them, small plates born at trenches,
	 * triple junctions and collisions (Earth: about 40 under 1 %) */
	int small = 0;
	double largest = 0;
	for (int i = 0; i < s->plate_count; i++) {
		small += s->plates[i].area_fraction < 0.01;
		largest = fmax(largest, s->plates[i].area_fraction);
	}
	ok(small >= 15 && largest >= 0.1,
	   "seed %llu: %d plates under 1 %% of the surface beside a largest of %.0f %% at step %d (>= 15, >= 10 %%)",
	   (unsigned long long)seed, small, 100 * largest, STEPS);
	/* Earth has about 40 plates under 1 %: born at trenches, junctions
	 * and collisions, they live about 65 Myr before they weld on (64
	 * births per 100 Myr kept 22-27 here, 92 kept 29-36 while the
	 * smallest went first, 110 drawn alike keep 28-34; 34-37 at level 6). One seed swings by a fifth: with the boundary normals
	 * taken over two rings of cells (2026-12-04) seeds 1-8 kept 25-37
	 * (mean 33; 30-36 and 33 before), so the bound is on the seeds'
	 * mean, where the two birth rates stay apart. The mean of three
	 * seeds swings by two: with lone specks of young floor healed
	 * (2026-12-05) seeds 1-8 keep 27.0-33.7 (mean 30.6, seeds 1-3 28.0;
	 * 27.6-33.3, mean 31.4, seeds 1-3 30.2 before). */
	tap_diag("seed %llu: %.1f plates under 1 %% of the surface on average over steps %d-%d",
	         (unsigned long long)seed, micro, STEPS / 2, STEPS);
	micros.micro += micro;
	micros.seeds++;
	/* Earth's seven largest plates hold 81 % of the surface, its 45
	 * smallest 5 % (Bird 2003). Microplates grown past 0.6 % weld on;
	 * left to grow (seeds 1-6, steps 500-1 000) the plates under 1 % held
	 * 7.6-9.8 % and those of 5 % or more 65-71 %, now 3.7-5.8 and 72-81
	 * (the first figure is what tells them apart) */
	ok(micro_area < 0.07 && large_area > 0.70,
	   "seed %llu: plates under 1 %% hold %.1f %% of the surface, plates of 5 %% or more %.0f %% (steps %d-%d: < 7, > 70)",
	   (unsigned long long)seed, 100 * micro_area, 100 * large_area, STEPS / 2, STEPS);
	/* the subtropical highs: summer rain on east coasts from the warm
	 * side of the ocean, drought on west coasts by the cold side (one
	 * ring of desert round the planet gave them the same rain) */
	double east = side_area[0] > 0 ? side_rain[0] / side_area[0] : 0;
	double west = side_area[1] > 0 ? side_rain[1] / side_area[1] : INFINITY;
	ok(east > 1.8 * west, "seed %llu: 15-35 deg east coasts get %.0f mm/yr, west coasts %.0f (steps %d-%d: > 1.8x)",
	   (unsigned long long)seed, east, west, STEPS / 2, STEPS);
	ok(medit > 0 && medit_west > 0.7 * medit,
	   "seed %llu: %.0f %% of mediterranean land lies within %.0f km of an ocean to its west (> 70 %%)",
	   (unsigned long long)seed, medit > 0 ? 100 * medit_west / medit : 0, COAST_SIDES_MEDIT_KM);
	/* deserts under the subtropical highs and also deep in continents
	 * and behind mountains, hot or cold (Koppen's arid limit); how much
	 * lies outside 15-35 deg depends on where a seed's continents stand
	 * (2.8-17 % of desert, seeds 1-3, since 2026-12-05), so that is
	 * checked on the seeds' mean */
	ok(desert > 0.08 * land_seen && desert < 0.3 * land_seen,
	   "seed %llu: desert is %.1f %% of land, %.1f %% of it outside 15-35 deg (steps %d-%d: 8-30 %%)",
	   (unsigned long long)seed, land_seen > 0 ? 100 * desert / land_seen : 0,
	   desert > 0 ? 100 * desert_far / desert : 0, STEPS / 2, STEPS);
	deserts.far_share += desert > 0 ? desert_far / desert : 0;
	deserts.seeds++;
	/* rain forest needs rain all year: beyond about 10 deg the rain
	 * belt leaves for months and the land is savannah (measured 2.5-3.7
	 * times; 1.4-1.7 when the dry season did not count) */
	ok(savannah_10 > 2.2 * rain_forest_10,
	   "seed %llu: land at 10-20 deg is %.1f times more savannah than rain forest (steps %d-%d: > 2.2)",
	   (unsigned long long)seed, rain_forest_10 > 0 ? savannah_10 / rain_forest_10 : INFINITY, STEPS / 2, STEPS);
	ok(fabs(s->eustatic_change_m) < 1500, "seed %llu: the sea moved %.0f m since step 0 (bounded)",
	   (unsigned long long)seed, s->eustatic_change_m);
	snapshot_free(s);
	planet_free(pl);
}

/* The force balance and margin breaks are serial decisions on sums made in
 * chunk order: the same bits for any thread count. */
static void test_threads(void)
{
	params p = scenario(7);
	uint64_t h[2] = {0, 0};
	for (int t = 0; t < 2; t++) {
		pool_t *pool = t ? pool_new(3) : NULL;
		char err[256];
		planet_t *pl = planet_new(&p, pool, err, sizeof err);
		for (int i = 0; pl && i < 300; i++)
			planet_step(pl, err, sizeof err);
		h[t] = pl ? planet_hash(pl) : 0;
		planet_free(pl);
		pool_free(pool);
	}
	ok(h[0] && h[0] == h[1], "300 steps give the same state hash on 1 and 3 threads");
}

int main(void)
{
	tap_init();
	pool_t *pool = pool_new(2);
	for (uint64_t seed = 1; seed <= 3; seed++)
		test_seed(seed, pool);
	/* crust thinner than 28 km holds no mountains away from the arc row,
	 * so coasts slope down to shelves instead of standing as cliffs over
	 * their own floor (before the Earth-like work: 6 km). Passive coasts,
	 * where the sea is the land's own plate, have shelves; a quarter of
	 * coast pairs face a closing boundary, mostly a trench 7-8 km down
	 * (the Andes), a real drop, so the second check leaves them out. With
	 * a fifth of the relief on thin crust anywhere the steps were
	 * 1.25-1.54 km on own sea and 1.47-1.77 km away from closing
	 * boundaries (level 5, seeds 1-3). (All coasts: 2.94-3.28 km then,
	 * 2.41-2.47 km with trenches on convergent cells only, 2.58-2.91 km
	 * with oblique ones drawn.) */
	int nd = deserts.seeds ? deserts.seeds : 1;
	ok(deserts.seeds && deserts.far_share / nd > 0.03,
	   "%.1f %% of desert lies outside 15-35 deg on the mean of %d seeds (steps %d-%d: > 3 %%)",
	   100 * deserts.far_share / nd, deserts.seeds, STEPS / 2, STEPS);
	int nm = micros.seeds ? micros.seeds : 1;
	ok(micros.seeds && micros.micro / nm >= 27,
	   "%.1f plates under 1 %% of the surface on average over steps %d-%d and %d seeds (>= 27)",
	   micros.micro / nm, STEPS / 2, STEPS, micros.seeds);
	int n = coasts.seeds ? coasts.seeds : 1;
	ok(coasts.seeds && coasts.passive / n < 1.2,
	   "a coast cell stands %.2f km above its own plate's sea on average over %d seeds (< 1.2 km)",
	   coasts.passive / n, coasts.seeds);
	ok(coasts.seeds && coasts.calm / n < 1.4,
	   "a coast cell stands %.2f km above its sea neighbours away from closing boundaries on average "
	   "over %d seeds (< 1.4 km)", coasts.calm / n, coasts.seeds);
	pool_free(pool);
	test_threads();
	return tap_done();
}
