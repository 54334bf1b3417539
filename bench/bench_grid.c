/* bench_grid.c: how long grids take to build and how fast point location is.
 * Prints one line per grid: build time, bytes per cell, ns per grid_locate of
 * a random point, and ns per grid_locate_from for points a quarter of a cell
 * from the start: "from (rand)" takes them in random order (memory latency
 * bound on big grids), "from (seq)" moves every cell's centre in cell order,
 * as a simulation advecting its cells does.
 * Usage: bench_grid [max-goldberg-level]   (default 9) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "core/grid.h"
#include "core/rng.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

#define QUERIES 1000000

static void bench(const char *name, grid_kind kind, int param, double jitter, vec3 *q, vec3 *q2,
                  int *start)
{
	char err[256];
	double t0 = now();
	grid_t *g = grid_new(kind, param, jitter, 1, err, sizeof err);
	double t1 = now();
	if (!g) {
		printf("%-22s FAILED: %s\n", name, err);
		return;
	}
	rng_t r;
	rng_seed(&r, 7);
	for (int i = 0; i < QUERIES; i++) {
		q[i] = rng_unit(&r);
		/* a point moved by ~0.25 cell from q[i] */
		vec3 d = rng_unit(&r);
		q2[i] = v3_norm(v3_add(q[i], v3_scale(d, 0.25 * g->spacing)));
	}
	long sum = 0;
	double t2 = now();
	for (int i = 0; i < QUERIES; i++) {
		start[i] = grid_locate(g, q[i]);
		sum += start[i];
	}
	double t3 = now();
	for (int i = 0; i < QUERIES; i++)
		sum += grid_locate_from(g, q2[i], start[i]);
	double t4 = now();
	int m = g->n < QUERIES ? g->n : QUERIES;
	for (int i = 0; i < m; i++)
		q[i] = v3_norm(v3_add(g->centre[i], v3_scale(rng_unit(&r), 0.25 * g->spacing)));
	double t5 = now();
	for (int i = 0; i < m; i++)
		sum += grid_locate_from(g, q[i], i);
	double t6 = now();
	printf("%-22s %8d cells  build %7.1f ms  %5.1f B/cell  locate %6.1f ns  from (rand) %6.1f ns"
	       "  from (seq) %5.1f ns  (%ld)\n",
	       name, g->n, (t1 - t0) * 1e3, (double)grid_bytes(g) / g->n, (t3 - t2) * 1e9 / QUERIES,
	       (t4 - t3) * 1e9 / QUERIES, (t6 - t5) * 1e9 / m, sum % 10);
	grid_free(g);
}

int main(int argc, char **argv)
{
	int maxl = argc > 1 ? atoi(argv[1]) : 9;
	vec3 *q = malloc(QUERIES * sizeof *q), *q2 = malloc(QUERIES * sizeof *q2);
	int *start = malloc(QUERIES * sizeof *start);
	if (!q || !q2 || !start)
		return 1;
	char name[64];
	for (int l = 5; l <= maxl; l++) {
		snprintf(name, sizeof name, "goldberg L%d", l);
		bench(name, GRID_GOLDBERG, l, 0, q, q2, start);
	}
	bench("goldberg L6 jitter 0.5", GRID_GOLDBERG, 6, 0.5, q, q2, start);
	bench("goldberg L8 jitter 0.5", GRID_GOLDBERG, 8, 0.5, q, q2, start);
	bench("cubesphere R64", GRID_CUBESPHERE, 64, 0, q, q2, start);
	bench("cubesphere R330", GRID_CUBESPHERE, 330, 0, q, q2, start);
	bench("fibonacci 40962", GRID_FIBONACCI, 40962, 0, q, q2, start);
	bench("fibonacci 655362", GRID_FIBONACCI, 655362, 0, q, q2, start);
	free(q);
	free(q2);
	free(start);
	return 0;
}
