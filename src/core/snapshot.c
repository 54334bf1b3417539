/* snapshot.c: allocation and copying of snapshots. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "snapshot.h"


snapshot_t *snapshot_new(const grid_t *g)
{
	snapshot_t *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	size_t n = (size_t)g->n;
	int ok = 1;
	s->grid = g;
	s->n = g->n;
#define ALLOC(type, name) if (!(s->name = calloc(n, sizeof *s->name))) ok = 0;
	SNAPSHOT_CELL_FIELDS(ALLOC)
#undef ALLOC
	s->plates = calloc(SNAPSHOT_PLATES_MAX, sizeof *s->plates);
	if (!ok || !s->plates) {
		snapshot_free(s);
		return NULL;
	}
	return s;
}

/* The arrays a view borrows from the planet (planet_snapshot) */
#define SNAPSHOT_VIEW_BORROWED(X) \
	X(plate) X(boundary) X(biome) X(stress) X(shear) X(temperature) X(precip) \
	X(dry_summer) X(dry_winter)
/* and the ones it fills itself */
#define SNAPSHOT_VIEW_OWN(X) \
	X(crust) X(elevation) X(age) X(vel_east) X(vel_north) X(relief) X(trench) X(trench_side) X(trench_reach)

#define SNAPSHOT_COUNT_ONE(...) + 1
_Static_assert(0 SNAPSHOT_CELL_FIELDS(SNAPSHOT_COUNT_ONE) ==
               0 SNAPSHOT_VIEW_BORROWED(SNAPSHOT_COUNT_ONE) SNAPSHOT_VIEW_OWN(SNAPSHOT_COUNT_ONE),
               "a snapshot array is neither borrowed nor owned by a view");

snapshot_t *snapshot_new_view(const grid_t *g)
{
	snapshot_t *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->grid = g;
	s->n = g->n;
	s->view = 1;
	s->plates = calloc(SNAPSHOT_PLATES_MAX, sizeof *s->plates);
	if (!s->plates) {
		free(s);
		return NULL;
	}
	return s;
}

int snapshot_view_alloc(snapshot_t *s)
{
	size_t n = (size_t)s->n;
	int ok = 1;
#define ALLOC(name) if (!s->name && !(s->name = calloc(n, sizeof *s->name))) ok = 0;
	SNAPSHOT_VIEW_OWN(ALLOC)
#undef ALLOC
	return ok ? 0 : -1;
}

void snapshot_shed(snapshot_t *s)
{
	if (!s || !s->view)
		return;
#define DROP(name) s->name = NULL;
	SNAPSHOT_VIEW_BORROWED(DROP)
#undef DROP
#define FREE(name) free(s->name); s->name = NULL;
	SNAPSHOT_VIEW_OWN(FREE)
#undef FREE
}

void snapshot_free(snapshot_t *s)
{
	if (!s)
		return;
	snapshot_shed(s);
#define FREE(type, name) free(s->name);
	SNAPSHOT_CELL_FIELDS(FREE)
#undef FREE
	free(s->plates);
	free(s);
}

int snapshot_plates_on_map(const snapshot_t *s)
{
	int n = 0;
	for (int i = 0; i < s->plate_count; i++)
		n += plate_on_map(&s->plates[i]);
	return n;
}

int snapshot_copy(snapshot_t *dst, const snapshot_t *src)
{
	if (dst->n != src->n || src->plate_count > SNAPSHOT_PLATES_MAX || dst->view)
		return -1;
	size_t n = (size_t)src->n;
	snapshot_t own = *dst;
	*dst = *src;                 /* every scalar; then dst's arrays back */
#define KEEP(type, name) dst->name = own.name;
	SNAPSHOT_CELL_FIELDS(KEEP)
#undef KEEP
	dst->plates = own.plates;
	dst->view = 0;
	memcpy(dst->plates, src->plates, (size_t)src->plate_count * sizeof *src->plates);
#define COPY(type, name) memcpy(dst->name, src->name, n * sizeof *src->name);
	SNAPSHOT_CELL_FIELDS(COPY)
#undef COPY
	return 0;
}

void snapshot_fill_detail(snapshot_t *s)
{
	const grid_t *g = s->grid;
	for (int c = 0; c < s->n; c++) {
		float e = s->elevation[c], r = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			r = fmaxf(r, fabsf(s->elevation[g->nbr[k]] - e));
		s->relief[c] = r;
	}
	snapshot_fill_trenches(s);
	noise_init(&s->detail_noise, NOISE_OPENSIMPLEX2, s->prm.seed ^ 0x5ab0ce11d37a11ull);
}
