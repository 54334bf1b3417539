/* test_export.c: every map kind is written, valid and tagged; heightmap values
 * are exact; maps are seamless at +-180 degrees and calm at the poles; output
 * is byte-identical for any thread count; bad lists, sizes and folders fail
 * with a message. Uses a synthetic snapshot with smooth fields on a real grid,
 * so it does not depend on the simulation. */
#include "tap.h"

#include <dirent.h>
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "core/grid.h"
#include "core/rng.h"
#include "core/params.h"
#include "core/snapshot.h"
#include "io/colormap.h"
#include "io/export.h"
#include "base/pool.h"

#define W 256
#define H 128

/* ---- a synthetic planet ---------------------------------------------------- */

/* Smooth fields of position, so every map has something to show. */
static double smooth_elev(vec3 p)
{
	return 3500.0 * p.x + 2500.0 * p.y * p.z - 1200.0 * p.z * p.z + 400.0;
}

static snapshot_t *make_snapshot(const grid_t *g, double const_elev, int use_const)
{
	snapshot_t *s = snapshot_new(g);
	if (!s)
		return NULL;
	params_default(&s->prm);
	s->prm.seed = 12345;
	s->step = 7;
	s->time_myr = 7.5;
	s->sea_level_m = 0;
	s->plate_count = 4;
	for (int i = 0; i < 4; i++) {
		s->plates[i].id = i + 1;
		s->plates[i].r = (uint8_t)(60 + 50 * i);
		s->plates[i].g = (uint8_t)(200 - 40 * i);
		s->plates[i].b = (uint8_t)(90 + 30 * i);
	}
	for (int c = 0; c < g->n; c++) {
		vec3 p = g->centre[c];
		double e = use_const ? const_elev : smooth_elev(p);
		s->elevation[c] = (float)e;
		s->temperature[c] = (float)(30.0 - 55.0 * p.z * p.z - (e > 0 ? e * 0.0065 : 0));
		s->precip[c] = (float)(1800.0 + 1500.0 * p.y);
		s->dry_summer[c] = p.x < 0 && fabs(p.z) > 0.5 && fabs(p.z) < 0.7 ? 255 : 0;
		s->dry_winter[c] = 0;
		s->stress[c] = (float)(p.y * p.x);
		s->shear[c] = 0;
		s->age[c] = (float)(100.0 + 100.0 * p.z);
		s->crust[c] = e > 0 ? CRUST_CONTINENTAL : CRUST_OCEANIC;
		s->plate[c] = (uint16_t)((p.x > 0) + 2 * (p.y > 0));
		s->boundary[c] = fabs(p.x) < 0.02 ? BOUNDARY_CONVERGENT
		               : fabs(p.y) < 0.02 ? BOUNDARY_DIVERGENT : BOUNDARY_NONE;
		s->biome[c] = (uint8_t)biome_classify(s->prm.biomes, s->temperature[c], s->precip[c],
		                                      e - s->sea_level_m, s->dry_summer[c] / 255.0,
		                                      s->dry_winter[c] / 255.0);
		s->vel_east[c] = (float)(3.0 + 2.0 * p.z);
		s->vel_north[c] = (float)(1.0 * p.x);
	}
	return s;
}

/* ---- reading PNGs back ----------------------------------------------------- */

typedef struct image {
	int w, h, depth, colour, channels;
	uint8_t *px;            /* rows as stored (16-bit big-endian) */
	size_t stride;
	char text[12][2][256];
	int ntext;
} image;

static int read_png(const char *path, image *im)
{
	memset(im, 0, sizeof *im);
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_read_struct(&png, &info, NULL);
		fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_read_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
	im->w = (int)png_get_image_width(png, info);
	im->h = (int)png_get_image_height(png, info);
	im->depth = png_get_bit_depth(png, info);
	im->colour = png_get_color_type(png, info);
	im->channels = png_get_channels(png, info);
	im->stride = png_get_rowbytes(png, info);
	im->px = malloc(im->stride * (size_t)im->h);
	png_bytepp rows = png_get_rows(png, info);
	for (int y = 0; y < im->h; y++)
		memcpy(im->px + im->stride * (size_t)y, rows[y], im->stride);
	png_textp tx;
	int nt = 0;
	png_get_text(png, info, &tx, &nt);
	for (int i = 0; i < nt && i < 12; i++) {
		snprintf(im->text[i][0], 256, "%s", tx[i].key);
		snprintf(im->text[i][1], 256, "%s", tx[i].text);
	}
	im->ntext = nt < 12 ? nt : 12;
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);
	return 0;
}

static const char *image_text(const image *im, const char *key)
{
	for (int i = 0; i < im->ntext; i++)
		if (!strcmp(im->text[i][0], key))
			return im->text[i][1];
	return NULL;
}

static unsigned grey16(const image *im, int x, int y)
{
	const uint8_t *p = im->px + im->stride * (size_t)y + 2 * (size_t)x;
	return (unsigned)p[0] << 8 | p[1];
}

static int text_is(const image *im, const char *key, const char *want)
{
	const char *got = image_text(im, key);
	return got && !strcmp(got, want);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	*len = fread(b, 1, (size_t)n, f);
	b[*len] = 0;
	fclose(f);
	return b;
}

static int same_file(const char *a, const char *b)
{
	size_t la, lb;
	char *x = slurp(a, &la), *y = slurp(b, &lb);
	int same = x && y && la == lb && !memcmp(x, y, la);
	free(x);
	free(y);
	return same;
}

static int count_tmp_files(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += strstr(e->d_name, ".tmp") != NULL;
	if (d)
		closedir(d);
	return n;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_parse(void)
{
	unsigned m;
	char err[512];
	ok(export_parse_list("all", &m, err, sizeof err) == 0 && m == (1u << EXPORT_KIND_COUNT) - 1,
	   "\"all\" selects every kind");
	ok(export_parse_list("biome,elevation16", &m, err, sizeof err) == 0 &&
	   m == (1u << EXPORT_BIOME | 1u << EXPORT_ELEVATION16), "a comma list");
	ok(export_parse_list(" plates , age", &m, err, sizeof err) == 0 &&
	   m == (1u << EXPORT_PLATES | 1u << EXPORT_AGE), "spaces around names are ignored");
	int rc = export_parse_list("biome,heights", &m, err, sizeof err);
	ok(rc == -1 && strstr(err, "heights") && strstr(err, "elevation16") && strstr(err, "cubemap"),
	   "an unknown name is named, with the valid ones: %s", err);
	ok(export_parse_list("", &m, err, sizeof err) == -1, "an empty list is an error");
	ok(export_parse_list("biome,", &m, err, sizeof err) == -1, "a trailing comma is an error");
	int names = 1;
	const char *want[] = {"biome", "elevation", "elevation16", "plates", "stress", "temperature",
	                      "precipitation", "age", "cubemap", "raw", "data-temperature",
	                      "data-precipitation", "data-age", "data-stress", "data-velocity",
	                      "data-plates", "data-biome", "raw16", "relief", "cubemap-elevation",
	                      "mollweide", "orthographic"};
	ok(sizeof want / sizeof *want == EXPORT_KIND_COUNT, "every kind is named here");
	for (int k = 0; k < EXPORT_KIND_COUNT; k++) {
		names &= !strcmp(export_kind_name((export_kind)k), want[k]);
		names &= export_parse_list(want[k], &m, err, sizeof err) == 0 && m == 1u << k;
	}
	ok(names, "every kind's name round-trips through the parser");
}

static void test_all_kinds(const snapshot_t *s, const char *root)
{
	char dir[512], path[600], err[512];
	snprintf(dir, sizeof dir, "%s/new/folder", root);
	export_opts o = {.width = W, .height = H, .scenario = "conf/test.yaml", .frame = -1};
	int rc = export_write(s, (1u << EXPORT_KIND_COUNT) - 1, dir, &o, NULL, err, sizeof err);
	ok(rc == 0, "all kinds written into a new nested folder%s%s", rc ? ": " : "", rc ? err : "");

	for (int k = 0; k < EXPORT_KIND_COUNT; k++) {
		if (k == EXPORT_RAW || (k >= EXPORT_DATA_TEMPERATURE && k <= EXPORT_RAW16))
			continue;    /* binary layers: test_layers.c */
		const char *name = export_kind_name((export_kind)k);
		snprintf(path, sizeof path, "%s/%s.png", dir, name);
		image im;
		if (!ok(read_png(path, &im) == 0, "%s.png reads back", name))
			continue;
		int ww = W, hh = H, depth = 8, colour = PNG_COLOR_TYPE_RGB;
		if (k == EXPORT_CUBEMAP || k == EXPORT_CUBEMAP_ELEVATION) {
			ww = 4 * (H / 2);
			hh = 3 * (H / 2);
		}
		if (k == EXPORT_ORTHOGRAPHIC)
			ww = H;
		if (k == EXPORT_ELEVATION)
			colour = PNG_COLOR_TYPE_GRAY;
		if (k == EXPORT_ELEVATION16 || k == EXPORT_CUBEMAP_ELEVATION) {
			colour = PNG_COLOR_TYPE_GRAY;
			depth = 16;
		}
		ok(im.w == ww && im.h == hh && im.depth == depth && im.colour == colour,
		   "%s.png is %dx%d, %d-bit, colour type %d (got %dx%d, %d, %d)", name, ww, hh, depth,
		   colour, im.w, im.h, im.depth, im.colour);
		char sw[64];
		snprintf(sw, sizeof sw, "tectonica %s", PACKAGE_VERSION);
		ok(text_is(&im, "Software", sw) && text_is(&im, "Scenario", "conf/test.yaml") &&
		   text_is(&im, "Seed", "12345") && text_is(&im, "Step", "7") &&
		   text_is(&im, "Time-Myr", "7.5") && text_is(&im, "Kind", name),
		   "%s.png carries Software, Scenario, Seed, Step, Time-Myr and Kind", name);
		if (k == EXPORT_BIOME) {
			/* seam: the first and last columns are neighbours on the sphere */
			double seam = 0, inner = 0;
			for (int y = 0; y < im.h; y++) {
				const uint8_t *r = im.px + im.stride * (size_t)y;
				for (int ch = 0; ch < 3; ch++) {
					seam += abs(r[ch] - r[3 * (W - 1) + ch]);
					inner += abs(r[3 * (W / 2) + ch] - r[3 * (W / 2 - 1) + ch]);
				}
			}
			ok(seam <= 2 * inner + 3.0 * im.h,
			   "biome map: the left and right edges meet (seam %.0f, mid-map %.0f)", seam, inner);
		}
		if (k == EXPORT_CUBEMAP) {
			/* the +X face's right edge meets the +Y face's left edge */
			int n = H / 2, far = 0;
			for (int y = n; y < 2 * n; y++) {
				const uint8_t *r = im.px + im.stride * (size_t)y;
				for (int ch = 0; ch < 3; ch++)
					far += abs(r[3 * (2 * n - 1) + ch] - r[3 * (2 * n) + ch]) > 40;
			}
			ok(far <= n / 8, "cube map: adjacent faces meet along their edge (%d jumps)", far);
		}
		if (k == EXPORT_CUBEMAP_ELEVATION) {
			/* +X's right edge meets +Y's left edge, +Z's bottom row +X's top row;
			 * the corner outside the faces is 0 */
			int n = H / 2;
			double edge = 0, inner = 0, top = 0;
			for (int t = n; t < 2 * n; t++) {
				edge += abs((int)grey16(&im, 2 * n - 1, t) - (int)grey16(&im, 2 * n, t));
				inner += abs((int)grey16(&im, n + n / 2, t) - (int)grey16(&im, n + n / 2 + 1, t));
				top += abs((int)grey16(&im, n + t - n, n - 1) - (int)grey16(&im, n + t - n, n));
			}
			ok(edge <= 3 * inner + n * 50 && top <= 3 * inner + n * 50 && grey16(&im, 0, 0) == 0,
			   "elevation cube map: faces meet (edges %.0f and %.0f, inside a face %.0f)", edge,
			   top, inner);
		}
		free(im.px);
	}

	snprintf(path, sizeof path, "%s/raw.f32", dir);
	struct stat st;
	ok(stat(path, &st) == 0 && st.st_size == (off_t)W * H * 4, "raw.f32 holds W*H float32");
	snprintf(path, sizeof path, "%s/raw.json", dir);
	size_t len;
	char *json = slurp(path, &len);
	ok(json && strstr(json, "\"width\": 256") && strstr(json, "\"height\": 128") &&
	   strstr(json, "\"dtype\": \"float32\"") && strstr(json, "\"byte_order\": \"little\"") &&
	   strstr(json, "\"units\": \"m\"") && strstr(json, "\"seed\": 12345") &&
	   strstr(json, "\"step\": 7") && strstr(json, "\"scenario\": \"conf/test.yaml\"") &&
	   strstr(json, "\"projection\": \"equirectangular\"") && strstr(json, "\"sea_level_m\": 0"),
	   "raw.json describes the data");
	free(json);
	ok(count_tmp_files(dir) == 0, "no temporary files are left behind");

	/* heightmap along the seam and at the pole */
	snprintf(path, sizeof path, "%s/elevation16.png", dir);
	image im;
	if (read_png(path, &im) == 0) {
		double seam = 0, inner = 0;
		unsigned lo = 65535, hi = 0, tlo = 65535, thi = 0;
		for (int y = 0; y < H; y++) {
			seam += abs((int)grey16(&im, 0, y) - (int)grey16(&im, W - 1, y));
			inner += abs((int)grey16(&im, W / 3, y) - (int)grey16(&im, W / 3 + 1, y));
			for (int x = 0; x < W; x++) {
				unsigned v = grey16(&im, x, y);
				lo = v < lo ? v : lo;
				hi = v > hi ? v : hi;
				if (y == 0) {
					tlo = v < tlo ? v : tlo;
					thi = v > thi ? v : thi;
				}
			}
		}
		ok(seam <= 2 * inner + H, "heightmap: the left and right edges meet (%.0f vs %.0f)",
		   seam, inner);
		ok(thi - tlo <= (hi - lo) / 50,
		   "heightmap: the top row is near-uniform (range %u of %u)", thi - tlo, hi - lo);
		free(im.px);
	}
}

static void test_exact(const grid_t *g, const char *root)
{
	static const struct { double e; unsigned v16, v8; } cases[] = {
		{1000, 39321, 153}, {-11000, 0, 0}, {9000, 65535, 255}, {0, 36044, 140},
	};
	char dir[512], path[600], err[512];
	snprintf(dir, sizeof dir, "%s/exact", root);
	export_opts o = {.width = 64, .height = 32, .scenario = NULL, .frame = -1};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snapshot_t *s = make_snapshot(g, cases[i].e, 1);
		unsigned mask = 1u << EXPORT_ELEVATION16 | 1u << EXPORT_ELEVATION | 1u << EXPORT_RAW;
		int rc = export_write(s, mask, dir, &o, NULL, err, sizeof err);
		image a, b;
		snprintf(path, sizeof path, "%s/elevation16.png", dir);
		int ra = read_png(path, &a);
		snprintf(path, sizeof path, "%s/elevation.png", dir);
		int rb = read_png(path, &b);
		int all16 = rc == 0 && ra == 0, all8 = rc == 0 && rb == 0;
		for (int y = 0; all16 && y < 32; y++)
			for (int x = 0; x < 64; x++)
				all16 &= grey16(&a, x, y) == cases[i].v16;
		for (int y = 0; all8 && y < 32; y++)
			for (int x = 0; x < 64; x++)
				all8 &= b.px[b.stride * (size_t)y + (size_t)x] == cases[i].v8;
		ok(all16, "elevation16: %.0f m is %u everywhere", cases[i].e, cases[i].v16);
		ok(all8, "elevation: %.0f m is %u everywhere", cases[i].e, cases[i].v8);
		snprintf(path, sizeof path, "%s/raw.f32", dir);
		size_t len;
		char *raw = slurp(path, &len);
		int rawok = raw && len == 64 * 32 * 4;
		for (size_t k = 0; rawok && k < len; k += 4) {
			const uint8_t *q = (const uint8_t *)raw + k;
			uint32_t u = q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
			float f;
			memcpy(&f, &u, 4);
			rawok &= fabs(f - cases[i].e) < 1e-3;
		}
		ok(rawok, "raw: %.0f m reads back as little-endian float32", cases[i].e);
		if (i == 0)
			ok(text_is(&a, "Scenario", "built-in default"), "no scenario path: \"built-in default\"");
		free(raw);
		free(a.px);
		free(b.px);
		snapshot_free(s);
	}
}

static void test_determinism(const snapshot_t *s, const char *root)
{
	char d[4][512], a[1100], b[1100], err[512];
	pool_t *p1 = pool_new(1), *p2 = pool_new(2);
	pool_t *pools[4] = {NULL, NULL, p1, p2};
	export_opts o = {.width = W, .height = H, .scenario = "x", .frame = 3};
	unsigned mask = 1u << EXPORT_BIOME | 1u << EXPORT_ELEVATION16 | 1u << EXPORT_CUBEMAP |
	                1u << EXPORT_STRESS;
	int rc = 0;
	for (int i = 0; i < 4; i++) {
		snprintf(d[i], sizeof d[i], "%s/det%d", root, i);
		rc |= export_write(s, mask, d[i], &o, pools[i], err, sizeof err);
	}
	ok(rc == 0, "four runs written");
	snprintf(a, sizeof a, "%s/biome-000003.png", d[0]);
	struct stat st;
	ok(stat(a, &st) == 0, "time-lapse frames are named KIND-%%06ld.png");
	const char *kinds[] = {"biome", "elevation16", "cubemap", "stress"};
	int same_runs = 1, same_threads = 1;
	for (int k = 0; k < 4; k++) {
		snprintf(a, sizeof a, "%s/%s-000003.png", d[0], kinds[k]);
		snprintf(b, sizeof b, "%s/%s-000003.png", d[1], kinds[k]);
		same_runs &= same_file(a, b);
		for (int i = 2; i < 4; i++) {
			snprintf(b, sizeof b, "%s/%s-000003.png", d[i], kinds[k]);
			same_threads &= same_file(a, b);
		}
	}
	ok(same_runs, "two runs give the same bytes");
	ok(same_threads, "no pool, 1 thread and 2 threads give the same bytes");
	pool_free(p1);
	pool_free(p2);
}

static void test_errors(const snapshot_t *s, const char *root)
{
	char dir[512], err[512];
	export_opts o = {.width = W, .height = H, .scenario = "x", .frame = -1};
	snprintf(dir, sizeof dir, "%s/afile", root);
	FILE *f = fopen(dir, "w");
	if (f)
		fclose(f);
	snprintf(dir, sizeof dir, "%s/afile/sub", root);
	err[0] = 0;
	ok(export_write(s, 1u << EXPORT_BIOME, dir, &o, NULL, err, sizeof err) == -1 && err[0],
	   "a folder that cannot be created is an error: %s", err);
	snprintf(dir, sizeof dir, "%s/afile", root);
	err[0] = 0;
	ok(export_write(s, 1u << EXPORT_BIOME, dir, &o, NULL, err, sizeof err) == -1 && err[0],
	   "an output path that is a file is an error: %s", err);

	snprintf(dir, sizeof dir, "%s/sizes", root);
	static const int bad[][2] = {{8, 4}, {100, 100}, {20000, 10000}, {33, 16}, {0, 0}};
	int all = 1;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		o.width = bad[i][0];
		o.height = bad[i][1];
		err[0] = 0;
		all &= export_write(s, 1u << EXPORT_BIOME, dir, &o, NULL, err, sizeof err) == -1 && err[0];
	}
	ok(all, "bad sizes are refused: %s", err);
	o.width = 32;
	o.height = 0;
	ok(export_write(s, 1u << EXPORT_BIOME, dir, &o, NULL, err, sizeof err) == 0,
	   "height 0 means width / 2");
}

static void test_colormap(const snapshot_t *s)
{
	const grid_t *g = s->grid;
	int names = 1;
	for (int v = 0; v < VIEW_COUNT; v++)
		names &= view_table[v].name && view_table[v].title;
	ok(names && !strcmp(view_table[VIEW_BIOME].name, "biome"), "every view has a name and title");

	/* interpolation reproduces cell values at centres and is continuous */
	double worst = 0, jump = 0;
	for (int c = 0; c < g->n; c += 7) {
		vec3 p = g->centre[c];
		worst = fmax(worst, fabs(colormap_elevation_at(s, p, c) - s->elevation[c]));
		vec3 q = v3_norm(v3_add(p, v3_scale(v3(0.3, -0.2, 0.1), g->spacing * 0.01)));
		jump = fmax(jump, fabs(colormap_elevation_at(s, q, -1) - colormap_elevation_at(s, p, -1)));
	}
	ok(worst < 0.01, "interpolated elevation equals the cell's at its centre (%g m)", worst);
	ok(jump < 100, "interpolated elevation is continuous (largest step %g m)", jump);
	/* a land cell far from any coast shows its biome's colour, give or take noise */
	int c = grid_locate(g, v3(1, 0, 0));
	rgb col = colormap_cell(s, VIEW_BIOME, c);
	const biome_param *b = &s->prm.biomes[s->biome[c]];
	ok(abs(col.r - b->r) <= 12 && abs(col.g - b->g) <= 12 && abs(col.b - b->b) <= 12,
	   "biome view uses the scenario's biome colours");
	/* the cursor is a shortcut only: same colours as fresh lookups */
	int differ = 0;
	for (int v = 0; v < VIEW_COUNT; v++) {
		colormap_cursor cur = COLORMAP_CURSOR_INIT;
		for (int x = 0; x < 600; x++) {
			vec3 p = v3_from_latlon(0.7 - x * 0.0021, -3.1 + x * 0.0103);
			rgb a = colormap_point_cur(s, (view_kind)v, p, &cur);
			rgb f = colormap_point(s, (view_kind)v, p, NULL);
			differ += abs(a.r - f.r) > 1 || abs(a.g - f.g) > 1 || abs(a.b - f.b) > 1;
		}
	}
	ok(differ == 0, "a cursor changes no colour (%d differ)", differ);
	int hint = -1;
	rgb pt = colormap_point(s, VIEW_PLATES, v3(0.2, 0.9, 0.3), &hint);
	ok(hint >= 0 && hint < g->n && (pt.r || pt.g || pt.b), "colormap_point updates its hint");
}

/* Interpolation on irregular grids (jitter, Fibonacci points): obtuse
 * triangles make the Voronoi cell overhang the fan of the nearest cell, which
 * is where the triangle walk earns its keep. A linear field on the sphere
 * (elevation = a . p) must come back almost exactly, since the interpolant
 * is linear in the gnomonic plane of each triangle. */
static void test_interp_grid(grid_kind kind, int param, double jitter, const char *name)
{
	char err[256];
	grid_t *g = grid_new(kind, param, jitter, 7, err, sizeof err);
	if (!ok(g != NULL, "%s grid%s%s", name, g ? "" : ": ", g ? "" : err))
		return;
	snapshot_t *s = make_snapshot(g, 0, 0);
	for (int c = 0; c < g->n; c++) {
		vec3 p = g->centre[c];
		s->elevation[c] = (float)(1000.0 * p.x - 2000.0 * p.y + 500.0 * p.z);
	}
	double worst = 0;
	colormap_cursor cur = COLORMAP_CURSOR_INIT;
	for (int i = 0; i < 20000; i++) {
		double lat = asin(-1.0 + 2.0 * (i + 0.5) / 20000), lon = i * 2.399963;
		vec3 p = v3_from_latlon(lat, lon);
		double want = 1000.0 * p.x - 2000.0 * p.y + 500.0 * p.z;
		/* the gnomonic interpolant of a linear function is exact up to the
		 * radial scale of the triangle's plane: within ~spacing^2 */
		double e1 = colormap_elevation_at(s, p, -1), e2 = colormap_elevation_cur(s, p, &cur);
		worst = fmax(worst, fmax(fabs(e1 - want), fabs(e2 - want)));
	}
	double tol = 2300.0 * g->spacing * g->spacing + 1e-3;
	ok(worst <= tol, "%s: a linear field interpolates within %.3g m (worst %.3g m)", name, tol, worst);
	snapshot_free(s);
	grid_free(g);
}

/* Sub-cell detail: rough between centres where the relief is high, exact
 * at every centre, continuous, within a quarter of the local relief of the
 * plain interpolant (a snapshot never filled has no detail), calm where the
 * ground is flat, and the same for the same seed. */
static void test_detail(const grid_t *g)
{
	snapshot_t *s = make_snapshot(g, 0, 0), *plain = make_snapshot(g, 0, 0);
	for (int c = 0; c < g->n; c++)    /* a continent with a 3.3 km coast step */
		s->elevation[c] = plain->elevation[c] = g->centre[c].x > 0.2 ? 300.0f : -3000.0f;
	snapshot_fill_detail(s);
	double at_centre = 0, jump = 0, dev_max = 0, flat = 0;
	for (int c = 0; c < g->n; c++) {
		const vec3 p = g->centre[c];
		at_centre = fmax(at_centre, fabs(colormap_elevation_at(s, p, c) - s->elevation[c]));
		vec3 q = v3_norm(v3_add(p, v3_scale(v3(0.31, -0.52, 0.17), g->spacing * 0.4)));
		vec3 r = v3_norm(v3_add(q, v3_scale(v3(0.1, 0.2, -0.3), g->spacing * 1e-4)));
		double eq = colormap_elevation_at(s, q, -1);
		jump = fmax(jump, fabs(eq - colormap_elevation_at(s, r, -1)));
		double dev = fabs(eq - colormap_elevation_at(plain, q, -1));
		dev_max = fmax(dev_max, dev);
		int calm = 1, near = grid_locate(g, q);
		for (int k = g->nbr_off[near]; k < g->nbr_off[near + 1]; k++)
			calm &= s->relief[g->nbr[k]] == 0;
		if (calm && s->relief[near] == 0)
			flat = fmax(flat, dev);
	}
	ok(at_centre < 0.01, "detail: a cell's own height at its centre (%g m off)", at_centre);
	ok(jump < 5, "detail: the surface is continuous (%g m across 1e-4 spacings)", jump);
	ok(dev_max > 50 && dev_max <= 0.25 * 3300 + 1e-3,
	   "detail: coasts are rough, within a quarter of the relief (%g m at most)", dev_max);
	ok(flat < 0.01, "detail: flat ground stays flat (%g m)", flat);
	/* same seed, same detail; another seed, other detail */
	double same = 0, diff = 0;
	for (int c = 0; c < g->n; c += 3) {
		vec3 q = v3_norm(v3_add(g->centre[c], v3_scale(v3(0.3, 0.5, 0.2), g->spacing * 0.3)));
		double e1 = colormap_elevation_at(s, q, -1);
		snapshot_fill_detail(s);
		same = fmax(same, fabs(colormap_elevation_at(s, q, -1) - e1));
		s->prm.seed++;
		snapshot_fill_detail(s);
		diff = fmax(diff, fabs(colormap_elevation_at(s, q, -1) - e1));
		s->prm.seed--;
		snapshot_fill_detail(s);
	}
	ok(same == 0 && diff > 1, "detail: fixed by the seed (%g m apart across seeds)", diff);
	snapshot_free(plain);
	snapshot_free(s);
}

/* The detail draws coasts only where the cells do: lowland at 20 m beside
 * 1.5 km hills (a quarter of that relief is ten times the lowland's
 * height) and shallows at -30 m beside the abyss. Between three land cells
 * nothing is drawn below the sea, between three sea cells nothing above
 * it; where land and sea cells meet, the coast stays rough (the noise
 * still crosses the sea level there). Unbounded, the noise dug lakes into
 * such plains and raised islets out of the shallows. */
static void test_detail_coasts(const grid_t *g)
{
	snapshot_t *s = make_snapshot(g, 0, 0);
	for (int c = 0; c < g->n; c++) {
		int hill = c % 5 == 0;
		s->elevation[c] = g->centre[c].x > 0 ? (hill ? 1500.0f : 20.0f) : (hill ? -3000.0f : -30.0f);
	}
	snapshot_fill_detail(s);
	colormap_cursor cur = COLORMAP_CURSOR_INIT;
	int dug = 0, raised = 0, crossed = 0, inland = 0, offshore = 0;
	rng_t r;
	rng_seed(&r, 99);
	for (int i = 0; i < 40000; i++) {
		colormap_at at;
		colormap_locate(s, rng_unit(&r), &cur, &at);
		int land = 0;
		for (int k = 0; k < 3; k++)
			land += s->elevation[at.t.c[k]] >= 0;
		double e = colormap_at_height(s, &at);
		if (land == 3) {
			inland++;
			dug += e < 0;
		} else if (land == 0) {
			offshore++;
			raised += e >= 0;
		} else {
			crossed += (e >= 0) != (at.h.e >= 0);
		}
	}
	ok(inland > 1000 && offshore > 1000 && dug == 0 && raised == 0,
	   "detail: no lake among land cells (%d of %d points), no islet among sea cells (%d of %d)",
	   dug, inland, raised, offshore);
	ok(crossed > 0, "detail: coasts between land and sea cells stay rough (%d points crossed)", crossed);
	/* across every triangle edge (between neighbouring centres) the bound
	 * moves with the surface: no step where a land triangle meets a coast */
	double jump = 0;
	for (int c = 0; c < g->n; c++)
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			int nb = g->nbr[k];
			if (nb < c)
				continue;
			vec3 side = v3_scale(v3_norm(v3_cross(g->centre[c], g->centre[nb])), 1e-7 * g->spacing);
			for (double f = 0.25; f < 0.8; f += 0.25) {
				vec3 m = v3_norm(v3_add(v3_scale(g->centre[c], 1 - f), v3_scale(g->centre[nb], f)));
				double a = colormap_elevation_at(s, v3_norm(v3_add(m, side)), -1);
				double b = colormap_elevation_at(s, v3_norm(v3_sub(m, side)), -1);
				jump = fmax(jump, fabs(a - b));
			}
		}
	ok(jump < 1, "detail: continuous across triangle edges near coasts (%g m at most)", jump);
	snapshot_free(s);
}

/* Trenches are drawn along the plate boundary: two plates of flat floor
 * at -4 000 m meet on a great circle at an angle to the grid, and the
 * diving plate's rim cells carry a 3 000 m trench over part of it. Across
 * the boundary the deepest point lies on it (the rim cells' centres zigzag
 * a cell wide on either side of it), about as deep as the trench all
 * along; away from the trench the floor is untouched; the surface is
 * continuous and nowhere deeper than the trench. */
static void test_trenches(const grid_t *g)
{
	snapshot_t *s = make_snapshot(g, -4000, 1);
	vec3 n = v3_norm(v3(0.3, 0.8, 0.52));    /* the boundary's pole */
	vec3 along = v3_norm(v3_cross(n, v3(0, 0, 1)));
	vec3 across = v3_cross(along, n);          /* on the boundary, a quarter turn on */
	for (int c = 0; c < g->n; c++)
		s->plate[c] = v3_dot(g->centre[c], n) > 0;
	int rims = 0;
	double rim_lo = 0, rim_hi = 0;
	for (int c = 0; c < g->n; c++) {
		vec3 p = g->centre[c];
		if (s->plate[c] != 0 || v3_dot(p, along) < 0.3)    /* a stretch of the boundary */
			continue;
		int rim = 0;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			rim |= s->plate[g->nbr[k]] == 1;
		if (!rim)
			continue;
		s->trench[c] = 3000;
		s->elevation[c] = -7000;
		double off = v3_dot(p, n) / g->spacing;
		rim_lo = rims++ ? fmin(rim_lo, off) : off;
		rim_hi = fmax(rim_hi, off);
	}
	snapshot_fill_detail(s);
	double worst_off = 0, shallowest = -1e9, deepest = 0, centre, far = 0, jump = 0;
	int lines = 0;
	for (double a = 0.45; a < 0.9; a += 0.01) {
		/* a point on the boundary inside the trench's stretch */
		vec3 b = v3_norm(v3_add(v3_scale(along, a), v3_scale(across, sqrt(1 - a * a))));
		double best = 1e9, best_off = 0;
		for (double o = -2.0; o <= 2.0; o += 0.02) {
			vec3 q = v3_norm(v3_add(b, v3_scale(n, o * g->spacing)));
			double e = colormap_elevation_at(s, q, -1);
			vec3 r = v3_norm(v3_add(q, v3_scale(along, 1e-4 * g->spacing)));
			jump = fmax(jump, fabs(e - colormap_elevation_at(s, r, -1)));
			deepest = fmin(deepest, e);
			if (e < best) {
				best = e;
				best_off = o;
			}
			if (fabs(o) >= 1.9)
				far = fmax(far, fabs(e + 4000));
		}
		worst_off = fmax(worst_off, fabs(best_off));
		shallowest = fmax(shallowest, best);
		lines++;
	}
	int floored = 0;
	for (int c = 0; c < g->n; c++)
		if (s->trench[c] > 0)
			floored += fabs(colormap_elevation_at(s, g->centre[c], c) + 4000) <= 0.1 * 3000;
	centre = (double)floored / rims;
	ok(rims > 10 && rim_hi - rim_lo > 0.5,
	   "trenches: %d rim cells zigzag %.2f cell spacings across the boundary", rims, rim_hi - rim_lo);
	ok(lines > 30 && worst_off <= 0.3,
	   "trenches: drawn on the boundary (deepest within %.2f spacings of it, %d profiles)",
	   worst_off, lines);
	ok(shallowest <= -4000 - 0.8 * 3000 && deepest >= -7000 - 1,
	   "trenches: 2 400..3 000 m deep all along (shallowest %.0f m, deepest %.0f m)",
	   shallowest, deepest);
	ok(far < 0.01, "trenches: the floor two spacings away is untouched (%g m)", far);
	ok(centre >= 0.5, "trenches: most rim cells' centres show the floor (%.0f %% within 300 m)",
	   100 * centre);
	ok(jump < 5, "trenches: the surface is continuous (%g m across 1e-4 spacings)", jump);
	snapshot_free(s);
}

/* An edge drawn along a great circle (normal n) tilted to the grid, as the
 * age map shows it: profiles across the circle every 0.002 along a
 * stretch 1.9 long, each the first offset (cell spacings, -1.5..1.5 from
 * the circle toward n) whose colour is `far` rather than `near` (the one
 * nearer in RGB; with far_only, exactly far). *worst: the largest
 * offset's size; *wiggle: how far the edge moves across per spacing
 * along. Returns the number of profiles that found it. */
static int age_edge_profiles(const snapshot_t *s, vec3 n, rgb near, rgb far, int far_only,
                             double *worst, double *wiggle)
{
	const grid_t *g = s->grid;
	vec3 along = v3_norm(v3_cross(n, v3(0, 0, 1)));
	vec3 across = v3_cross(along, n);
	double prev = 0, moved = 0;
	int lines = 0;
	*worst = 0;
	for (double a = -0.95; a < 0.95; a += 0.002) {
		vec3 b = v3_norm(v3_add(v3_scale(along, a), v3_scale(across, sqrt(1 - a * a))));
		int hint = -1, found = 0;
		double edge = 0;
		for (double o = -1.5; o <= 1.5 && !found; o += 0.01) {
			rgb c = colormap_point(s, VIEW_AGE, v3_norm(v3_add(b, v3_scale(n, o * g->spacing))), &hint);
			double to_near = hypot(hypot(c.r - near.r, c.g - near.g), c.b - near.b);
			double to_far = hypot(hypot(c.r - far.r, c.g - far.g), c.b - far.b);
			found = far_only ? to_far == 0 : to_far < to_near;
			edge = o;
		}
		if (found) {
			*worst = fmax(*worst, fabs(edge));
			moved += lines++ ? fabs(edge - prev) : 0;
			prev = edge;
		}
	}
	*wiggle = moved / (1.9 / g->spacing);    /* the stretch, in cell spacings */
	return lines;
}

/* The age map's continents end on a line between the cells, not on each
 * cell's outline: continental crust beyond a great circle tilted to the
 * grid, and along it the grey edge zigzags less (the nearest cell's
 * outline moved 0.85 spacings across per spacing along, level 4) and stays
 * within 0.6 spacings of the circle. */
static void test_age_margin(const grid_t *g)
{
	snapshot_t *s = make_snapshot(g, -4000, 1);
	vec3 n = v3_norm(v3(-0.45, 0.7, 0.3));
	for (int c = 0; c < g->n; c++)
		s->crust[c] = v3_dot(g->centre[c], n) > 0 ? CRUST_CONTINENTAL : CRUST_OCEANIC;
	double worst, wiggle;
	rgb grey = {150, 150, 150};
	int lines = age_edge_profiles(s, n, grey, grey, 1, &worst, &wiggle);
	tap_diag("age map edge: within %.2f spacings, moves %.2f per spacing along", worst, wiggle);
	ok(lines > 900 && worst <= 0.6 && wiggle < 0.6,
	   "age map: continents end on lines between the cells (the edge moves %.2f spacings "
	   "across per spacing along; %d profiles)", wiggle, lines);
	snapshot_free(s);
}

/* A jump in the floor's age is drawn as a line between the cells, not as
 * a ramp along the triangles' edges: floor 20 and 150 Myr old meets on a
 * great circle tilted to the grid; across it, each profile turns from the
 * young floor's colour to the old floor's where it is nearer the old one,
 * and that point wanders less along the circle than the linear ramp's did
 * (0.46 spacings across per spacing along, level 4; 0.14 now). */
static void test_age_jumps(const grid_t *g)
{
	snapshot_t *s = make_snapshot(g, -4000, 1);
	vec3 n = v3_norm(v3(0.3, 0.65, -0.4));
	for (int c = 0; c < g->n; c++) {
		s->crust[c] = CRUST_OCEANIC;
		s->age[c] = v3_dot(g->centre[c], n) > 0 ? 150.0f : 20.0f;
	}
	int hint = -1;
	rgb young = colormap_point(s, VIEW_AGE, v3_scale(n, -1), &hint);
	rgb old = colormap_point(s, VIEW_AGE, n, &hint);
	double worst, wiggle;
	int lines = age_edge_profiles(s, n, young, old, 0, &worst, &wiggle);
	tap_diag("age jump: within %.2f spacings, moves %.2f per spacing along", worst, wiggle);
	ok(lines > 900 && worst <= 0.6 && wiggle < 0.3,
	   "age map: a jump in the floor's age is a line between the cells (it moves %.2f "
	   "spacings across per spacing along; %d profiles)", wiggle, lines);

	/* a strip of young floor a cell wide across the old (a sliver along a
	 * fracture zone) is a feature, not a zigzag to straighten away: its
	 * middle line reads young nearly all along (93 % with the linear ramp,
	 * 19 % if the neighbour averages alone chose the side) */
	vec3 m = v3_norm(v3(-0.5, 0.2, 0.7));
	for (int c = 0; c < g->n; c++)
		s->age[c] = fabs(v3_dot(g->centre[c], m)) < 0.5 * g->spacing ? 20.0f : 150.0f;
	vec3 u = v3_norm(v3_cross(m, v3(0, 0, 1))), w = v3_cross(u, m);
	int shown = 0, points = 0;
	colormap_cursor cur = COLORMAP_CURSOR_INIT;
	int all[3] = {1, 1, 1};
	for (double a = 0; a < 2 * M_PI; a += 0.001, points++) {
		int cells[3];
		double wt[3];
		int near = colormap_weights_cur(s, v3_add(v3_scale(u, cos(a)), v3_scale(w, sin(a))), &cur,
		                                cells, wt);
		shown += colormap_age_blend(s, cells, wt, all, near, &cur) < 85;
	}
	tap_diag("age strip a cell wide: drawn young on %.0f %% of its middle line", 100.0 * shown / points);
	ok(shown > 0.85 * points, "age map: a strip of young floor a cell wide stays drawn (%.0f %% of "
	   "its middle line)", 100.0 * shown / points);
	snapshot_free(s);
}

/* The plates map draws a boundary as a band on the line between the
 * plates' cells: two plates meet on a great circle tilted to the grid,
 * their rim cells classed convergent. Across the circle, every profile
 * crosses the band once, its middle near the circle, its edges zigzagging
 * less than the rim cells' outlines did (0.82 spacings across per spacing
 * along, level 4); where pixels are wider than cells (the dashboard) the
 * rim cells themselves are drawn, so the band is not sampled into dots. */
static void test_plate_bands(const grid_t *g)
{
	snapshot_t *s = make_snapshot(g, -4000, 1);
	vec3 n = v3_norm(v3(0.6, -0.2, 0.55));
	vec3 along = v3_norm(v3_cross(n, v3(0, 0, 1)));
	vec3 across = v3_cross(along, n);
	for (int c = 0; c < g->n; c++)
		s->plate[c] = v3_dot(g->centre[c], n) > 0;
	s->plates[0].area_fraction = s->plates[1].area_fraction = 0.5;
	for (int c = 0; c < g->n; c++) {
		s->boundary[c] = BOUNDARY_NONE;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			if (s->plate[g->nbr[k]] != s->plate[c])
				s->boundary[c] = BOUNDARY_CONVERGENT;
	}
	rgb red = colormap_boundary(BOUNDARY_CONVERGENT);
	double mid_worst = 0, wiggle[2] = {0, 0}, prev = 0, width[2] = {0, 0};
	int profiles = 0, broken[2] = {0, 0};
	for (double a = -0.95; a < 0.95; a += 0.002) {
		vec3 b = v3_norm(v3_add(v3_scale(along, a), v3_scale(across, sqrt(1 - a * a))));
		for (int coarse = 0; coarse < 2; coarse++) {
			colormap_cursor cur = COLORMAP_CURSOR_INIT;
			cur.pixel_rad = coarse ? 2 * g->spacing : 0;
			double lo = 9, hi = -9;
			int runs = 0, was = 0;
			for (double o = -2; o <= 2; o += 0.01) {
				vec3 q = v3_norm(v3_add(b, v3_scale(n, o * g->spacing)));
				rgb c = colormap_point_cur(s, VIEW_PLATES, q, &cur);
				int in = c.r == red.r && c.g == red.g && c.b == red.b;
				runs += in && !was;
				was = in;
				if (in) {
					lo = fmin(lo, o);
					hi = fmax(hi, o);
				}
			}
			broken[coarse] += runs != 1;
			if (runs < 1)
				continue;
			width[coarse] += hi - lo;
			if (!coarse) {
				mid_worst = fmax(mid_worst, fabs(lo + hi) / 2);
				wiggle[0] += profiles ? fabs(lo - prev) : 0;
				prev = lo;
			}
		}
		profiles++;
	}
	double length = 1.9 / g->spacing;
	ok(profiles > 900 && broken[0] == 0 && broken[1] == 0,
	   "plates map: the boundary is one unbroken band across every profile (%d not, %d where "
	   "pixels are wider than cells)", broken[0], broken[1]);
	ok(mid_worst <= 0.5 && wiggle[0] / length < 0.6,
	   "plates map: the band's middle within %.2f spacings of the boundary, its edge moving "
	   "%.2f spacings across per spacing along", mid_worst, wiggle[0] / length);
	ok(width[1] >= 1.5 * width[0],
	   "plates map: where pixels are wider than cells, the band is the rim cells (%.2f "
	   "spacings wide, %.2f where they are not)", width[1] / profiles, width[0] / profiles);
	snapshot_free(s);
}

int main(void)
{
	tap_init();
	char err[256];
	grid_t *g = grid_new(GRID_GOLDBERG, 4, 0.0, 1, err, sizeof err);
	if (!ok(g != NULL, "level-4 grid%s%s", g ? "" : ": ", g ? "" : err))
		return tap_done();
	snapshot_t *s = make_snapshot(g, 0, 0);
	char root[] = "/tmp/test_export.XXXXXX";
	if (!ok(s && mkdtemp(root), "synthetic snapshot and a temporary folder"))
		return tap_done();

	test_parse();
	test_colormap(s);
	test_interp_grid(GRID_GOLDBERG, 4, 0.45, "jittered goldberg");
	test_interp_grid(GRID_FIBONACCI, 3000, 0.0, "fibonacci");
	test_interp_grid(GRID_CUBESPHERE, 16, 0.3, "jittered cubesphere");
	test_detail(g);
	test_detail_coasts(g);
	test_trenches(g);
	test_age_margin(g);
	test_age_jumps(g);
	test_plate_bands(g);
	test_all_kinds(s, root);
	test_exact(g, root);
	test_determinism(s, root);
	test_errors(s, root);

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", root);
	snapshot_free(s);
	grid_free(g);
	return tap_done();
}
