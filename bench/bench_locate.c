/* bench_locate: what the plate part's point locations cost, and their
 * floor. Every step, each world cell is located in its owner's frame (the
 * nearest Goldberg cell to the rotated centre, tectonics.c). This times
 * that location alone over a grown planet of the default scenario, each
 * cell once, its sample read and stored, nothing else:
 *   hint     a walk from the cell found last step (before the step's
 *            rotation), as the ownership pass first did;
 *   answer   a walk started at the cell it ends on: the floor of any walk,
 *            whatever predicts its start;
 *   lut      grid_locate, the bucket table (no start needed);
 *   raster   the index of a cube-map pixel, at most one pixel a cell: what a
 *            location would cost if plate frames were regular rasters, as
 *            platec's are (no Goldberg cell is found; for scale only);
 * and, for comparison, the step's motion and collisions phases (the plate
 * part) over the next 20 steps. Best of RUNS passes each.
 * usage: bench_locate [LEVEL [WARMUP [THREADS]]] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/planet_internal.h"
#include "io/scenario.h"

#define RUNS 30

enum { HINT, ANSWER, LUT, RASTER, KINDS };
static const char *kind_name[KINDS] = {"hint", "answer", "lut", "raster"};

typedef struct locate_ctx {
	const planet_t *pl;
	const int32_t *start;   /* HINT and ANSWER: where each walk starts */
	int side;               /* RASTER: pixels along a cube face's edge */
	int kind;
	int32_t *sample;
} locate_ctx;

/* The pixel of a cube map with side x side pixels a face that holds q. */
static inline int cube_pixel(vec3 q, int side)
{
	double ax = fabs(q.x), ay = fabs(q.y), az = fabs(q.z), u, v;
	int face;
	if (ax >= ay && ax >= az) {
		face = q.x > 0 ? 0 : 1;
		u = q.y / ax;
		v = q.z / ax;
	} else if (ay >= az) {
		face = q.y > 0 ? 2 : 3;
		u = q.x / ay;
		v = q.z / ay;
	} else {
		face = q.z > 0 ? 4 : 5;
		u = q.x / az;
		v = q.y / az;
	}
	int i = (int)((u + 1) * 0.5 * side), j = (int)((v + 1) * 0.5 * side);
	i = i < side ? i : side - 1;
	j = j < side ? j : side - 1;
	return (face * side + j) * side + i;
}

static void locate_chunk(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	const locate_ctx *lc = ctx;
	const planet_t *pl = lc->pl;
	const grid_t *g = pl->grid;
	for (int c = b; c < e; c++) {
		const plate_t *p = &pl->plates[pl->owner[c]];
		vec3 q = m3_apply(&p->Rt, g->centre[c]);
		int k;
		switch (lc->kind) {
		case LUT:
			k = grid_locate(g, q);
			break;
		case RASTER:
			/* a raster frame's pixel is its sample slot: the plate map's
			 * page table stands in for the raster's memory */
			k = cube_pixel(q, lc->side);
			break;
		default:
			k = grid_walk(g, q, lc->start[c]);
		}
		lc->sample[c] = cellmap_get(&p->map, k);
	}
}

int main(int argc, char **argv)
{
	int level = argc > 1 ? atoi(argv[1]) : 7;
	int warmup = argc > 2 ? atoi(argv[2]) : 300;
	int threads = argc > 3 ? atoi(argv[3]) : 1;
	params prm;
	char *errors = NULL, err[512] = "";
	if (scenario_load_default(&prm, &errors) != 0)
		params_default(&prm);
	free(errors);
	prm.level = level;
	pool_t *pool = pool_new(threads < 1 ? 1 : threads);
	planet_t *pl = planet_new(&prm, pool, err, sizeof err);
	if (!pl) {
		fprintf(stderr, "bench_locate: %s\n", err);
		return 1;
	}
	for (int i = 0; i < warmup; i++)
		planet_step(pl, err, sizeof err);
	int n = pl->grid->n;
	int32_t *before = malloc((size_t)n * sizeof *before);
	int32_t *sample = malloc((size_t)n * sizeof *sample);
	if (!before || !sample)
		return 1;
	memcpy(before, pl->frame_cell, (size_t)n * sizeof *before);
	planet_step(pl, err, sizeof err);

	printf("level %d (%d cells), step %d, %d thread%s: ms per pass over every cell (ns per cell and core)\n",
	       level, n, warmup + 1, pool_threads(pool), pool_threads(pool) > 1 ? "s" : "");
	for (int kind = 0; kind < KINDS; kind++) {
		locate_ctx lc = {.pl = pl, .kind = kind, .sample = sample,
		                 .start = kind == HINT ? before : pl->frame_cell,
		                 .side = (int)floor(sqrt(n / 6.0))};   /* 6 side^2 <= n */
		double best = 1e9;
		for (int r = 0; r < RUNS; r++) {
			double t = clock_ms();
			pool_for(pool, n, 2048, locate_chunk, &lc);
			t = clock_ms() - t;
			best = t < best ? t : best;
		}
		printf("  %-7s %7.3f ms (%5.1f ns)\n", kind_name[kind], best, best * 1e6 * pool_threads(pool) / n);
	}
	double motion = 0, collisions = 0;
	for (int i = 0; i < 20; i++) {
		planet_step(pl, err, sizeof err);
		motion += planet_phase_ms(pl, PHASE_MOTION);
		collisions += planet_phase_ms(pl, PHASE_COLLISION);
	}
	printf("  the step's plate part, mean of 20: motion %.3f ms, collisions %.3f ms\n", motion / 20,
	       collisions / 20);
	free(before);
	free(sample);
	planet_free(pl);
	pool_free(pool);
	return 0;
}
