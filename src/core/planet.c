/* planet.c: life cycle of a planet: build step 0, step, parameters,
 * snapshots and the state hash. The physics lives in plate_layout.c,
 * relief.c, tectonics.c, crust.c, plate_events.c, stress.c and surface.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"
#include "timeline.h"
#include "tectonics.h"

/* The three work arrays, under the names of the passes that use them. */
static int alloc_work(planet_t *pl)
{
	size_t n = (size_t)pl->grid->n;
	for (int i = 0; i < 3; i++)
		if (!pl->work[i] && !(pl->work[i] = calloc(n, sizeof *pl->work[i])))
			return -1;
	pl->cand_sample = pl->work[0];
	pl->scratch_a = (float *)pl->work[0];
	pl->under_sample = pl->queue = pl->work[1];
	pl->gap_cell = pl->work[2];
	pl->scratch_b = (float *)pl->work[2];
	return 0;
}

static int alloc_world(planet_t *pl)
{
	size_t n = (size_t)pl->grid->n;
	pl->owner = malloc(n * sizeof *pl->owner);
	pl->sample = malloc(n * sizeof *pl->sample);
	pl->stress = calloc(n, sizeof *pl->stress);
	pl->shear = calloc(n, sizeof *pl->shear);
	pl->boundary = calloc(n, 1);
	pl->subducting = calloc(n, 1);
	pl->elevation = calloc(n, sizeof *pl->elevation);
	pl->temperature = calloc(n, sizeof *pl->temperature);
	pl->precip = calloc(n, sizeof *pl->precip);
	pl->moisture = calloc(n, sizeof *pl->moisture);
	pl->dry_summer = calloc(n, sizeof *pl->dry_summer);
	pl->dry_winter = calloc(n, sizeof *pl->dry_winter);
	pl->biome = calloc(n, 1);
	if (alloc_work(pl) < 0)
		return -1;
	return pl->owner && pl->sample && pl->stress && pl->shear && pl->boundary && pl->subducting &&
	       pl->elevation && pl->temperature && pl->precip && pl->moisture && pl->dry_summer && pl->dry_winter &&
	       pl->biome ? 0 : -1;
}

void planet_settle_step0(planet_t *pl)
{
	crust_unfloat_shelves(pl);
	pl->ocean_volume = 0;
	elevation_update(pl);   /* heights and sea only: the climate comes once, below */
	sealevel_update(pl);
	crust_float_shelves(pl);
	pl->ocean_volume = 0;   /* the relief under the sea moved: solve again */
	surface_update(pl, SURFACE_FULL);
}

/* What follows from the parameters alone: the grid, the noises, the
 * random stream's start and the world's arrays; no plates yet. */
static planet_t *planet_frame(const params *prm, struct pool *pool, char *err, size_t errlen)
{
	planet_t *pl = calloc(1, sizeof *pl);
	if (!pl) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	pl->prm = *prm;
	pl->pool = pool;
	int gp = prm->grid == GRID_GOLDBERG ? prm->level
	       : prm->grid == GRID_CUBESPHERE ? prm->resolution : prm->points;
	pl->grid = grid_new(prm->grid, gp, prm->jitter, prm->seed, err, errlen);
	if (!pl->grid) {
		free(pl);
		return NULL;
	}
	noise_init(&pl->terrain, prm->noise, prm->seed ^ 0x7465727261696eull);
	noise_init(&pl->climate, prm->noise, prm->seed ^ 0x636c696d617465ull);
	noise_init(&pl->layout, prm->noise, prm->seed ^ 0x6c61796f7574ull);
	rng_seed_stream(&pl->rng, prm->seed, 2);
	if (alloc_world(pl) < 0) {
		snprintf(err, errlen, "out of memory");
		planet_free(pl);
		return NULL;
	}
	return pl;
}

planet_t *planet_new_for_state(const params *prm, struct pool *pool, char *err, size_t errlen)
{
	planet_t *pl = planet_frame(prm, pool, err, errlen);
	if (!pl)
		return NULL;
	relief_noise_mean(pl);
	if (climate_init(pl) < 0) {
		snprintf(err, errlen, "out of memory");
		planet_free(pl);
		return NULL;
	}
	return pl;
}

static planet_t *planet_build(const params *prm, const heightfield *hf, struct pool *pool,
                              char *err, size_t errlen)
{
	planet_t *pl = planet_frame(prm, pool, err, errlen);
	if (!pl)
		return NULL;
	if ((hf ? terrain_import_layout(pl, hf, err, errlen) : plate_layout_generate(pl, err, errlen)) < 0) {
		if (!*err)
			snprintf(err, errlen, "out of memory");
		planet_free(pl);
		return NULL;
	}
	stress_compute(pl);
	int relief = hf ? terrain_import_relief(pl, hf) : relief_init(pl);
	if (relief == 0 && !hf && prm->ocean_fraction >= 0)   /* the solved sea is the floor's datum */
		relief_lower_continents(pl);
	if (relief < 0 || climate_init(pl) < 0 || tectonics_init(pl) < 0) {
		snprintf(err, errlen, "out of memory");
		planet_free(pl);
		return NULL;
	}
	if (hf)   /* imported terrain has its thickness from its heights */
		surface_update(pl, SURFACE_FULL);
	else
		planet_settle_step0(pl);
	pl->continental_target = pl->stats.continental_fraction;
	pl->sea_level0 = pl->sea_level;
	/* the stress pass above ran before the crust had its ages: balance the
	 * forces on the finished step 0, as a restored step 0 does */
	plate_forces_compute(pl);
	return pl;
}

planet_t *planet_new(const params *prm, struct pool *pool, char *err, size_t errlen)
{
	return planet_build(prm, NULL, pool, err, errlen);
}

planet_t *planet_new_imported(const params *prm, const heightfield *hf, struct pool *pool,
                              char *err, size_t errlen)
{
	if (!hf || !hf->m || hf->height < 2 || hf->width != 2 * hf->height) {
		snprintf(err, errlen, "import: the terrain must be a 2:1 grid of heights");
		return NULL;
	}
	return planet_build(prm, hf, pool, err, errlen);
}

void planet_free(planet_t *pl)
{
	if (!pl)
		return;
	for (int i = 0; i < PLATES_MAX; i++) {
		cellmap_free(&pl->plates[i].map);
		crust_free(&pl->plates[i].crust);
	}
	tectonics_done(pl);
	free(pl->owner);
	free(pl->sample);
	free(pl->stress);
	free(pl->shear);
	free(pl->boundary);
	free(pl->subducting);
	free(pl->elevation);
	free(pl->temperature);
	free(pl->precip);
	free(pl->moisture);
	free(pl->dry_summer);
	free(pl->dry_winter);
	free(pl->biome);
	for (int i = 0; i < 3; i++)
		free(pl->work[i]);
	climate_done(pl);
	free(pl->stat_parts);
	free(pl->force_parts);
	free(pl->spread_parts);
	free(pl->sea_parts);
	grid_free(pl->grid);
	free(pl);
}

static const char *const phase_names[PHASE_COUNT] = {
	"motion", "collisions", "crust", "stress", "elevation", "climate", "biomes",
};

const char *planet_phase_name(int phase)
{
	return phase >= 0 && phase < PHASE_COUNT ? phase_names[phase] : "?";
}

double planet_phase_ms(const planet_t *pl, int phase)
{
	return phase >= 0 && phase < PHASE_COUNT ? pl->phase_ms[phase] : 0;
}


void planet_trim(planet_t *pl)
{
	if (pl->trimmed)
		return;
	for (int i = 0; i < 3; i++)
		FREE_NULL(pl->work[i]);
	pl->cand_sample = pl->under_sample = pl->gap_cell = pl->queue = NULL;
	pl->scratch_a = pl->scratch_b = NULL;
	tectonics_done(pl);
	pl->cand_owner = pl->under_plate = NULL;
	pl->cand_cell = pl->frame_cell = NULL;
	pl->sample_seen = NULL;
	pl->sample_seen_cap = 0;
	climate_done(pl);
	pl->trimmed = 1;
}

int planet_untrim(planet_t *pl)
{
	if (!pl->trimmed)
		return 0;
	/* the walk's hints start again from the crust, as after a load: only
	 * the time of the next walk depends on them */
	if (alloc_work(pl) < 0 || tectonics_init(pl) < 0 || climate_init(pl) < 0)
		return -1;
	pl->trimmed = 0;
	return 0;
}

int planet_step(planet_t *pl, char *err, size_t errlen)
{
	if (planet_untrim(pl) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	timeline_fire(pl);   /* the scenario's events due before this step */
	if (tectonics_step(pl, err, errlen) < 0)
		return -1;
	/* the plates have moved: what follows describes the new time, as it
	 * does when a saved state of this step is restored */
	pl->step++;
	pl->time_myr += pl->prm.dt_myr;
	double t = clock_ms();
	stress_compute(pl);
	pl->phase_ms[PHASE_STRESS] = clock_ms() - t;
	surface_update(pl, SURFACE_STEP);
	return 0;
}

const grid_t *planet_grid(const planet_t *pl) { return pl->grid; }
const params *planet_params(const planet_t *pl) { return &pl->prm; }
int64_t planet_step_count(const planet_t *pl) { return pl->step; }
int planet_plate_count(const planet_t *pl) { return pl->nplates; }

/* 64-bit hash over raw bytes: multiply-xorshift per 8-byte word. */
typedef struct hasher { uint64_t h; } hasher;
static void hash_bytes(hasher *hs, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = hs->h;
	while (len >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15ull;
		h ^= h >> 29;
		p += 8;
		len -= 8;
	}
	uint64_t w = 0;
	if (len)    /* an empty plate's arrays may be NULL: memcpy must not see them */
		memcpy(&w, p, len);
	h = (h ^ w ^ ((uint64_t)len << 56)) * 0xBF58476D1CE4E5B9ull;
	hs->h = h ^ (h >> 31);
}

uint64_t planet_hash(const planet_t *pl)
{
	hasher hs = {0x74656374ull};
	size_t n = (size_t)pl->grid->n;
	/* header and world fields in an order of their own, older than the
	 * state lists: following those would change every state_hash */
	hash_bytes(&hs, &pl->step, sizeof pl->step);
	hash_bytes(&hs, &pl->nplates, sizeof pl->nplates);
	hash_bytes(&hs, &pl->rng, sizeof pl->rng);
	hash_bytes(&hs, &pl->sea_level, sizeof pl->sea_level);
	hash_bytes(&hs, &pl->ocean_volume, sizeof pl->ocean_volume);
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
#define HASH(name) hash_bytes(&hs, &p->name, sizeof p->name);
		PLATE_STATE_FIELDS(HASH)
#undef HASH
		size_t m = (size_t)p->crust.count;
#define HASH(type, name) hash_bytes(&hs, p->crust.name, m * sizeof *p->crust.name);
		CRUST_FIELDS(HASH)
#undef HASH
	}
	hash_bytes(&hs, pl->owner, n * sizeof *pl->owner);
	hash_bytes(&hs, pl->moisture, n * sizeof *pl->moisture);
	hash_bytes(&hs, pl->elevation, n * sizeof *pl->elevation);
	return hs.h;
}

void planet_update_climate(planet_t *pl)
{
	if (pl->climate_stale && planet_untrim(pl) < 0)
		return;
	surface_climate_refresh(pl);
}

/* Every scalar, the stats and the plates; climate brought up to date. */
int planet_snapshot_figures(planet_t *pl, snapshot_t *s)
{
	const grid_t *g = pl->grid;
	if (s->n != g->n || pl->nplates > SNAPSHOT_PLATES_MAX ||
	    (pl->climate_stale && planet_untrim(pl) < 0))
		return -1;
	planet_update_climate(pl);
	s->grid = g;
	s->prm = pl->prm;
	s->step = pl->step;
	s->time_myr = pl->time_myr;
	/* users see heights from the sea: 0 m is the coast at every step, and
	 * how far the sea has moved since step 0 is a figure of its own */
	double sea = pl->sea_level;
	s->sea_level_m = 0;
	s->eustatic_change_m = sea - pl->sea_level0;
	s->state_hash = planet_hash(pl);
	s->stats = pl->stats;
	s->stats.elevation_min_m -= sea;
	s->stats.elevation_max_m -= sea;
	s->stats.elevation_mean_m -= sea;
	long live = 0;
	for (int i = 0; i < pl->nplates; i++) {
		const crust_pool *cr = &pl->plates[i].crust;
		for (int k = 0; k < cr->count; k++)
			live += cr->type[k] != CRUST_CONSUMED;
	}
	s->stats.samples_per_cell = (double)live / g->n;
	s->plate_count = pl->nplates;
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		plate_info *pi = &s->plates[i];
		pi->id = p->id;
		pi->area_fraction = p->area / (4 * M_PI);
		pi->continental_fraction = p->area > 0 ? p->cont_area / p->area : 0;
		pi->type = pi->continental_fraction >= 0.35 ? CRUST_CONTINENTAL : CRUST_OCEANIC;
		/* root-mean-square surface speed over the plate's cells */
		pi->speed_cm_yr = p->area > 0 ? sqrt(p->speed2_area / p->area) * CM_YR_PER_KM_MYR : 0;
		pi->pole_lat = v3_lat(p->pole) * 180 / M_PI;
		pi->pole_lon = v3_lon(p->pole) * 180 / M_PI;
		pi->omega_deg_myr = p->omega * 180 / M_PI;
		pi->mean_elevation_m = p->area > 0 ? p->elev_area / p->area - sea : 0;
		pi->r = p->r;
		pi->g = p->g;
		pi->b = p->b;
	}
	return 0;
}

int planet_snapshot(planet_t *pl, snapshot_t *s)
{
	const grid_t *g = pl->grid;
	if (planet_snapshot_figures(pl, s) < 0)
		return -1;
	if (s->view) {
		/* the same values the loop below would copy */
		s->plate = pl->owner;
		s->boundary = pl->boundary;
		s->biome = pl->biome;
		s->stress = pl->stress;
		s->shear = pl->shear;
		s->temperature = pl->temperature;
		s->precip = pl->precip;
		s->dry_summer = pl->dry_summer;
		s->dry_winter = pl->dry_winter;
		if (snapshot_view_alloc(s) < 0) {
			snapshot_shed(s);
			return -1;
		}
	}
	double sea = pl->sea_level;
	double R = pl->prm.radius_km;
	for (int c = 0; c < g->n; c++) {
		const plate_t *p = &pl->plates[pl->owner[c]];
		int smp = pl->sample[c];
		if (!s->view) {
			s->plate[c] = pl->owner[c];
			s->boundary[c] = pl->boundary[c];
			s->biome[c] = pl->biome[c];
			s->stress[c] = pl->stress[c];
			s->shear[c] = pl->shear[c];
			s->temperature[c] = pl->temperature[c];
			s->precip[c] = pl->precip[c];
			s->dry_summer[c] = pl->dry_summer[c];
			s->dry_winter[c] = pl->dry_winter[c];
		}
		s->crust[c] = p->crust.type[smp];
		s->age[c] = p->crust.age[smp];
		s->elevation[c] = (float)(pl->elevation[c] - sea);
		s->trench[c] = pl->subducting[c] ? (float)elevation_trench_m(pl, c) : 0;
		vec3 pc = g->centre[c];
		vec3 v = plate_velocity(p, v3_scale(pc, R));
		vec3 east = v3_cross(v3(0, 0, 1), pc);
		east = v3_len(east) > 1e-9 ? v3_norm(east) : v3(0, 1, 0);
		vec3 north = v3_cross(pc, east);
		s->vel_east[c] = (float)(v3_dot(v, east) * CM_YR_PER_KM_MYR);
		s->vel_north[c] = (float)(v3_dot(v, north) * CM_YR_PER_KM_MYR);
	}
	snapshot_fill_detail(s);
	return 0;
}
