/* basins.c: where the sea reaches.
 *
 * Below the sea level is sea only where a path under the sea joins the open
 * ocean. A hollow that land encloses is a closed basin: rivers from every
 * side fill it with sediment, and its water stands where rain and
 * evaporation balance, not at the sea (Earth's few basins below the sea,
 * the Caspian's and the Dead Sea's, lie in deserts; the rest filled up).
 * Land that no shore joins to the open sea cannot wear or sink below it
 * either: the sea is erosion's base level, and a subsiding interior floods
 * only once the sea has reached it. Drawn as sea, such hollows pocked the
 * continents with round lakes and trapped ocean basins, more of them as
 * the sea rose (about 1 % of the surface in 25-60 pieces, level 6). */
#include <stdlib.h>

#include "planet_internal.h"

/* A water body this large (share of the cells; twice Earth's
 * Mediterranean) counts as open ocean even if land closes it all round, and
 * so do the largest bodies that hold OPEN_WATER_SHARE of the water between
 * them: on a world of inland seas (the desert preset) they are its ocean,
 * not hollows to fill. */
#define OPEN_SEA_SHARE 0.01
#define OPEN_WATER_SHARE 0.9

/* The root of x's set; a root holds minus its set's size. Halves the path. */
static int32_t set_find(int32_t *up, int32_t x)
{
	while (up[x] >= 0) {
		if (up[up[x]] >= 0)
			up[x] = up[up[x]];
		x = up[x];
	}
	return x;
}

/* The sets of a and b become one; the larger takes the smaller. */
static void set_join(int32_t *up, int32_t a, int32_t b)
{
	a = set_find(up, a);
	b = set_find(up, b);
	if (a == b)
		return;
	if (up[a] > up[b]) {
		int32_t t = a;
		a = b;
		b = t;
	}
	up[a] += up[b];
	up[b] = a;
}

static int by_size_down(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x < y) - (x > y);
}

/* The least size (cells) of an open body of water: OPEN_SEA_SHARE of the
 * cells, or less where the largest bodies need smaller ones to reach
 * OPEN_WATER_SHARE of the water. up holds the sets; sizes has n entries. */
static int32_t open_size(const int32_t *up, int n, int32_t *sizes)
{
	int bodies = 0;
	long water = 0;
	for (int c = 0; c < n; c++)
		if (up[c] < 0) {
			sizes[bodies++] = -up[c];
			water -= up[c];
		}
	int32_t least = (int32_t)(OPEN_SEA_SHARE * n);
	qsort(sizes, (size_t)bodies, sizeof *sizes, by_size_down);
	long held = 0;
	for (int i = 0; i < bodies && held < OPEN_WATER_SHARE * water; i++) {
		held += sizes[i];
		if (sizes[i] < least)
			least = sizes[i];
	}
	return least;
}

/* Mark each world cell REACH_OPEN or REACH_SHUT from this step's heights
 * and sea: water in a large body under the sea (open_size), and land next
 * to such water, is open; the rest is shut. Bodies of water are sets
 * joined in cell order, in pl->queue; sizes holds n entries. Serial: about
 * 3 ms at level 7 here (0.75 ms at level 6), which is why the crust marks
 * it only every few steps (crust.c). */
void basins_mark(const planet_t *pl, uint8_t *reach, int32_t *sizes)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	int32_t *up = pl->queue;
	const float *h = pl->elevation;
	float sea = (float)pl->sea_level;
	for (int c = 0; c < n; c++) {
		up[c] = 0;   /* dry: no set (0 is never a root's size) */
		if (h[c] >= sea)
			continue;
		up[c] = -1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (nb < c && h[nb] < sea)
				set_join(up, c, nb);
		}
	}
	int32_t open_cells = open_size(up, n, sizes);
	for (int c = 0; c < n; c++)
		reach[c] = h[c] >= sea ? 0 : -up[set_find(up, c)] >= open_cells ? REACH_OPEN : REACH_SHUT;
	/* land: open on the shore of open water */
	for (int c = 0; c < n; c++) {
		if (reach[c])
			continue;
		uint8_t r = REACH_SHUT;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			if (h[g->nbr[k]] < sea && reach[g->nbr[k]] == REACH_OPEN) {
				r = REACH_OPEN;
				break;
			}
		reach[c] = r;
	}
}
