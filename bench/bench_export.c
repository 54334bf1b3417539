/* bench_export.c: how long map export takes, split into rendering (sampling
 * the sphere per pixel, parallel) and PNG compression (serial), and the
 * budget that matters: the static planet plus a 2048x1024 biome PNG.
 *
 *   bench_export [LEVEL [WIDTH]]      defaults: level 6, width 2048
 *
 * Uses the real planet (planet_new with default parameters at LEVEL); best
 * of 3 runs for every figure. Results go in bench/RESULTS.md under Export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/params.h"
#include "core/planet.h"
#include "core/snapshot.h"
#include "io/colormap.h"
#include "io/export.h"
#include "io/pngwrite.h"
#include "base/pool.h"

#define RUNS 3

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct render {
	const snapshot_t *s;
	int w, h;
	uint8_t *rgb;
} render;

static void render_rows(void *ctx, int b, int e, int chunk)
{
	(void)chunk;
	render *r = ctx;
	for (int y = b; y < e; y++) {
		double lat = (0.5 - (y + 0.5) / r->h) * M_PI;
		colormap_cursor cur = COLORMAP_CURSOR_INIT;
		uint8_t *o = r->rgb + (size_t)y * r->w * 3;
		for (int x = 0; x < r->w; x++) {
			double lon = ((x + 0.5) / r->w - 0.5) * 2 * M_PI;
			rgb c = colormap_point_cur(r->s, VIEW_BIOME, v3_from_latlon(lat, lon), &cur);
			*o++ = c.r;
			*o++ = c.g;
			*o++ = c.b;
		}
	}
}

static int copy_rows(void *ctx, int y0, int y1, void *buf)
{
	render *r = ctx;
	memcpy(buf, r->rgb + (size_t)y0 * r->w * 3, (size_t)(y1 - y0) * r->w * 3);
	return 0;
}

static long file_size(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	int level = argc > 1 ? atoi(argv[1]) : 6;
	int width = argc > 2 ? atoi(argv[2]) : 2048;
	char err[512], dir[] = "/tmp/bench_export.XXXXXX", path[600];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	params prm;
	params_default(&prm);
	prm.grid = GRID_GOLDBERG;
	prm.level = level;
	printf("export bench: goldberg level %d, %dx%d, best of %d\n", level, width, width / 2, RUNS);

	for (int threads = 1; threads <= 2; threads++) {
		pool_t *pool = pool_new(threads);
		double t_planet = 1e30, t_total = 1e30, t_render = 1e30, t_png = 1e30, t_all = 1e30;
		double t_pair = 1e30;
		for (int run = 0; run < RUNS; run++) {
			double t0 = now();
			planet_t *pl = planet_new(&prm, pool, err, sizeof err);
			if (!pl) {
				fprintf(stderr, "planet_new: %s\n", err);
				return 1;
			}
			snapshot_t *s = snapshot_new(planet_grid(pl));
			if (!s || planet_snapshot(pl, s) != 0) {
				fprintf(stderr, "planet_snapshot failed\n");
				return 1;
			}
			double t1 = now();
			export_opts o = {.width = width, .height = width / 2, .scenario = "bench",
			                 .frame = -1};
			if (export_write(s, 1u << EXPORT_BIOME, dir, &o, pool, err, sizeof err) != 0) {
				fprintf(stderr, "export: %s\n", err);
				return 1;
			}
			double t2 = now();
			t_planet = t1 - t0 < t_planet ? t1 - t0 : t_planet;
			t_total = t2 - t0 < t_total ? t2 - t0 : t_total;

			/* the same map, rendering and compression apart */
			render r = {s, width, width / 2, malloc((size_t)width * (width / 2) * 3)};
			double t3 = now();
			pool_for(pool, r.h, 4, render_rows, &r);
			double t4 = now();
			snprintf(path, sizeof path, "%s/split.png", dir);
			pngw_write(path, NULL, r.w, r.h, PNGW_RGB8, NULL, 0, 64, copy_rows, &r, err, sizeof err);
			double t5 = now();
			t_render = t4 - t3 < t_render ? t4 - t3 : t_render;
			t_png = t5 - t4 < t_png ? t5 - t4 : t_png;
			free(r.rgb);

			/* the yardstick: a heightmap and a biome map, sidecars included */
			double t8 = now();
			if (export_write(s, 1u << EXPORT_BIOME | 1u << EXPORT_ELEVATION16, dir, &o, pool, err,
			                 sizeof err)) {
				fprintf(stderr, "export: %s\n", err);
				return 1;
			}
			double t9 = now();
			t_pair = t9 - t8 < t_pair ? t9 - t8 : t_pair;

			double t6 = now();
			if (export_write(s, (1u << EXPORT_KIND_COUNT) - 1, dir, &o, pool, err, sizeof err)) {
				fprintf(stderr, "export all: %s\n", err);
				return 1;
			}
			double t7 = now();
			t_all = t7 - t6 < t_all ? t7 - t6 : t_all;
			snapshot_free(s);
			planet_free(pl);
		}
		snprintf(path, sizeof path, "%s/biome.png", dir);
		printf("threads %d: planet %.3f s, + biome PNG %.3f s = %.3f s "
		       "(render %.3f s, compress+write %.3f s, %ld bytes); elevation16 + biome %.3f s; "
		       "all kinds %.3f s\n",
		       threads, t_planet, t_total - t_planet, t_total, t_render, t_png,
		       file_size(path), t_pair, t_all);
		pool_free(pool);
	}
	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : 1;
}
