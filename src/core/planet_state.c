/* planet_state.c: the planet's evolving state as bytes and back.
 *
 * Only what a step carries forward is stored: parameters, counters, the
 * event RNG, plates with their crust pools, world ownership and the moisture
 * field. The grid, noise tables and all derived fields are rebuilt from
 * those, so a resumed run continues bit-identically. Decoding checks every
 * count and index against the grid before using it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"
#include "planet_state.h"
#include "tectonics.h"

/* Plate ids only grow (one per rift); a state claiming more is damaged. */
#define PLATE_ID_MAX 100000000

typedef struct wbuf { uint8_t *p; size_t len, cap; int failed; } wbuf;

static void put(wbuf *w, const void *data, size_t len)
{
	if (w->failed || len == 0)   /* an empty plate's arrays may be NULL */
		return;
	if (w->len + len > w->cap) {
		size_t cap = w->cap ? w->cap : 1 << 16;
		while (cap < w->len + len)
			cap *= 2;
		uint8_t *p = realloc(w->p, cap);
		if (!p) {
			w->failed = 1;
			return;
		}
		w->p = p;
		w->cap = cap;
	}
	memcpy(w->p + w->len, data, len);
	w->len += len;
}

int planet_serialize(const planet_t *pl, uint8_t **out, size_t *len)
{
	wbuf w = {0};
	size_t n = (size_t)pl->grid->n;
	put(&w, &pl->prm, sizeof pl->prm);
#define PUT(name) put(&w, &pl->name, sizeof pl->name);
	PLANET_STATE_FIELDS(PUT)
#undef PUT
	put(&w, &pl->nplates, sizeof pl->nplates);
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		int32_t count = p->crust.count;
#define PUT(name) put(&w, &p->name, sizeof p->name);
		PLATE_STATE_FIELDS(PUT)
#undef PUT
		put(&w, &count, sizeof count);
#define PUT(type, name) put(&w, p->crust.name, (size_t)count * sizeof *p->crust.name);
		CRUST_FIELDS(PUT)
#undef PUT
	}
#define PUT(name) put(&w, pl->name, n * sizeof *pl->name);
	WORLD_STATE_FIELDS(PUT)
#undef PUT
	if (w.failed) {
		free(w.p);
		return -1;
	}
	*out = w.p;
	*len = w.len;
	return 0;
}

/* A crust attribute read from a file: floats must be finite; integer
 * fields are checked by what they mean, in planet_deserialize. */
static int float_finite(double v) { return isfinite(v); }
static int integer_finite(int64_t v) { (void)v; return 1; }
#define sample_finite(v) _Generic((v), float: float_finite, double: float_finite, \
                                  default: integer_finite)(v)

typedef struct rbuf { const uint8_t *p; size_t len, pos; int failed; } rbuf;

static void get(rbuf *r, void *data, size_t len)
{
	if (len == 0)
		return;
	if (r->failed || len > r->len - r->pos) {
		r->failed = 1;
		memset(data, 0, len);
		return;
	}
	memcpy(data, r->p + r->pos, len);
	r->pos += len;
}

/* A bool read from foreign bytes must be 0 or 1 before C may load it. */
static int bool_byte_ok(const void *base, size_t offset)
{
	uint8_t b;
	memcpy(&b, (const char *)base + offset, 1);
	return b <= 1;
}

/* Parameters from a file are checked like a scenario's before use. */
static int params_sane(const params *p, char *err, size_t errlen)
{
	for (size_t i = 0; i < param_table_len; i++) {
		const param_def *d = &param_table[i];
		if (d->type == PK_BOOL && !bool_byte_ok(p, d->offset)) {
			snprintf(err, errlen, "parameter %s is not a boolean", d->path);
			return -1;
		}
		if (d->type == PK_STRING || d->type == PK_UINT64 || d->type == PK_BOOL)
			continue;
		double v = params_get(p, d);
		int off = d->nullable && v == -1;    /* stored "null/off" */
		if (!isfinite(v) || ((v < d->min || v > d->max) && !off)) {
			snprintf(err, errlen, "parameter %s out of range (%g)", d->path, v);
			return -1;
		}
	}
	if (p->layer_count < 0 || p->layer_count > MAX_NOISE_LAYERS) {
		snprintf(err, errlen, "bad noise layer count");
		return -1;
	}
	for (int l = 0; l < p->layer_count; l++) {
		const noise_layer *nl = &p->layers[l];
		for (size_t i = 0; i < layer_table_len; i++) {
			const param_def *d = &layer_table[i];
			if (d->type == PK_VEC3) {
				const double *v = (const double *)((const char *)nl + d->offset);
				for (int k = 0; k < 3; k++)
					if (!isfinite(v[k]) || v[k] < d->min || v[k] > d->max) {
						snprintf(err, errlen, "noise layer %d: %s out of range", l + 1, d->path);
						return -1;
					}
				continue;
			}
			if (d->type == PK_STRING)
				continue;
			if (d->type == PK_BOOL && !bool_byte_ok(nl, d->offset)) {
				snprintf(err, errlen, "noise layer %d: %s is not a boolean", l + 1, d->path);
				return -1;
			}
			double v = param_get_at(nl, d);
			if (!isfinite(v) || v < d->min || v > d->max) {
				snprintf(err, errlen, "noise layer %d: %s out of range (%g)", l + 1, d->path, v);
				return -1;
			}
		}
	}
	for (int b = 0; b < BIOME_COUNT; b++)
		if (!isfinite(p->biomes[b].temp_c) || !isfinite(p->biomes[b].precip_mm)) {
			snprintf(err, errlen, "bad biome table");
			return -1;
		}
	param_issue issue;
	if (params_check(p, &issue, 1) > 0) {
		snprintf(err, errlen, "parameters disagree: %s: %s", issue.path, issue.msg);
		return -1;
	}
	if (memchr(p->name, 0, sizeof p->name) == NULL) {
		snprintf(err, errlen, "bad scenario name");
		return -1;
	}
	char why[128];
	if (params_lists_check(p, why, sizeof why) < 0) {
		snprintf(err, errlen, "bad events or plate list: %s", why);
		return -1;
	}
	return 0;
}

planet_t *planet_deserialize(const uint8_t *data, size_t len, struct pool *pool,
                             char *err, size_t errlen)
{
	rbuf r = {data, len, 0, 0};
	params prm;
	get(&r, &prm, sizeof prm);
	if (r.failed) {
		snprintf(err, errlen, "state is truncated");
		return NULL;
	}
	if (params_sane(&prm, err, errlen) < 0)
		return NULL;
	/* the grid and buffers of the scenario, filled with the stored state */
	planet_t *pl = planet_new_for_state(&prm, pool, err, errlen);
	if (!pl)
		return NULL;
	const grid_t *g = pl->grid;
	size_t n = (size_t)g->n;
#define GET(name) get(&r, &pl->name, sizeof pl->name);
	PLANET_STATE_FIELDS(GET)
#undef GET
	int np = 0;
	get(&r, &np, sizeof np);
	if (r.failed || np < 1 || np > PLATES_MAX || pl->step < 0 || !isfinite(pl->time_myr) ||
	    !isfinite(pl->sea_level) || pl->sea_level < ELEV_MIN_M || pl->sea_level > ELEV_MAX_M ||
	    !isfinite(pl->ocean_volume) || pl->ocean_volume < 0 ||
	    !(pl->continental_target >= 0 && pl->continental_target <= 1) ||
	    !isfinite(pl->sea_level0) || pl->sea_level0 < ELEV_MIN_M || pl->sea_level0 > ELEV_MAX_M ||
	    !(pl->stats.crust_created >= 0 && pl->stats.crust_created <= 10) ||
	    !(pl->stats.crust_consumed >= 0 && pl->stats.crust_consumed <= 10) ||
	    pl->next_id < 0 || pl->next_id > PLATE_ID_MAX) {
		snprintf(err, errlen, "state has a bad header");
		goto fail;
	}
	for (int i = 0; i < np; i++) {
		plate_t *p = &pl->plates[i];
		int32_t count = 0;
#define GET(name) get(&r, &p->name, sizeof p->name);
		PLATE_STATE_FIELDS(GET)
#undef GET
		get(&r, &count, sizeof count);
		quat q = p->rot;
		pl->nplates = i + 1;
		/* a plate can't hold more samples than the data left could describe */
		double qn = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
		double pn = v3_dot(p->pole, p->pole);
		if (r.failed || count < 0 || (size_t)count > (r.len - r.pos) / CRUST_SAMPLE_BYTES ||
		    p->id < 0 || p->id >= pl->next_id || !isfinite(p->stress_ocean_age) ||
		    !(v3_dot(p->balance_omega, p->balance_omega) < 1) ||
		    p->sinking > 1 ||
		    !isfinite(p->omega) || p->omega < 0 || p->omega > 1 ||
		    !(qn > 0.99 && qn < 1.01) || !(pn > 0.99 && pn < 1.01)) {
			snprintf(err, errlen, "state has a bad plate record");
			goto fail;
		}
		plate_set_rotation(p, q);
		int map_ok = cellmap_init(&p->map, (int)n) == 0;
		crust_pool *c = &p->crust;
		c->cap = c->count = count;
		size_t m = (size_t)(count ? count : 1);
		int alloc_ok = map_ok;
#define ALLOC(type, name) \
		if (!(c->name = malloc(m * sizeof *c->name))) alloc_ok = 0;
		CRUST_FIELDS(ALLOC)
#undef ALLOC
		if (!alloc_ok) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
#define GET(type, name) get(&r, c->name, (size_t)count * sizeof *c->name);
		CRUST_FIELDS(GET)
#undef GET
		if (r.failed) {
			snprintf(err, errlen, "state is truncated");
			goto fail;
		}
		for (int s = 0; s < count; s++) {
			int finite = 1;
#define FINITE(type, name) finite &= sample_finite(c->name[s]);
			CRUST_FIELDS(FINITE)
#undef FINITE
			if (c->cell[s] < 0 || (size_t)c->cell[s] >= n || !finite) {
				snprintf(err, errlen, "state has a bad crust sample");
				goto fail;
			}
			if (c->type[s] == CRUST_CONSUMED)
				continue;      /* consumed, waiting for compaction */
			if (c->type[s] > CRUST_CONTINENTAL || cellmap_get(&p->map, c->cell[s]) >= 0) {
				snprintf(err, errlen, "state has a bad crust sample");
				goto fail;
			}
			if (cellmap_set(&p->map, c->cell[s], s) < 0) {
				snprintf(err, errlen, "out of memory");
				goto fail;
			}
		}
		plate_colour_for(p->id, &p->r, &p->g, &p->b);
	}
#define GET(name) get(&r, pl->name, n * sizeof *pl->name);
	WORLD_STATE_FIELDS(GET)
#undef GET
	if (r.failed || r.pos != r.len) {
		snprintf(err, errlen, r.failed ? "state is truncated" : "state has trailing bytes");
		goto fail;
	}
	for (size_t c = 0; c < n; c++) {
		if (pl->owner[c] >= np || pl->sample[c] < 0 ||
		    pl->sample[c] >= pl->plates[pl->owner[c]].crust.count ||
		    cell_crust_type(pl, c) == CRUST_CONSUMED ||
		    !isfinite(pl->moisture[c])) {
			snprintf(err, errlen, "state has a bad ownership record");
			goto fail;
		}
	}
	if (tectonics_init(pl) < 0) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	world_stats_update(pl);
	/* the stress pass of the saved step saw the ocean ages of the step
	 * before; give it those, so trenches (and all after) come out the same */
	for (int i = 0; i < pl->nplates; i++)
		pl->plates[i].ocean_age = pl->plates[i].stress_ocean_age;
	stress_compute(pl);
	surface_update(pl, SURFACE_RESTORE);
	return pl;
fail:
	planet_free(pl);
	return NULL;
}
