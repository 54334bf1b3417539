/* export.c: write maps of a snapshot as files (doc/design.md, "Exports").
 *
 * Every map samples the sphere, never a flat canvas: a pixel is a point of
 * the unit sphere, coloured or measured by colormap.c's interpolation, so the
 * maps are seamless at +-180 degrees and at the poles by construction.
 *
 * Rows are rendered in bands through the worker pool; a row depends only on
 * its own index (its walking cursor starts afresh from the point-location table
 * at the row's first pixel), and chunk bounds depend only on the band, so the
 * bytes are identical for any number of threads. Each file is written under a
 * temporary name in the output folder and renamed into place, so a reader
 * (or a crash) never sees half a map. */
#include "io/export.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "io/colormap.h"
#include "io/outfile.h"
#include "io/pngwrite.h"
#include "base/pool.h"

#define EXPORT_MIN_WIDTH 16
#define EXPORT_MAX_WIDTH 16384
#define ELEV_LO (-11000.0)
#define ELEV_HI 9000.0
/* Rows per band handed to the PNG writer, and rows per pool chunk. Both fixed
 * (never derived from the thread count) so output is the same for -j1..-jN. */
#define BAND_ROWS 64
#define CHUNK_ROWS 4

static const char *const kind_names[EXPORT_KIND_COUNT] = {
	[EXPORT_BIOME] = "biome",
	[EXPORT_ELEVATION] = "elevation",
	[EXPORT_ELEVATION16] = "elevation16",
	[EXPORT_PLATES] = "plates",
	[EXPORT_STRESS] = "stress",
	[EXPORT_TEMPERATURE] = "temperature",
	[EXPORT_PRECIPITATION] = "precipitation",
	[EXPORT_AGE] = "age",
	[EXPORT_CUBEMAP] = "cubemap",
	[EXPORT_RAW] = "raw",
};

/* The colour view behind each RGB kind (-1: not a colour map). */
static const int kind_view[EXPORT_KIND_COUNT] = {
	[EXPORT_BIOME] = VIEW_BIOME,
	[EXPORT_ELEVATION] = -1,
	[EXPORT_ELEVATION16] = -1,
	[EXPORT_PLATES] = VIEW_PLATES,
	[EXPORT_STRESS] = VIEW_STRESS,
	[EXPORT_TEMPERATURE] = VIEW_TEMPERATURE,
	[EXPORT_PRECIPITATION] = VIEW_PRECIPITATION,
	[EXPORT_AGE] = VIEW_AGE,
	[EXPORT_CUBEMAP] = VIEW_BIOME,
	[EXPORT_RAW] = -1,
};

const char *export_kind_name(export_kind k)
{
	return (unsigned)k < EXPORT_KIND_COUNT ? kind_names[k] : "?";
}

static void valid_names(char *buf, size_t len)
{
	size_t at = (size_t)snprintf(buf, len, "all");
	for (int k = 0; k < EXPORT_KIND_COUNT && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, ", %s", kind_names[k]);
}

int export_parse_list(const char *list, unsigned *mask, char *err, size_t errlen)
{
	char valid[256];
	*mask = 0;
	if (!list) {
		snprintf(err, errlen, "no map kinds given");
		return -1;
	}
	const char *p = list;
	for (;;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		while (n > 0 && (*p == ' ' || *p == '\t')) {
			p++;
			n--;
		}
		while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		int found = -1;
		if (n == 3 && !strncmp(p, "all", 3))
			found = EXPORT_KIND_COUNT;
		for (int k = 0; k < EXPORT_KIND_COUNT && found < 0; k++)
			if (strlen(kind_names[k]) == n && !strncmp(p, kind_names[k], n))
				found = k;
		if (found < 0) {
			valid_names(valid, sizeof valid);
			if (n == 0)
				snprintf(err, errlen, "empty map kind in \"%s\" (valid: %s)", list, valid);
			else
				snprintf(err, errlen, "unknown map kind \"%.*s\" (valid: %s)",
				         (int)(n > 64 ? 64 : n), p, valid);
			*mask = 0;
			return -1;
		}
		*mask |= found == EXPORT_KIND_COUNT ? (1u << EXPORT_KIND_COUNT) - 1 : 1u << found;
		if (!end)
			return 0;
		p = end + 1;
	}
}

/* ---- rendering ----------------------------------------------------------- */

typedef struct job {
	const snapshot_t *s;
	export_kind kind;
	int w, h;               /* image size */
	int face;               /* cube face size (cubemap) */
	double *clon, *slon;    /* cos/sin of each column's longitude */
	pool_t *pool;
	uint8_t *buf;           /* current band */
	int y0;                 /* first image row of the band */
	size_t stride;
} job;

/* Latitude of row y; pixel centres at (y + 0.5) / h, north up. */
static double row_lat(const job *j, int y)
{
	return (0.5 - (y + 0.5) / j->h) * M_PI;
}

static uint16_t elev16(double e)
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

static void render_row(const job *j, int y, uint8_t *out)
{
	const snapshot_t *s = j->s;
	colormap_cursor cur = COLORMAP_CURSOR_INIT;
	const colormap_cursor fresh = COLORMAP_CURSOR_INIT;
	if (j->kind == EXPORT_CUBEMAP) {
		for (int x = 0; x < j->w; x++) {
			vec3 p;
			if (x % j->face == 0)
				cur = fresh;
			rgb c = {0, 0, 0};
			if (cube_point(j->face, x, y, &p))
				c = colormap_point_cur(s, VIEW_BIOME, p, &cur);
			out[3 * x] = c.r;
			out[3 * x + 1] = c.g;
			out[3 * x + 2] = c.b;
		}
		return;
	}
	double lat = row_lat(j, y), cl = cos(lat), sl = sin(lat);
	for (int x = 0; x < j->w; x++) {
		vec3 p = v3(cl * j->clon[x], cl * j->slon[x], sl);
		switch (j->kind) {
		case EXPORT_ELEVATION:
			out[x] = elev8(colormap_elevation_cur(s, p, &cur));
			break;
		case EXPORT_ELEVATION16:
			((uint16_t *)(void *)out)[x] = elev16(colormap_elevation_cur(s, p, &cur));
			break;
		case EXPORT_RAW:
			((float *)(void *)out)[x] = (float)colormap_elevation_cur(s, p, &cur);
			break;
		default: {
			rgb c = colormap_point_cur(s, (view_kind)kind_view[j->kind], p, &cur);
			out[3 * x] = c.r;
			out[3 * x + 1] = c.g;
			out[3 * x + 2] = c.b;
		}
		}
	}
}

static void render_chunk(void *ctx, int begin, int end, int chunk)
{
	(void)chunk;
	job *j = ctx;
	for (int r = begin; r < end; r++)
		render_row(j, j->y0 + r, j->buf + j->stride * (size_t)r);
}

static int fill_band(void *ctx, int y0, int y1, void *buf)
{
	job *j = ctx;
	j->buf = buf;
	j->y0 = y0;
	pool_for(j->pool, y1 - y0, CHUNK_ROWS, render_chunk, j);
	return 0;
}

/* ---- files --------------------------------------------------------------- */

/* mkdir -p: create dir and its missing parents. */
int export_prepare_dir(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX], b[OUTFILE_SHOWN];
	size_t len = strlen(dir);
	if (len == 0) {
		snprintf(err, errlen, "no output folder given");
		return -1;
	}
	if (len + 32 >= sizeof path) {
		snprintf(err, errlen, "cannot use output folder '%s': %s", outfile_shown(dir, b),
		         strerror(ENAMETOOLONG));
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (size_t i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		char keep = path[i];
		path[i] = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create output folder '%s': %s", outfile_shown(path, b),
			         strerror(errno));
			return -1;
		}
		path[i] = keep;
	}
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "output folder '%s' is not a folder", outfile_shown(dir, b));
		return -1;
	}
	if (access(dir, W_OK) != 0) {
		snprintf(err, errlen, "cannot write to output folder '%s': %s", outfile_shown(dir, b),
		         strerror(errno));
		return -1;
	}
	return 0;
}

/* dir/KIND.ext or dir/KIND-STEP.ext */
static int file_path(char *buf, size_t len, const char *dir, const char *kind, const char *ext,
                     long frame, char *err, size_t errlen)
{
	int n = frame >= 0 ? snprintf(buf, len, "%s/%s-%06ld.%s", dir, kind, frame, ext)
	                   : snprintf(buf, len, "%s/%s.%s", dir, kind, ext);
	if (n > 0 && (size_t)n < len)
		return 0;
	char b[OUTFILE_SHOWN];
	snprintf(err, errlen, "cannot write into '%s': %s", outfile_shown(dir, b), strerror(ENAMETOOLONG));
	return -1;
}

int export_check(const char *dir, unsigned mask, long frame, const char *const *inputs,
                 char *err, size_t errlen)
{
	char path[PATH_MAX], b[OUTFILE_SHOWN];
	for (int k = 0; k < EXPORT_KIND_COUNT; k++) {
		if (!(mask & 1u << k))
			continue;
		for (int part = 0; part < (k == EXPORT_RAW ? 2 : 1); part++) {
			const char *ext = k != EXPORT_RAW ? "png" : part ? "json" : "f32";
			if (file_path(path, sizeof path, dir, kind_names[k], ext, frame, err, errlen) != 0 ||
			    outfile_check(path, err, errlen) != 0)
				return -1;
			for (int i = 0; inputs && inputs[i]; i++)
				if (outfile_same(path, inputs[i])) {
					snprintf(err, errlen, "'%s' is the input file '%s'; not overwritten",
					         outfile_shown(path, b), inputs[i]);
					return -1;
				}
		}
	}
	return 0;
}

/* Metadata shared by the PNG text chunks and the raw sidecar. */
typedef struct meta {
	char software[64], seed[32], step[32], time[32], sea[32], eustatic[32];
	const char *scenario;
} meta;

static void meta_fill(meta *m, const snapshot_t *s, const export_opts *o)
{
	snprintf(m->software, sizeof m->software, "tectonica %s", PACKAGE_VERSION);
	snprintf(m->seed, sizeof m->seed, "%llu", (unsigned long long)s->prm.seed);
	snprintf(m->step, sizeof m->step, "%lld", (long long)s->step);
	snprintf(m->time, sizeof m->time, "%.10g", s->time_myr);
	/* JSON has no NaN: a sea level that is not a number is written as null */
	if (isfinite(s->sea_level_m))
		snprintf(m->sea, sizeof m->sea, "%.10g", s->sea_level_m);
	else
		snprintf(m->sea, sizeof m->sea, "null");
	if (isfinite(s->eustatic_change_m))
		snprintf(m->eustatic, sizeof m->eustatic, "%.10g", s->eustatic_change_m);
	else
		snprintf(m->eustatic, sizeof m->eustatic, "null");
	m->scenario = o->scenario && *o->scenario ? o->scenario : "built-in default";
}

static int write_png_kind(job *j, const meta *m, const char *dir, long frame,
                          char *err, size_t errlen)
{
	const char *name = kind_names[j->kind];
	char path[PATH_MAX], tmp[OUTFILE_TMP_MAX];
	if (file_path(path, sizeof path, dir, name, "png", frame, err, errlen) != 0 ||
	    outfile_begin(path, tmp, err, errlen) != 0)
		return -1;

	pngw_format fmt = j->kind == EXPORT_ELEVATION ? PNGW_GREY8
	                : j->kind == EXPORT_ELEVATION16 ? PNGW_GREY16 : PNGW_RGB8;
	const char *projection = j->kind == EXPORT_CUBEMAP
		? "cube map, 4x3 horizontal cross: row 1 = -Y +X +Y -X (lon -90 0 90 180), +Z (north) above and -Z below +X"
		: "equirectangular, lon -180..180 left to right, lat 90..-90 top to bottom, pixel centres at ((x+0.5)/W, (y+0.5)/H)";
	pngw_text text[10] = {
		{"Software", m->software},
		{"Kind", name},
		{"Scenario", m->scenario},
		{"Seed", m->seed},
		{"Step", m->step},
		{"Time-Myr", m->time},
		{"Projection", projection},
		{"Sea-Level-m", m->sea},
		{"Eustatic-Change-m", m->eustatic},
	};
	int ntext = 9;
	if (fmt != PNGW_RGB8)
		text[ntext++] = (pngw_text){"Elevation-Mapping", fmt == PNGW_GREY16
			? "linear, -11000 m -> 0, +9000 m -> 65535 (metres from the sea level of this step)"
			: "linear, -11000 m -> 0, +9000 m -> 255 (metres from the sea level of this step)"};

	j->stride = (size_t)j->w * (size_t)pngw_pixel_bytes(fmt);
	int rc = pngw_write(tmp, path, j->w, j->h, fmt, text, ntext, BAND_ROWS, fill_band, j, err, errlen);
	return outfile_commit(tmp, path, rc == 0, err, errlen);
}

/* JSON string with the few escapes a path or name can need. */
static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static int write_sidecar(const snapshot_t *s, const meta *m, const char *dir, long frame,
                         const char *data_name, int w, int h, char *err, size_t errlen)
{
	char path[PATH_MAX], tmp[OUTFILE_TMP_MAX], b[OUTFILE_SHOWN];
	if (file_path(path, sizeof path, dir, "raw", "json", frame, err, errlen) != 0 ||
	    outfile_begin(path, tmp, err, errlen) != 0)
		return -1;
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b), strerror(errno));
		outfile_commit(tmp, path, 0, err, errlen);
		return -1;
	}
	fprintf(f, "{\n  \"data\": ");
	json_str(f, data_name);
	fprintf(f, ",\n  \"width\": %d,\n  \"height\": %d,\n", w, h);
	fprintf(f, "  \"dtype\": \"float32\",\n  \"byte_order\": \"little\",\n");
	fprintf(f, "  \"layout\": \"row-major, row 0 is the northernmost\",\n");
	fprintf(f, "  \"units\": \"m\",\n  \"elevation_reference\": \"sea level of this step (0 m is the coast)\",\n");
	fprintf(f, "  \"projection\": \"equirectangular\",\n");
	fprintf(f, "  \"lon_min\": -180,\n  \"lon_max\": 180,\n  \"lat_min\": -90,\n  \"lat_max\": 90,\n");
	fprintf(f, "  \"pixel_centre\": \"lon = -180 + 360 * (x + 0.5) / width, lat = 90 - 180 * (y + 0.5) / height\",\n");
	fprintf(f, "  \"sea_level_m\": %s,\n  \"eustatic_change_m\": %s,\n  \"scenario\": ", m->sea,
	        m->eustatic);
	json_str(f, m->scenario);
	fprintf(f, ",\n  \"seed\": %s,\n  \"step\": %s,\n  \"time_myr\": %s,\n", m->seed, m->step, m->time);
	fprintf(f, "  \"software\": ");
	json_str(f, m->software);
	fprintf(f, ",\n  \"version\": \"%s\"\n}\n", PACKAGE_VERSION);
	(void)s;
	int bad = ferror(f) || fflush(f) != 0;
	int saved = errno;
	if (fclose(f) != 0 || bad) {
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b),
		         strerror(bad && saved ? saved : errno));
		outfile_commit(tmp, path, 0, err, errlen);
		return -1;
	}
	return outfile_commit(tmp, path, 1, err, errlen);
}

static int little_endian(void)
{
	const uint16_t one = 1;
	return *(const uint8_t *)&one == 1;
}

/* raw: float32 little-endian metres, row-major, plus raw.json. */
static int write_raw(job *j, const meta *m, const char *dir, long frame, char *err, size_t errlen)
{
	char path[PATH_MAX], tmp[OUTFILE_TMP_MAX], b[OUTFILE_SHOWN];
	if (file_path(path, sizeof path, dir, "raw", "f32", frame, err, errlen) != 0)
		return -1;
	j->stride = (size_t)j->w * sizeof(float);
	uint8_t *buf = malloc(j->stride * BAND_ROWS);
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (outfile_begin(path, tmp, err, errlen) != 0) {
		free(buf);
		return -1;
	}
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b), strerror(errno));
		outfile_commit(tmp, path, 0, err, errlen);
		free(buf);
		return -1;
	}
	int rc = 0, saved = 0;
	for (int y = 0; y < j->h && rc == 0; y += BAND_ROWS) {
		int n = j->h - y < BAND_ROWS ? j->h - y : BAND_ROWS;
		fill_band(j, y, y + n, buf);
		size_t bytes = j->stride * (size_t)n;
		if (!little_endian())
			for (size_t i = 0; i < bytes; i += 4) {
				uint8_t t0 = buf[i], t1 = buf[i + 1];
				buf[i] = buf[i + 3];
				buf[i + 1] = buf[i + 2];
				buf[i + 2] = t1;
				buf[i + 3] = t0;
			}
		if (fwrite(buf, 1, bytes, f) != bytes) {
			rc = -1;
			saved = errno;
		}
	}
	free(buf);
	if (rc == 0 && fflush(f) != 0) {
		rc = -1;
		saved = errno;
	}
	if (fclose(f) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (rc != 0)
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b), strerror(saved));
	if (outfile_commit(tmp, path, rc == 0, err, errlen) != 0)
		return -1;
	const char *base = strrchr(path, '/');
	return write_sidecar(j->s, m, dir, frame, base ? base + 1 : path, j->w, j->h, err, errlen);
}

int export_write(const snapshot_t *s, unsigned mask, const char *dir,
                 const export_opts *o, struct pool *pool, char *err, size_t errlen)
{
	if (!s || !s->grid || !o || !dir) {
		snprintf(err, errlen, "export: nothing to write");
		return -1;
	}
	int w = o->width, h = o->height > 0 ? o->height : o->width / 2;
	if (w < EXPORT_MIN_WIDTH || w > EXPORT_MAX_WIDTH || w % 2 != 0 || h * 2 != w) {
		snprintf(err, errlen,
		         "bad map size %dx%d: need an even width from %d to %d and height = width / 2",
		         o->width, o->height, EXPORT_MIN_WIDTH, EXPORT_MAX_WIDTH);
		return -1;
	}
	if (mask == 0 || mask >= 1u << EXPORT_KIND_COUNT) {
		snprintf(err, errlen, "export: no valid map kinds selected");
		return -1;
	}
	if (export_prepare_dir(dir, err, errlen) != 0)
		return -1;

	job j = {.s = s, .w = w, .h = h, .pool = pool};
	j.clon = malloc(sizeof *j.clon * (size_t)w);
	j.slon = malloc(sizeof *j.slon * (size_t)w);
	if (!j.clon || !j.slon) {
		free(j.clon);
		free(j.slon);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* pixel centres at (x + 0.5) / w: no column sits on the +-180 seam */
	for (int x = 0; x < w; x++) {
		double lon = ((x + 0.5) / w - 0.5) * 2.0 * M_PI;
		j.clon[x] = cos(lon);
		j.slon[x] = sin(lon);
	}
	meta m;
	meta_fill(&m, s, o);
	int rc = 0;
	for (int k = 0; k < EXPORT_KIND_COUNT && rc == 0; k++) {
		if (!(mask & 1u << k))
			continue;
		j.kind = (export_kind)k;
		if (k == EXPORT_RAW) {
			j.w = w;
			j.h = h;
			rc = write_raw(&j, &m, dir, o->frame, err, errlen);
		} else if (k == EXPORT_CUBEMAP) {
			j.face = h / 2;
			j.w = 4 * j.face;
			j.h = 3 * j.face;
			rc = write_png_kind(&j, &m, dir, o->frame, err, errlen);
		} else {
			j.w = w;
			j.h = h;
			rc = write_png_kind(&j, &m, dir, o->frame, err, errlen);
		}
	}
	free(j.clon);
	free(j.slon);
	return rc;
}
