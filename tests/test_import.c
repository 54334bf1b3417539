/* test_import: a planet started from a heightmap (planet_new_imported via
 * io/heightmap). Round trip: a planet's elevation16, elevation (8-bit) and
 * raw float exports are imported on the same grid; step 0 must keep the
 * land/sea mask and the heights, read the map exactly at each cell centre,
 * put the sea at 0 m, keep small landmasses on one plate and then step.
 * Bad files (not a map, wrong shape, truncated, huge, damaged, not finite)
 * must give an error, never a crash. */
#include "tap.h"
#include "planet_fixture.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/pool.h"
#include "core/grid.h"
#include "core/planet.h"
#include "core/rng.h"
#include "core/snapshot.h"
#include "io/export.h"
#include "io/heightmap.h"
#include "io/pngwrite.h"
#include "io/scenario.h"

#define W 2048
#define H 1024

static char dir[256];

/* The map's height at a cell centre, bilinear between pixel centres: the
 * mapping heightfield documents, written again here on its own. */
static double bilinear(const heightfield *hf, vec3 p)
{
	double lat = asin(p.z), lon = atan2(p.y, p.x);
	double x = (lon + M_PI) / (2 * M_PI) * hf->width - 0.5;
	double y = (M_PI / 2 - lat) / M_PI * hf->height - 0.5;
	if (y < 0)
		y = 0;
	if (y > hf->height - 1)
		y = hf->height - 1;
	int y0 = (int)floor(y);
	if (y0 > hf->height - 2)
		y0 = hf->height - 2;
	int x0 = (int)floor(x);
	double fx = x - x0, fy = y - y0;
	int xa = (x0 + hf->width) % hf->width, xb = (xa + 1) % hf->width;
	const float *r0 = hf->m + (size_t)y0 * hf->width, *r1 = r0 + hf->width;
	return (1 - fy) * ((1 - fx) * r0[xa] + fx * r0[xb]) + fy * ((1 - fx) * r1[xa] + fx * r1[xb]);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Landmasses (continental crust joined through neighbours, shelves
 * included, as the import lays plates over them) no larger than a mean
 * plate that more than one plate holds. */
static int sliced_landmasses(const snapshot_t *s, int *small)
{
	const grid_t *g = s->grid;
	int n = g->n, sliced = 0;
	uint8_t *seen = calloc((size_t)n, 1);
	int *queue = malloc((size_t)n * sizeof *queue);
	*small = 0;
	for (int c0 = 0; c0 < n; c0++) {
		if (seen[c0] || s->crust[c0] != CRUST_CONTINENTAL)
			continue;
		int head = 0, tail = 0, mixed = 0;
		double area = 0;
		queue[tail++] = c0;
		seen[c0] = 1;
		while (head < tail) {
			int c = queue[head++];
			area += g->area[c];
			mixed |= s->plate[c] != s->plate[c0];
			for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
				int nb = g->nbr[k];
				if (!seen[nb] && s->crust[nb] == CRUST_CONTINENTAL) {
					seen[nb] = 1;
					queue[tail++] = nb;
				}
			}
		}
		if (tail >= 3 && area <= 4 * M_PI / s->plate_count) {
			++*small;
			sliced += mixed;
		}
	}
	free(seen);
	free(queue);
	return sliced;
}

/* Import `file`; compare step 0 with the exported planet's snapshot src. */
static void round_trip(const params *p, pool_t *pool, const snapshot_t *src, const char *file,
                       double median_m, double p95_m, double mask_share)
{
	char path[400], err[512] = "";
	snprintf(path, sizeof path, "%s/%s", dir, file);
	heightfield hf;
	int rc = heightmap_read(path, NULL, &hf, err, sizeof err);
	if (!ok(rc == 0 && hf.width == W && hf.height == H, "%s read as a %dx%d map%s%s", file, W, H,
	        rc ? ": " : "", rc ? err : ""))
		return;
	planet_t *pl = planet_new_imported(p, &hf, pool, err, sizeof err);
	if (!ok(pl != NULL, "%s: a planet on it%s%s", file, pl ? "" : ": ", err)) {
		free((void *)hf.m);
		return;
	}
	snapshot_t *s = snapshot_new(planet_grid(pl));
	planet_snapshot(pl, s);
	const grid_t *g = s->grid;
	int n = g->n, agree = 0, exact = 0, crust_ok = 0;
	double *d = malloc((size_t)n * sizeof *d), land = 0, worst = 0;
	for (int c = 0; c < n; c++) {
		agree += (s->elevation[c] >= 0) == (src->elevation[c] >= 0);
		d[c] = fabs(s->elevation[c] - src->elevation[c]);
		double want = bilinear(&hf, g->centre[c]);
		double off = fabs(s->elevation[c] - want);
		worst = fmax(worst, off);
		exact += off <= 0.01 + 1e-6 * fabs(want);
		crust_ok += want >= 0 ? s->crust[c] == CRUST_CONTINENTAL
		          : want < -500 ? s->crust[c] == CRUST_OCEANIC : 1;
		land += s->elevation[c] >= 0 ? g->area[c] : 0;
	}
	qsort(d, (size_t)n, sizeof *d, cmp_double);
	ok(agree >= mask_share * n, "%s: land/sea of %.2f %% of the cells as exported (>= %.0f %%)",
	   file, 100.0 * agree / n, 100 * mask_share);
	ok(d[n / 2] <= median_m && d[n * 95 / 100] <= p95_m,
	   "%s: cell heights as exported: median error %.1f m (<= %.0f), 95th percentile %.1f m "
	   "(<= %.0f)", file, d[n / 2], median_m, d[n * 95 / 100], p95_m);
	ok(exact == n, "%s: every cell's height is the map's at its centre (%d of %d, worst %.3f m)",
	   file, exact, n, worst);
	ok(crust_ok == n, "%s: land is continental crust, sea below 500 m oceanic (%d of %d)", file,
	   crust_ok, n);
	ok(fabs(s->eustatic_change_m) < 1e-9 && fabs(s->stats.land_fraction - land / (4 * M_PI)) < 1e-6,
	   "%s: the sea stands at the map's 0 m (land %.4f, stats %.4f)", file, land / (4 * M_PI),
	   s->stats.land_fraction);
	free(d);
	int empty = 0;
	for (int i = 0; i < s->plate_count; i++)
		empty += s->plates[i].area_fraction <= 0;
	int small, sliced = sliced_landmasses(s, &small);
	ok(s->plate_count == p->plate_count && empty == 0 && sliced == 0 && small > 0,
	   "%s: %d plates grown over it, none empty; %d of %d landmasses smaller than a plate are "
	   "cut by a boundary", file, s->plate_count, sliced, small);
	int stepped = 0;
	for (int i = 0; i < 10; i++)
		stepped += planet_step(pl, err, sizeof err) == 0;
	planet_snapshot(pl, s);
	ok(stepped == 10 && s->stats.land_fraction > 0.5 * land / (4 * M_PI),
	   "%s: it steps on (land %.3f after 10 steps)", file, s->stats.land_fraction);
	snapshot_free(s);
	planet_free(pl);
	free((void *)hf.m);
}

/* ---- a PNG that says nothing itself, with a GDAL sidecar ---- */

static const heightfield *fill_src;

static int fill_half_metres(void *ctx, int y0, int y1, void *buf)
{
	(void)ctx;
	uint16_t *out = buf;
	for (int y = y0; y < y1; y++)
		for (int x = 0; x < fill_src->width; x++) {
			double dn = (fill_src->m[(size_t)y * fill_src->width + x] + 11000) / 0.5;
			*out++ = (uint16_t)(dn < 0 ? 0 : dn > 65535 ? 65535 : lrint(dn));
		}
	return 0;
}

static void sidecar_mapping(void)
{
	char path[400], png[400], err[512] = "";
	snprintf(path, sizeof path, "%s/raw.f32", dir);
	heightfield raw, hf;
	if (!ok(heightmap_read(path, NULL, &raw, err, sizeof err) == 0, "raw.f32 read%s", err))
		return;
	fill_src = &raw;
	snprintf(png, sizeof png, "%s/plain16.png", dir);
	int rc = pngw_write(png, NULL, raw.width, raw.height, PNGW_GREY16, NULL, 0, 64,
	                    fill_half_metres, NULL, err, sizeof err);
	ok(rc == 0, "a 16-bit PNG without text, 0.5 m steps from -11000 m%s", err);
	rc = heightmap_read(png, NULL, &hf, err, sizeof err);
	ok(rc == -1 && strstr(err, "--import-scale"), "alone it asks for its metres: %s", err);
	snprintf(path, sizeof path, "%s/plain16.png.aux.xml", dir);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("<PAMDataset>\n  <PAMRasterBand band=\"1\">\n    <Offset>-11000</Offset>\n"
		      "    <Scale>0.5</Scale>\n  </PAMRasterBand>\n</PAMDataset>\n", f);
		fclose(f);
	}
	rc = heightmap_read(png, NULL, &hf, err, sizeof err);
	double worst = 0;
	for (size_t i = 0; rc == 0 && i < (size_t)raw.width * raw.height; i++)
		worst = fmax(worst, fabs(hf.m[i] - raw.m[i]));
	ok(rc == 0 && worst <= 0.251, "with a GDAL .aux.xml (Scale, Offset) it reads as the "
	   "floats within the 0.25 m of rounding (worst %.3f m)", worst);
	if (rc == 0)
		free((void *)hf.m);
	heightmap_opts o = {.has_mapping = 1, .scale = 1, .offset = 0};
	rc = heightmap_read(png, &o, &hf, err, sizeof err);
	ok(rc == 0 && hf.m[0] == (float)lrint((raw.m[0] + 11000) / 0.5),
	   "a mapping given replaces the sidecar's (%g)", rc == 0 ? hf.m[0] : -1.0);
	if (rc == 0)
		free((void *)hf.m);
	free((void *)raw.m);
}

/* ---- bad files ---- */

static uint32_t crc32_of(const uint8_t *b, size_t n)
{
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < n; i++) {
		c ^= b[i];
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
	}
	return ~c;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	uint8_t *b = malloc((size_t)n);
	*len = b && fread(b, 1, (size_t)n, f) == (size_t)n ? (size_t)n : 0;
	fclose(f);
	return b;
}

static void spill(const char *path, const void *b, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(b, 1, len, f);
		fclose(f);
	}
}

/* Read bytes as a heightmap: -1 (bad usage) with a message expected. */
static int refused(const char *name, const void *b, size_t len, const char *why)
{
	char path[400], err[512] = "";
	snprintf(path, sizeof path, "%s/bad-%s", dir, name);
	spill(path, b, len);
	heightfield hf = {0};
	int rc = heightmap_read(path, NULL, &hf, err, sizeof err);
	free((void *)hf.m);
	int good = rc == -1 && err[0] && (!why || strstr(err, why));
	if (!good)
		tap_diag("%s: rc %d, '%s'", name, rc, err);
	unlink(path);
	return good;
}

static void bad_files(void)
{
	char path[400];
	size_t len = 0;
	snprintf(path, sizeof path, "%s/elevation16.png", dir);
	uint8_t *png = slurp(path, &len);
	if (!ok(png && len > 1000, "the exported PNG to damage"))
		return;
	ok(refused("text", "hello: not a map\n", 17, "not a PNG"), "a text file is refused");
	ok(refused("empty", "", 0, "not a PNG"), "an empty file is refused");
	size_t cuts[] = {8, 20, 33, 100, len / 2, len - 12, len - 1};
	int all = 1;
	for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
		char name[32];
		snprintf(name, sizeof name, "cut-%zu.png", cuts[i]);
		all &= refused(name, png, cuts[i], NULL);
	}
	ok(all, "a PNG cut at any of 7 lengths is refused");

	/* IHDR: width at 16, height at 20, CRC of bytes 12..28 at 29 */
	uint8_t *b = malloc(len);
	struct { uint32_t w, h; const char *why; } shapes[] = {
		{2048, 2048, "twice as wide"}, {3000, 1000, "twice as wide"},
		{100000, 50000, "at most 8192"}, {16384, 8192, "at most 8192"},
		{0x7fffffff, 2, "libpng"},
		{2, 1, "twice as wide"},
	};
	all = 1;
	for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
		memcpy(b, png, len);
		put32(b + 16, shapes[i].w);
		put32(b + 20, shapes[i].h);
		put32(b + 29, crc32_of(b + 12, 17));
		char name[48];
		snprintf(name, sizeof name, "shape-%ux%u.png", shapes[i].w, shapes[i].h);
		all &= refused(name, b, len, shapes[i].why);
	}
	ok(all, "PNG headers of the wrong shape, 16384 wide or huge are refused before reading");

	/* bit flips and byte runs anywhere: an error or a 2:1 map, nothing else */
	rng_t r;
	rng_seed_stream(&r, 11, 0);
	int fine = 0, errors = 0, tries = 150;
	for (int t = 0; t < tries; t++) {
		memcpy(b, png, len);
		int k = 1 + (int)rng_below(&r, 8);
		for (int j = 0; j < k; j++) {
			size_t at = t % 3 == 0 ? rng_below(&r, 64) : rng_below(&r, (uint32_t)len);
			b[at] ^= (uint8_t)(1u << rng_below(&r, 8));
		}
		snprintf(path, sizeof path, "%s/bad-flip.png", dir);
		spill(path, b, len);
		heightfield hf = {0};
		char err[512] = "";
		int rc = heightmap_read(path, NULL, &hf, err, sizeof err);
		fine += rc == 0 ? hf.m && hf.width == 2 * hf.height : rc == -1 && err[0];
		errors += rc != 0;
		free((void *)hf.m);
	}
	unlink(path);
	ok(fine == tries && errors > tries / 2,
	   "%d damaged PNGs: each an error with a message or a 2:1 map (%d errors)", tries, errors);
	free(b);
	free(png);

	/* float data */
	float *f = calloc(2 * 16 * 16, sizeof *f);
	ok(refused("odd.f32", f, 4 * 100, "no 2:1 map"), "float data of no 2:1 size is refused");
	f[37] = NAN;
	ok(refused("nan.f32", f, 4 * 2 * 16 * 16, "not a height"), "float data with a NaN is refused");
	f[37] = 0;
	const char *headers[][2] = {
		{"ENVI\nsamples = 32\nlines = 16\ndata type = 4\n", "truncated"},
		{"ENVI\nsamples = 8192\nlines = 4096\ndata type = 4\n", "truncated"},
		{"ENVI\nsamples = 100000\nlines = 50000\ndata type = 4\n", "at most 8192"},
		{"ENVI\nsamples = 32\nlines = 16\ndata type = 5\n", "float32"},
		{"not an ENVI header\n", "ENVI header"},
		{"ENVI\nsamples = 30\nlines = 16\ndata type = 4\n", "twice as wide"},
	};
	all = 1;
	for (size_t i = 0; i < sizeof headers / sizeof *headers; i++) {
		char hdr[400];
		snprintf(hdr, sizeof hdr, "%s/bad-h%zu.hdr", dir, i);
		spill(hdr, headers[i][0], strlen(headers[i][0]));
		char name[32];
		snprintf(name, sizeof name, "h%zu.f32", i);
		all &= refused(name, f, 4 * 16 * 16, headers[i][1]);
		unlink(hdr);
	}
	ok(all, "float data whose ENVI header is wrong, huge or larger than the file is refused");
	free(f);
	/* random files: bytes (some behind a PNG signature), and float data
	 * behind ENVI headers of random numbers */
	int sane = 0, n_random = 120;
	for (int t = 0; t < n_random; t++) {
		uint8_t junk[4096];
		size_t jl = rng_below(&r, sizeof junk);
		for (size_t i = 0; i < jl; i++)
			junk[i] = (uint8_t)rng_below(&r, 256);
		if (t % 2 && jl >= 8)
			memcpy(junk, "\x89PNG\r\n\x1a\n", 8);
		char hdr[400];
		snprintf(hdr, sizeof hdr, "%s/rnd.hdr", dir);
		if (t % 3 == 0) {
			static const char *keys[] = {"samples", "lines", "bands", "data type", "byte order",
			                             "header offset"};
			FILE *h = fopen(hdr, "w");
			if (h) {
				fputs("ENVI\n", h);
				for (int k = 0; k < 6; k++) {
					long v = (long)rng_below(&r, 5) - 1;
					v = rng_below(&r, 3) == 0 ? (long)rng_below(&r, 1u << 31) : v * 16 + 4;
					fprintf(h, "%s = %ld\n", keys[k], v);
				}
				if (t % 2)
					fprintf(h, "map info = {Geographic Lat/Lon, 1, 1, %d, 90, 11.25, 11.25}\n",
					        (int)rng_below(&r, 3) * 90 - 180);
				fclose(h);
			}
		}
		snprintf(path, sizeof path, "%s/rnd.f32", dir);
		spill(path, junk, jl);
		heightfield hf = {0};
		char err[512] = "";
		int rc = heightmap_read(path, NULL, &hf, err, sizeof err);
		sane += rc == 0 ? hf.m && hf.width == 2 * hf.height && hf.width <= HEIGHTMAP_MAX_WIDTH
		                : rc == -1 && err[0];
		free((void *)hf.m);
		unlink(hdr);
		unlink(path);
	}
	ok(sane == n_random, "%d files of random bytes or random ENVI headers: each an error with a "
	   "message or a 2:1 map (%d)", n_random, sane);

	char err[512] = "";
	heightfield hf = {0};
	snprintf(path, sizeof path, "%s/no-such-file.png", dir);
	ok(heightmap_read(path, NULL, &hf, err, sizeof err) == -1 && strstr(err, "cannot read"),
	   "a missing file: %s", err);
	ok(heightmap_read(dir, NULL, &hf, err, sizeof err) == -1 && strstr(err, "folder"),
	   "a folder: %s", err);
}

int main(void)
{
	tap_init();
	snprintf(dir, sizeof dir, "/tmp/tectonica-import-%ld", (long)getpid());
	pool_t *pool = pool_new(2);
	planet_t *pl;
	snapshot_t *s;
	if (fixture_planet(-1, 5, 30, pool, &pl, &s) < 0)
		return tap_done();
	char err[512] = "";
	unsigned mask;
	export_parse_list("elevation16,elevation,raw", &mask, err, sizeof err);
	export_opts o = {.width = W, .height = H, .scenario = "built-in default", .frame = -1};
	int rc = export_write(s, mask, dir, &o, pool, err, sizeof err);
	ok(rc == 0, "elevation16, elevation and raw written%s%s", rc ? ": " : "", rc ? err : "");

	/* tolerances: a cell is ~110 km across, a pixel 20 km; the map between
	 * cell centres is interpolated and textured, so a cell read off the map
	 * by bilinear interpolation lands within a few metres on gentle ground
	 * and within some hundreds on the steepest (peaks, trench walls); the
	 * 8-bit map adds its 78 m steps */
	round_trip(planet_params(pl), pool, s, "elevation16.png", 20, 250, 0.98);
	round_trip(planet_params(pl), pool, s, "raw.f32", 20, 250, 0.98);
	round_trip(planet_params(pl), pool, s, "elevation.png", 60, 300, 0.95);
	sidecar_mapping();
	bad_files();

	fixture_free(dir, pl, s, pool);
	return tap_done();
}
