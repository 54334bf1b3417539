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

/* Roots a and b (two sets) become one; the larger takes the smaller (a
 * on a tie). The root of the joined set. */
static int32_t set_link(int32_t *up, int32_t a, int32_t b)
{
	if (up[a] > up[b]) {
		int32_t t = a;
		a = b;
		b = t;
	}
	up[a] += up[b];
	up[b] = a;
	return a;
}

/* The sets of a and b become one. */
static void set_join(int32_t *up, int32_t a, int32_t b)
{
	a = set_find(up, a);
	b = set_find(up, b);
	if (a != b)
		set_link(up, a, b);
}

static int by_size_down(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x < y) - (x > y);
}

/* Bodies of water are sets joined in pl->queue, chunk by chunk in
 * parallel, then across the chunks' seams on one thread. Which cells share
 * a body does not depend on the order of the joins, nor do the bodies'
 * sizes, so the marks come out the same for any thread count. At level 8
 * the marking takes 10 ms on one thread, 7 on two (9.7 serial). */
#define BASIN_GRAIN 8192
#define BASIN_CHUNKS_MAX 256

typedef struct basin_ctx {
	const planet_t *pl;
	int32_t *up;
	uint8_t *reach;
	int32_t *sizes;
	float sea;
	int32_t open_cells;
	int32_t roots[BASIN_CHUNKS_MAX];    /* bodies per chunk, then where
	                                     * the chunk's sizes start */
	long water[BASIN_CHUNKS_MAX];
} basin_ctx;

/* The sets of one chunk, from the joins inside it; a wet cell with a wet
 * neighbour in an earlier chunk is flagged in reach for the seam pass. */
static void join_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	basin_ctx *bc = ctx;
	const grid_t *g = bc->pl->grid;
	const int32_t *off = g->nbr_off, *nbr = g->nbr;
	const float *h = bc->pl->elevation;
	const float sea = bc->sea;
	int32_t *up = bc->up;
	uint8_t *seam = bc->reach;
	for (int c = b; c < e; c++) {
		seam[c] = 0;
		if (h[c] >= sea) {
			up[c] = 0;   /* dry: no set (0 is never a root's size) */
			continue;
		}
		/* c's root, kept as c joins its earlier wet neighbours */
		int32_t root = c;
		up[c] = -1;
		for (int k = off[c]; k < off[c + 1]; k++) {
			int nb = nbr[k];
			if (nb >= c || h[nb] >= sea)
				continue;
			if (nb < b) {
				seam[c] = 1;
				continue;
			}
			int32_t r = set_find(up, nb);
			if (r != root)
				root = set_link(up, root, r);
		}
	}
}

/* Reads only: chunks look up sets in parallel. */
static int32_t set_root(const int32_t *up, int32_t x)
{
	while (up[x] >= 0)
		x = up[x];
	return x;
}

static void count_chunk(void *ctx, int b, int e, int chunk)
{
	basin_ctx *bc = ctx;
	int32_t roots = 0;
	long water = 0;
	for (int c = b; c < e; c++)
		if (bc->up[c] < 0) {
			roots++;
			water -= bc->up[c];
		}
	bc->roots[chunk] = roots;
	bc->water[chunk] = water;
}

static void sizes_chunk(void *ctx, int b, int e, int chunk)
{
	basin_ctx *bc = ctx;
	int32_t at = bc->roots[chunk];
	for (int c = b; c < e; c++)
		if (bc->up[c] < 0)
			bc->sizes[at++] = -bc->up[c];
}

static void water_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	basin_ctx *bc = ctx;
	const float *h = bc->pl->elevation;
	for (int c = b; c < e; c++)
		bc->reach[c] = h[c] >= bc->sea ? 0
		             : REACH_WET | (-bc->up[set_root(bc->up, c)] >= bc->open_cells ? REACH_OPEN : REACH_SHUT);
}

/* land: open on the shore of open water */
static void shore_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	basin_ctx *bc = ctx;
	const grid_t *g = bc->pl->grid;
	const float *h = bc->pl->elevation;
	for (int c = b; c < e; c++) {
		if (h[c] < bc->sea)
			continue;
		uint8_t r = REACH_SHUT;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			if (h[g->nbr[k]] < bc->sea && (bc->reach[g->nbr[k]] & REACH_OPEN)) {
				r = REACH_OPEN;
				break;
			}
		bc->reach[c] = r;
	}
}

/* The least size (cells) of an open body of water: OPEN_SEA_SHARE of the
 * cells, or less where the largest bodies need smaller ones to reach
 * OPEN_WATER_SHARE of the water. sizes holds the bodies' sizes. */
static int32_t open_size(int n, int32_t *sizes, int bodies, long water)
{
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
 * to such water, is open; the rest is shut. Uses pl->queue; sizes holds n
 * entries. */
void basins_mark(const planet_t *pl, uint8_t *reach, int32_t *sizes)
{
	const grid_t *g = pl->grid;
	int n = g->n;
	basin_ctx bc = {.pl = pl, .up = pl->queue, .reach = reach, .sizes = sizes,
	                .sea = (float)pl->sea_level};
	int grain = BASIN_GRAIN;
	if (pool_chunks(n, grain) > BASIN_CHUNKS_MAX)
		grain = (n + BASIN_CHUNKS_MAX - 1) / BASIN_CHUNKS_MAX;
	int chunks = pool_chunks(n, grain);
	pool_for(pl->pool, n, grain, join_chunk, &bc);
	/* the seams: each join counted from its larger cell, as in the chunks */
	for (int c = 0; c < n; c++) {
		if (!reach[c])
			continue;
		int b = c / grain * grain;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (nb < b && pl->elevation[nb] < bc.sea)
				set_join(bc.up, c, nb);
		}
	}
	pool_for(pl->pool, n, grain, count_chunk, &bc);
	int32_t bodies = 0;
	long water = 0;
	for (int i = 0; i < chunks; i++) {
		int32_t r = bc.roots[i];
		bc.roots[i] = bodies;
		bodies += r;
		water += bc.water[i];
	}
	pool_for(pl->pool, n, grain, sizes_chunk, &bc);
	bc.open_cells = open_size(n, sizes, bodies, water);
	pool_for(pl->pool, n, grain, water_chunk, &bc);
	pool_for(pl->pool, n, grain, shore_chunk, &bc);
}

/* Between two markings the sea moves, and ground the last marking saw dry
 * (or never saw: new crust) goes under water: the coast's row as the sea
 * rises, hollows inland, a lone cell left by a passing plate. Waiting for
 * the next marking, inland hollows stood as ponds for up to 8 steps (at
 * level 6, 38-165 cells of closed water a snapshot, most under 30 m deep;
 * 36-46 now). Each step such water is followed through the water around
 * it, on last step's heights: where it meets water the marking saw open
 * (or the open ocean's depths) it is open; where it runs out, a body of
 * at most SETTLE_CELLS_MAX cells, it is closed and fills; a body larger
 * than that is left to the next marking (and a walk meeting water an
 * earlier walk found open or too large takes that over: it is the same
 * body). Serial, in cell order, so the same for any thread count; it
 * walks a few hundred cells a step. */
#define SETTLE_DEPTH_M 1500.0     /* deeper water is the open ocean's */
#define SETTLE_CELLS_MAX 64
/* flags: water to settle, seen by a walk, and what the walk that saw it
 * found (a later walk meeting such a cell takes that over) */
enum { SETTLE_NEW = 1, SETTLE_SEEN = 2, SETTLE_OPEN = 4, SETTLE_BIG = 8, SETTLE_SHUT = 16 };

typedef struct settle_ctx {
	const planet_t *pl;
	uint8_t *flags;
} settle_ctx;

/* water with land all round */
static bool lone_water(const planet_t *pl, int c)
{
	const grid_t *g = pl->grid;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
		if (pl->elevation[g->nbr[k]] < pl->sea_level)
			return false;
	return true;
}

static void new_water_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	settle_ctx *sc = ctx;
	const planet_t *pl = sc->pl;
	const float *h = pl->elevation;
	float sea = (float)pl->sea_level;
	for (int c = b; c < e; c++) {
		sc->flags[c] = 0;
		if (h[c] >= sea || h[c] < sea - SETTLE_DEPTH_M)
			continue;
		uint8_t r = *cell_reach(pl, c);
		/* water when marked: only a lone cell of it is news (cut off
		 * as the sea fell, or a plate carried it in) */
		if ((r & REACH_WET) && (reach_closed_water(r) || !lone_water(pl, c)))
			continue;
		sc->flags[c] = SETTLE_NEW;
	}
}

void basins_settle(planet_t *pl, uint8_t *flags, int32_t *queue)
{
	const grid_t *g = pl->grid;
	const float *h = pl->elevation;
	float sea = (float)pl->sea_level, deep = (float)(pl->sea_level - SETTLE_DEPTH_M);
	settle_ctx sc = {pl, flags};
	pool_for(pl->pool, g->n, BASIN_GRAIN, new_water_chunk, &sc);
	/* only the pass above marks new water: walks never make a cell new */
	for (int c = next_marked(flags, 0, g->n); c < g->n; c = next_marked(flags, c + 1, g->n)) {
		if (flags[c] != SETTLE_NEW)
			continue;
		/* SETTLE_SHUT until the walk meets open water or grows too large */
		int head = 0, tail = 0, found = SETTLE_SHUT;
		queue[tail++] = c;
		flags[c] |= SETTLE_SEEN;
		while (head < tail && found == SETTLE_SHUT) {
			int x = queue[head++];
			uint8_t r = *cell_reach(pl, x);
			if (((r & REACH_OPEN) && (r & REACH_WET)) || h[x] < deep) {
				found = SETTLE_OPEN;
				break;
			}
			for (int k = g->nbr_off[x]; k < g->nbr_off[x + 1] && found == SETTLE_SHUT; k++) {
				int nb = g->nbr[k];
				if (h[nb] >= sea)
					continue;
				if (flags[nb] & (SETTLE_OPEN | SETTLE_BIG))
					found = flags[nb] & (SETTLE_OPEN | SETTLE_BIG);   /* an earlier walk's water */
				else if (!(flags[nb] & SETTLE_SEEN)) {
					flags[nb] |= SETTLE_SEEN;
					queue[tail++] = nb;
				}
			}
			if (tail > SETTLE_CELLS_MAX && found == SETTLE_SHUT)
				found = SETTLE_BIG;     /* too large to tell: the marking will */
		}
		uint8_t mark = found == SETTLE_OPEN ? REACH_OPEN | REACH_WET : REACH_SHUT | REACH_WET;
		for (int i = 0; i < tail; i++) {
			int x = queue[i];
			if ((flags[x] & SETTLE_NEW) && found != SETTLE_BIG)
				*cell_reach(pl, x) = mark;
			flags[x] |= (uint8_t)found;
		}
	}
}
