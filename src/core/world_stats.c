/* world_stats.c: the figures of a step (land, heights, temperature, biome
 * and boundary shares) and each plate's area, continental share, height and
 * speed, summed per chunk in chunk order so they are the same for any
 * number of threads. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

/* One plate's sums over one chunk of cells. */
typedef struct plate_sums {
	double area, cont_area, elev_area, pole2_area, age_area, old_area;
	int cells;
} plate_sums;

/* Partial sums of one chunk of cells; combined in chunk order, so the
 * totals are the same for any number of threads. */
typedef struct stat_part {
	double total, land, emin, emax, esum, cont, bsum;
	double boundary[4];
	plate_sums plate[PLATES_MAX];
} stat_part;

#define STATS_GRAIN 8192

/* Cell c (area a, height h, continental or not) into its plate's sums. */
static inline void plate_sums_add(plate_sums *ps, const planet_t *pl, const plate_t *p, int c,
                                  double a, double h, int cont)
{
	int s = pl->sample[c];
	double pc = v3_dot(p->pole, pl->grid->centre[c]);
	ps->cells++;
	ps->area += a;
	ps->cont_area += cont ? a : 0;
	ps->elev_area += h * a;
	ps->pole2_area += pc * pc * a;
	ps->age_area += cont ? 0 : p->crust.age[s] * a;
	ps->old_area += !cont && p->crust.age[s] > OLD_FLOOR_MYR ? a : 0;
}

static void plate_sums_clear(plate_t *p)
{
	p->cells = 0;
	p->area = p->cont_area = p->elev_area = p->speed2_area = p->ocean_age = p->old_area = 0;
}

/* One chunk's sums onto plate p (chunks in order); pole2 gathers the
 * pole term until plate_sums_finish. */
static void plate_sums_merge(plate_t *p, double *pole2, const plate_sums *ps)
{
	p->cells += ps->cells;
	p->area += ps->area;
	p->cont_area += ps->cont_area;
	p->elev_area += ps->elev_area;
	p->ocean_age += ps->age_area;
	p->old_area += ps->old_area;
	*pole2 += ps->pole2_area;
}

static void plate_sums_finish(const planet_t *pl, plate_t *p, double pole2)
{
	double ocean = p->area - p->cont_area;
	double v = p->omega * pl->prm.radius_km;
	p->ocean_age = ocean > 0 ? p->ocean_age / ocean : 0;
	/* |omega x r|^2 = omega^2 R^2 (1 - (pole . r)^2) */
	p->speed2_area = v * v * fmax(0, p->area - pole2);
}

typedef struct stats_ctx { planet_t *pl; stat_part *part; } stats_ctx;

/* Sums are kept in locals and written back when the owner changes (runs of
 * one plate are long): a sum in memory is a chain of store-to-load
 * forwarding, one per field, several cycles a cell. The terms and their
 * order are the same, so are the bits. */
static void stats_chunk(void *ctx, int b, int e, int chunk)
{
	stats_ctx *sc = ctx;
	planet_t *pl = sc->pl;
	const grid_t *g = pl->grid;
	stat_part *sp = &sc->part[chunk];
	memset(sp, 0, sizeof *sp);
	double total = 0, land = 0, emin = INFINITY, emax = -INFINITY, esum = 0, cont_sum = 0, bsum = 0;
	double boundary[4] = {0};
	int run = b < e ? pl->owner[b] : 0;
	plate_sums ps = sp->plate[run];
	for (int c = b; c < e; c++) {
		double a = g->area[c], h = pl->elevation[c];
		int o = pl->owner[c];
		if (o != run) {
			sp->plate[run] = ps;
			run = o;
			ps = sp->plate[run];
		}
		const plate_t *p = &pl->plates[o];
		int cont = p->crust.type[pl->sample[c]] == CRUST_CONTINENTAL;
		total += a;
		land += h >= pl->sea_level ? a : 0;
		emin = h < emin ? h : emin;
		emax = h > emax ? h : emax;
		esum += h * a;
		cont_sum += cont ? a : 0;
		if (pl->boundary[c] != BOUNDARY_NONE) {
			boundary[pl->boundary[c]] += a;
			bsum += a;
		}
		plate_sums_add(&ps, pl, p, c, a, h, cont);
	}
	sp->plate[run] = ps;
	sp->total = total;
	sp->land = land;
	sp->emin = emin;
	sp->emax = emax;
	sp->esum = esum;
	sp->cont = cont_sum;
	sp->bsum = bsum;
	memcpy(sp->boundary, boundary, sizeof boundary);
}

void world_stats_update(planet_t *pl)
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

	/* kept: the last step's crust budget and the climate figures, which
	 * world_stats_climate keeps */
	world_stats kept = *st;
	memset(st, 0, sizeof *st);
	st->crust_created = kept.crust_created;
	st->crust_consumed = kept.crust_consumed;
	st->mean_temperature_c = kept.mean_temperature_c;
	memcpy(st->biome_fraction, kept.biome_fraction, sizeof st->biome_fraction);
	st->elevation_min_m = INFINITY;
	st->elevation_max_m = -INFINITY;
	double total = 0, bsum = 0;
	double pole2[PLATES_MAX] = {0};
	for (int i = 0; i < pl->nplates; i++)
		plate_sums_clear(&pl->plates[i]);
	for (int k = 0; k < chunks; k++) {
		const stat_part *sp = &pl->stat_parts[k];
		total += sp->total;
		st->land_fraction += sp->land;
		st->elevation_min_m = fmin(st->elevation_min_m, sp->emin);
		st->elevation_max_m = fmax(st->elevation_max_m, sp->emax);
		st->elevation_mean_m += sp->esum;
		st->continental_fraction += sp->cont;
		bsum += sp->bsum;
		for (int b = 1; b < 4; b++)
			st->boundary_fraction[b] += sp->boundary[b];
		for (int i = 0; i < pl->nplates; i++)
			plate_sums_merge(&pl->plates[i], &pole2[i], &sp->plate[i]);
	}
	for (int i = 0; i < pl->nplates; i++)
		plate_sums_finish(pl, &pl->plates[i], pole2[i]);
	st->land_fraction /= total;
	st->elevation_mean_m /= total;
	st->continental_fraction /= total;
	for (int b = 1; b < 4; b++)
		st->boundary_fraction[b] = bsum > 0 ? st->boundary_fraction[b] / bsum : 0;
}

/* The sums of plates a and b only (b may be -1), over the same chunks in
 * the same order as stats_chunk: a plate's sums depend on its own cells
 * alone, so they come out with the bits a whole pass gives. */
typedef struct plates_ctx { planet_t *pl; stat_part *part; int a, b; } plates_ctx;

static void plates_chunk(void *ctx, int b, int e, int chunk)
{
	plates_ctx *pc = ctx;
	planet_t *pl = pc->pl;
	const grid_t *g = pl->grid;
	plate_sums *sa = &pc->part[chunk].plate[pc->a];
	memset(sa, 0, sizeof *sa);
	if (pc->b >= 0)
		memset(&pc->part[chunk].plate[pc->b], 0, sizeof *sa);
	for (int c = b; c < e; c++) {
		int o = pl->owner[c];
		if (o != pc->a && o != pc->b)
			continue;
		const plate_t *p = &pl->plates[o];
		int cont = p->crust.type[pl->sample[c]] == CRUST_CONTINENTAL;
		plate_sums_add(&pc->part[chunk].plate[o], pl, p, c, g->area[c], pl->elevation[c], cont);
	}
}

void world_stats_plates(planet_t *pl, int a, int b)
{
	int chunks = pool_chunks(pl->grid->n, STATS_GRAIN);
	if (a < 0 || a >= pl->nplates || b >= pl->nplates || chunks > pl->stat_parts_cap) {
		world_stats_update(pl);
		return;
	}
	if (b == a)
		b = -1;
	plates_ctx pc = {pl, pl->stat_parts, a, b};
	pool_for(pl->pool, pl->grid->n, STATS_GRAIN, plates_chunk, &pc);
	int which[2] = {a, b};
	for (int w = 0; w < 2 && which[w] >= 0; w++) {
		plate_t *p = &pl->plates[which[w]];
		double pole2 = 0;
		plate_sums_clear(p);
		for (int k = 0; k < chunks; k++)
			plate_sums_merge(p, &pole2, &pl->stat_parts[k].plate[which[w]]);
		plate_sums_finish(pl, p, pole2);
	}
}

/* Mean surface temperature and biome shares, area-weighted, summed per
 * chunk of the same grain as world_stats_update and combined in chunk
 * order: the same figures, to the bit, as when every step made them. */
typedef struct climate_part {
	double total, tsum, biome[BIOME_COUNT];
} climate_part;

typedef struct climate_stats_ctx { const planet_t *pl; climate_part *part; } climate_stats_ctx;

static void climate_chunk(void *ctx, int b, int e, int chunk)
{
	climate_stats_ctx *cc = ctx;
	const planet_t *pl = cc->pl;
	climate_part *cp = &cc->part[chunk];
	memset(cp, 0, sizeof *cp);
	for (int c = b; c < e; c++) {
		double a = pl->grid->area[c];
		cp->total += a;
		cp->tsum += pl->temperature[c] * a;
		cp->biome[pl->biome[c]] += a;
	}
}

void world_stats_climate(planet_t *pl)
{
	int chunks = pool_chunks(pl->grid->n, STATS_GRAIN);
	climate_part *part = malloc((size_t)chunks * sizeof *part);
	if (!part)
		return;     /* keep the last figures; they only inform */
	climate_stats_ctx cc = {pl, part};
	pool_for(pl->pool, pl->grid->n, STATS_GRAIN, climate_chunk, &cc);
	world_stats *st = &pl->stats;
	double total = 0;
	st->mean_temperature_c = 0;
	memset(st->biome_fraction, 0, sizeof st->biome_fraction);
	for (int k = 0; k < chunks; k++) {
		total += part[k].total;
		st->mean_temperature_c += part[k].tsum;
		for (int b = 0; b < BIOME_COUNT; b++)
			st->biome_fraction[b] += part[k].biome[b];
	}
	free(part);
	st->mean_temperature_c /= total;
	for (int b = 0; b < BIOME_COUNT; b++)
		st->biome_fraction[b] /= total;
}
