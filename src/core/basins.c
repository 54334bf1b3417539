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
#include "planet_internal.h"

/* A water body this large (share of the cells; twice Earth's
 * Mediterranean) counts as open ocean even if land closes it all round. */
#define OPEN_SEA_SHARE 0.01

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

/* Mark each world cell REACH_OPEN or REACH_SHUT from this step's heights
 * and sea: water in a body under the sea of OPEN_SEA_SHARE of the cells or
 * more, and land next to such water, is open; the rest is shut. Bodies of
 * water are sets joined in cell order, in pl->queue. Serial: about 3 ms at
 * level 7 here (0.75 ms at level 6), which is why the crust marks it only
 * every few steps (crust.c). */
void basins_mark(const planet_t *pl, uint8_t *reach)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	int32_t *up = pl->queue;
	const float *h = pl->elevation;
	float sea = (float)pl->sea_level;
	int32_t open_cells = (int32_t)(OPEN_SEA_SHARE * n);
	for (int c = 0; c < n; c++) {
		if (h[c] >= sea)
			continue;
		up[c] = -1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (nb < c && h[nb] < sea)
				set_join(up, c, nb);
		}
	}
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
