/* export_render.c: the kinds of export and the pixels of each.
 *
 * Every map samples the sphere, never a flat canvas: a pixel is a point of
 * the unit sphere, coloured or measured by colormap.c's interpolation, so the
 * maps are seamless at +-180 degrees and at the poles by construction.
 *
 * Rows are rendered in bands through the worker pool; a row depends only on
 * its own index (its walking cursor starts afresh from the point-location table
 * at the row's first pixel), and chunk bounds depend only on the band, so the
 * bytes are identical for any number of threads. */
#include "io/export_render.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "io/colormap.h"
#include "io/outfile.h"
#include "io/projection.h"
#include "io/scenario_yaml.h"
#include "io/textenc.h"

static const char *const png_geo[] = {".png", ".png.aux.xml", NULL};
static const char *const png_only[] = {".png", NULL};
static const char *const raw_files[] = {".f32", ".hdr", ".f32.aux.xml", ".json", NULL};
static const char *const f32_files[] = {".f32", ".hdr", ".f32.aux.xml", NULL};
static const char *const u32_files[] = {".u32", ".hdr", ".u32.aux.xml", ".csv", NULL};
static const char *const u8_files[] = {".u8", ".hdr", ".u8.aux.xml", ".csv", NULL};
static const char *const r16_files[] = {".raw", ".hdr", ".raw.aux.xml", NULL};

const export_spec export_specs[EXPORT_KIND_COUNT] = {
	[EXPORT_BIOME] = {"biome", STORE_RGB8, VIEW_BIOME, 0, {0}, {0}, {0}, png_geo},
	[EXPORT_ELEVATION] = {"elevation", STORE_GREY8, -1, 1, {FIELD_ELEVATION}, {"elevation"},
	                      {"m"}, png_geo},
	[EXPORT_ELEVATION16] = {"elevation16", STORE_GREY16, -1, 1, {FIELD_ELEVATION},
	                        {"elevation"}, {"m"}, png_geo},
	[EXPORT_PLATES] = {"plates", STORE_RGB8, VIEW_PLATES, 0, {0}, {0}, {0}, png_geo},
	[EXPORT_STRESS] = {"stress", STORE_RGB8, VIEW_STRESS, 0, {0}, {0}, {0}, png_geo},
	[EXPORT_TEMPERATURE] = {"temperature", STORE_RGB8, VIEW_TEMPERATURE, 0, {0}, {0}, {0},
	                        png_geo},
	[EXPORT_PRECIPITATION] = {"precipitation", STORE_RGB8, VIEW_PRECIPITATION, 0, {0}, {0},
	                          {0}, png_geo},
	[EXPORT_AGE] = {"age", STORE_RGB8, VIEW_AGE, 0, {0}, {0}, {0}, png_geo},
	[EXPORT_CUBEMAP] = {"cubemap", STORE_CUBE, VIEW_BIOME, 0, {0}, {0}, {0}, png_only},
	[EXPORT_RAW] = {"raw", STORE_F32, -1, 1, {FIELD_ELEVATION}, {"elevation"}, {"m"},
	                raw_files},
	[EXPORT_DATA_TEMPERATURE] = {"data-temperature", STORE_F32, -1, 1, {FIELD_TEMPERATURE},
	                             {"temperature"}, {"degC"}, f32_files},
	[EXPORT_DATA_PRECIPITATION] = {"data-precipitation", STORE_F32, -1, 1,
	                               {FIELD_PRECIPITATION}, {"precipitation"}, {"mm/yr"},
	                               f32_files},
	[EXPORT_DATA_AGE] = {"data-age", STORE_F32, -1, 1, {FIELD_AGE}, {"crust_age"}, {"Myr"},
	                     f32_files},
	[EXPORT_DATA_STRESS] = {"data-stress", STORE_F32, -1, 2, {FIELD_STRESS, FIELD_SHEAR},
	                        {"stress", "shear"}, {"1", "1"}, f32_files},
	[EXPORT_DATA_VELOCITY] = {"data-velocity", STORE_F32, -1, 2,
	                          {FIELD_VEL_EAST, FIELD_VEL_NORTH},
	                          {"velocity_east", "velocity_north"}, {"cm/yr", "cm/yr"},
	                          f32_files},
	[EXPORT_DATA_PLATES] = {"data-plates", STORE_U32, -1, 1, {FIELD_PLATE_ID}, {"plate_id"},
	                        {NULL}, u32_files},
	[EXPORT_DATA_BIOME] = {"data-biome", STORE_U8, -1, 1, {FIELD_BIOME}, {"biome"}, {NULL},
	                       u8_files},
	[EXPORT_RAW16] = {"raw16", STORE_H16, -1, 1, {FIELD_ELEVATION}, {"elevation"}, {"m"},
	                  r16_files},
	[EXPORT_RELIEF] = {"relief", STORE_RGB8, VIEW_ELEVATION, 0, {0}, {0}, {0}, png_geo},
	[EXPORT_CUBEMAP_ELEVATION] = {"cubemap-elevation", STORE_CUBE16, -1, 1, {FIELD_ELEVATION},
	                              {"elevation"}, {"m"}, png_only},
	[EXPORT_MOLLWEIDE] = {"mollweide", STORE_MOLL, VIEW_BIOME, 0, {0}, {0}, {0}, png_geo},
	[EXPORT_ORTHOGRAPHIC] = {"orthographic", STORE_ORTHO, VIEW_BIOME, 0, {0}, {0}, {0}, png_geo},
};

int export_store_bytes(export_store st)
{
	switch (st) {
	case STORE_RGB8: case STORE_CUBE: case STORE_MOLL: case STORE_ORTHO: return 3;
	case STORE_GREY16: case STORE_H16: case STORE_CUBE16: return 2;
	case STORE_F32: case STORE_U32: return 4;
	default: return 1;
	}
}

/* s in single quotes for a POSIX shell ('\'' for a quote), cut to fit */
static void shell_quote(char *out, size_t len, const char *s)
{
	size_t n = 0;
	if (len < 3) {
		*out = 0;
		return;
	}
	out[n++] = '\'';
	for (; *s && n + 6 < len; s++) {
		if (*s == '\'') {
			memcpy(out + n, "'\\''", 4);
			n += 4;
		} else {
			out[n++] = *s;
		}
	}
	out[n++] = '\'';
	out[n] = 0;
}

/* The import's provenance items and the command that makes the planet
 * again: the effective scenario (saved as scenario.yaml), the same file,
 * the same mapping, as many steps. The seed is in the scenario. */
static void meta_import(export_meta *m, const export_import *im)
{
	textenc_utf8(im->file, m->import_file, sizeof m->import_file);
	snprintf(m->import_bytes, sizeof m->import_bytes, "%llu", (unsigned long long)im->bytes);
	snprintf(m->import_sha256, sizeof m->import_sha256, "%s", im->sha256);
	char map[96] = "";
	if (im->has_mapping) {
		snprintf(m->import_mapping, sizeof m->import_mapping,
		         "metres = value x %.17g + %.17g", im->scale, im->offset);
		snprintf(map, sizeof map, " --import-scale %.17g --import-offset %.17g", im->scale,
		         im->offset);
	} else {
		snprintf(m->import_mapping, sizeof m->import_mapping, "the file's own");
	}
	char file[1100];
	shell_quote(file, sizeof file, m->import_file);
	snprintf(m->reproduce, sizeof m->reproduce, "tectonica run scenario.yaml --import %s%s -n %s",
	         file, map, m->step);
	const char *keys[EXPORT_IMPORT_ITEMS] = {"Import-File", "Import-Bytes", "Import-SHA256",
	                                         "Import-Mapping", "Reproduce"};
	const char *values[EXPORT_IMPORT_ITEMS] = {m->import_file, m->import_bytes,
	                                           m->import_sha256, m->import_mapping,
	                                           m->reproduce};
	for (int i = 0; i < EXPORT_IMPORT_ITEMS; i++) {
		m->import_key[i] = keys[i];
		m->import_value[i] = values[i];
	}
	m->nimport = EXPORT_IMPORT_ITEMS;
}

void export_meta_fill(export_meta *m, const snapshot_t *s, const export_opts *o)
{
	snprintf(m->software, sizeof m->software, "tectonica %s", PACKAGE_VERSION);
	snprintf(m->seed, sizeof m->seed, "%llu", (unsigned long long)s->prm.seed);
	snprintf(m->step, sizeof m->step, "%lld", (long long)s->step);
	snprintf(m->time, sizeof m->time, "%.10g", s->time_myr);
	snprintf(m->hash, sizeof m->hash, "%016llx", (unsigned long long)s->state_hash);
	m->radius_m = s->prm.radius_km * 1000.0;
	snprintf(m->radius, sizeof m->radius, "%.10g", m->radius_m);
	/* JSON has no NaN: a sea level that is not a number is written as null */
	if (isfinite(s->sea_level_m))
		snprintf(m->sea, sizeof m->sea, "%.10g", s->sea_level_m);
	else
		snprintf(m->sea, sizeof m->sea, "null");
	if (isfinite(s->eustatic_change_m))
		snprintf(m->eustatic, sizeof m->eustatic, "%.10g", s->eustatic_change_m);
	else
		snprintf(m->eustatic, sizeof m->eustatic, "null");
	textenc_utf8(o->scenario && *o->scenario ? o->scenario : "built-in default", m->scenario,
	             sizeof m->scenario);
	m->nimport = 0;
	if (o->import)
		meta_import(m, o->import);
	/* the planet's own settings, live edits included: reproducible without
	 * the scenario file (out of memory: left out, the maps still written);
	 * an imported terrain is named in comment lines on top */
	char header[4096];
	if (m->nimport)
		snprintf(header, sizeof header,
		         "Step 0 of this planet is the terrain imported from %s\n"
		         "(%s bytes, SHA-256 %s), not a generated one.\n"
		         "With that file present, this text saved as scenario.yaml makes it again:\n"
		         "  %s",
		         m->import_file, m->import_bytes, m->import_sha256, m->reproduce);
	m->scenario_yaml = scenario_yaml(&s->prm, m->nimport ? header : NULL);
}

void export_meta_free(export_meta *m)
{
	free(m->scenario_yaml);
	m->scenario_yaml = NULL;
}

/* Latitude of row y (radians), north up: pixel centres at (y + 0.5) / h
 * of the box, or corners at y / (h - 1). */
static double row_lat(const export_job *j, int y)
{
	double f = j->corner ? (j->h > 1 ? (double)y / (j->h - 1) : 0.5) : (y + 0.5) / j->h;
	return (j->north - (j->north - j->south) * f) * M_PI / 180;
}

int export_job_layout(export_job *j, int w, int h, int corner)
{
	free(j->clon);
	free(j->slon);
	j->clon = malloc(sizeof *j->clon * (size_t)w);
	j->slon = malloc(sizeof *j->slon * (size_t)w);
	if (!j->clon || !j->slon) {
		free(j->clon);
		free(j->slon);
		j->clon = j->slon = NULL;
		return -1;
	}
	j->w = w;
	j->h = h;
	j->corner = corner;
	/* pixel centres at (x + 0.5) / w: no column sits on the +-180 seam */
	for (int x = 0; x < w; x++) {
		double f = corner ? (w > 1 ? (double)x / (w - 1) : 0.5) : (x + 0.5) / w;
		double lon = (j->west + (j->east - j->west) * f) * M_PI / 180;
		j->clon[x] = cos(lon);
		j->slon[x] = sin(lon);
	}
	return 0;
}

const char *export_job_srs(const export_job *j, char *buf, size_t len)
{
	const export_store st = export_specs[j->kind].store;
	if (st != STORE_MOLL && st != STORE_ORTHO)
		return NULL;
	projection_proj(buf, len, st == STORE_ORTHO, j->view_lon, j->view_lat,
	                j->s->prm.radius_km * 1000.0);
	return buf;
}

void export_job_georef(const export_job *j, double *west, double *north, double *dx, double *dy)
{
	const export_store st = export_specs[j->kind].store;
	double r = j->s->prm.radius_km * 1000.0;
	if (st == STORE_MOLL) {
		*dx = 2 * PROJECTION_MOLL_HALF_W * r / j->w;
		*dy = 2 * PROJECTION_MOLL_HALF_H * r / j->h;
		*west = -PROJECTION_MOLL_HALF_W * r;
		*north = PROJECTION_MOLL_HALF_H * r;
	} else if (st == STORE_ORTHO) {
		*dx = *dy = 2 * r / j->w;
		*west = -r;
		*north = r;
	} else if (j->corner) {
		*dx = (j->east - j->west) / (j->w > 1 ? j->w - 1 : 1);
		*dy = (j->north - j->south) / (j->h > 1 ? j->h - 1 : 1);
		*west = j->west - *dx / 2;
		*north = j->north + *dy / 2;
	} else {
		*dx = (j->east - j->west) / j->w;
		*dy = (j->north - j->south) / j->h;
		*west = j->west;
		*north = j->north;
	}
}

uint16_t export_elev16(double e)
{
	return (uint16_t)lrint(clampd((e - ELEV_LO) / (ELEV_HI - ELEV_LO), 0, 1) * 65535.0);
}

static uint8_t elev8(double e)
{
	return (uint8_t)lrint(clampd((e - ELEV_LO) / (ELEV_HI - ELEV_LO), 0, 1) * 255.0);
}

/* Unit vector of pixel (x, y) of the 4x3 horizontal cross (see export.h), or
 * 0 when the pixel lies outside the six faces. */
static int cube_point(int n, int x, int y, vec3 *p)
{
	int fx = x / n, fy = y / n;
	double u = 2.0 * (x - fx * n + 0.5) / n - 1.0, v = 1.0 - 2.0 * (y - fy * n + 0.5) / n;
	vec3 q;
	if (fy == 1) {
		switch (fx) {
		case 0: q = v3(u, -1, v); break;     /* -Y, lon -90 */
		case 1: q = v3(1, u, v); break;      /* +X, lon 0 */
		case 2: q = v3(-u, 1, v); break;     /* +Y, lon 90 */
		default: q = v3(-1, -u, v); break;   /* -X, lon 180 */
		}
	} else if (fx == 1) {
		q = fy == 0 ? v3(-v, u, 1) : v3(v, u, -1);    /* +Z north, -Z south */
	} else {
		return 0;
	}
	*p = v3_norm(q);
	return 1;
}

static void put_rgb(uint8_t *out, int x, rgb c)
{
	out[3 * x] = c.r;
	out[3 * x + 1] = c.g;
	out[3 * x + 2] = c.b;
}

/* A fresh cursor for the job's pixels: how wide one is at the map's
 * centre, in radians (the plates view draws cells where pixels are wider
 * than them). */
static colormap_cursor job_cursor(const export_job *j)
{
	colormap_cursor cur = COLORMAP_CURSOR_INIT;
	export_store st = export_specs[j->kind].store;
	cur.pixel_rad = st == STORE_CUBE || st == STORE_CUBE16 ? M_PI / 2 / j->face
	              : st == STORE_MOLL ? 2 * M_PI / j->w
	              : st == STORE_ORTHO ? 2.0 / j->w
	              : (j->east - j->west) * M_PI / 180 / j->w;
	return cur;
}

static void render_row(const export_job *j, int y, uint8_t *out)
{
	const snapshot_t *s = j->s;
	const export_spec *sp = &export_specs[j->kind];
	colormap_cursor cur = job_cursor(j);
	const colormap_cursor fresh = cur;
	if (sp->store == STORE_CUBE || sp->store == STORE_CUBE16) {
		for (int x = 0; x < j->w; x++) {
			vec3 p;
			if (x % j->face == 0)
				cur = fresh;
			int in = cube_point(j->face, x, y, &p);
			if (sp->store == STORE_CUBE16) {
				((uint16_t *)(void *)out)[x] =
					in ? export_elev16(fields_sample(s, FIELD_ELEVATION, p, &cur)) : 0;
				continue;
			}
			rgb c = {0, 0, 0};
			if (in)
				c = colormap_point_cur(s, (view_kind)sp->view, p, &cur);
			put_rgb(out, x, c);
		}
		return;
	}
	if (sp->store == STORE_MOLL || sp->store == STORE_ORTHO) {
		/* the sun at the upper left, a little in front: atlases light from
		 * the north-west */
		const double lx = -0.45, ly = 0.55, lz = 0.70;
		for (int x = 0; x < j->w; x++) {
			double u = (x + 0.5) / j->w * 2 - 1, v = 1 - (y + 0.5) / j->h * 2, facing;
			vec3 p;
			rgb c = {0, 0, 0};
			if (sp->store == STORE_MOLL) {
				if (projection_mollweide(u * PROJECTION_MOLL_HALF_W, v * PROJECTION_MOLL_HALF_H,
				                         j->view_lon, &p))
					c = colormap_point_cur(s, (view_kind)sp->view, p, &cur);
			} else if (projection_orthographic(u, v, j->view_lon, j->view_lat, &p, &facing)) {
				double lambert = u * lx + v * ly + facing * lz;
				double light = clampd(0.22 + 0.9 * (lambert > 0 ? lambert : 0), 0, 1.1);
				c = colormap_point_cur(s, (view_kind)sp->view, p, &cur);
				c = (rgb){(uint8_t)lrint(clampd(c.r * light, 0, 255)),
				          (uint8_t)lrint(clampd(c.g * light, 0, 255)),
				          (uint8_t)lrint(clampd(c.b * light, 0, 255))};
			}
			put_rgb(out, x, c);
		}
		return;
	}
	double lat = row_lat(j, y), cl = cos(lat), sl = sin(lat);
	field_kind f = sp->field[j->band];
	for (int x = 0; x < j->w; x++) {
		vec3 p = v3(cl * j->clon[x], cl * j->slon[x], sl);
		switch (sp->store) {
		case STORE_GREY8:
			out[x] = elev8(fields_sample(s, f, p, &cur));
			break;
		case STORE_GREY16:
		case STORE_H16:
			((uint16_t *)(void *)out)[x] = export_elev16(fields_sample(s, f, p, &cur));
			break;
		case STORE_F32:
			((float *)(void *)out)[x] = (float)fields_sample(s, f, p, &cur);
			break;
		case STORE_U32:
			((uint32_t *)(void *)out)[x] = (uint32_t)fields_sample(s, f, p, &cur);
			break;
		case STORE_U8:
			out[x] = (uint8_t)fields_sample(s, f, p, &cur);
			break;
		default:
			put_rgb(out, x, colormap_point_cur(s, (view_kind)sp->view, p, &cur));
		}
	}
}

int export_png_groupable(export_kind k)
{
	export_store st = (unsigned)k < EXPORT_KIND_COUNT ? export_specs[k].store : STORE_U8;
	return st == STORE_RGB8 || st == STORE_GREY8 || st == STORE_GREY16;
}

/* Row y of several equirectangular maps: each pixel's point is located
 * once (and its height with detail computed at most once) for all of
 * them; each value is what render_row gives for that kind alone. Pixels go
 * in runs, so that the heights of a run are computed together. */
#define RUN_PIXELS 64
static void render_row_group(const export_job *j, const export_kind *kinds, int n, int y,
                             uint8_t *const *out)
{
	const snapshot_t *s = j->s;
	colormap_cursor cur = job_cursor(j);
	double lat = row_lat(j, y), cl = cos(lat), sl = sin(lat);
	int heights = 0;    /* a map of heights: every pixel needs its detail */
	for (int i = 0; i < n; i++)
		heights |= export_specs[kinds[i]].store != STORE_RGB8;
	colormap_at run[RUN_PIXELS];
	for (int x0 = 0; x0 < j->w; x0 += RUN_PIXELS) {
		int m = j->w - x0 < RUN_PIXELS ? j->w - x0 : RUN_PIXELS;
		for (int k = 0; k < m; k++)
			colormap_locate(s, v3(cl * j->clon[x0 + k], cl * j->slon[x0 + k], sl), &cur, &run[k]);
		if (heights)
			colormap_at_heights(s, run, m);
		for (int k = 0; k < m; k++) {
			colormap_at *at = &run[k];
			int x = x0 + k;
			for (int i = 0; i < n; i++) {
				const export_spec *sp = &export_specs[kinds[i]];
				switch (sp->store) {
				case STORE_GREY8:
					out[i][x] = elev8(colormap_at_height(s, at));
					break;
				case STORE_GREY16:
					((uint16_t *)(void *)out[i])[x] = export_elev16(colormap_at_height(s, at));
					break;
				default:
					colormap_at_rgb(s, (view_kind)sp->view, at, &cur, out[i] + 3 * x);
				}
			}
		}
	}
}

void export_render_row(const export_job *j, const export_kind *kinds, int n, int y,
                       uint8_t *const *out)
{
	if (n == 1 && !export_png_groupable(kinds[0])) {
		export_job one = *j;
		one.kind = kinds[0];
		render_row(&one, y, out[0]);
	} else {
		render_row_group(j, kinds, n, y, out);
	}
}

static void render_chunk(void *ctx, int begin, int end, int chunk)
{
	(void)chunk;
	export_job *j = ctx;
	for (int r = begin; r < end; r++)
		render_row(j, j->y0 + r, j->buf + j->stride * (size_t)r);
}

int export_fill_band(void *ctx, int y0, int y1, void *buf)
{
	export_job *j = ctx;
	j->buf = buf;
	j->y0 = y0;
	pool_for(j->pool, y1 - y0, CHUNK_ROWS, render_chunk, j);
	return 0;
}

int export_file_path(char *buf, size_t len, const char *dir, const char *stem, long frame,
                     const char *suffix, char *err, size_t errlen)
{
	int n = frame >= 0 ? snprintf(buf, len, "%s/%s-%06ld%s", dir, stem, frame, suffix)
	                   : snprintf(buf, len, "%s/%s%s", dir, stem, suffix);
	if (n > 0 && (size_t)n < len)
		return 0;
	char b[OUTFILE_SHOWN];
	snprintf(err, errlen, "cannot write into '%s': %s", outfile_shown(dir, b), strerror(ENAMETOOLONG));
	return -1;
}
