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

/* Hops from the nearest trench cell, up to 3 (farther). */
static void trench_hops(const snapshot_t *s, uint8_t *hop)
{
	const grid_t *g = s->grid;
	for (int c = 0; c < s->n; c++)
		hop[c] = s->trench[c] > 0 ? 0 : 3;
	for (int d = 1; d <= 2; d++)
		for (int c = 0; c < s->n; c++) {
			if (hop[c] < d)
				continue;
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
				if (hop[g->nbr[k]] == d - 1) {
					hop[c] = (uint8_t)d;
					break;
				}
		}
}

/* The side of a cell hop cells from the trench before averaging, x32:
 * overriding cells are those beside a trench cell of another plate, and a
 * cell two hops away is on the diving side when a diving cell is beside
 * it. Sets *reach on overriding cells. */
static int trench_side_raw(const snapshot_t *s, const uint8_t *hop, int c, uint16_t *reach)
{
	const grid_t *g = s->grid;
	*reach = 0;
	if (hop[c] == 0) {
		*reach = (uint16_t)fmin(65535, ceil(s->trench[c]));
		return -16;
	}
	if (hop[c] > 2)
		return SNAPSHOT_TRENCH_FAR;
	double sum = 0;
	int over = 0, diving = 0;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int n = g->nbr[k];
		if (hop[n] != hop[c] - 1)
			continue;
		if (hop[c] == 1 && s->plate[n] != s->plate[c]) {
			sum += s->trench[n];
			over++;
		} else if (hop[c] == 2 && s->plate[n] == s->plate[c]) {
			int k2, behind = 0;
			for (k2 = g->nbr_off[n]; k2 < g->nbr_off[n + 1]; k2++)
				behind |= hop[g->nbr[k2]] == 0 && s->plate[g->nbr[k2]] == s->plate[n];
			diving |= behind;
		}
	}
	if (hop[c] == 1) {
		if (!over)
			return -48;
		*reach = (uint16_t)fmin(65535, ceil(sum / over));
		return 16;
	}
	return diving ? -80 : 48;
}

static void fill_trench_sides(snapshot_t *s)
{
	const grid_t *g = s->grid;
	uint8_t *hop = malloc((size_t)s->n);
	int8_t *raw = malloc((size_t)s->n);
	if (!hop || !raw) {    /* no memory: maps draw no trench line, only the cells' */
		for (int c = 0; c < s->n; c++) {
			s->trench_side[c] = SNAPSHOT_TRENCH_FAR;
			s->trench_reach[c] = 0;
		}
		free(hop);
		free(raw);
		return;
	}
	trench_hops(s, hop);
	for (int c = 0; c < s->n; c++)
		raw[c] = (int8_t)trench_side_raw(s, hop, c, &s->trench_reach[c]);
	for (int c = 0; c < s->n; c++) {
		if (hop[c] > 1) {
			s->trench_side[c] = raw[c];
			continue;
		}
		int sum = raw[c], cnt = 1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++, cnt++)
			sum += raw[g->nbr[k]];
		s->trench_side[c] = (int8_t)lround((double)sum / cnt);
	}
	free(hop);
	free(raw);
}

void snapshot_fill_detail(snapshot_t *s)
{
	const grid_t *g = s->grid;
	/* the relief of the ground the trenches are cut into: maps draw them
	 * along the plate boundary (colormap.c), not as cells with detail */
	for (int c = 0; c < s->n; c++) {
		float e = s->elevation[c] + s->trench[c], r = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int n = g->nbr[k];
			r = fmaxf(r, fabsf(s->elevation[n] + s->trench[n] - e));
		}
		s->relief[c] = r;
	}
	fill_trench_sides(s);
	noise_init(&s->detail_noise, NOISE_OPENSIMPLEX2, s->prm.seed ^ 0x5ab0ce11d37a11ull);
}
