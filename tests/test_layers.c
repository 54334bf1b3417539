/* test_layers.c: the numeric layers (raw and data-*) hold the simulation's
 * values where the map says they are, read both directly (as numpy would,
 * from the ENVI header's size and type) and through GDAL (gdallocationinfo
 * at the longitude and latitude of chosen cells, gdalinfo for the CRS,
 * extent and heightmap scale). A real planet, a few steps old. GDAL checks
 * are skipped when gdal-bin is not installed (CI installs it). */
#include "tap.h"
#include "planet_fixture.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/pool.h"
#include "core/grid.h"
#include "core/planet.h"
#include "core/snapshot.h"
#include "io/export.h"
#include "io/fields.h"
#include "io/scenario.h"

#define W 1024
#define H 512
#define SAMPLES 40

static char dir[256];

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	}
	return buf;
}

/* An ENVI header value "key = value" as an integer, or -1. */
static long hdr_int(const char *hdr, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\n%s = ", key);
	const char *p = strstr(hdr, pat);
	return p ? strtol(p + strlen(pat), NULL, 10) : -1;
}

/* A layer file read as an ENVI reader would. */
typedef struct layer {
	int w, h, bands, type;    /* ENVI data type */
	uint8_t *data;
} layer;

static int load_layer(const char *stem, const char *ext, layer *l)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s.hdr", dir, stem);
	char *hdr = slurp(path, NULL);
	if (!hdr)
		return -1;
	l->w = (int)hdr_int(hdr, "samples");
	l->h = (int)hdr_int(hdr, "lines");
	l->bands = (int)hdr_int(hdr, "bands");
	l->type = (int)hdr_int(hdr, "data type");
	int le = hdr_int(hdr, "byte order") == 0 && strstr(hdr, "interleave = bsq") != NULL;
	free(hdr);
	snprintf(path, sizeof path, "%s/%s%s", dir, stem, ext);
	size_t len = 0;
	l->data = (uint8_t *)slurp(path, &len);
	int size = l->type == 1 ? 1 : 4;
	if (!l->data || !le || len != (size_t)l->w * (size_t)l->h * (size_t)l->bands * (size_t)size) {
		free(l->data);
		l->data = NULL;
		return -1;
	}
	return 0;
}

static double layer_at(const layer *l, int band, int x, int y)
{
	size_t i = ((size_t)band * (size_t)l->h + (size_t)y) * (size_t)l->w + (size_t)x;
	const uint8_t *b = l->data + i * (l->type == 1 ? 1 : 4);
	if (l->type == 1)
		return b[0];
	uint32_t u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	if (l->type == 13)
		return u;
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* The cells sampled: spread over the sphere, away from the poles' last row. */
typedef struct sample {
	int cell, x, y;
	double lon, lat;        /* degrees, of the cell centre */
	vec3 pix;               /* centre of the pixel holding it */
} sample;

static void pick_samples(const snapshot_t *s, sample *out)
{
	const grid_t *g = s->grid;
	for (int i = 0; i < SAMPLES; i++) {
		int c = (int)(((long long)i * 7919 + 13) % g->n);
		vec3 p = g->centre[c];
		double lat = asin(p.z) * 180 / M_PI, lon = atan2(p.y, p.x) * 180 / M_PI;
		int x = (int)floor((lon + 180) / 360 * W), y = (int)floor((90 - lat) / 180 * H);
		x = x < 0 ? 0 : x >= W ? W - 1 : x;
		y = y < 0 ? 0 : y >= H ? H - 1 : y;
		double plon = (-180 + 360 * (x + 0.5) / W) * M_PI / 180;
		double plat = (90 - 180 * (y + 0.5) / H) * M_PI / 180;
		out[i] = (sample){c, x, y, lon, lat,
		                  v3(cos(plat) * cos(plon), cos(plat) * sin(plon), sin(plat))};
	}
}

/* Is v within the values of cell c and its neighbours (the corners any
 * interpolation near c's centre blends)? */
static int in_ring(const snapshot_t *s, const float *f, int c, double v, double slack)
{
	const grid_t *g = s->grid;
	double lo = f[c], hi = f[c], relief = s->relief[c];
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		double u = f[g->nbr[k]];
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
		relief = s->relief[g->nbr[k]] > relief ? s->relief[g->nbr[k]] : relief;
	}
	/* heights carry the terrain's sub-cell detail, a quarter of the relief
	 * times 3 (1 - w) for the point's largest corner weight w: within half
	 * a pixel of a centre here (w > 0.9) under 8 % of the relief. A peak
	 * cell's own pixel stood 2.4 m over it (level 4, seed 7, cell 1878) */
	if (f == s->elevation)
		slack += 0.08 * relief;
	return v >= lo - slack && v <= hi + slack;
}

typedef struct cont_layer {
	const char *stem;
	int band;
	const float *field;
	field_kind kind;
} cont_layer;

/* The field interpolated at the pixel's centre, as the map is defined. */
static double at_pixel(const snapshot_t *s, field_kind f, const sample *sm)
{
	colormap_cursor cur = COLORMAP_CURSOR_INIT;
	return fields_sample(s, f, sm->pix, &cur);
}

static void test_direct(const snapshot_t *s, const sample *sm)
{
	const cont_layer cl[] = {
		{"raw", 0, s->elevation, FIELD_ELEVATION},
		{"data-temperature", 0, s->temperature, FIELD_TEMPERATURE},
		{"data-precipitation", 0, s->precip, FIELD_PRECIPITATION},
		{"data-age", 0, s->age, FIELD_AGE},
		{"data-stress", 0, s->stress, FIELD_STRESS},
		{"data-stress", 1, s->shear, FIELD_SHEAR},
		{"data-velocity", 0, s->vel_east, FIELD_VEL_EAST},
		{"data-velocity", 1, s->vel_north, FIELD_VEL_NORTH},
	};
	for (size_t i = 0; i < sizeof cl / sizeof *cl; i++) {
		layer l;
		if (!ok(load_layer(cl[i].stem, ".f32", &l) == 0 &&
		        l.w == W && l.h == H && l.type == 4,
		        "%s.f32: %dx%d float32 as its header says", cl[i].stem, W, H))
			continue;
		int good = 0, exact = 0;
		for (int k = 0; k < SAMPLES; k++) {
			double v = layer_at(&l, cl[i].band, sm[k].x, sm[k].y);
			double want = at_pixel(s, cl[i].kind, &sm[k]);
			exact += fabs(v - want) <= 1e-5 * fabs(want) + 1e-5;
			if (in_ring(s, cl[i].field, sm[k].cell, v, 1e-3))
				good++;
			else
				tap_diag("%s band %d cell %d: %g (cell %g, relief %g)", cl[i].stem, cl[i].band + 1, sm[k].cell, v,
				         cl[i].field[sm[k].cell], s->relief[sm[k].cell]);
		}
		ok(good == SAMPLES, "%s band %d: the value at %d cells' pixels is the cell's (%d agree)",
		   cl[i].stem, cl[i].band + 1, SAMPLES, good);
		ok(exact == SAMPLES, "%s band %d: pixel (x, y) holds the field at its centre (%d of %d)",
		   cl[i].stem, cl[i].band + 1, exact, SAMPLES);
		free(l.data);
	}

	layer lp, lb;
	if (ok(load_layer("data-plates", ".u32", &lp) == 0 && lp.type == 13 && lp.bands == 1,
	       "data-plates.u32: uint32 as its header says")) {
		int good = 0;
		for (int k = 0; k < SAMPLES; k++) {
			int c = grid_locate(s->grid, sm[k].pix);
			good += layer_at(&lp, 0, sm[k].x, sm[k].y) == s->plates[s->plate[c]].id;
		}
		ok(good == SAMPLES, "data-plates: the plate id of the nearest cell (%d of %d)", good, SAMPLES);
		free(lp.data);
	}
	if (ok(load_layer("data-biome", ".u8", &lb) == 0 && lb.type == 1 && lb.bands == 1,
	       "data-biome.u8: uint8 as its header says")) {
		int good = 0;
		for (int k = 0; k < SAMPLES; k++) {
			int c = grid_locate(s->grid, sm[k].pix);
			good += layer_at(&lb, 0, sm[k].x, sm[k].y) == s->biome[c];
		}
		ok(good == SAMPLES, "data-biome: the biome of the nearest cell (%d of %d)", good, SAMPLES);
		free(lb.data);
	}

	/* legends: every plate and every biome, with its colour */
	char path[512], line[128];
	snprintf(path, sizeof path, "%s/data-plates.csv", dir);
	char *csv = slurp(path, NULL);
	int found = csv && !strncmp(csv, "value,name,r,g,b\n", 17);
	for (int i = 0; found && i < s->plate_count; i++) {
		const plate_info *p = &s->plates[i];
		snprintf(line, sizeof line, "\n%d,plate %d (%s),%d,%d,%d\n", p->id, p->id,
		         p->type == CRUST_CONTINENTAL ? "continental" : "oceanic", p->r, p->g, p->b);
		found = strstr(csv, line) != NULL;
	}
	ok(found, "data-plates.csv lists every plate's id, name and colour");
	free(csv);
	snprintf(path, sizeof path, "%s/data-biome.csv", dir);
	csv = slurp(path, NULL);
	found = csv != NULL;
	for (int b = 0; found && b < BIOME_COUNT; b++) {
		snprintf(line, sizeof line, "\n%d,%s,%d,%d,%d\n", b, biome_table[b].name,
		         s->prm.biomes[b].r, s->prm.biomes[b].g, s->prm.biomes[b].b);
		found = strstr(csv, line) != NULL;
	}
	ok(found, "data-biome.csv lists every biome's index, name and colour");
	free(csv);
}

/* ---- through GDAL ------------------------------------------------------- */

static int have_gdal(void)
{
	return system("gdalinfo --version >/dev/null 2>&1") == 0;
}

/* Values of band `band` of file at every sample's lon/lat, via
 * gdallocationinfo (-wgs84 or -geoloc). 0 when all were read. */
static int gdal_values(const char *file, int band, const char *how, const sample *sm, double *v)
{
	char cmd[1024], in[512];
	snprintf(in, sizeof in, "%s/points.txt", dir);
	FILE *f = fopen(in, "w");
	if (!f)
		return -1;
	for (int k = 0; k < SAMPLES; k++)
		fprintf(f, "%.9f %.9f\n", sm[k].lon, sm[k].lat);
	fclose(f);
	snprintf(cmd, sizeof cmd, "gdallocationinfo -valonly %s -b %d '%s/%s' < '%s' 2>&1", how, band,
	         dir, file, in);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	int n = 0;
	char line[256];
	while (n < SAMPLES && fgets(line, sizeof line, p)) {
		char *end;
		v[n] = strtod(line, &end);
		if (end == line) {
			tap_diag("gdallocationinfo %s: %s", file, line);
			break;
		}
		n++;
	}
	pclose(p);
	return n == SAMPLES ? 0 : -1;
}

/* The output of a command, whole. */
static char *run(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	size_t n;
	while (buf && (n = fread(buf + len, 1, cap - 1 - len, p)) > 0)
		len += n;
	pclose(p);
	if (buf)
		buf[len] = '\0';
	return buf;
}

static double json_num(const char *json, const char *key)
{
	const char *p = strstr(json, key);
	if (!p)
		return NAN;
	p = strchr(p + strlen(key), ':');
	return p ? strtod(p + 1, NULL) : NAN;
}

static void test_gdal(const snapshot_t *s, const sample *sm)
{
	char cmd[512];
	static const char *const files[] = {
		"elevation.png", "elevation16.png", "biome.png", "plates.png", "stress.png",
		"temperature.png", "precipitation.png", "age.png", "raw.f32", "data-temperature.f32",
		"data-precipitation.f32", "data-age.f32", "data-stress.f32", "data-velocity.f32",
		"data-plates.u32", "data-biome.u8",
	};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(cmd, sizeof cmd, "gdalinfo -json '%s/%s' 2>&1", dir, files[i]);
		char *js = run(cmd);
		int crs = js && strstr(js, "Tectonica planet") && strstr(js, "6371000,0") &&
		          strstr(js, "\"geoTransform\"");
		double gt[6];
		const char *g = js ? strstr(js, "\"geoTransform\":[") : NULL;
		int geo = g != NULL;
		if (g) {
			g += strlen("\"geoTransform\":[");
			for (int k = 0; k < 6 && geo; k++) {
				char *end;
				gt[k] = strtod(g, &end);
				geo = end != g;
				g = end + 1;
			}
		}
		geo = geo && gt[0] == -180 && fabs(gt[1] - 360.0 / W) < 1e-12 && gt[2] == 0 &&
		      gt[3] == 90 && gt[4] == 0 && fabs(gt[5] + 180.0 / H) < 1e-12;
		ok(crs && geo, "gdalinfo %s: sphere of R = 6371 km, -180..180 x 90..-90", files[i]);
		if (!crs || !geo)
			tap_diag("%.600s", js ? js : "(no output)");
		if (!strcmp(files[i], "elevation16.png")) {
			double off = json_num(js, "\"offset\""), scale = json_num(js, "\"scale\"");
			ok(off == -11000 && fabs(scale * 65535 - 20000) < 1e-6 && strstr(js, "\"unit\":\"m\""),
			   "elevation16.png: offset -11000 m, scale 20000/65535 m, unit m (%g, %g)", off, scale);
		}
		free(js);
	}

	/* values at the cells' own longitude and latitude */
	double v[SAMPLES];
	const struct {
		const char *file;
		int band;
		const float *f;
		field_kind kind;
		double scale, off, slack;
	} chk[] = {
		{"raw.f32", 1, s->elevation, FIELD_ELEVATION, 1, 0, 1e-3},
		{"elevation16.png", 1, s->elevation, FIELD_ELEVATION, 20000.0 / 65535, -11000, 0.16},
		{"data-temperature.f32", 1, s->temperature, FIELD_TEMPERATURE, 1, 0, 1e-3},
		{"data-precipitation.f32", 1, s->precip, FIELD_PRECIPITATION, 1, 0, 1e-3},
		{"data-age.f32", 1, s->age, FIELD_AGE, 1, 0, 1e-3},
		{"data-velocity.f32", 2, s->vel_north, FIELD_VEL_NORTH, 1, 0, 1e-3},
	};
	for (size_t i = 0; i < sizeof chk / sizeof *chk; i++)
		for (int how = 0; how < 2; how++) {
			const char *opt = how ? "-geoloc" : "-wgs84";
			int got = gdal_values(chk[i].file, chk[i].band, opt, sm, v) == 0, good = 0;
			for (int k = 0; got && k < SAMPLES; k++) {
				double val = v[k] * chk[i].scale + chk[i].off;
				/* the pixel GDAL reads is the one whose centre export.h places there */
				double want = at_pixel(s, chk[i].kind, &sm[k]);
				if (chk[i].scale == 1 && fabs(val - want) > 1e-5 * fabs(want) + 1e-5) {
					tap_diag("%s %s at %.3f %.3f: %g, pixel %d,%d holds %g", chk[i].file, opt,
					         sm[k].lon, sm[k].lat, val, sm[k].x, sm[k].y, want);
					continue;
				}
				if (in_ring(s, chk[i].f, sm[k].cell, val, chk[i].slack))
					good++;
				else
					tap_diag("%s %s at %.3f %.3f (cell %d): %g", chk[i].file, opt, sm[k].lon,
					         sm[k].lat, sm[k].cell, val);
			}
			ok(got && good == SAMPLES,
			   "gdallocationinfo %s %s band %d: the cells' values at their lon/lat (%d of %d)",
			   opt, chk[i].file, chk[i].band, good, SAMPLES);
		}
	int got = gdal_values("data-biome.u8", 1, "-wgs84", sm, v) == 0, good = 0;
	for (int k = 0; got && k < SAMPLES; k++)
		good += v[k] == s->biome[grid_locate(s->grid, sm[k].pix)];
	ok(got && good == SAMPLES, "gdallocationinfo -wgs84 data-biome.u8: the cells' biomes (%d of %d)",
	   good, SAMPLES);
	snprintf(cmd, sizeof cmd, "gdalinfo '%s/data-biome.u8' 2>&1", dir);
	char *info = run(cmd);
	ok(info && strstr(info, "13: sea_ice") && strstr(info, "Color Table"),
	   "gdalinfo data-biome.u8: biome names as categories and their colours");
	free(info);
}

/* Raw files of the region and raw16 exports, read directly. */
static int read_raw(const char *path, size_t bytes, uint8_t **out)
{
	size_t len = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	uint8_t *buf = malloc(bytes + 1);
	if (buf)
		len = fread(buf, 1, bytes + 1, f);
	fclose(f);
	if (!buf || len != bytes) {
		free(buf);
		return -1;
	}
	*out = buf;
	return 0;
}

static vec3 at_lonlat(double lon, double lat)
{
	lon *= M_PI / 180;
	lat *= M_PI / 180;
	return v3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat));
}

static double f32_at(const uint8_t *b, size_t i)
{
	uint32_t u = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
	             (uint32_t)b[4 * i + 3] << 24;
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* A box across the antimeridian at a tall aspect, and the square raw16. */
static void test_region(const snapshot_t *s, pool_t *pool, int gdal)
{
	enum { RW = 300, RH = 450, SIDE = 513 };
	const double west = 170, south = -50, east = -150 + 360, north = 10;
	char sub[300], err[512], path[400];
	snprintf(sub, sizeof sub, "%s/region", dir);
	unsigned mask;
	export_parse_list("raw,raw16", &mask, err, sizeof err);
	export_opts o = {.width = RW, .height = RH, .region = 1, .west = 170, .south = -50,
	                 .east = -150, .north = 10, .frame = -1};
	int rc = export_write(s, mask, sub, &o, pool, err, sizeof err);
	ok(rc == 0, "region 170,-50,-150,10 at 300x450 written%s%s", rc ? ": " : "", rc ? err : "");
	uint8_t *raw = NULL, *r16 = NULL;
	snprintf(path, sizeof path, "%s/raw.f32", sub);
	ok(read_raw(path, (size_t)RW * RH * 4, &raw) == 0, "raw.f32 of the region is 300x450 float32");
	/* the square for H = 450: 513 = 2^9 + 1 */
	export_parse_list("raw16", &mask, err, sizeof err);
	snprintf(path, sizeof path, "%s/raw16.raw", sub);
	ok(read_raw(path, (size_t)SIDE * SIDE * 2, &r16) == 0,
	   "raw16.raw is 513x513 uint16 (the smallest 2^n + 1 >= the height)");
	int good = 0, good16 = 0, n = 0;
	FILE *pts = NULL;
	snprintf(path, sizeof path, "%s/pts.txt", sub);
	if (gdal)
		pts = fopen(path, "w");
	double want[64], want16[64], lon16[64], lat16[64];
	for (int k = 0; k < 64 && raw && r16; k++, n++) {
		int x = (k * 37 + 5) % RW, y = (k * 53 + 11) % RH;
		double lon = west + (east - west) * (x + 0.5) / RW, lat = north - (north - south) * (y + 0.5) / RH;
		colormap_cursor cur = COLORMAP_CURSOR_INIT;
		want[k] = fields_sample(s, FIELD_ELEVATION, at_lonlat(lon, lat), &cur);
		good += fabs(f32_at(raw, (size_t)y * RW + x) - want[k]) <= 1e-5 * fabs(want[k]) + 1e-5;
		int i = (k * 41 + 3) % SIDE, jj = (k * 29 + 7) % SIDE;
		lon16[k] = west + (east - west) * i / (SIDE - 1);
		lat16[k] = north - (north - south) * jj / (SIDE - 1);
		cur = (colormap_cursor)COLORMAP_CURSOR_INIT;
		double e = fields_sample(s, FIELD_ELEVATION, at_lonlat(lon16[k], lat16[k]), &cur);
		want16[k] = lrint(fmin(fmax((e + 11000) / 20000, 0), 1) * 65535);
		size_t at = 2 * ((size_t)jj * SIDE + (size_t)i);
		good16 += (r16[at] | r16[at + 1] << 8) == want16[k];
		if (pts)
			fprintf(pts, "%.9f %.9f\n", lon, lat);
	}
	ok(n == 64 && good == n, "region raw.f32: pixel centres on the box, across 180 (%d of %d)", good, n);
	ok(n == 64 && good16 == n, "raw16: samples on the corners, edge to edge (%d of %d)", good16, n);
	if (pts) {
		fclose(pts);
		char cmd[1200], line[128];
		snprintf(cmd, sizeof cmd, "gdallocationinfo -valonly -geoloc '%s/raw.f32' < '%s' 2>&1", sub, path);
		FILE *p = popen(cmd, "r");
		int agree = 0, k = 0;
		while (p && k < n && fgets(line, sizeof line, p)) {
			double v = strtod(line, NULL);
			agree += fabs(v - want[k]) <= 1e-5 * fabs(want[k]) + 1e-5;
			k++;
		}
		if (p)
			pclose(p);
		ok(agree == n, "gdallocationinfo -geoloc on the region's raw.f32, lon 170..210 (%d of %d)", agree, n);
		FILE *q = fopen(path, "w");
		for (k = 0; q && k < n; k++)
			fprintf(q, "%.9f %.9f\n", lon16[k], lat16[k]);
		if (q)
			fclose(q);
		snprintf(cmd, sizeof cmd, "gdallocationinfo -valonly -geoloc '%s/raw16.raw' < '%s' 2>&1", sub, path);
		p = popen(cmd, "r");
		agree = 0;
		k = 0;
		while (p && k < n && fgets(line, sizeof line, p)) {
			agree += strtod(line, NULL) == want16[k];
			k++;
		}
		if (p)
			pclose(p);
		ok(agree == n, "gdallocationinfo -geoloc on raw16.raw: its samples at their points (%d of %d)",
		   agree, n);
	}
	free(raw);
	free(r16);
}

/* Forward projections, written here from Snyder's formulas, independent of
 * the program's inverse ones: where a lon/lat point must land. */
static void moll_forward(double lon, double lat, double lon0, double *x, double *y)
{
	double phi = lat * M_PI / 180, th = phi;
	for (int i = 0; i < 50; i++) {
		double f = 2 * th + sin(2 * th) - M_PI * sin(phi), d = 2 + 2 * cos(2 * th);
		if (fabs(d) < 1e-12)
			break;
		th -= f / d;
	}
	double dl = remainder(lon - lon0, 360) * M_PI / 180;
	*x = 2 * sqrt(2) / M_PI * dl * cos(th);
	*y = sqrt(2) * sin(th);
}

static int ortho_forward(double lon, double lat, double lon0, double lat0, double *x, double *y)
{
	double p = lat * M_PI / 180, l = (lon - lon0) * M_PI / 180, p0 = lat0 * M_PI / 180;
	*x = cos(p) * sin(l);
	*y = cos(p0) * sin(p) - sin(p0) * cos(p) * cos(l);
	return sin(p0) * sin(p) + cos(p0) * cos(p) * cos(l) > 0.2;    /* well inside the disc */
}

/* Mollweide and orthographic maps: GDAL's sidecar puts each lon/lat where
 * the forward projection does, and the pixel there shows that place. */
static void test_projections(const snapshot_t *s, pool_t *pool, int gdal)
{
	enum { MW = 512, MH = 256 };
	const double lon0 = 30, lat0 = -20;
	char sub[300], err[512], path[400];
	snprintf(sub, sizeof sub, "%s/proj", dir);
	unsigned mask;
	export_parse_list("mollweide,orthographic", &mask, err, sizeof err);
	export_opts o = {.width = MW, .height = MH, .view_lon = lon0, .view_lat = lat0, .frame = -1};
	int rc = export_write(s, mask, sub, &o, pool, err, sizeof err);
	ok(rc == 0, "mollweide and orthographic written%s%s", rc ? ": " : "", rc ? err : "");
	if (!gdal) {
		printf("ok %d # SKIP gdal-bin is not installed\n", ++tap_count);
		return;
	}
	for (int ortho = 0; ortho < 2; ortho++) {
		const char *file = ortho ? "orthographic.png" : "mollweide.png";
		int w = ortho ? MH : MW, h = MH, n = 0;
		int px[64], py[64];
		double lon[64], lat[64];
		snprintf(path, sizeof path, "%s/pts.txt", sub);
		FILE *f = fopen(path, "w");
		for (int k = 0; f && k < 400 && n < 64; k++) {
			double lo = -180 + fmod(k * 47.3, 360), la = -80 + fmod(k * 29.7, 160), x, y;
			if (ortho ? !ortho_forward(lo, la, lon0, lat0, &x, &y)
			          : (moll_forward(lo, la, lon0, &x, &y), 0))
				continue;
			double u = ortho ? (x + 1) / 2 : (x / (2 * sqrt(2)) + 1) / 2;
			double v = ortho ? (1 - y) / 2 : (1 - y / sqrt(2)) / 2;
			double fx = u * w, fy = v * h;
			/* away from pixel edges, so rounding cannot decide */
			if (fabs(fx - floor(fx) - 0.5) > 0.4 || fabs(fy - floor(fy) - 0.5) > 0.4)
				continue;
			px[n] = (int)floor(fx);
			py[n] = (int)floor(fy);
			lon[n] = lo;
			lat[n] = la;
			fprintf(f, "%.9f %.9f\n", lo, la);
			n++;
		}
		if (f)
			fclose(f);
		char cmd[1200], line[256];
		snprintf(cmd, sizeof cmd, "gdallocationinfo -wgs84 '%s/%s' < '%s' 2>&1", sub, file, path);
		FILE *p = popen(cmd, "r");
		int k = 0, placed = 0, shows = 0, r = -1, g = -1, b = -1, band = 0;
		while (p && fgets(line, sizeof line, p)) {
			int X, Y, v;
			if (sscanf(line, " Location: (%dP,%dL)", &X, &Y) == 2) {
				placed += k < n && X == px[k] && Y == py[k];
				band = 0;
			} else if (strstr(line, "Band ")) {
				band++;
			} else if (sscanf(line, " Value: %d", &v) == 1) {
				if (band == 1)
					r = v;
				else if (band == 2)
					g = v;
				else if (band == 3 && k < n) {
					b = v;
					colormap_cursor cur = COLORMAP_CURSOR_INIT;
					rgb c = colormap_point_cur(s, VIEW_BIOME, at_lonlat(lon[k], lat[k]), &cur);
					/* the orthographic disc is lit: compare hues, not brightness */
					double dot = (double)(c.r * r + c.g * g + c.b * b);
					double nc = sqrt((double)c.r * c.r + (double)c.g * c.g + (double)c.b * c.b);
					double nv = sqrt((double)r * r + (double)g * g + (double)b * b);
					shows += ortho ? nc > 0 && nv > 0 && dot / (nc * nv) > 0.98
					               : abs(c.r - r) + abs(c.g - g) + abs(c.b - b) <= 30;
					k++;
				}
			}
		}
		if (p)
			pclose(p);
		ok(n >= 40 && k == n && placed == n,
		   "%s: GDAL places %d lon/lat points on the forward projection's pixels (%d)", file, n,
		   placed);
		ok(shows >= n * 9 / 10, "%s: and the pixel there shows that place's biome (%d of %d)",
		   file, shows, n);
	}
}

int main(void)
{
	tap_init();
	snprintf(dir, sizeof dir, "/tmp/tectonica-layers-%ld", (long)getpid());
	pool_t *pool = pool_new(2);
	planet_t *pl;
	snapshot_t *s;
	if (fixture_planet(4, 7, 5, pool, &pl, &s) < 0)
		return tap_done();
	char err[512] = "";

	unsigned mask;
	export_parse_list("all", &mask, err, sizeof err);
	export_opts o = {.width = W, .height = H, .scenario = "built-in default", .frame = -1};
	int rc = export_write(s, mask, dir, &o, pool, err, sizeof err);
	ok(rc == 0, "every kind written%s%s", rc ? ": " : "", rc ? err : "");

	sample sm[SAMPLES];
	pick_samples(s, sm);
	test_direct(s, sm);
	int gdal = have_gdal();
	if (gdal)
		test_gdal(s, sm);
	else
		printf("ok %d # SKIP gdal-bin is not installed\n", ++tap_count);
	test_region(s, pool, gdal);
	test_projections(s, pool, gdal);

	fixture_free(dir, pl, s, pool);
	return tap_done();
}
