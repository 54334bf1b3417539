/* export_png.c: the PNG maps of an export, written as export_png.h says.
 *
 * The pipeline: step t renders band t of every file's rows (pool chunks of
 * one row of every file each) and compresses band t - 1 into each
 * file (one pool task per file), so on two threads compression runs beside
 * rendering instead of after it. Two buffers per file alternate between
 * the band being rendered and the band being compressed. */
#include "io/export_png.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/pool.h"
#include "io/georef.h"
#include "io/outfile.h"
#include "io/pngwrite.h"

/* One file of the group. */
typedef struct png_file {
	export_kind kind;
	pngw_format fmt;
	pngw *w;
	char path[PATH_MAX], tmp[OUTFILE_TMP_MAX];
	size_t stride;
	uint8_t *buf[2];
	int failed;             /* pngw_rows failed (pngw_error says why) */
} png_file;

typedef struct pipeline {
	const export_job *j;
	png_file *f;
	int n;
	int render_y0, render_rows, render_slot;   /* band being rendered (rows 0: none) */
	int write_rows, write_slot;                /* band being compressed (rows 0: none) */
	export_kind kinds[EXPORT_KIND_COUNT];
} pipeline;

static pngw_format kind_format(export_kind k)
{
	export_store st = export_specs[k].store;
	return st == STORE_GREY8 ? PNGW_GREY8
	     : st == STORE_GREY16 || st == STORE_CUBE16 ? PNGW_GREY16 : PNGW_RGB8;
}

static int kind_is_cube(export_kind k)
{
	return export_specs[k].store == STORE_CUBE || export_specs[k].store == STORE_CUBE16;
}

/* Start file f of kind k: its temporary file, header and text chunks. */
static int open_file(const export_job *jk, png_file *f, const export_meta *m, const char *dir,
                     long frame, char *err, size_t errlen)
{
	const export_spec *sp = &export_specs[f->kind];
	if (export_file_path(f->path, sizeof f->path, dir, sp->name, frame, ".png", err, errlen) != 0 ||
	    outfile_begin(f->path, f->tmp, err, errlen) != 0)
		return -1;
	char projection[256], srs[256];
	if (kind_is_cube(f->kind))
		snprintf(projection, sizeof projection, "cube map, 4x3 horizontal cross: row 1 = -Y +X +Y -X "
		         "(lon -90 0 90 180), +Z (north) above and -Z below +X");
	else if (export_job_srs(jk, srs, sizeof srs))
		snprintf(projection, sizeof projection, "%s", srs);
	else
		snprintf(projection, sizeof projection, "equirectangular, lon %.10g..%.10g left to right, "
		         "lat %.10g..%.10g top to bottom, pixel centres at ((x+0.5)/W, (y+0.5)/H)",
		         jk->west, jk->east, jk->north, jk->south);
	pngw_text text[14 + EXPORT_IMPORT_ITEMS] = {
		{"Software", m->software},
		{"Kind", sp->name},
		{"Scenario", m->scenario},
		{"Seed", m->seed},
		{"Step", m->step},
		{"Time-Myr", m->time},
		{"Projection", projection},
		{"Sea-Level-m", m->sea},
		{"Eustatic-Change-m", m->eustatic},
		{"State-Hash", m->hash},
		{"Planet-Radius-m", m->radius},
		{"Scenario-YAML", m->scenario_yaml ? m->scenario_yaml : ""},
	};
	int ntext = 12;
	if (f->fmt != PNGW_RGB8)
		text[ntext++] = (pngw_text){"Elevation-Mapping", f->fmt == PNGW_GREY16
			? "linear, -11000 m -> 0, +9000 m -> 65535 (metres from the sea level of this step)"
			: "linear, -11000 m -> 0, +9000 m -> 255 (metres from the sea level of this step)"};
	for (int i = 0; i < m->nimport; i++)
		text[ntext++] = (pngw_text){m->import_key[i], m->import_value[i]};
	f->w = pngw_open(f->tmp, f->path, jk->w, jk->h, f->fmt, text, ntext, err, errlen);
	if (!f->w) {
		outfile_commit(f->tmp, f->path, 0, NULL, 0);
		return -1;
	}
	return 0;
}

/* Finish file f (or give it up when !ok): rename it into place and write
 * the .aux.xml of an equirectangular map. */
static int close_file(const export_job *jk, png_file *f, const export_meta *m, int ok,
                      char *err, size_t errlen)
{
	int rc = pngw_close(f->w, ok, err, errlen);
	f->w = NULL;
	if (outfile_commit(f->tmp, f->path, ok && rc == 0, err, errlen) != 0 || !ok)
		return -1;
	if (kind_is_cube(f->kind))
		return 0;
	/* heights: value = DN * scale + offset, metres from the sea */
	double levels = f->fmt == PNGW_GREY16 ? 65535.0 : 255.0;
	georef_band band = {"elevation", "m", (ELEV_HI - ELEV_LO) / levels, ELEV_LO};
	georef_band chans[3] = {{"red", NULL, 0, 0}, {"green", NULL, 0, 0}, {"blue", NULL, 0, 0}};
	georef_item meta[2 + EXPORT_IMPORT_ITEMS] = {
		{"State-Hash", m->hash}, {"Planet-Radius-m", m->radius},
	};
	int nmeta = 2;
	for (int i = 0; i < m->nimport; i++)
		meta[nmeta++] = (georef_item){m->import_key[i], m->import_value[i]};
	int colour = f->fmt == PNGW_RGB8;
	georef g = {.width = jk->w, .height = jk->h, .radius_m = m->radius_m,
	            .nbands = colour ? 3 : 1, .bands = colour ? chans : &band,
	            .meta = meta, .nmeta = nmeta};
	char srs[256];
	export_job_georef(jk, &g.west, &g.north, &g.dx, &g.dy);
	g.srs = export_job_srs(jk, srs, sizeof srs);
	return georef_write_aux(f->path, &g, err, errlen);
}

/* One pool task: tasks below the number of files (when a band waits)
 * compress that band into file `task`; the rest render a chunk of rows of
 * the band being rendered. */
static void pipeline_task(void *ctx, int begin, int end, int chunk)
{
	(void)end;
	(void)chunk;
	pipeline *pl = ctx;
	int task = begin, ncompress = pl->write_rows > 0 ? pl->n : 0;
	if (task < ncompress) {
		png_file *f = &pl->f[task];
		if (!f->failed && pngw_rows(f->w, f->buf[pl->write_slot], pl->write_rows) != 0)
			f->failed = 1;
		return;
	}
	/* a row a task: the last task of a band leaves the other thread idle
	 * for at most a row */
	int r = task - ncompress;
	uint8_t *out[EXPORT_KIND_COUNT];
	for (int i = 0; i < pl->n; i++)
		out[i] = pl->f[i].buf[pl->render_slot] + pl->f[i].stride * (size_t)r;
	export_render_row(pl->j, pl->kinds, pl->n, pl->render_y0 + r, out);
}

/* Render and compress every band; 0, or -1 with err when a file failed. */
static int run_pipeline(pipeline *pl, pool_t *pool, char *err, size_t errlen)
{
	const int h = pl->j->h;
	for (int t = 0, y = 0; y < h || pl->write_rows > 0; t++) {
		pl->render_y0 = y;
		pl->render_rows = y < h ? (h - y < BAND_ROWS ? h - y : BAND_ROWS) : 0;
		pl->render_slot = t & 1;
		int ncompress = pl->write_rows > 0 ? pl->n : 0;
		pool_for(pool, ncompress + pl->render_rows, 1, pipeline_task, pl);
		for (int i = 0; i < pl->n; i++)
			if (pl->f[i].failed) {
				snprintf(err, errlen, "%s", pngw_error(pl->f[i].w));
				return -1;
			}
		pl->write_rows = pl->render_rows;
		pl->write_slot = pl->render_slot;
		y += pl->render_rows;
	}
	return 0;
}

int export_png_write(export_job *j, const export_kind *kinds, int n, const export_meta *m,
                     const char *dir, long frame, char *err, size_t errlen)
{
	if (n < 1 || n > EXPORT_KIND_COUNT) {
		snprintf(err, errlen, "export: no PNG maps to write");
		return -1;
	}
	png_file *f = calloc((size_t)n, sizeof *f);
	export_job *jk = calloc((size_t)n, sizeof *jk);    /* j as each file's kind */
	pipeline pl = {.j = j, .f = f, .n = n};
	int rc = f && jk ? 0 : -1;
	if (rc != 0)
		snprintf(err, errlen, "out of memory");
	size_t band = j->h < BAND_ROWS ? (size_t)j->h : BAND_ROWS;
	int opened = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		pl.kinds[i] = kinds[i];
		jk[i] = *j;
		jk[i].kind = kinds[i];
		f[i].kind = kinds[i];
		f[i].fmt = kind_format(kinds[i]);
		f[i].stride = (size_t)j->w * (size_t)pngw_pixel_bytes(f[i].fmt);
		f[i].buf[0] = malloc(f[i].stride * band);
		f[i].buf[1] = malloc(f[i].stride * band);
		if (!f[i].buf[0] || !f[i].buf[1]) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
		} else if ((rc = open_file(&jk[i], &f[i], m, dir, frame, err, errlen)) == 0) {
			opened++;
		}
	}
	if (rc == 0)
		rc = run_pipeline(&pl, j->pool, err, errlen);
	for (int i = 0; i < opened; i++)
		if (close_file(&jk[i], &f[i], m, rc == 0, err, errlen) != 0 && rc == 0)
			rc = -1;
	for (int i = 0; f && i < n; i++) {
		free(f[i].buf[0]);
		free(f[i].buf[1]);
	}
	free(f);
	free(jk);
	return rc;
}
