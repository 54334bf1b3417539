/* export_data.c: numeric layers as raw binary files GDAL and numpy read.
 *
 * Why raw binary with an ENVI header rather than GeoTIFF or EXR: it needs no
 * new library, any language reads it with one call (numpy.fromfile, then
 * reshape to bands x height x width), GDAL and QGIS open it through the
 * ENVI header (size, type, byte order, CRS, band and class names) and game
 * engines take raw float/16-bit data. Samples are little-endian,
 * band-sequential (all of band 1, then band 2), rows from the north. */
#include "io/export_data.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "io/georef.h"
#include "io/outfile.h"
#include "io/textenc.h"

static int little_endian(void)
{
	const uint16_t one = 1;
	return *(const uint8_t *)&one == 1;
}

static void to_little(uint8_t *buf, size_t bytes, int size)
{
	if (little_endian() || size == 1)
		return;
	for (size_t i = 0; i + (size_t)size <= bytes; i += (size_t)size)
		for (int a = 0, b = size - 1; a < b; a++, b--) {
			uint8_t t = buf[i + (size_t)a];
			buf[i + (size_t)a] = buf[i + (size_t)b];
			buf[i + (size_t)b] = t;
		}
}

/* The binary itself: every band, each rendered in bands of rows. */
static int write_samples(export_job *j, const char *path, char *err, size_t errlen)
{
	const export_spec *sp = &export_specs[j->kind];
	char tmp[OUTFILE_TMP_MAX], b[OUTFILE_SHOWN];
	int size = export_store_bytes(sp->store);
	j->stride = (size_t)j->w * (size_t)size;
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
	for (j->band = 0; j->band < sp->nbands && rc == 0; j->band++)
		for (int y = 0; y < j->h && rc == 0; y += BAND_ROWS) {
			int n = j->h - y < BAND_ROWS ? j->h - y : BAND_ROWS;
			export_fill_band(j, y, y + n, buf);
			size_t bytes = j->stride * (size_t)n;
			to_little(buf, bytes, size);
			if (fwrite(buf, 1, bytes, f) != bytes) {
				rc = -1;
				saved = errno;
			}
		}
	j->band = 0;
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
	return outfile_commit(tmp, path, rc == 0, err, errlen);
}

/* raw.json: the elevation layer described for readers without GDAL. */
static int write_raw_json(const export_job *j, const export_meta *m, const char *path,
                          const char *data_name, char *err, size_t errlen)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	fprintf(f, "{\n  \"data\": ");
	textenc_json(f, data_name);
	fprintf(f, ",\n  \"width\": %d,\n  \"height\": %d,\n", j->w, j->h);
	fprintf(f, "  \"dtype\": \"float32\",\n  \"byte_order\": \"little\",\n");
	fprintf(f, "  \"layout\": \"row-major, row 0 is the northernmost\",\n");
	fprintf(f, "  \"units\": \"m\",\n  \"elevation_reference\": \"sea level of this step (0 m is the coast)\",\n");
	fprintf(f, "  \"projection\": \"equirectangular\",\n");
	fprintf(f, "  \"lon_min\": %.10g,\n  \"lon_max\": %.10g,\n  \"lat_min\": %.10g,\n"
	        "  \"lat_max\": %.10g,\n", j->west, j->east, j->south, j->north);
	fprintf(f, "  \"pixel_centre\": \"lon = lon_min + (lon_max - lon_min) * (x + 0.5) / width, "
	        "lat = lat_max - (lat_max - lat_min) * (y + 0.5) / height\",\n");
	fprintf(f, "  \"planet_radius_m\": %s,\n", m->radius);
	fprintf(f, "  \"sea_level_m\": %s,\n  \"eustatic_change_m\": %s,\n  \"scenario\": ", m->sea,
	        m->eustatic);
	textenc_json(f, m->scenario);
	fprintf(f, ",\n  \"seed\": %s,\n  \"step\": %s,\n  \"time_myr\": %s,\n", m->seed, m->step, m->time);
	fprintf(f, "  \"state_hash\": \"%s\",\n  \"scenario_yaml\": ", m->hash);
	textenc_json(f, m->scenario_yaml ? m->scenario_yaml : "");
	/* the terrain of step 0, when it was imported rather than generated */
	fprintf(f, ",\n  \"import\": ");
	if (m->nimport) {
		fprintf(f, "{\n    \"file\": ");
		textenc_json(f, m->import_file);
		fprintf(f, ",\n    \"bytes\": %s,\n    \"sha256\": \"%s\",\n    \"mapping\": ",
		        m->import_bytes, m->import_sha256);
		textenc_json(f, m->import_mapping);
		fprintf(f, ",\n    \"reproduce\": ");
		textenc_json(f, m->reproduce);
		fprintf(f, "\n  }");
	} else {
		fprintf(f, "null");
	}
	fprintf(f, ",\n  \"software\": ");
	textenc_json(f, m->software);
	fprintf(f, ",\n  \"version\": \"%s\"\n}\n", PACKAGE_VERSION);
	if (fclose(f) != 0) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = outfile_write_all(path, text, len, err, errlen);
	free(text);
	return rc;
}

/* Legend of a class map: value,name,r,g,b (CSV, one header line). */
static int write_legend(const export_job *j, const char *path, char *err, size_t errlen)
{
	const snapshot_t *s = j->s;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	fputs("value,name,r,g,b\n", f);
	if (j->kind == EXPORT_DATA_BIOME) {
		for (int b = 0; b < BIOME_COUNT; b++)
			fprintf(f, "%d,%s,%d,%d,%d\n", b, biome_table[b].name, s->prm.biomes[b].r,
			        s->prm.biomes[b].g, s->prm.biomes[b].b);
	} else {
		for (int i = 0; i < s->plate_count; i++) {
			const plate_info *p = &s->plates[i];
			if (!plate_on_map(p))
				continue;
			fprintf(f, "%d,plate %d (%s),%d,%d,%d\n", p->id, p->id,
			        p->type == CRUST_CONTINENTAL ? "continental" : "oceanic", p->r, p->g, p->b);
		}
		fprintf(f, "%lu,no plate,0,0,0\n", (unsigned long)FIELDS_NO_PLATE);
	}
	if (fclose(f) != 0) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = outfile_write_all(path, text, len, err, errlen);
	free(text);
	return rc;
}

int export_data_write(export_job *j, const export_meta *m, const char *dir, long frame,
                      char *err, size_t errlen)
{
	const export_spec *sp = &export_specs[j->kind];
	const char *ext = sp->suffixes[0];
	char path[PATH_MAX], side[PATH_MAX];
	if (export_file_path(path, sizeof path, dir, sp->name, frame, ext, err, errlen) != 0 ||
	    write_samples(j, path, err, errlen) != 0)
		return -1;

	georef_band bands[2] = {{0}};
	for (int b = 0; b < sp->nbands; b++)
		bands[b] = (georef_band){sp->band_name[b], sp->unit[b], 0, 0};
	if (sp->store == STORE_H16)    /* value = DN * scale + offset, metres from the sea */
		bands[0] = (georef_band){"elevation", "m", (ELEV_HI - ELEV_LO) / 65535.0, ELEV_LO};
	georef_item meta[11 + EXPORT_IMPORT_ITEMS] = {
		{"Software", m->software}, {"Kind", sp->name}, {"Scenario", m->scenario},
		{"Seed", m->seed}, {"Step", m->step}, {"Time-Myr", m->time}, {"State-Hash", m->hash},
		{"Planet-Radius-m", m->radius}, {"Sea-Level-m", m->sea},
		{"Eustatic-Change-m", m->eustatic},
		{"Scenario-YAML", m->scenario_yaml ? m->scenario_yaml : ""},
	};
	int nmeta = 11;
	for (int i = 0; i < m->nimport; i++)
		meta[nmeta++] = (georef_item){m->import_key[i], m->import_value[i]};
	georef g = {.width = j->w, .height = j->h, .radius_m = m->radius_m, .nbands = sp->nbands,
	            .bands = bands, .meta = meta, .nmeta = nmeta};
	export_job_georef(j, &g.west, &g.north, &g.dx, &g.dy);
	const char *names[BIOME_COUNT];
	uint8_t colours[BIOME_COUNT][3];
	georef_envi e = {.data_type = sp->store == STORE_F32 ? 4 : sp->store == STORE_U32 ? 13
	                            : sp->store == STORE_H16 ? 12 : 1,
	                 .description = sp->name};
	if (j->kind == EXPORT_DATA_BIOME) {
		for (int b = 0; b < BIOME_COUNT; b++) {
			names[b] = biome_table[b].name;
			colours[b][0] = j->s->prm.biomes[b].r;
			colours[b][1] = j->s->prm.biomes[b].g;
			colours[b][2] = j->s->prm.biomes[b].b;
		}
		e.nclasses = BIOME_COUNT;
		e.class_names = names;
		e.class_rgb = (const uint8_t(*)[3])colours;
	}
	if (export_file_path(side, sizeof side, dir, sp->name, frame, ".hdr", err, errlen) != 0 ||
	    georef_write_envi(side, &g, &e, err, errlen) != 0 ||
	    georef_write_aux(path, &g, err, errlen) != 0)
		return -1;
	const char *base = strrchr(path, '/');
	if (j->kind == EXPORT_RAW &&
	    (export_file_path(side, sizeof side, dir, sp->name, frame, ".json", err, errlen) != 0 ||
	     write_raw_json(j, m, side, base ? base + 1 : path, err, errlen) != 0))
		return -1;
	if ((sp->store == STORE_U32 || sp->store == STORE_U8) &&
	    (export_file_path(side, sizeof side, dir, sp->name, frame, ".csv", err, errlen) != 0 ||
	     write_legend(j, side, err, errlen) != 0))
		return -1;
	return 0;
}
