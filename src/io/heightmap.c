/* heightmap.c: heightmap files (PNG, float32 with an ENVI header) -> a
 * heightfield in metres (see heightmap.h). */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "heightmap.h"

#define BAD -1
#define FAILED -2
#define TEXT_CHUNK_MAX (8u << 20)   /* PNG text (the embedded scenario) */

static int size_ok(int w, int h, const char *path, char *err, size_t errlen)
{
	if (w != 2 * h || w < HEIGHTMAP_MIN_WIDTH) {
		snprintf(err, errlen, "'%s' is %dx%d: a map of the whole planet is twice as wide as "
		         "high (equirectangular), at least %d pixels wide", path, w, h,
		         HEIGHTMAP_MIN_WIDTH);
		return BAD;
	}
	if (w > HEIGHTMAP_MAX_WIDTH) {
		snprintf(err, errlen, "'%s' is %dx%d: at most %d pixels wide are read (finer than "
		         "the grid's cells anyway): scale it down", path, w, h, HEIGHTMAP_MAX_WIDTH);
		return BAD;
	}
	return 0;
}

/* ---- PNG ---- */

typedef struct png_reader {
	const char *path;
	char *err;
	size_t errlen;
	FILE *f;
	png_structp png;
	png_infop info;
	uint8_t *row;
	float *m;
	int rc;                 /* what a libpng error means: BAD or FAILED */
} png_reader;

static void on_png_error(png_structp png, png_const_charp msg)
{
	png_reader *rd = png_get_error_ptr(png);
	snprintf(rd->err, rd->errlen, "'%s' is not a PNG libpng can read: %s", rd->path, msg);
	png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;   /* benign (ancillary chunks): the pixels decide */
}

/* A tectonica export that says it is not the whole planet in the
 * equirectangular projection (a --region box, Mollweide): -1 with a
 * message. Maps without a Projection text are taken as they come. */
#define WHOLE_PLANET "equirectangular, lon -180..180 left to right, lat 90..-90"
static int png_projection_ok(png_structp png, png_infop info, const char *path, char *err,
                             size_t errlen)
{
	png_textp text;
	int n = 0;
	png_get_text(png, info, &text, &n);
	for (int i = 0; i < n; i++)
		if (!strcmp(text[i].key, "Projection") && text[i].text &&
		    strncmp(text[i].text, WHOLE_PLANET, strlen(WHOLE_PLANET))) {
			snprintf(err, errlen, "'%s' is not a map of the whole planet (its Projection: "
			         "%.80s)", path, text[i].text);
			return -1;
		}
	return 0;
}

/* The metres of value 0 and of max_dn from a tectonica Elevation-Mapping
 * text ("linear, -11000 m -> 0, +9000 m -> 65535 (...)"). 0 or -1. */
static int png_mapping(png_structp png, png_infop info, int max_dn, double *scale, double *offset)
{
	png_textp text;
	int n = 0;
	png_get_text(png, info, &text, &n);
	for (int i = 0; i < n; i++) {
		if (strcmp(text[i].key, "Elevation-Mapping") || !text[i].text)
			continue;
		double lo, hi, dn;
		if (sscanf(text[i].text, "linear, %lf m -> 0, %lf m -> %lf", &lo, &hi, &dn) == 3 &&
		    isfinite(lo) && isfinite(hi) && dn == max_dn && hi > lo) {
			*scale = (hi - lo) / dn;
			*offset = lo;
			return 0;
		}
	}
	return -1;
}

/* The band's <Scale> and <Offset> in a GDAL sidecar PATH.aux.xml (what
 * gdal_translate -scale or tectonica write beside a PNG). 0 or -1. */
static int aux_mapping(const char *path, double *scale, double *offset)
{
	char aux[4096];
	if (snprintf(aux, sizeof aux, "%s.aux.xml", path) >= (int)sizeof aux)
		return -1;
	FILE *f = fopen(aux, "r");
	if (!f)
		return -1;
	enum { AUX_MAX = 1 << 16 };     /* a band's scale sits near the top */
	char *text = malloc(AUX_MAX);
	if (!text) {
		fclose(f);
		return -1;
	}
	size_t n = fread(text, 1, AUX_MAX - 1, f);
	fclose(f);
	text[n] = '\0';
	const char *band = strstr(text, "<PAMRasterBand");
	const char *sc = band ? strstr(band, "<Scale>") : NULL, *of = band ? strstr(band, "<Offset>") : NULL;
	double s = 1, o = 0;
	int ok = sc && sscanf(sc + 7, "%lf", &s) == 1 && isfinite(s) && s != 0 &&
	         (!of || (sscanf(of + 8, "%lf", &o) == 1 && isfinite(o)));
	free(text);
	if (!ok)
		return -1;
	*scale = s;
	*offset = o;
	return 0;
}

static int png_decode(png_reader *rd, const heightmap_opts *o, heightfield *out)
{
	png_structp png = rd->png;
	png_infop info = rd->info;
	if (setjmp(png_jmpbuf(png)))
		return rd->rc;
	rd->rc = BAD;
	png_set_user_limits(png, 1000000, 1000000);   /* libpng's default; the
	                                                * size is judged below */
	png_set_chunk_malloc_max(png, TEXT_CHUNK_MAX);
	png_init_io(png, rd->f);
	png_set_sig_bytes(png, 8);
	png_read_info(png, info);
	png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
	int depth = png_get_bit_depth(png, info), ct = png_get_color_type(png, info);
	if (size_ok((int)w, (int)h, rd->path, rd->err, rd->errlen) < 0)
		return BAD;
	if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
		snprintf(rd->err, rd->errlen, "'%s': interlaced PNGs are not supported", rd->path);
		return BAD;
	}
	if (png_projection_ok(png, info, rd->path, rd->err, rd->errlen) < 0)
		return BAD;
	double scale = o->scale, offset = o->offset;
	int max_dn = depth == 16 ? 65535 : 255;
	if (!o->has_mapping && png_mapping(png, info, max_dn, &scale, &offset) < 0 &&
	    aux_mapping(rd->path, &scale, &offset) < 0) {
		snprintf(rd->err, rd->errlen, "'%s' does not say what metres its %d-bit values are: "
		         "give --import-scale and --import-offset (metres = value * scale + offset)",
		         rd->path, depth == 16 ? 16 : 8);
		return BAD;
	}
	/* one grey channel of 8 or 16 bits, whatever the file holds */
	if (ct == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(png);
	if (ct == PNG_COLOR_TYPE_GRAY && depth < 8)
		png_set_expand_gray_1_2_4_to_8(png);
	if (ct & PNG_COLOR_MASK_ALPHA)
		png_set_strip_alpha(png);
	if (ct & PNG_COLOR_MASK_COLOR)
		png_set_rgb_to_gray_fixed(png, 1, -1, -1);
	png_read_update_info(png, info);
	size_t bytes = depth == 16 ? 2 : 1;
	if (png_get_rowbytes(png, info) != (size_t)w * bytes || png_get_channels(png, info) != 1) {
		snprintf(rd->err, rd->errlen, "'%s': unsupported PNG pixel format", rd->path);
		return BAD;
	}
	rd->rc = FAILED;
	rd->row = malloc((size_t)w * bytes);
	rd->m = malloc((size_t)w * h * sizeof *rd->m);
	if (!rd->row || !rd->m) {
		snprintf(rd->err, rd->errlen, "out of memory reading '%s'", rd->path);
		return FAILED;
	}
	rd->rc = BAD;     /* from here a libpng error is a damaged file */
	for (png_uint_32 y = 0; y < h; y++) {
		png_read_row(png, rd->row, NULL);
		float *dst = rd->m + (size_t)y * w;
		for (png_uint_32 x = 0; x < w; x++) {
			unsigned v = bytes == 2 ? (unsigned)rd->row[2 * x] << 8 | rd->row[2 * x + 1]
			                        : rd->row[x];
			dst[x] = (float)(v * scale + offset);
		}
	}
	png_read_end(png, NULL);
	out->width = (int)w;
	out->height = (int)h;
	out->m = rd->m;
	rd->m = NULL;
	return 0;
}

static int read_png(const char *path, FILE *f, const heightmap_opts *o, heightfield *out,
                    char *err, size_t errlen)
{
	png_reader rd = {.path = path, .err = err, .errlen = errlen, .f = f, .rc = BAD};
	rd.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &rd, on_png_error, on_png_warning);
	rd.info = rd.png ? png_create_info_struct(rd.png) : NULL;
	int rc = FAILED;
	if (!rd.png || !rd.info)
		snprintf(err, errlen, "out of memory reading '%s'", path);
	else
		rc = png_decode(&rd, o, out);
	png_destroy_read_struct(rd.png ? &rd.png : NULL, rd.info ? &rd.info : NULL, NULL);
	free(rd.row);
	free(rd.m);
	return rc;
}

/* ---- float32 with an ENVI header ---- */

typedef struct envi {
	long samples, lines, bands, data_type, byte_order, offset;
	int placed;                    /* a map info line was read: */
	double west, north, dx, dy;    /* its upper-left corner and pixel size */
} envi;

/* The ENVI header beside path (NAME.hdr for NAME.EXT, or PATH.hdr): 1 if
 * found and read, 0 if there is none, BAD if it is not usable. */
static int read_envi(const char *path, envi *e, char *err, size_t errlen)
{
	char hdr[4096];
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	FILE *f = NULL;
	if (dot && (!slash || dot > slash) &&
	    snprintf(hdr, sizeof hdr, "%.*s.hdr", (int)(dot - path), path) < (int)sizeof hdr)
		f = fopen(hdr, "r");
	if (!f && snprintf(hdr, sizeof hdr, "%s.hdr", path) < (int)sizeof hdr)
		f = fopen(hdr, "r");
	if (!f)
		return 0;
	*e = (envi){-1, -1, 1, -1, 0, 0, 0, 0, 0, 0, 0};
	char line[1024];
	int first = 1, ok = 1;
	while (fgets(line, sizeof line, f)) {
		if (first && strncmp(line, "ENVI", 4))
			ok = 0;
		first = 0;
		char key[64];
		long v;
		double x0, y0;
		if (!strncmp(line, "map info", 8)) {
			const char *b = strchr(line, '{'), *c = b ? strchr(b, ',') : NULL;
			e->placed = c && sscanf(c + 1, " %lf , %lf , %lf , %lf , %lf , %lf", &x0, &y0,
			                        &e->west, &e->north, &e->dx, &e->dy) == 6 &&
			            x0 == 1 && y0 == 1 ? 1 : -1;
			continue;
		}
		if (sscanf(line, " %63[a-z ] = %ld", key, &v) != 2)
			continue;
		size_t kl = strlen(key);
		while (kl && key[kl - 1] == ' ')
			key[--kl] = '\0';
		if (!strcmp(key, "samples")) e->samples = v;
		else if (!strcmp(key, "lines")) e->lines = v;
		else if (!strcmp(key, "bands")) e->bands = v;
		else if (!strcmp(key, "data type")) e->data_type = v;
		else if (!strcmp(key, "byte order")) e->byte_order = v;
		else if (!strcmp(key, "header offset")) e->offset = v;
	}
	fclose(f);
	if (!ok || e->samples < 1 || e->lines < 1 || e->bands < 1 || e->offset < 0 ||
	    e->samples > 1000000 || e->lines > 1000000) {
		snprintf(err, errlen, "'%s' is not an ENVI header of a map this program reads", hdr);
		return BAD;
	}
	if (e->data_type != 4 || (e->byte_order != 0 && e->byte_order != 1)) {
		snprintf(err, errlen, "'%s': data type %ld is not float32 (4)", hdr, e->data_type);
		return BAD;
	}
	/* placed: it must cover the planet, -180..180 x 90..-90 */
	if (e->placed < 0 || (e->placed && (fabs(e->west + 180) > 1e-6 || fabs(e->north - 90) > 1e-6 ||
	                                    fabs(e->dx * e->samples - 360) > 1e-6 ||
	                                    fabs(e->dy * e->lines - 180) > 1e-6))) {
		snprintf(err, errlen, "'%s' does not place a map of the whole planet (map info: west "
		         "-180, north 90, 360 x 180 degrees)", hdr);
		return BAD;
	}
	return 1;
}

static int host_big_endian(void)
{
	const uint16_t one = 1;
	return *(const uint8_t *)&one == 0;
}

static int read_float(const char *path, FILE *f, const heightmap_opts *o, heightfield *out,
                      char *err, size_t errlen)
{
	struct stat st;
	if (fstat(fileno(f), &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "'%s' is not a regular file", path);
		return BAD;
	}
	envi e;
	int has = read_envi(path, &e, err, errlen);
	if (has < 0)
		return BAD;
	long long size = (long long)st.st_size;
	if (!has) {
		/* no header: 2:1 by the byte count */
		long long n = size / 4, hh = (long long)floor(sqrt((double)n / 2) + 0.5);
		if (size % 4 || hh < 1 || 2 * hh * hh != n) {
			snprintf(err, errlen, "'%s' is not a PNG, and as float32 data (no ENVI header "
			         "beside it) its %lld bytes make no 2:1 map", path, size);
			return BAD;
		}
		e = (envi){2 * hh > HEIGHTMAP_MAX_WIDTH ? HEIGHTMAP_MAX_WIDTH + 1 : 2 * hh, hh, 1, 4,
		           0, 0, 0, 0, 0, 0, 0};
	}
	if (size_ok((int)e.samples, (int)e.lines, path, err, errlen) < 0)
		return BAD;
	size_t w = (size_t)e.samples, h = (size_t)e.lines, count = w * h;
	if (size < e.offset + (long long)(count * 4)) {
		snprintf(err, errlen, "'%s' is truncated: %lld bytes, a %zux%zu float32 map needs %lld",
		         path, size, w, h, e.offset + (long long)(count * 4));
		return BAD;
	}
	float *m = malloc(count * sizeof *m);
	if (!m) {
		snprintf(err, errlen, "out of memory reading '%s'", path);
		return FAILED;
	}
	if (fseek(f, e.offset, SEEK_SET) != 0 || fread(m, 4, count, f) != count) {
		snprintf(err, errlen, "cannot read '%s': %s", path, ferror(f) ? strerror(errno) : "short read");
		free(m);
		return FAILED;
	}
	int swap = (e.byte_order == 1) != host_big_endian();
	double scale = o->has_mapping ? o->scale : 1, offset = o->has_mapping ? o->offset : 0;
	for (size_t i = 0; i < count; i++) {
		if (swap) {
			uint32_t u;
			memcpy(&u, &m[i], 4);
			u = (u >> 24) | ((u >> 8) & 0xff00) | ((u << 8) & 0xff0000) | (u << 24);
			memcpy(&m[i], &u, 4);
		}
		double v = m[i] * scale + offset;
		if (!isfinite(v) || fabs(v) > 1e7) {
			snprintf(err, errlen, "'%s': value %zu (row %zu) is %g, not a height in metres",
			         path, i % w, i / w, v);
			free(m);
			return BAD;
		}
		m[i] = (float)v;
	}
	out->width = (int)w;
	out->height = (int)h;
	out->m = m;
	return 0;
}

int heightmap_read(const char *path, const heightmap_opts *o, heightfield *out,
                   char *err, size_t errlen)
{
	static const heightmap_opts none = {0};
	if (!o)
		o = &none;
	if (o->has_mapping && !(isfinite(o->scale) && isfinite(o->offset) && o->scale != 0)) {
		snprintf(err, errlen, "the height mapping needs a finite, non-zero scale");
		return BAD;
	}
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "'%s' is a folder", path);
		return BAD;
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return errno == ENOENT ? BAD : FAILED;
	}
	uint8_t sig[8];
	size_t got = fread(sig, 1, sizeof sig, f);
	int rc;
	if (got == sizeof sig && png_sig_cmp(sig, 0, sizeof sig) == 0) {
		rc = read_png(path, f, o, out, err, errlen);
	} else {
		rewind(f);
		rc = read_float(path, f, o, out, err, errlen);
	}
	fclose(f);
	return rc;
}
