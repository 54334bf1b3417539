/* test_planet.c: the static planet and the moving plates: invariants,
 * physics sanity and determinism (issues "First light" and "Plates that
 * move"). Uses the core's internals to set up controlled plate motions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "core/planet_internal.h"
#include "core/planet_state.h"
#include "core/snapshot.h"
#include "core/tectonics.h"
#include "io/scenario.h"

static params base_params(int level)
{
	params p;
	char *errors = NULL;
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	p.level = level;
	return p;
}

static planet_t *make(const params *p, pool_t *pool)
{
	char err[256] = "";
	planet_t *pl = planet_new(p, pool, err, sizeof err);
	if (!pl)
		tap_diag("planet_new: %s", err);
	return pl;
}

static int step_n(planet_t *pl, int n)
{
	char err[256];
	for (int i = 0; i < n; i++)
		if (planet_step(pl, err, sizeof err) < 0) {
			tap_diag("step: %s", err);
			return -1;
		}
	return 0;
}

/* Every world cell is owned by exactly one plate, through a live sample
 * that the plate's own map places at the cell's position. */
static int ownership_ok(const planet_t *pl)
{
	const grid_t *g = pl->grid;
	for (int c = 0; c < g->n; c++) {
		int o = pl->owner[c];
		if (o >= pl->nplates)
			return 0;
		const plate_t *p = &pl->plates[o];
		int s = pl->sample[c];
		if (s < 0 || s >= p->crust.count || p->crust.type[s] > CRUST_CONTINENTAL)
			return 0;
		if (cellmap_get(&p->map, p->crust.cell[s]) != s)
			return 0;
		int k = grid_locate(g, m3_apply(&p->Rt, g->centre[c]));
		if (k != p->crust.cell[s])
			return 0;
	}
	return 1;
}

/* Hops from the sources (dist 0, the first `tail` cells of queue) to
 * every cell they reach; dist is -1 elsewhere on entry. */
static void spread_hops(const grid_t *g, int *dist, int32_t *queue, int tail)
{
	for (int head = 0; head < tail; head++) {
		int c = queue[head];
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			if (dist[g->nbr[k]] < 0) {
				dist[g->nbr[k]] = dist[c] + 1;
				queue[tail++] = g->nbr[k];
			}
	}
}

static int fields_sane(const planet_t *pl)
{
	for (int c = 0; c < pl->grid->n; c++) {
		float e = pl->elevation[c];
		if (!isfinite(e) || e < ELEV_MIN_M || e > ELEV_MAX_M || !isfinite(pl->temperature[c]) ||
		    !isfinite(pl->precip[c]) || pl->precip[c] < 0 || pl->biome[c] >= BIOME_COUNT)
			return 0;
	}
	return 1;
}

static void test_static_planet(void)
{
	params p = base_params(5);
	planet_t *pl = make(&p, NULL);
	if (!ok(pl != NULL, "level-5 default planet builds"))
		return;
	is_int(pl->grid->n, 10242, "level 5 has 10 242 cells");
	ok(fields_sane(pl), "step 0: elevations within [-11000, 9000] m, no NaN");
	ok(ownership_ok(pl), "step 0: every cell owned by exactly one plate");
	is_int(pl->nplates, p.plate_count, "plate count as asked");
	is_near(pl->stats.land_fraction, 1 - p.ocean_fraction, 0.02, "land fraction follows ocean_fraction");
	int empty = 0, cont_plates = 0;
	for (int i = 0; i < pl->nplates; i++) {
		empty += pl->plates[i].cells == 0;
		cont_plates += pl->plates[i].cont_area > 0.3 * pl->plates[i].area;
	}
	ok(!empty, "no plate is empty");
	ok(cont_plates >= 2 && cont_plates <= pl->nplates - 2, "a mix of continental and oceanic plates (%d)", cont_plates);
	/* the equator is warmer than the poles, on average */
	double teq = 0, tpole = 0;
	int neq = 0, npole = 0;
	for (int c = 0; c < pl->grid->n; c++) {
		double z = fabs(pl->grid->centre[c].z);
		if (z < 0.2) { teq += pl->temperature[c]; neq++; }
		if (z > 0.95) { tpole += pl->temperature[c]; npole++; }
	}
	ok(teq / neq > tpole / npole + 20, "equator (%.1f C) much warmer than poles (%.1f C)", teq / neq, tpole / npole);
	int seen[BIOME_COUNT] = {0}, kinds = 0;
	for (int c = 0; c < pl->grid->n; c++)
		seen[pl->biome[c]] = 1;
	for (int b = 0; b < BIOME_COUNT; b++)
		kinds += seen[b];
	ok(kinds >= 8, "at least 8 biomes appear (%d)", kinds);
	ok(pl->stats.boundary_fraction[BOUNDARY_CONVERGENT] > 0.1 &&
	   pl->stats.boundary_fraction[BOUNDARY_DIVERGENT] > 0.1, "convergent and divergent boundaries both exist");
	/* mountains stand where continents are compressed (the devlog's
	 * stress uplift): continental crust under the top quarter of its stress is
	 * clearly higher than continental crust under none */
	double max_stress = 0;
	for (int c = 0; c < pl->grid->n; c++)
		if (pl->plates[pl->owner[c]].crust.type[pl->sample[c]] == CRUST_CONTINENTAL)
			max_stress = fmax(max_stress, pl->stress[c]);
	double hi = 0, lo = 0;
	int nhi = 0, nlo = 0;
	for (int c = 0; c < pl->grid->n; c++) {
		const plate_t *pp = &pl->plates[pl->owner[c]];
		if (pp->crust.type[pl->sample[c]] != CRUST_CONTINENTAL)
			continue;
		if (pl->stress[c] > 0.75 * max_stress) { hi += pl->elevation[c]; nhi++; }
		else if (pl->stress[c] <= 0) { lo += pl->elevation[c]; nlo++; }
	}
	ok(nhi > 0 && nlo > 0 && hi / nhi > lo / nlo + 400,
	   "compressed continents stand high (%.0f m vs %.0f m)", nhi ? hi / nhi : 0, nlo ? lo / nlo : 0);
	planet_free(pl);
}

static void test_resolution_independence(void)
{
	params p5 = base_params(5), p7 = base_params(7);
	planet_t *a = make(&p5, NULL), *b = make(&p7, NULL);
	if (!ok(a && b, "levels 5 and 7 build")) {
		planet_free(a);
		planet_free(b);
		return;
	}
	rng_t r;
	rng_seed(&r, 99);
	int agree = 0, plates_agree = 0, total = 20000;
	for (int i = 0; i < total; i++) {
		double z = rng_range(&r, -1, 1), ph = rng_range(&r, 0, 2 * M_PI), s = sqrt(1 - z * z);
		vec3 q = v3(s * cos(ph), s * sin(ph), z);
		int ca = grid_locate(a->grid, q), cb = grid_locate(b->grid, q);
		agree += (a->elevation[ca] >= a->sea_level) == (b->elevation[cb] >= b->sea_level);
		plates_agree += a->plates[a->owner[ca]].id == b->plates[b->owner[cb]].id;
	}
	ok(agree > 0.88 * total, "land/ocean agree on %.1f%% of points between levels 5 and 7",
	   100.0 * agree / total);
	ok(plates_agree > 0.93 * total, "plate layout agrees on %.1f%% of points", 100.0 * plates_agree / total);
	planet_free(a);
	planet_free(b);
}

static void test_determinism(void)
{
	params p = base_params(4);
	pool_t *p1 = pool_new(1), *p2 = pool_new(2), *p8 = pool_new(8);
	planet_t *a = make(&p, p1), *b = make(&p, p2), *c = make(&p, p8), *d = make(&p, NULL);
	if (!ok(a && b && c && d, "four planets build")) {
		goto out;
	}
	ok(planet_hash(a) == planet_hash(b) && planet_hash(a) == planet_hash(c), "step 0 identical for -j1/-j2/-j8");
	step_n(a, 60);
	step_n(b, 60);
	step_n(c, 60);
	step_n(d, 60);
	ok(planet_hash(a) == planet_hash(b), "60 steps: -j1 and -j2 bit-identical");
	ok(planet_hash(a) == planet_hash(c), "60 steps: -j1 and -j8 bit-identical");
	ok(planet_hash(a) == planet_hash(d), "60 steps: pool and no pool bit-identical");
	params q = p;
	q.seed = p.seed + 1;
	planet_t *e = make(&q, NULL);
	ok(e && planet_hash(e) != planet_hash(d), "another seed, another planet");
	planet_free(e);
out:
	planet_free(a);
	planet_free(b);
	planet_free(c);
	planet_free(d);
	pool_free(p1);
	pool_free(p2);
	pool_free(p8);
}

static void test_partition_and_bounds(void)
{
	/* level 5: at level 4 (2 562 cells) one suture of a continental
	 * microplate moves the continental share by several per cent, which
	 * says more about the grid than about the crust budget */
	params p = base_params(5);
	planet_t *pl = make(&p, NULL);
	if (!ok(pl != NULL, "level-5 planet for a long run"))
		return;
	double cont0 = pl->stats.continental_fraction, sea0 = pl->sea_level;
	double cont_sum = 0;
	int part_ok = 1, sane = 1, count_ok = 1, cont_n = 0;
	for (int i = 0; i < 1000; i++) {
		if (step_n(pl, 1) < 0) {
			part_ok = 0;
			break;
		}
		if (i >= 500) {
			cont_sum += pl->stats.continental_fraction;
			cont_n++;
		}
		part_ok &= ownership_ok(pl);
		sane &= fields_sane(pl);
		count_ok &= pl->nplates >= 1 && pl->nplates <= PLATES_MAX &&
		            plate_events_major_count(pl) <= p.plate_max + 2;
	}
	ok(part_ok, "ownership is a partition after every one of 1000 steps");
	ok(sane, "no NaN and elevations within bounds over 1000 steps");
	tap_diag("plates %d, %d of 1 %% or more, max %d", pl->nplates, plate_events_major_count(pl), p.plate_max);
	ok(count_ok, "plate count stays within bounds");
	/* a collision or a weld moves the share by several per cent for a
	 * few hundred Myr, and step 0 lays margins under water that the
	 * running planet keeps a little narrower: level 5, seeds 1-5 and 42,
	 * 0.435 at step 0, 0.399-0.415 on average over steps 500-1 000 and
	 * 0.381-0.417 at step 1 000 (level 6, seed 1: 0.399 and 0.397, 0.409
	 * at 2 000; Earth 0.41). So the mean over the second half is held to
	 * 10 % and the last step to 14 %: a budget that leaks or grows fails
	 * both */
	double cont = pl->stats.continental_fraction, cont_mean = cont_n ? cont_sum / cont_n : 0;
	ok(fabs(cont_mean / cont0 - 1) < 0.10 && fabs(cont / cont0 - 1) < 0.14,
	   "continental crust kept: %.3f at step 0, %.3f on average over steps 500-1000 (within 10 %%), %.3f at 1000 (within 14 %%)",
	   cont0, cont_mean, cont);
	ok(fabs(pl->sea_level - sea0) < 1500 && pl->stats.land_fraction > 0.2 && pl->stats.land_fraction < 0.4,
	   "the kept ocean volume holds the sea near its level (%.0f -> %.0f m, land %.1f %%)",
	   sea0, pl->sea_level, 100 * pl->stats.land_fraction);
	const param_def *of = params_find("terrain.ocean_fraction");
	ok(of && planet_set_param(pl, of, 0.5) == 0, "ocean_fraction can change live");
	planet_refresh(pl);
	is_near(pl->stats.land_fraction, 0.5, 0.02, "a new ocean share is solved for at once");
	step_n(pl, 5);
	is_near(pl->stats.land_fraction, 0.5, 0.03, "and its water is kept");
	int fast = 0, slow = 0, major = 0;
	double vmin = INFINITY, vmax = 0;
	snapshot_t *s = snapshot_new(pl->grid);
	planet_snapshot(pl, s);
	for (int i = 0; i < s->plate_count; i++) {
		double v = s->plates[i].speed_cm_yr;
		fast += v > 15;
		vmin = fmin(vmin, v);
		vmax = fmax(vmax, v);
		/* microplates ride their neighbours: on a still one, they are */
		if (!plate_is_micro(&pl->plates[i])) {
			major++;
			slow += v < 0.5;
		}
	}
	/* a plate over a mantle upwelling with no slab may all but stand
	 * still (Africa nearly does); most must not */
	ok(!fast && 4 * slow <= major,
	   "plate speeds stay plausible after 1000 Myr (%.2f .. %.2f cm/yr, %d of %d plates of 1 %% or more under 0.5)",
	   vmin, vmax, slow, major);
	ok(pl->stats.elevation_max_m > 1000 && pl->stats.elevation_min_m < -5000,
	   "relief persists: %.0f .. %.0f m", pl->stats.elevation_min_m, pl->stats.elevation_max_m);
	snapshot_free(s);
	/* an excess of large plates (here a lower plates.max) welds on in one
	 * step, not one plate a step; the step's motion may grow one more */
	major = plate_events_major_count(pl);
	pl->prm.plate_max = major - 3 > p.plate_min ? major - 3 : p.plate_min;
	step_n(pl, 1);
	ok(plate_events_major_count(pl) <= pl->prm.plate_max + 1,
	   "an excess of plates welds on at once: %d of 1 %% or more -> %d, max %d",
	   major, plate_events_major_count(pl), pl->prm.plate_max);
	planet_free(pl);
}

/* The rain belts wander off the parallels with the temperature noise, by
 * climate.noise: against the band without noise (zonal: a flat 0.12 in
 * the subtropical dry belt), the default moves it both ways. */
static void test_wandering_belts(void)
{
	params p = base_params(5);
	planet_t *pl = make(&p, NULL);
	if (!ok(pl != NULL, "level-5 planet for the rain belts"))
		return;
	int n = pl->grid->n;
	uint16_t *band = malloc((size_t)n * sizeof *band);
	planet_refresh(pl);
	memcpy(band, pl->band, (size_t)n * sizeof *band);
	const param_def *noise = params_find("climate.noise");
	ok(noise && planet_set_param(pl, noise, 0) == 0, "climate.noise can change live");
	planet_refresh(pl);
	double lo = 1, hi = 0, tropics = 0, wetter = 0, drier = 0;
	for (int c = 0; c < n; c++) {
		double lat = fabs(asin(pl->grid->centre[c].z)) * 180 / M_PI;
		double zonal = pl->band[c] / (double)UINT16_MAX, moved = band[c] / (double)UINT16_MAX;
		if (lat >= 23 && lat <= 29) {
			lo = fmin(lo, zonal);
			hi = fmax(hi, zonal);
		}
		if (lat < 40) {
			tropics++;
			wetter += moved > zonal + 0.02;
			drier += moved < zonal - 0.02;
		}
	}
	ok(hi - lo < 1e-4 && fabs(lo - 0.12) < 1e-4, "climate.noise 0: the rain band is zonal (%.3f at 23-29 deg, span %.5f)",
	   lo, hi - lo);
	ok(wetter > 0.02 * tropics && drier > 0.02 * tropics,
	   "climate.noise %.2f: the band within 40 deg is wetter than zonal on %.0f %% of cells, drier on %.0f %% (> 2 %% each)",
	   p.climate_noise, 100 * wetter / tropics, 100 * drier / tropics);
	free(band);
	planet_free(pl);
}

/* One plate covering the sphere, spun once around: every cell returns to
 * the crust sample it started on. */
static void test_full_revolution(void)
{
	params p = base_params(4);
	p.plate_count = 1;
	p.plate_min = 1;
	p.plate_max = 1;
	p.rift_rate = 0;
	planet_t *pl = make(&p, NULL);
	if (!ok(pl != NULL, "single-plate planet"))
		return;
	int n = pl->grid->n, steps = 100;
	int32_t *start = malloc((size_t)n * sizeof *start);
	memcpy(start, pl->sample, (size_t)n * sizeof *start);
	pl->plates[0].pole = v3_norm(v3(0.3, -0.5, 0.8));
	pl->plates[0].omega = 2 * M_PI / (steps * p.dt_myr);
	int moved = 0;
	for (int i = 0; i < steps; i++) {
		step_n(pl, 1);
		pl->plates[0].omega = 2 * M_PI / (steps * p.dt_myr);   /* hold speed fixed */
		if (i == steps / 2)
			moved = memcmp(start, pl->sample, (size_t)n * sizeof *start) != 0;
	}
	ok(moved, "half way round the crust has moved");
	ok(memcmp(start, pl->sample, (size_t)n * sizeof *start) == 0,
	   "after a full revolution every cell is back on its starting crust");
	is_int(pl->plates[0].crust.count, n, "no crust created or consumed");
	free(start);
	planet_free(pl);
}

/* Step with every plate's motion held as it is now: the kinematic tests
 * below impose motions; the force balance would otherwise take over. */
static int step_held(planet_t *pl, int n)
{
	vec3 pole[PLATES_MAX];
	double omega[PLATES_MAX];
	int np = pl->nplates;
	for (int i = 0; i < np; i++) {
		pole[i] = pl->plates[i].pole;
		omega[i] = pl->plates[i].omega;
	}
	for (int k = 0; k < n; k++) {
		if (step_n(pl, 1) < 0)
			return -1;
		for (int i = 0; i < np && i < pl->nplates; i++) {
			pl->plates[i].pole = pole[i];
			pl->plates[i].omega = omega[i];
		}
	}
	return 0;
}

/* Two plates: aim plate 0 at plate 1 (or away from it). */
static planet_t *two_plates(int converge, uint8_t type0, uint8_t type1)
{
	params p = base_params(5);
	p.plate_count = 2;
	p.plate_min = 2;
	p.plate_max = 2;
	p.rift_rate = 0;
	p.plate_warp = 0;
	planet_t *pl = make(&p, NULL);
	if (!pl)
		return NULL;
	vec3 cen[2] = {v3(0, 0, 0), v3(0, 0, 0)};
	for (int c = 0; c < pl->grid->n; c++)
		cen[pl->owner[c]] = v3_add(cen[pl->owner[c]], pl->grid->centre[c]);
	vec3 axis = v3_norm(v3_cross(cen[0], cen[1]));   /* turns 0 toward 1 */
	double w = 5.0 / CM_YR_PER_KM_MYR / p.radius_km;  /* 5 cm/yr */
	pl->plates[0].pole = converge ? axis : v3_scale(axis, -1);
	pl->plates[1].pole = converge ? v3_scale(axis, -1) : axis;
	pl->plates[0].omega = pl->plates[1].omega = w;
	for (int i = 0; i < 2; i++) {
		crust_pool *cr = &pl->plates[i].crust;
		for (int s = 0; s < cr->count; s++) {
			cr->type[s] = i == 0 ? type0 : type1;
			cr->elev[s] = cr->type[s] == CRUST_CONTINENTAL ? 500 : -4000;
			cr->thick[s] = cr->type[s] == CRUST_CONTINENTAL ? 35 : 7;
			cr->age[s] = cr->type[s] == CRUST_CONTINENTAL ? 1000 : 60;
		}
	}
	stress_compute(pl);
	planet_refresh(pl);
	return pl;
}

static void test_convergence(void)
{
	planet_t *pl = two_plates(1, CRUST_CONTINENTAL, CRUST_OCEANIC);
	if (!ok(pl != NULL, "two converging plates"))
		return;
	double cont0 = pl->plates[0].cont_area;
	double max0 = -1e9, consumed = 0;
	for (int c = 0; c < pl->grid->n; c++)
		if (pl->owner[c] == 0)
			max0 = fmax(max0, pl->plates[0].crust.elev[pl->sample[c]]);
	for (int i = 0; i < 30; i++) {
		step_held(pl, 1);
		consumed += pl->stats.crust_consumed;
	}
	double cont1 = pl->plates[0].cont_area;
	double max1 = -1e9;
	for (int c = 0; c < pl->grid->n; c++)
		if (pl->owner[c] == 0)
			max1 = fmax(max1, pl->plates[0].crust.elev[pl->sample[c]]);
	ok(consumed > 0.005, "the oceanic plate is consumed (%.2f%% of the sphere)", 100 * consumed);
	ok(cont1 > 0.9 * cont0, "the continent survives the trench (%.3f -> %.3f sr)", cont0, cont1);
	ok(max1 > max0 + 500, "the overriding continent is uplifted (%.0f -> %.0f m)", max0, max1);
	ok(ownership_ok(pl), "ownership still a partition");
	planet_free(pl);
}

static void test_divergence(void)
{
	planet_t *pl = two_plates(0, CRUST_OCEANIC, CRUST_OCEANIC);
	if (!ok(pl != NULL, "two diverging plates"))
		return;
	double created = 0;
	for (int i = 0; i < 40; i++) {
		step_held(pl, 1);
		created += pl->stats.crust_created;
	}
	ok(created > 0.005, "new crust created at the ridge (%.2f%% of the sphere)", 100 * created);
	/* crust younger than the run was born at the ridge; its age must grow
	 * with distance from the ridge (divergent boundary cells) */
	const grid_t *g = pl->grid;
	int n = g->n;
	int *dist = malloc((size_t)n * sizeof *dist);
	int32_t *queue = malloc((size_t)n * sizeof *queue);
	int tail = 0;
	for (int c = 0; c < n; c++) {
		dist[c] = -1;
		if (pl->boundary[c] == BOUNDARY_DIVERGENT) {
			dist[c] = 0;
			queue[tail++] = c;
		}
	}
	spread_hops(g, dist, queue, tail);
	double near_age = 0, far_age = 0;
	int nn = 0, nf = 0;
	for (int c = 0; c < n; c++) {
		float age = pl->plates[pl->owner[c]].crust.age[pl->sample[c]];
		if (age >= 40)
			continue;
		if (dist[c] <= 1) { near_age += age; nn++; }
		else if (dist[c] >= 3) { far_age += age; nf++; }
	}
	ok(nn > 0 && nf > 0 && near_age / nn + 5 < far_age / nf,
	   "young crust ages away from the ridge (%.1f Myr near, %.1f Myr far)",
	   nn ? near_age / nn : 0, nf ? far_age / nf : 0);
	/* half-space cooling: the ridge stands well above older ocean floor */
	double ridge = 0, abyss = 0;
	int nr = 0, na = 0;
	for (int c = 0; c < n; c++) {
		float age = pl->plates[pl->owner[c]].crust.age[pl->sample[c]];
		if (dist[c] == 0) { ridge += pl->elevation[c]; nr++; }
		else if (age > 50) { abyss += pl->elevation[c]; na++; }
	}
	ok(nr && na && ridge / nr > abyss / na + 800, "ridge crest (%.0f m) well above old floor (%.0f m)",
	   nr ? ridge / nr : 0, na ? abyss / na : 0);
	free(dist);
	free(queue);
	planet_free(pl);
}

static void test_state_roundtrip(void)
{
	params p = base_params(4);
	planet_t *a = make(&p, NULL);
	if (!ok(a != NULL, "planet for save/load"))
		return;
	step_n(a, 15);
	uint8_t *buf = NULL;
	size_t len = 0;
	ok(planet_serialize(a, &buf, &len) == 0, "serialize");
	char err[256] = "";
	planet_t *b = planet_deserialize(buf, len, NULL, err, sizeof err);
	ok(b != NULL, "deserialize (%s)", err);
	if (b) {
		ok(planet_hash(a) == planet_hash(b), "restored state hashes the same");
		step_n(a, 15);
		step_n(b, 15);
		ok(planet_hash(a) == planet_hash(b), "and continues bit-identically");
	}
	/* a state saved on a force-balance step (every 4th) with microplates
	 * restores the same forces: which plates count as micro once came
	 * from areas a step refreshes only after its force pass (level 3,
	 * 63 Myr steps, seed 1 differed at step 112) */
	params fast;
	params_default(&fast);
	fast.level = 3;
	fast.dt_myr = 63;
	fast.seed = 1;
	planet_t *m = planet_new(&fast, NULL, err, sizeof err);
	int differ = 0, checked = 0, micro = 0;
	for (int s = 1; m && s <= 120; s++) {
		planet_step(m, err, sizeof err);
		for (int i = 0; i < m->nplates; i++)
			micro += plate_is_micro(&m->plates[i]);
		uint8_t *mb = NULL;
		size_t ml = 0;
		if (s % 4 || planet_serialize(m, &mb, &ml) != 0)
			continue;
		planet_t *r = planet_deserialize(mb, ml, NULL, err, sizeof err);
		differ += !r || planet_hash(r) != planet_hash(m);
		checked++;
		planet_free(r);
		free(mb);
	}
	ok(m && micro > 0 && checked == 30 && differ == 0,
	   "states saved on force-balance steps with microplates restore the same (%d of %d differ, %d plate-steps micro)",
	   differ, checked, micro);
	planet_free(m);
	/* ocean_fraction off (null in YAML, -1 inside) is a valid state too */
	params off = base_params(3);
	off.ocean_fraction = -1;
	planet_t *c = make(&off, NULL);
	uint8_t *cbuf = NULL;
	size_t clen = 0;
	planet_t *d = c && planet_serialize(c, &cbuf, &clen) == 0
	            ? planet_deserialize(cbuf, clen, NULL, err, sizeof err) : NULL;
	ok(d && planet_hash(c) == planet_hash(d), "a state with ocean_fraction off restores (%s)", err);
	free(cbuf);
	planet_free(c);
	planet_free(d);
	/* a sea over every peak stays on the height scale, so its state loads */
	params drown = base_params(3);
	c = make(&drown, NULL);
	if (c) {
		planet_set_param(c, params_find("terrain.noise_m"), 10000);
		planet_set_param(c, params_find("terrain.ocean_fraction"), 1);
		planet_refresh(c);
	}
	cbuf = NULL;
	d = c && planet_serialize(c, &cbuf, &clen) == 0
	  ? planet_deserialize(cbuf, clen, NULL, err, sizeof err) : NULL;
	ok(c && c->sea_level <= ELEV_MAX_M && d && planet_hash(c) == planet_hash(d),
	   "ocean_fraction 1: sea level %.0f m, the state restores (%s)", c ? c->sea_level : 0, err);
	free(cbuf);
	planet_free(c);
	planet_free(d);
	/* saved and restored every 7 steps for 70 steps (rifts and sutures
	 * included) against one uninterrupted run */
	planet_t *cont = make(&p, NULL), *hop = make(&p, NULL);
	int same = cont && hop;
	for (int i = 0; i < 10 && same; i++) {
		step_n(cont, 7);
		step_n(hop, 7);
		uint8_t *b2 = NULL;
		size_t l2 = 0;
		planet_t *next = NULL;
		if (planet_serialize(hop, &b2, &l2) == 0)
			next = planet_deserialize(b2, l2, NULL, err, sizeof err);
		free(b2);
		planet_free(hop);
		hop = next;
		same = hop && planet_hash(hop) == planet_hash(cont);
	}
	ok(same, "ten save/restore hops in 70 steps match an uninterrupted run");
	planet_free(cont);
	planet_free(hop);

	/* damaged payloads are refused, not trusted */
	int refused = 1;
	for (size_t cut = 0; cut < len; cut += len / 37 + 1) {
		planet_t *x = planet_deserialize(buf, cut, NULL, err, sizeof err);
		refused &= x == NULL;
		planet_free(x);
	}
	ok(refused, "truncated states are refused");
	free(buf);
	planet_free(a);
	planet_free(b);
}

/* A rift on demand (the dashboard's R) between steps leaves the planet as
 * an automatic rift does: ownership a partition through live samples, the
 * new plate's cells counted, so the next steps neither drop it nor read
 * crust through a stale owner/sample pair; and bit-identical for any pool. */
static void test_manual_rift(void)
{
	int seeds_ok = 1, counted = 1, steps_ok = 1, grew = 1;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		params p = base_params(4);
		p.seed = seed;
		planet_t *pl = make(&p, NULL);
		if (!pl) {
			seeds_ok = 0;
			continue;
		}
		int before = pl->nplates;
		if (planet_rift(pl, -1) != 0) {
			grew = 0;
			planet_free(pl);
			continue;
		}
		grew &= pl->nplates == before + 1;
		seeds_ok &= ownership_ok(pl);
		int cells = 0;
		for (int i = 0; i < pl->nplates; i++) {
			counted &= pl->plates[i].cells > 0;
			cells += pl->plates[i].cells;
		}
		counted &= cells == pl->grid->n;
		for (int i = 0; i < 5; i++) {
			steps_ok &= step_n(pl, 1) == 0 && ownership_ok(pl) && fields_sane(pl);
			if (i == 0)
				steps_ok &= pl->nplates >= before;
		}
		planet_free(pl);
	}
	ok(grew, "R adds one plate on seeds 1-6");
	ok(seeds_ok, "after R every cell is owned through a live sample");
	ok(counted, "after R every plate's cells are counted (none empty, sum = n)");
	ok(steps_ok, "steps after R keep ownership a partition and fields sane");

	params p = base_params(4);
	pool_t *p2 = pool_new(2);
	planet_t *a = make(&p, NULL), *b = make(&p, p2);
	if (ok(a && b, "two planets for a rift under -j1/-j2")) {
		step_n(a, 3);
		step_n(b, 3);
		int ra = planet_rift(a, -1), rb = planet_rift(b, -1);
		ok(ra == 0 && rb == 0 && planet_hash(a) == planet_hash(b), "rift itself identical for -j1/-j2");
		ok(a->plates[a->nplates - 1].area == b->plates[b->nplates - 1].area,
		   "new plate's area identical for -j1/-j2");
		/* saved right after R, the state restores to the same planet */
		uint8_t *buf = NULL;
		size_t len = 0;
		char err[256] = "";
		planet_t *c = planet_serialize(a, &buf, &len) == 0
		            ? planet_deserialize(buf, len, NULL, err, sizeof err) : NULL;
		ok(c && planet_hash(c) == planet_hash(a), "a state saved right after R restores (%s)", err);
		free(buf);
		step_n(a, 10);
		step_n(b, 10);
		ok(planet_hash(a) == planet_hash(b), "10 steps after R: -j1 and -j2 bit-identical");
		if (c)
			step_n(c, 10);
		ok(c && planet_hash(c) == planet_hash(a), "and the restored one continues bit-identically");
		planet_free(c);
	}
	planet_free(a);
	planet_free(b);
	pool_free(p2);
}

/* A level-3 planet whose plate 0 alone holds old floor, so that its margin
 * break, if one may happen, is certain (100 Myr steps); with no boundaries
 * no microplate is born and with rift_rate 0 nothing rifts. Plate 0's
 * crust alternates continent and 300 Myr floor, or is all continent. */
static planet_t *old_margin_planet(int all_continent)
{
	params p = base_params(3);
	p.dt_myr = 100;
	p.rift_rate = 0;
	p.plate_min = 1;
	planet_t *pl = make(&p, NULL);
	if (!pl)
		return NULL;
	for (int i = 1; i < pl->nplates; i++)
		pl->plates[i].old_area = 0;   /* only plate 0 may break */
	plate_t *q = &pl->plates[0];
	q->ocean_age = 1e4;
	q->old_area = 4 * M_PI;
	q->cont_area = 0.5 * q->area;
	for (int i = 0; i < q->crust.count; i++) {
		q->crust.type[i] = all_continent || i % 2 == 0 ? CRUST_CONTINENTAL : CRUST_OCEANIC;
		q->crust.age[i] = 300;
	}
	memset(pl->boundary, BOUNDARY_NONE, (size_t)pl->grid->n);
	return pl;
}

/* A margin chosen to break on last step's figures may have no ocean floor
 * left by now (the crust pass turned it continental): nothing splits, and
 * that is no error (it once failed the step as "out of memory"). */
static void test_margin_break_nothing_left(void)
{
	planet_t *pl = old_margin_planet(1);
	if (!ok(pl != NULL, "planet for a margin break"))
		return;
	int before = pl->nplates;
	is_int(plate_events(pl, -1, -1, 0), 0, "a margin with no ocean floor left is no error");
	ok(pl->nplates == before && ownership_ok(pl), "and nothing split off");
	planet_free(pl);
}

/* An old margin breaks at plates.max too (the excess welds on at the next
 * step), unless plates.min = plates.max pins the count: the plates added. */
static int margin_break_at_max(int pinned)
{
	planet_t *pl = old_margin_planet(0);
	if (!pl)
		return -1;
	int major = plate_events_major_count(pl);
	pl->prm.plate_max = major;
	if (pinned)
		pl->prm.plate_min = major;
	int before = pl->nplates;
	int grew = plate_events(pl, -1, -1, 0) == 0 && ownership_ok(pl) ? pl->nplates - before : -1;
	planet_free(pl);
	return grew;
}

static void test_margin_break_at_max(void)
{
	is_int(margin_break_at_max(0), 1, "an old margin breaks with the plates at plates.max");
	is_int(margin_break_at_max(1), 0, "but not where plates.min = plates.max pins the count");
}

/* A margin break takes the old floor only: plate 0 alternates continent,
 * 300 Myr floor and 20 Myr floor; the plate that breaks off holds the old
 * floor and none of the rest, and plate 0 keeps its young floor. */
static void test_margin_break_takes_old_floor(void)
{
	planet_t *pl = old_margin_planet(0);
	if (!ok(pl != NULL, "planet for an old-floor break"))
		return;
	crust_pool *cr = &pl->plates[0].crust;
	for (int i = 0; i < cr->count; i++)
		if (i % 3 == 2) {
			cr->type[i] = CRUST_OCEANIC;
			cr->age[i] = 20;
		}
	int before = pl->nplates;
	int rc = plate_events(pl, -1, -1, 0);
	int split = rc == 0 && pl->nplates == before + 1 && ownership_ok(pl);
	int old = 0, other = 0, young_kept = 0;
	if (split) {
		const crust_pool *q = &pl->plates[pl->nplates - 1].crust;
		for (int i = 0; i < q->count; i++) {
			if (q->type[i] == CRUST_CONSUMED)
				continue;
			if (q->type[i] == CRUST_OCEANIC && q->age[i] >= 90)
				old++;
			else
				other++;
		}
		cr = &pl->plates[0].crust;
		for (int i = 0; i < cr->count; i++)
			young_kept += cr->type[i] == CRUST_OCEANIC && cr->age[i] < 90;
	}
	ok(split && old > 0 && other == 0 && young_kept > 0,
	   "a margin break takes the old floor (%d samples, %d others) and leaves the young (%d)", old, other,
	   young_kept);
	planet_free(pl);
}

/* The old floor a margin broke off sinks at its new trench. Shrunk into
 * the sizes at which a microplate that grew welds on (0.5-1 % of the
 * sphere), it is not welded back onto the plate it broke from, as 258 of
 * 350 were (level 6, seed 1, 300-1 500 Myr) with half the floor older
 * than 200 Myr on them; a plate of old floor that was not born of a break
 * still welds on there. 1: the plate lives on, 0: welded, < 0: no break. */
static int broken_floor_welds(int sinking)
{
	planet_t *pl = old_margin_planet(0);
	if (!pl)
		return -1;
	int rc = plate_events(pl, -1, -1, 0), id = -1;
	plate_t *q = &pl->plates[pl->nplates - 1];
	if (rc == 0 && pl->nplates > 1 && q->sinking) {
		/* as the next step's events see it: shrunk, old floor alone */
		id = q->id;
		q->area = 0.007 * 4 * M_PI;
		q->cont_area = 0;
		q->ocean_age = 150;
		q->sinking = (uint8_t)sinking;
		pl->plates[0].old_area = 0;                 /* no second break */
		pl->prm.dt_myr = 0.01;                      /* nor births or captures */
		pl->prm.plate_max = pl->nplates + 4;        /* nor a crowd to weld */
		rc = plate_events(pl, -1, -1, 0);
	}
	int alive = 0;
	for (int i = 0; i < pl->nplates; i++)
		alive |= pl->plates[i].id == id;
	int ok_own = ownership_ok(pl);
	planet_free(pl);
	return id < 0 ? -2 : rc != 0 || !ok_own ? -1 : alive;
}

static void test_broken_floor_sinks(void)
{
	is_int(broken_floor_welds(1), 1, "old floor a margin broke off is not welded back for its size while it sinks");
	is_int(broken_floor_welds(0), 0, "old floor not born of a break welds on at that size");
}

/* Long steps on a coarse grid: between one step's sums and the next
 * step's events, microplates can grow past MICROPLATE_AREA unseen, and the
 * first weld refreshes every area. The excess is counted again after each
 * weld, so the plates of 1 % or more stay within two of plates.max (the
 * stepper's invariant); counted once at the start, a capture took 12 to 15
 * and a crowded step left 13 to 15 (level 3, dt 24 Myr; test_commands
 * met it when its random commands set such a step). */
static void test_crowding_counted_after_welds(void)
{
	int worst = 0, over = 0, steps = 0;
	for (int seed = 1; seed <= 30; seed++) {
		params p;
		params_default(&p);
		p.grid = GRID_GOLDBERG;
		p.level = 3;
		p.plate_count = 8;
		p.plate_min = 4;
		p.plate_max = 12;
		p.dt_myr = 24;
		p.seed = (uint64_t)seed;
		planet_t *pl = make(&p, NULL);
		if (!pl)
			continue;
		for (int s = 0; s < 40 && step_n(pl, 1) == 0; s++, steps++) {
			int m = plate_events_major_count(pl);
			worst = m > worst ? m : worst;
			over += m > p.plate_max + 2;
		}
		planet_free(pl);
	}
	ok(steps == 30 * 40 && over == 0,
	   "plates of 1 %% or more within plates.max + 2 at 24 Myr steps: worst %d of max 12, %d of %d steps over (30 seeds, level 3)",
	   worst, over, steps);
}

/* The step's collision contacts, which the speeds read after the plate
 * events, name plates that touch: a merge removes a plate and the plates
 * after it move down, and their contacts must move with them (left in
 * place, each of those plates was coupled by the contacts of the plate
 * before it: 646 of 5 248 pairs apart). A rift's half may take the
 * contact with it, so a few pairs may be apart. */
static void test_contacts_follow_merges(void)
{
	long pairs = 0, apart = 0;
	int merges = 0;
	static uint8_t touch[PLATES_MAX][PLATES_MAX];
	for (int seed = 1; seed <= 3; seed++) {
		params p = base_params(4);
		p.seed = (uint64_t)seed;
		planet_t *pl = make(&p, NULL);
		if (!pl)
			continue;
		const grid_t *g = pl->grid;
		for (int s = 0; s < 300; s++) {
			int before = pl->nplates, ids = pl->next_id;
			if (step_n(pl, 1) != 0)
				break;
			merges += pl->nplates < before + (pl->next_id - ids);
			memset(touch, 0, sizeof touch);
			for (int c = 0; c < g->n; c++)
				for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
					touch[pl->owner[c]][pl->owner[g->nbr[k]]] = 1;
			for (int a = 0; a < pl->nplates; a++)
				for (int b = 0; b < pl->nplates; b++)
					if (pl->pair_count[a][b] > 0) {
						pairs++;
						apart += !touch[a][b];
					}
		}
		planet_free(pl);
	}
	ok(pairs > 100 && merges > 20 && apart * 50 <= pairs,
	   "collision contacts name plates that touch after the events: %ld of %ld pairs apart, %d steps with merges (level 4, seeds 1-3, 300 steps)",
	   apart, pairs, merges);
}

/* Step 0 has the continental rises the running planet builds (ocean
 * floor beside its own plate's continent no deeper than
 * CONTINENTAL_RISE_M under the sea), so the water it holds is the water
 * the running planet's basins take: built at the first rise pass instead,
 * they lifted the sea 77-95 m at step 1 (seeds 1-3) and it stood 60-250 m
 * higher ever after. */
static void test_step0_rises(void)
{
	pool_t *pool = pool_new(2);
	int beside = 0, deep = 0, jumped = 0;
	double worst = 0;
	for (int seed = 1; seed <= 3; seed++) {
		params p = base_params(5);
		p.seed = (uint64_t)seed;
		planet_t *pl = make(&p, pool);
		if (!pl)
			continue;
		const grid_t *g = pl->grid;
		for (int i = 0; i < pl->nplates; i++) {
			const plate_t *q = &pl->plates[i];
			for (int s = 0; s < q->crust.count; s++) {
				if (q->crust.type[s] != CRUST_OCEANIC)
					continue;
				int k = q->crust.cell[s], touch = 0;
				for (int e = g->nbr_off[k]; e < g->nbr_off[k + 1]; e++) {
					int j = cellmap_get(&q->map, g->nbr[e]);
					touch |= j >= 0 && q->crust.type[j] == CRUST_CONTINENTAL;
				}
				if (!touch)
					continue;
				beside++;
				double below = q->crust.elev[s] - pl->sea_level - CONTINENTAL_RISE_M;
				worst = fmin(worst, below);
				deep += below < -150;
			}
		}
		double sea0 = pl->sea_level;
		if (step_n(pl, 1) == 0)
			jumped += fabs(pl->sea_level - sea0) > 50;
		planet_free(pl);
	}
	pool_free(pool);
	ok(beside > 0 && deep == 0,
	   "step 0: floor beside its own continent at the rise or above (%d samples, %d deeper, worst %.0f m)",
	   beside, deep, worst);
	ok(jumped == 0, "the first rise pass leaves the sea within 50 m (%d of 3 seeds jumped)", jumped);
}

/* Ocean floor far from continents lies at its cooling depth: arcs raised
 * along transforms and arcs left behind by a moving trench kept a tenth
 * of it hundreds of metres high (the mean of floor 30 Myr old or more, 4
 * cells or more from any continent, 93-259 m above the curve at level 6,
 * seed 1, 500-1 500 Myr). Level 6, seeds 1-2, every 50 steps to 600: the
 * mean of that floor's height above relief_ocean_depth(age). */
static void test_far_floor_depth(void)
{
	pool_t *pool = pool_new(2);
	double sum = 0, area = 0;
	for (int seed = 1; seed <= 2; seed++) {
		params p = base_params(6);
		p.seed = (uint64_t)seed;
		planet_t *pl = make(&p, pool);
		if (!pl)
			continue;
		const grid_t *g = pl->grid;
		int *dist = malloc((size_t)g->n * sizeof *dist);
		int32_t *queue = malloc((size_t)g->n * sizeof *queue);
		for (int t = 50; t <= 600 && dist && queue; t += 50) {
			if (step_n(pl, 50) < 0)
				break;
			int tail = 0;
			for (int c = 0; c < g->n; c++) {
				dist[c] = cell_crust_type(pl, c) == CRUST_CONTINENTAL ? 0 : -1;
				if (!dist[c])
					queue[tail++] = c;
			}
			spread_hops(g, dist, queue, tail);
			for (int c = 0; c < g->n; c++) {
				const crust_pool *cr = &pl->plates[pl->owner[c]].crust;
				int s = pl->sample[c];
				if (cr->type[s] != CRUST_OCEANIC || cr->age[s] < 30 || dist[c] < 4 ||
				    pl->boundary[c] != BOUNDARY_NONE)
					continue;
				sum += (cr->elev[s] - relief_ocean_depth(cr->age[s])) * g->area[c];
				area += g->area[c];
			}
		}
		free(dist);
		free(queue);
		planet_free(pl);
	}
	pool_free(pool);
	double mean = area > 0 ? sum / area : NAN;
	ok(area > 0 && mean < 40, "far ocean floor 30 Myr or older lies at its cooling depth (%.0f m above it; < 40)",
	   mean);
}

/* Microplates live their time: captures draw among them alike, so a
 * newborn one is not welded back at once. With the smallest taken first,
 * half of all microplates (and the small breaks of old floor with them)
 * went within 2 Myr of birth (level 6, seed 1, 300-1 500 Myr). Level 5,
 * seeds 1-2, births after step 100 of 600. */
static void test_microplates_live(void)
{
	enum { IDS = 8192 };
	pool_t *pool = pool_new(2);
	int *born = malloc(IDS * sizeof *born);
	uint8_t *seen = malloc(IDS);
	int births = 0, quick = 0;
	for (int seed = 1; seed <= 2 && born && seen; seed++) {
		params p = base_params(5);
		p.seed = (uint64_t)seed;
		planet_t *pl = make(&p, pool);
		if (!pl)
			continue;
		for (int i = 0; i < IDS; i++)
			born[i] = -1;
		for (int i = 0; i < pl->nplates; i++)
			born[pl->plates[i].id % IDS] = 0;
		for (int t = 1; t <= 600 && step_n(pl, 1) == 0; t++) {
			memset(seen, 0, IDS);
			for (int i = 0; i < pl->nplates; i++) {
				int id = pl->plates[i].id % IDS;
				seen[id] = 1;
				if (born[id] < 0) {
					/* a plate's first step: micro ones count */
					born[id] = plate_is_micro(&pl->plates[i]) ? t : 0;
					births += born[id] > 100;
				}
			}
			for (int id = 0; id < IDS; id++)
				if (born[id] > 0 && !seen[id]) {
					quick += born[id] > 100 && t - born[id] <= 2;
					born[id] = 0;   /* gone; ids are not reused */
				}
		}
		planet_free(pl);
	}
	free(born);
	free(seen);
	pool_free(pool);
	ok(births > 50 && quick < 0.12 * births,
	   "microplates live their time: %d of %d born gone within 2 Myr (< 12 %%; 25 %% before)", quick, births);
}

/* A plate over a quarter of the sphere rifts even with the plates at
 * plates.max (one over; the excess welds on at the next step), unless
 * plates.min = plates.max pins the count: the plates added. */
static int giant_rift(int pinned)
{
	params p = base_params(3);
	p.dt_myr = 100;
	p.rift_rate = 100;    /* certain, once allowed */
	planet_t *pl = make(&p, NULL);
	if (!pl)
		return -1;
	memset(pl->boundary, BOUNDARY_NONE, (size_t)pl->grid->n);   /* no microplate sites */
	for (int i = 0; i < pl->nplates; i++) {                     /* no margin breaks */
		crust_pool *cr = &pl->plates[i].crust;
		for (int k = 0; k < cr->count; k++)
			cr->age[k] = fminf(cr->age[k], 50);
		pl->plates[i].old_area = 0;
	}
	pl->plates[0].area = 0.3 * 4 * M_PI;
	int major = plate_events_major_count(pl);
	pl->prm.plate_max = major;
	pl->prm.plate_min = pinned ? major : 1;
	int before = pl->nplates, cells = pl->plates[0].cells;
	int rc = plate_events(pl, -1, -1, 0);
	int grew = rc == 0 && ownership_ok(pl) ? pl->nplates - before : -1;
	if (grew == 1 && pl->plates[0].cells >= cells)
		grew = -2;    /* another plate split */
	planet_free(pl);
	return grew;
}

static void test_giant_rift(void)
{
	is_int(giant_rift(0), 1, "a plate over a quarter of the sphere rifts with the plates at plates.max");
	is_int(giant_rift(1), 0, "but not where plates.min = plates.max pins the count");
}

/* ocean_fraction 0 lets continental plates swallow oceanic ones at step 0:
 * a plate with no crust (NULL arrays) must hash, save and load cleanly
 * (under UBSan, memcpy from NULL with length 0 used to stop the run). */
static void test_empty_plate(void)
{
	params p = base_params(3);
	p.seed = 1;
	p.ocean_fraction = 0;
	planet_t *pl = make(&p, NULL);
	if (!ok(pl != NULL, "planet with ocean_fraction 0"))
		return;
	int empty = 0;
	for (int i = 0; i < pl->nplates; i++)
		empty += pl->plates[i].crust.count == 0;
	tap_diag("%d of %d plates empty at step 0", empty, pl->nplates);
	uint8_t *buf = NULL;
	size_t len = 0;
	char err[256] = "";
	planet_t *back = planet_serialize(pl, &buf, &len) == 0
	               ? planet_deserialize(buf, len, NULL, err, sizeof err) : NULL;
	ok(back && planet_hash(back) == planet_hash(pl), "it hashes, saves and loads (%s)", err);
	ok(step_n(pl, 2) == 0 && ownership_ok(pl), "and steps on");
	free(buf);
	planet_free(back);
	planet_free(pl);
}

/* Temperature, rain and biomes are made when a snapshot reads them: a
 * planet looked at every step and one looked at only at the end must show
 * the same climate, biomes and figures, for any thread count. */
static void test_lazy_climate(void)
{
	params p = base_params(4);
	pool_t *p2 = pool_new(2);
	planet_t *a = make(&p, NULL), *b = make(&p, p2);
	snapshot_t *sa = a ? snapshot_new(planet_grid(a)) : NULL;
	snapshot_t *sb = b ? snapshot_new(planet_grid(b)) : NULL;
	if (!ok(a && b && sa && sb, "two planets and snapshots"))
		goto out;
	char err[256];
	for (int i = 0; i < 25; i++) {
		planet_step(a, err, sizeof err);
		planet_snapshot(a, sa);      /* a: looked at every step */
	}
	step_n(b, 25);                   /* b (two threads): never until now */
	int n = planet_grid(a)->n, stale = 0;
	for (int c = 0; c < n; c++)
		stale += b->temperature[c] != a->temperature[c] || b->biome[c] != a->biome[c];
	ok(stale > 0, "a plain step leaves the climate to be made (%d cells differ)", stale);
	planet_snapshot(b, sb);
	int same = planet_hash(a) == planet_hash(b) &&
	           memcmp(sa->temperature, sb->temperature, n * sizeof *sa->temperature) == 0 &&
	           memcmp(sa->precip, sb->precip, n * sizeof *sa->precip) == 0 &&
	           memcmp(sa->biome, sb->biome, n * sizeof *sa->biome) == 0;
	ok(same, "made on demand, the climate and biomes equal those made every step");
	ok(sa->stats.mean_temperature_c == sb->stats.mean_temperature_c &&
	   memcmp(sa->stats.biome_fraction, sb->stats.biome_fraction, sizeof sa->stats.biome_fraction) == 0,
	   "and so do the mean temperature and the biome shares (%.6f)", sb->stats.mean_temperature_c);
out:
	snapshot_free(sa);
	snapshot_free(sb);
	planet_free(a);
	planet_free(b);
	pool_free(p2);
}

/* A view snapshot (run's) shows what a copy shows, and a planet trimmed
 * before each look (run's exports) steps on to the same states as one
 * never trimmed, for any thread count. */
/* Desert by Koppen's arid limit (10 T + 70 mm/yr), hot or cold; tundra
 * stays tundra; a scenario's wetter desert raises the limit; rainforest
 * only without a long dry season. */
static void test_arid_limit(void)
{
	params p;
	params_default(&p);
	biome_param *b = p.biomes;
	ok(biome_classify(b, 8, 120, 500, 0, 0) == BIOME_DESERT, "8 C, 120 mm/yr: a cold desert (limit 150)");
	ok(biome_classify(b, 8, 250, 500, 0, 0) == BIOME_STEPPE, "8 C, 250 mm/yr: steppe, not desert");
	ok(biome_classify(b, 25, 300, 200, 0, 0) == BIOME_DESERT, "25 C, 300 mm/yr: a hot desert (limit 320)");
	ok(biome_classify(b, 25, 1000, 200, 0, 0) == BIOME_SAVANNAH, "25 C, 1000 mm/yr: savannah");
	ok(biome_classify(b, -12, 40, 200, 0, 0) == BIOME_TUNDRA, "-12 C, 40 mm/yr: tundra, not desert");
	ok(biome_classify(b, 26, 2200, 100, 0, 0) == BIOME_RAINFOREST, "26 C, 2200 mm/yr, rain all year: rainforest");
	ok(biome_classify(b, 26, 2200, 100, 0, 0.6) == BIOME_SAVANNAH, "26 C, 2200 mm/yr, a long dry season: savannah");
	ok(biome_dry_season(16, 0.5, 0) && !strcmp(biome_dry_season(16, 0.5, 0), "dry summers") &&
	   biome_dry_season(25, 0, 0.5) && !strcmp(biome_dry_season(25, 0, 0.5), "dry season") &&
	   !biome_dry_season(12, 0, 0.5) && !biome_dry_season(25, 0.1, 0.1),
	   "the inspector's seasons: dry summers, a tropical dry season, or nothing");
	b[BIOME_DESERT].precip_mm = 240;
	ok(biome_classify(b, 8, 250, 500, 0, 0) == BIOME_DESERT, "desert precip_mm 240 doubles the limit: 8 C, 250 mm/yr is desert");
	b[BIOME_DESERT].precip_mm = 0;
	ok(biome_classify(b, 25, 10, 200, 0, 0) != BIOME_DESERT, "desert precip_mm 0: no desert at all");
}

static void test_view_and_trim(void)
{
	params p = base_params(4);
	pool_t *p2 = pool_new(2);
	planet_t *a = make(&p, NULL), *b = make(&p, p2);
	snapshot_t *sa = a ? snapshot_new(planet_grid(a)) : NULL;
	snapshot_t *sb = b ? snapshot_new_view(planet_grid(b)) : NULL;
	if (!ok(a && b && sa && sb, "two planets, a snapshot and a view"))
		goto out;
	int n = planet_grid(a)->n, same = 1, hashes = 1;
	char err[256];
	for (int round = 0; round < 4; round++) {
		step_n(a, 3);
		step_n(b, 3);
		planet_snapshot(a, sa);
		planet_update_climate(b);
		planet_trim(b);
		same &= planet_snapshot(b, sb) == 0 && b->trimmed && b->work[0] == NULL;
		sb->view = 0;       /* compare everything but the flag */
#define SAME(type, name) same &= memcmp(sa->name, sb->name, (size_t)n * sizeof(type)) == 0;
		SNAPSHOT_CELL_FIELDS(SAME)
#undef SAME
		sb->view = 1;
		same &= memcmp(&sa->stats, &sb->stats, sizeof sa->stats) == 0 &&
		        sa->plate_count == sb->plate_count && sa->state_hash == sb->state_hash &&
		        memcmp(sa->plates, sb->plates, (size_t)sa->plate_count * sizeof *sa->plates) == 0;
		snapshot_shed(sb);
		same &= sb->elevation == NULL && sb->plate == NULL;
		hashes &= planet_hash(a) == planet_hash(b);
	}
	ok(same, "a view of a trimmed planet equals a copy, array by array; shed, it holds none");
	ok(hashes && planet_step(b, err, sizeof err) == 0 && step_n(a, 1) == 0 &&
	   planet_hash(a) == planet_hash(b) && !b->trimmed, "trimmed and stepped on, the states stay the same");
	ok(planet_snapshot_figures(b, sb) == 0 && sb->elevation == NULL &&
	   sb->state_hash == planet_hash(b), "the figures alone fill no array");
out:
	snapshot_free(sa);
	snapshot_free(sb);
	planet_free(a);
	planet_free(b);
	pool_free(p2);
}

/* Angle (degrees) between a cell's centre and the unit vector at. */
static double cell_angle(const grid_t *g, int c, vec3 at)
{
	return acos(fmax(-1, fmin(1, v3_dot(g->centre[c], at)))) * 180 / M_PI;
}

/* Where the sea reaches (basins.c), on drawn heights: a lake inside a
 * continent is shut, and so is the continent's interior; the ocean and
 * the coast are open. On a world of land with one sea under 1 % of the
 * cells and two one-cell ponds, the sea holds nine tenths of the water
 * and stays open; the ponds are shut. */
static void test_basins(void)
{
	params p = base_params(4);
	planet_t *pl = make(&p, NULL);
	if (!pl)
		return;
	const grid_t *g = pl->grid;
	int n = g->n;
	uint8_t *reach = malloc((size_t)n);
	int32_t *sizes = malloc((size_t)n * sizeof *sizes);
	vec3 at = v3(0, 0, 1), far = v3(1, 0, 0), far2 = v3(-1, 0, 0), far3 = v3(0, 1, 0);
	pl->sea_level = 0;
	for (int c = 0; c < n; c++) {
		double a = cell_angle(g, c, at);
		pl->elevation[c] = a < 8 ? -300 : a < 40 ? 500 : -4000;
	}
	basins_mark(pl, reach, sizes);
	int lake_shut = 1, ocean_open = 1, inland_shut = 1, coast_open = 1, coasts = 0;
	for (int c = 0; c < n; c++) {
		double a = cell_angle(g, c, at);
		int shore = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			shore |= pl->elevation[g->nbr[k]] < -1000;
		if (a < 8)
			lake_shut &= reach[c] == (REACH_SHUT | REACH_WET);
		else if (a >= 40)
			ocean_open &= reach[c] == (REACH_OPEN | REACH_WET);
		else if (shore) {
			coast_open &= reach[c] == REACH_OPEN;
			coasts++;
		} else if (a > 12 && a < 30) {
			inland_shut &= reach[c] == REACH_SHUT;
		}
	}
	ok(lake_shut && ocean_open, "basins: a lake inside a continent is shut, the ocean open");
	ok(coast_open && coasts > 0 && inland_shut, "basins: the %d coast cells are open, the interior shut", coasts);

	/* one sea of about 20 cells (1 % would be %d) and two ponds */
	int sea_cells = 0, pond[2] = {-1, -1};
	double best[2] = {1e9, 1e9};
	for (int c = 0; c < n; c++) {
		pl->elevation[c] = 500;
		double a = cell_angle(g, c, far);
		if (a < 10) {
			pl->elevation[c] = -2000;
			sea_cells++;
		}
		double d2 = cell_angle(g, c, far2), d3 = cell_angle(g, c, far3);
		if (d2 < best[0])
			best[0] = d2, pond[0] = c;
		if (d3 < best[1])
			best[1] = d3, pond[1] = c;
	}
	pl->elevation[pond[0]] = pl->elevation[pond[1]] = -50;
	basins_mark(pl, reach, sizes);
	int sea_open = 1;
	for (int c = 0; c < n; c++)
		if (cell_angle(g, c, far) < 10)
			sea_open &= reach[c] == (REACH_OPEN | REACH_WET);
	ok(sea_cells < n / 100 && sea_open && reach[pond[0]] == (REACH_SHUT | REACH_WET) && reach[pond[1]] == (REACH_SHUT | REACH_WET),
	   "basins: a sea of %d cells (under 1 %% of %d) holding most of the water is open, two ponds shut",
	   sea_cells, n);
	free(reach);
	free(sizes);
	planet_free(pl);
}

/* The bodies of water again by a plain flood fill, one body at a time:
 * what basins_mark must give whatever its chunks and seams. */
static void basins_by_flood(const planet_t *pl, uint8_t *reach)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	float sea = (float)pl->sea_level;
	int32_t *body = malloc((size_t)n * sizeof *body), *queue = malloc((size_t)n * sizeof *queue);
	int32_t *size = malloc((size_t)n * sizeof *size), *sorted = malloc((size_t)n * sizeof *sorted);
	int bodies = 0;
	long water = 0;
	for (int c = 0; c < n; c++)
		body[c] = -1;
	for (int c = 0; c < n; c++) {
		if (body[c] >= 0 || pl->elevation[c] >= sea)
			continue;
		int head = 0, tail = 0;
		queue[tail++] = c;
		body[c] = bodies;
		while (head < tail) {
			int x = queue[head++];
			for (int k = g->nbr_off[x]; k < g->nbr_off[x + 1]; k++) {
				int nb = g->nbr[k];
				if (body[nb] < 0 && pl->elevation[nb] < sea) {
					body[nb] = bodies;
					queue[tail++] = nb;
				}
			}
		}
		size[bodies++] = tail;
		water += tail;
	}
	memcpy(sorted, size, (size_t)bodies * sizeof *sorted);
	for (int i = 1; i < bodies; i++)     /* largest first */
		for (int j = i; j > 0 && sorted[j] > sorted[j - 1]; j--) {
			int32_t t = sorted[j];
			sorted[j] = sorted[j - 1];
			sorted[j - 1] = t;
		}
	int32_t least = (int32_t)(0.01 * n);
	long held = 0;
	for (int i = 0; i < bodies && held < 0.9 * water; i++) {
		held += sorted[i];
		if (sorted[i] < least)
			least = sorted[i];
	}
	for (int c = 0; c < n; c++)
		reach[c] = body[c] < 0 ? 0 : REACH_WET | (size[body[c]] >= least ? REACH_OPEN : REACH_SHUT);
	for (int c = 0; c < n; c++) {
		if (body[c] >= 0)
			continue;
		reach[c] = REACH_SHUT;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			if (body[g->nbr[k]] >= 0 && (reach[g->nbr[k]] & REACH_OPEN))
				reach[c] = REACH_OPEN;
	}
	free(body);
	free(queue);
	free(size);
	free(sorted);
}

/* basins_mark joins bodies chunk by chunk in parallel, then across the
 * seams: on a generated level-6 planet (several chunks) with the sea at
 * heights that leave one ocean, an archipelago of lakes, or puddles, it
 * marks every cell as a flood fill does, on one thread and on three. */
static void test_basins_seams(void)
{
	params p = base_params(6);
	planet_t *pl = make(&p, NULL);
	if (!pl)
		return;
	int n = pl->grid->n;
	uint8_t *reach = malloc((size_t)n), *want = malloc((size_t)n);
	int32_t *sizes = malloc((size_t)n * sizeof *sizes);
	pool_t *three = pool_new(3);
	const double seas[] = {-4500, -3000, -200, 300, 900};
	int same = 1, shut = 0, open = 0;
	for (int i = 0; i < 5; i++) {
		pl->sea_level = seas[i];
		basins_by_flood(pl, want);
		for (int t = 0; t < 2; t++) {
			pool_t *keep = pl->pool;
			if (t)
				pl->pool = three;
			basins_mark(pl, reach, sizes);
			pl->pool = keep;
			same &= memcmp(reach, want, (size_t)n) == 0;
		}
		for (int c = 0; c < n; c++) {
			shut += want[c] == (REACH_SHUT | REACH_WET);
			open += (want[c] & REACH_OPEN) != 0;
		}
	}
	ok(same && shut > 0 && open > 0 && pl->grid->n > 4 * 8192,
	   "basins: across chunk seams the marks match a flood fill at five sea levels, 1 and 3 threads (%d closed water cells)",
	   shut);
	pool_free(three);
	free(reach);
	free(want);
	free(sizes);
	planet_free(pl);
}

/* A split (microplate, margin break, rift) leaves the samples it moved
 * as holes in the parent's pool until the crust step compacts it: only
 * the numbering differs. Two planets stepped alike, one with every pool
 * compacted after each step: the same owners, heights, sea and plates to
 * the bit, and the first held holes the second did not. */
static void test_holes_change_nothing(void)
{
	params p = base_params(5);
	planet_t *a = make(&p, NULL), *b = make(&p, NULL);
	int32_t *remap = NULL;
	long holes = 0;
	int same = a && b, steps = 0;
	for (; same && steps < 150; steps++) {
		if (step_n(a, 1) < 0 || step_n(b, 1) < 0) {
			same = 0;
			break;
		}
		for (int i = 0; i < b->nplates; i++) {
			crust_pool *cr = &b->plates[i].crust;
			int dead = 0;
			for (int k = 0; k < cr->count; k++)
				dead += cr->type[k] == CRUST_CONSUMED;
			if (!dead)
				continue;
			holes += dead;
			int32_t *r = realloc(remap, (size_t)cr->count * sizeof *r);
			if (!r || crust_compact(b, i, r) < 0) {
				remap = r;
				same = 0;
				break;
			}
			remap = r;
		}
		size_t n = (size_t)a->grid->n;
		same = same && a->nplates == b->nplates && a->sea_level == b->sea_level &&
		       !memcmp(a->owner, b->owner, n * sizeof *a->owner) &&
		       !memcmp(a->elevation, b->elevation, n * sizeof *a->elevation) &&
		       !memcmp(&a->stats, &b->stats, sizeof a->stats);
		for (int i = 0; same && i < a->nplates; i++)
			same = a->plates[i].area == b->plates[i].area && a->plates[i].omega == b->plates[i].omega;
	}
	ok(same && holes > 0 && b && b->step == 150,
	   "holes left in the pools change no figure: %d steps alike with %ld holes compacted away at once", steps,
	   holes);
	free(remap);
	planet_free(a);
	planet_free(b);
}

/* Every neighbour of world cell c shows ocean floor of c's own plate at
 * least `age` Myr old: c is a one-cell dot in that floor. */
static int ringed_by_floor_aged(const planet_t *pl, int c, double age)
{
	const grid_t *g = pl->grid;
	const plate_t *q = &pl->plates[pl->owner[c]];
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int nb = g->nbr[k], sn = pl->sample[nb];
		if (pl->owner[nb] != pl->owner[c] || q->crust.type[sn] != CRUST_OCEANIC || q->crust.age[sn] < age)
			return 0;
	}
	return 1;
}

/* Cell c is more than 1 km under the sea with land all round: an abyssal
 * pit in the land. */
static int abyssal_pit(const planet_t *pl, int c)
{
	const grid_t *g = pl->grid;
	if (pl->elevation[c] >= pl->sea_level - 1000)
		return 0;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
		if (pl->elevation[g->nbr[k]] < pl->sea_level)
			return 0;
	return 1;
}

/* One-cell artefacts, counted on one level-5 planet (seed 42) over 300
 * steps, every step:
 * - Welds and sutures join a plate's crust to another's frame, whose grid
 *   does not line up with it: the cells the crust lands on two to one
 *   leave holes. Filled with fresh floor, or with the welded plate's
 *   hidden floor, they showed through old floor as a lattice of young
 *   one-cell dots: 34 cells of floor made this step amid floor 20 Myr old
 *   or more, 2 since.
 * - A plate's frame has holes (the grids of a split or a weld meet two to
 *   one); a gap that falls in one heals with the crust around it instead
 *   of growing fresh floor there. As fresh floor they showed, over any
 *   number of steps, as single cells of ocean floor 20 Myr or more
 *   younger than all six neighbours: 1 424 before and 303 since (322
 *   with rifts stretched; 410 by 2026-12-05). A lone sample of floor
 *   that young in a plate's frame, left by resampling, now takes its
 *   youngest neighbour's crust (crust.c, every 4 steps): 110 (seeds 1-3:
 *   140, 110, 81 where 244, 272, 169 were).
 * - A rift one cell wide between two plates' continents is stretched
 *   crust, not ocean floor: grown as fresh floor it stood as a pit 2.5-3
 *   km deep in the middle of land. Cells more than 1 km under the sea with
 *   land all round: 210 before, 50 since (seeds 1-3: 9, 206, 105 before;
 *   1, 31, 31 since). Where the flanks are too thin to stretch, the floor
 *   that opens with dry land all round lies at a rift valley's depth
 *   (rift_floor): 25 such cells before, 10 since. */
static void test_one_cell_artefacts(void)
{
	params p = base_params(5);
	planet_t *pl = make(&p, NULL);
	long weld_dots = 0, hole_dots = 0, pits = 0;
	int steps = 0;
	for (; pl && steps < 300 && step_n(pl, 1) == 0; steps++) {
		const grid_t *g = pl->grid;
		for (int c = 0; c < g->n; c++) {
			const plate_t *q = &pl->plates[pl->owner[c]];
			int s = pl->sample[c];
			pits += abyssal_pit(pl, c);
			if (q->crust.type[s] != CRUST_OCEANIC)
				continue;
			if (q->crust.age[s] <= pl->prm.dt_myr + 0.01)
				weld_dots += ringed_by_floor_aged(pl, c, 20);
			hole_dots += ringed_by_floor_aged(pl, c, q->crust.age[s] + 20);
		}
	}
	ok(steps == 300 && weld_dots < 12,
	   "welds make no young floor inside old: %ld cells of floor made this step amid floor 20 Myr old or more in %d steps (< 12)",
	   weld_dots, steps);
	ok(steps == 300 && hole_dots < 300,
	   "holes in a plate heal as the plate: %ld one-cell dots of young floor in old over %d steps (< 300)",
	   hole_dots, steps);
	ok(steps == 300 && pits < 18,
	   "rifts leave no abyssal pits in land: %ld cells over 1 km deep with land all round in %d steps (< 18)",
	   pits, steps);
	planet_free(pl);
}

/* Ground that a rising sea passed between two markings of the sea's reach
 * is told open or closed at the next step (basins_settle): a hollow with
 * land all round is a closed basin and fills, while inland ground joined
 * to the sea through the flooded coast floods with it. Lifted with the sea
 * at once, whole interiors rose to the basins' flat plain each time the
 * sea rose (a tenth of the land at times, level 6); left to the next
 * marking, inland hollows stood as ponds for up to 8 steps. On a level-5
 * planet just after a marking: lone interior cells, and coast cells with
 * the interior cell behind them, are sunk 150 m (as drawn) under the sea;
 * a step later the lone cells have filled and the interior cells behind
 * the coast are still under water. */
typedef struct sunk { int plate, frame; } sunk;

/* where: to find the sample again after a step (NULL: not needed) */
static void sink(planet_t *pl, int c, sunk *where)
{
	crust_pool *cr = &pl->plates[pl->owner[c]].crust;
	int i = pl->sample[c];
	if (where)
		*where = (sunk){pl->owner[c], cr->cell[i]};
	pl->elevation[c] = (float)(pl->sea_level - 150);
	cr->elev[i] = (float)(pl->sea_level - 150 - elevation_detail_m(pl, cr, i));
}

/* height as drawn above the sea of the sample sunk at where, after a step;
 * +1e9 if it is gone */
static double sunk_height(const planet_t *pl, const sunk *where)
{
	const crust_pool *cr = &pl->plates[where->plate].crust;
	for (int i = 0; i < cr->count; i++)
		if (cr->cell[i] == where->frame && cr->type[i] != CRUST_CONSUMED)
			return cr->elev[i] + elevation_detail_m(pl, cr, i) - pl->sea_level;
	return 1e9;
}

static bool dry_inland(const planet_t *pl, int c)
{
	const crust_pool *cr = &pl->plates[pl->owner[c]].crust;
	int i = pl->sample[c];
	return cr->type[i] == CRUST_CONTINENTAL && cr->reach[i] == REACH_SHUT &&
	       pl->elevation[c] >= pl->sea_level && pl->boundary[c] == BOUNDARY_NONE;
}

static void test_passed_ground_settles(void)
{
	params p = base_params(5);
	planet_t *pl = make(&p, NULL);
	if (!pl)
		return;
	while (pl->step < 20 || pl->step % 8 != 1)
		if (step_n(pl, 1) < 0)
			break;
	enum { PICK = 12 };
	sunk lone[PICK], behind[PICK];
	int nlone = 0, nbehind = 0, lone_cell[PICK];
	const grid_t *g = pl->grid;
	uint8_t *used = calloc((size_t)g->n, 1);
	for (int c = 0; c < g->n && used && (nlone < PICK || nbehind < PICK); c++) {
		if (used[c])
			continue;
		const crust_pool *cr = &pl->plates[pl->owner[c]].crust;
		int i = pl->sample[c], open_water = 0, inland = -1, free_round = 1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			uint8_t r = *cell_reach(pl, nb);
			open_water |= pl->elevation[nb] < pl->sea_level && r == (REACH_OPEN | REACH_WET);
			if (inland < 0 && dry_inland(pl, nb) && !used[nb])
				inland = nb;
			free_round &= !used[nb] && pl->elevation[nb] >= pl->sea_level;
		}
		if (nbehind < PICK && cr->type[i] == CRUST_CONTINENTAL && cr->reach[i] == REACH_OPEN &&
		    pl->elevation[c] >= pl->sea_level && open_water && inland >= 0) {
			/* the coast floods, and the interior cell behind it */
			sink(pl, c, NULL);
			sink(pl, inland, &behind[nbehind++]);
			used[c] = used[inland] = 1;
			for (int k = g->nbr_off[inland]; k < g->nbr_off[inland + 1]; k++)
				used[g->nbr[k]] = 1;
		} else if (nlone < PICK && c % 3 == 0 && dry_inland(pl, c) && free_round) {
			lone_cell[nlone] = c;
			sink(pl, c, &lone[nlone++]);
			used[c] = 1;
		}
		if (used[c])
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
				used[g->nbr[k]] = 1;
	}
	free(used);
	int rc = step_n(pl, 1), filled = 0, flooded = 0, in_place = 0;
	/* a hollow whose plate moved it to the next cell (or under another
	 * plate) this step is found by the walk a step later, when the heights
	 * it reads show it there: only those still in place must have filled */
	for (int k = 0; rc == 0 && k < nlone; k++) {
		const plate_t *holder = &pl->plates[lone[k].plate];
		int c = lone_cell[k];
		if (pl->owner[c] != lone[k].plate || holder->crust.cell[pl->sample[c]] != lone[k].frame)
			continue;
		in_place++;
		filled += sunk_height(pl, &lone[k]) > -5;
	}
	for (int k = 0; rc == 0 && k < nbehind; k++)
		flooded += sunk_height(pl, &behind[k]) < -100;
	ok(rc == 0 && nlone == PICK && nbehind == PICK && in_place >= PICK - 3 && filled >= in_place - 1 &&
	   flooded >= PICK - 2,
	   "ground the sea passed settles: %d of %d hollows still in place filled (of %d), %d of %d cells "
	   "behind a flooded coast still under", filled, in_place, nlone, flooded, nbehind);
	planet_free(pl);
}

/* Trenches run as lines: a boundary cell whose floor is overridden while
 * the plates close obliquely draws its trench too (SLAB_OBLIQUE), and the
 * depth follows the stretch's mean convergence. Drawn on convergent cells
 * alone (level 5, seeds 1-3, step 300) 51-59 % of trench cells had two
 * trench neighbours or more and neighbours' depths differed by 378-448 m
 * on average; with both, 71-75 % and 194-210 m. */
static void test_trenches(void)
{
	int classed = 1, seeds_ok = 0;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		params p = base_params(5);
		p.seed = seed;
		planet_t *pl = make(&p, NULL);
		if (!pl || step_n(pl, 300) < 0) {
			planet_free(pl);
			continue;
		}
		const grid_t *g = pl->grid;
		int cells = 0, lined = 0, pairs = 0;
		double jump = 0;
		for (int c = 0; c < g->n; c++) {
			int kind = pl->subducting[c];
			if (!kind)
				continue;
			/* only convergent cells sink (and pull); oblique ones draw */
			classed &= (kind == SLAB_DIVES) == (pl->boundary[c] == BOUNDARY_CONVERGENT);
			cells++;
			int along = 0;
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				int j = g->nbr[k];
				if (!pl->subducting[j])
					continue;
				along++;
				if (j > c) {
					jump += fabs(elevation_trench_m(pl, c) - elevation_trench_m(pl, j));
					pairs++;
				}
			}
			lined += along >= 2;
		}
		double share = cells ? (double)lined / cells : 0, mean_jump = pairs ? jump / pairs : INFINITY;
		tap_diag("seed %llu: %d trench cells, %.0f %% with two trench neighbours, depth steps %.0f m",
		         (unsigned long long)seed, cells, 100 * share, mean_jump);
		seeds_ok += cells > 100 && share > 0.65 && mean_jump < 300;
		planet_free(pl);
	}
	ok(seeds_ok == 3, "trenches run as lines: most trench cells have two trench neighbours, depth steps under 300 m (3 seeds)");
	ok(classed, "only convergent boundary cells are where slabs sink; oblique ones only draw a trench");
}

int main(void)
{
	tap_init();
	test_static_planet();
	test_resolution_independence();
	test_determinism();
	test_partition_and_bounds();
	test_full_revolution();
	test_convergence();
	test_divergence();
	test_state_roundtrip();
	test_manual_rift();
	test_margin_break_nothing_left();
	test_margin_break_at_max();
	test_margin_break_takes_old_floor();
	test_broken_floor_sinks();
	test_crowding_counted_after_welds();
	test_contacts_follow_merges();
	test_giant_rift();
	test_step0_rises();
	test_far_floor_depth();
	test_microplates_live();
	test_empty_plate();
	test_lazy_climate();
	test_view_and_trim();
	test_arid_limit();
	test_wandering_belts();
	test_basins();
	test_basins_seams();
	test_holes_change_nothing();
	test_one_cell_artefacts();
	test_passed_ground_settles();
	test_trenches();
	return tap_done();
}
