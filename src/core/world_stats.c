/* world_stats.c: the figures of a step (land, heights, temperature, biome
 * and boundary shares) and each plate's area, continental share, height and
 * speed, summed per chunk in chunk order so they are the same for any
 * number of threads. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planet_internal.h"

/* Partial sums of one chunk of cells; combined in chunk order, so the
 * totals are the same for any number of threads. */
typedef struct stat_part {
	double total, land, emin, emax, esum, cont, bsum;
	double boundary[4];
	double area[PLATES_MAX], cont_area[PLATES_MAX], elev_area[PLATES_MAX];
	double pole2_area[PLATES_MAX], age_area[PLATES_MAX], old_area[PLATES_MAX];
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
		sp->old_area[o] += !cont && p->crust.age[s] > OLD_FLOOR_MYR ? a : 0;
	}
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
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		p->cells = 0;
		p->area = p->cont_area = p->elev_area = p->speed2_area = p->ocean_age = p->old_area = 0;
	}
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
		for (int i = 0; i < pl->nplates; i++) {
			plate_t *p = &pl->plates[i];
			p->cells += sp->cells[i];
			p->area += sp->area[i];
			p->cont_area += sp->cont_area[i];
			p->elev_area += sp->elev_area[i];
			p->ocean_age += sp->age_area[i];
			p->old_area += sp->old_area[i];
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
	st->continental_fraction /= total;
	for (int b = 1; b < 4; b++)
		st->boundary_fraction[b] = bsum > 0 ? st->boundary_fraction[b] / bsum : 0;
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
