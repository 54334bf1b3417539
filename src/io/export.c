/* export.c: write maps of a snapshot as files (doc/design.md, "Exports"):
 * kind names, the PNG maps with their GDAL sidecars, and the dispatch to
 * export_data.c for the raw binary layers. Pixels come from
 * export_render.c. Each file is written under a temporary name in the output
 * folder and renamed into place, so a reader (or a crash) never sees half a
 * map. */
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
#include "io/export_data.h"
#include "io/export_png.h"
#include "io/export_render.h"
#include "io/outfile.h"
#include "base/pool.h"

#define EXPORT_MIN_WIDTH 16
#define EXPORT_MAX_WIDTH 16384

/* "data": every numeric layer, elevation (raw) included. */
static unsigned data_mask(void)
{
	unsigned m = 1u << EXPORT_RAW;
	for (int k = EXPORT_DATA_TEMPERATURE; k <= EXPORT_DATA_BIOME; k++)
		m |= 1u << k;
	return m;
}

const char *export_kind_name(export_kind k)
{
	return (unsigned)k < EXPORT_KIND_COUNT ? export_specs[k].name : "?";
}

static void valid_names(char *buf, size_t len)
{
	size_t at = (size_t)snprintf(buf, len, "all, data");
	for (int k = 0; k < EXPORT_KIND_COUNT && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, ", %s", export_specs[k].name);
}

int export_parse_list(const char *list, unsigned *mask, char *err, size_t errlen)
{
	char valid[512];
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
		if (n == 4 && !strncmp(p, "data", 4))
			found = EXPORT_KIND_COUNT + 1;
		for (int k = 0; k < EXPORT_KIND_COUNT && found < 0; k++)
			if (strlen(export_specs[k].name) == n && !strncmp(p, export_specs[k].name, n))
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
		*mask |= found == EXPORT_KIND_COUNT ? (1u << EXPORT_KIND_COUNT) - 1
		       : found == EXPORT_KIND_COUNT + 1 ? data_mask() : 1u << found;
		if (!end)
			return 0;
		p = end + 1;
	}
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

int export_check(const char *dir, unsigned mask, long frame, const char *const *inputs,
                 char *err, size_t errlen)
{
	char path[PATH_MAX], b[OUTFILE_SHOWN];
	for (int k = 0; k < EXPORT_KIND_COUNT; k++) {
		if (!(mask & 1u << k))
			continue;
		for (const char *const *suf = export_specs[k].suffixes; *suf; suf++) {
			if (export_file_path(path, sizeof path, dir, export_specs[k].name, frame, *suf, err,
			                     errlen) != 0 ||
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

int export_write(const snapshot_t *s, unsigned mask, const char *dir,
                 const export_opts *o, struct pool *pool, char *err, size_t errlen)
{
	if (!s || !s->grid || !o || !dir) {
		snprintf(err, errlen, "export: nothing to write");
		return -1;
	}
	int w = o->width, h = o->height > 0 ? o->height : o->width / 2;
	if (o->region ? (w < EXPORT_MIN_WIDTH || w > EXPORT_MAX_WIDTH || h < EXPORT_MIN_WIDTH ||
	                 h > EXPORT_MAX_WIDTH)
	              : (w < EXPORT_MIN_WIDTH || w > EXPORT_MAX_WIDTH || w % 2 != 0 || h * 2 != w)) {
		snprintf(err, errlen, o->region
		         ? "bad map size %dx%d: need sides from %d to %d"
		         : "bad map size %dx%d: need an even width from %d to %d and height = width / 2",
		         o->width, o->height, EXPORT_MIN_WIDTH, EXPORT_MAX_WIDTH);
		return -1;
	}
	if (o->region && !(o->south >= -90 && o->north <= 90 && o->south < o->north &&
	                   o->west >= -180 && o->west <= 180 && o->east >= -180 && o->east <= 180 &&
	                   o->west != o->east)) {
		snprintf(err, errlen, "bad region %g,%g,%g,%g: need west,south,east,north in degrees, "
		         "-180..180 and -90..90, south < north", o->west, o->south, o->east, o->north);
		return -1;
	}
	if (mask == 0 || mask >= 1u << EXPORT_KIND_COUNT) {
		snprintf(err, errlen, "export: no valid map kinds selected");
		return -1;
	}
	if (export_prepare_dir(dir, err, errlen) != 0)
		return -1;

	export_job j = {.s = s, .pool = pool, .west = -180, .east = 180, .south = -90, .north = 90,
	                .view_lon = o->view_lon, .view_lat = o->view_lat};
	if (o->region) {
		j.west = o->west;
		/* a box across the antimeridian runs on past 180 */
		j.east = o->east > o->west ? o->east : o->east + 360;
		j.south = o->south;
		j.north = o->north;
	}
	/* raw16: the smallest 2^n + 1 at least the map height */
	int side = 2;
	while (side + 1 < h)
		side *= 2;
	side += 1;
	export_meta m;
	export_meta_fill(&m, s, o);
	int rc = 0;
	/* the equirectangular PNG maps together, sharing their pixels' points */
	export_kind group[EXPORT_KIND_COUNT];
	int ngroup = 0;
	for (int k = 0; k < EXPORT_KIND_COUNT; k++)
		if (mask & 1u << k && export_png_groupable((export_kind)k))
			group[ngroup++] = (export_kind)k;
	if (ngroup > 0) {
		j.kind = group[0];
		if (export_job_layout(&j, w, h, 0) != 0) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
		} else {
			rc = export_png_write(&j, group, ngroup, &m, dir, o->frame, err, errlen);
		}
	}
	for (int k = 0; k < EXPORT_KIND_COUNT && rc == 0; k++) {
		if (!(mask & 1u << k) || export_png_groupable((export_kind)k))
			continue;
		j.kind = (export_kind)k;
		j.band = 0;
		export_store st = export_specs[k].store;
		if (st == STORE_CUBE || st == STORE_CUBE16) {
			j.face = h / 2;
			j.w = 4 * j.face;
			j.h = 3 * j.face;
		} else if (export_job_layout(&j, st == STORE_H16 ? side : st == STORE_ORTHO ? h : w,
		                             st == STORE_H16 ? side : h, st == STORE_H16) != 0) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
			break;
		}
		switch (st) {
		case STORE_F32: case STORE_U32: case STORE_U8: case STORE_H16:
			rc = export_data_write(&j, &m, dir, o->frame, err, errlen);
			break;
		default:
			rc = export_png_write(&j, &j.kind, 1, &m, dir, o->frame, err, errlen);
		}
	}
	free(j.clon);
	free(j.slon);
	export_meta_free(&m);
	return rc;
}
