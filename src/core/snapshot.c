/* snapshot.c: allocation and copying of snapshots. */
#include <stdlib.h>
#include <string.h>
#include "snapshot.h"


snapshot_t *snapshot_new(const grid_t *g)
{
	snapshot_t *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	size_t n = (size_t)g->n;
	s->grid = g;
	s->n = g->n;
	s->plate = malloc(n * sizeof *s->plate);
	s->crust = malloc(n);
	s->boundary = malloc(n);
	s->biome = malloc(n);
	s->elevation = malloc(n * sizeof(float));
	s->age = malloc(n * sizeof(float));
	s->stress = malloc(n * sizeof(float));
	s->shear = malloc(n * sizeof(float));
	s->temperature = malloc(n * sizeof(float));
	s->precip = malloc(n * sizeof(float));
	s->vel_east = malloc(n * sizeof(float));
	s->vel_north = malloc(n * sizeof(float));
	s->plates = calloc(SNAPSHOT_PLATES_MAX, sizeof *s->plates);
	if (!s->plate || !s->crust || !s->boundary || !s->biome || !s->elevation ||
	    !s->age || !s->stress || !s->shear || !s->temperature || !s->precip ||
	    !s->vel_east || !s->vel_north || !s->plates) {
		snapshot_free(s);
		return NULL;
	}
	return s;
}

void snapshot_free(snapshot_t *s)
{
	if (!s)
		return;
	free(s->plate);
	free(s->crust);
	free(s->boundary);
	free(s->biome);
	free(s->elevation);
	free(s->age);
	free(s->stress);
	free(s->shear);
	free(s->temperature);
	free(s->precip);
	free(s->vel_east);
	free(s->vel_north);
	free(s->plates);
	free(s);
}

int snapshot_copy(snapshot_t *dst, const snapshot_t *src)
{
	if (dst->n != src->n || src->plate_count > SNAPSHOT_PLATES_MAX)
		return -1;
	size_t n = (size_t)src->n;
	dst->grid = src->grid;
	dst->prm = src->prm;
	dst->step = src->step;
	dst->time_myr = src->time_myr;
	dst->sea_level_m = src->sea_level_m;
	dst->eustatic_change_m = src->eustatic_change_m;
	dst->state_hash = src->state_hash;
	dst->stats = src->stats;
	dst->plate_count = src->plate_count;
	memcpy(dst->plates, src->plates, (size_t)src->plate_count * sizeof *src->plates);
	memcpy(dst->plate, src->plate, n * sizeof *src->plate);
	memcpy(dst->crust, src->crust, n);
	memcpy(dst->boundary, src->boundary, n);
	memcpy(dst->biome, src->biome, n);
	memcpy(dst->elevation, src->elevation, n * sizeof(float));
	memcpy(dst->age, src->age, n * sizeof(float));
	memcpy(dst->stress, src->stress, n * sizeof(float));
	memcpy(dst->shear, src->shear, n * sizeof(float));
	memcpy(dst->temperature, src->temperature, n * sizeof(float));
	memcpy(dst->precip, src->precip, n * sizeof(float));
	memcpy(dst->vel_east, src->vel_east, n * sizeof(float));
	memcpy(dst->vel_north, src->vel_north, n * sizeof(float));
	return 0;
}
