/* export_render.h: what every export kind is and the pixels it holds; the
 * shared part of export.c (PNG maps, dispatch) and export_data.c (raw
 * binary layers and their sidecars). */
#ifndef TECTONICA_EXPORT_RENDER_H
#define TECTONICA_EXPORT_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "base/pool.h"
#include "core/snapshot.h"
#include "io/export.h"
#include "io/fields.h"

#define ELEV_LO (-11000.0)
#define ELEV_HI 9000.0
/* Rows per band handed to the writers, and rows per pool chunk. Both fixed
 * (never derived from the thread count) so output is the same for -j1..-jN. */
#define BAND_ROWS 64
#define CHUNK_ROWS 4

/* How a kind's samples are stored. */
typedef enum {
	STORE_RGB8, STORE_GREY8, STORE_GREY16, STORE_CUBE, STORE_F32, STORE_U32, STORE_U8,
	STORE_H16,   /* raw16: heights as elevation16, raw little-endian, corner samples */
	STORE_CUBE16, /* cubemap-elevation: the cross of STORE_CUBE in elevation16 grey */
	STORE_MOLL,   /* RGB colour view in Mollweide's ellipse */
	STORE_ORTHO   /* RGB colour view on the lit orthographic disc */
} export_store;

typedef struct export_spec {
	const char *name;              /* kind name and file stem */
	export_store store;
	int view;                      /* colour view (STORE_RGB8, STORE_CUBE) */
	int nbands;                    /* binary layers: 1 or 2 */
	field_kind field[2];
	const char *band_name[2];
	const char *unit[2];           /* GDAL UnitType, or NULL */
	const char *const *suffixes;   /* every file it writes, after the stem */
} export_spec;

extern const export_spec export_specs[EXPORT_KIND_COUNT];

/* Metadata of every file of one export: PNG text, sidecars. Strings are
 * valid UTF-8. */
#define EXPORT_IMPORT_ITEMS 5
typedef struct export_meta {
	char software[64], seed[32], step[32], time[32], sea[32], eustatic[32], hash[24];
	char radius[32];
	char scenario[1024];
	char *scenario_yaml;    /* the effective scenario (scenario_yaml), or "" */
	double radius_m;
	/* an imported terrain (export_opts.import): the file, its size, hash
	 * and mapping, and the command that makes the planet again; nimport
	 * of the pairs in import_key/import_value (0: a generated planet) */
	int nimport;
	const char *import_key[EXPORT_IMPORT_ITEMS];
	const char *import_value[EXPORT_IMPORT_ITEMS];
	char import_file[1024], import_bytes[32], import_sha256[65], import_mapping[96];
	char reproduce[1400];
} export_meta;

/* Fill m; export_meta_free releases it. */
void export_meta_fill(export_meta *m, const snapshot_t *s, const export_opts *o);
void export_meta_free(export_meta *m);

/* One file being rendered. */
typedef struct export_job {
	const snapshot_t *s;
	export_kind kind;
	int w, h;                /* image size */
	int face;                /* cube face size (cubemap) */
	int band;                /* binary layers: which band */
	double west, east, south, north;   /* the box mapped, degrees (east > west) */
	int corner;              /* samples at cell corners, edge to edge (raw16) */
	double view_lon, view_lat;   /* Mollweide and orthographic centre, degrees */
	double *clon, *slon;     /* cos/sin of each column's longitude */
	pool_t *pool;
	uint8_t *buf;            /* current band of rows */
	int y0;                  /* first image row of the band */
	size_t stride;
} export_job;

/* Size the job for a w x h image of its box (corner: samples on the box's
 * edges): the column tables. 0, or -1 when out of memory. */
int export_job_layout(export_job *j, int w, int h, int corner);
/* The georef of the job's image (outer corner and pixel size; metres of
 * the projection for Mollweide and orthographic). */
void export_job_georef(const export_job *j, double *west, double *north, double *dx, double *dy);
/* PROJ definition of a projected kind's CRS into buf, or NULL for the
 * geographic sphere. */
const char *export_job_srs(const export_job *j, char *buf, size_t len);
/* The uint16 of a height in metres (elevation16, raw16). */
uint16_t export_elev16(double e);

/* Bytes of one sample of a store. */
int export_store_bytes(export_store st);
/* Whether kind k is an equirectangular PNG map (RGB or grey): those of
 * one export are rendered and written together (export_png.h). */
int export_png_groupable(export_kind k);
/* Render row y of each of the n kinds into out[i]: equirectangular PNG
 * kinds (export_png_groupable) together, sharing each pixel's located
 * point; any other kind alone (n == 1). Only j's layout is read. */
void export_render_row(const export_job *j, const export_kind *kinds, int n, int y,
                       uint8_t *const *out);
/* Render rows [y0, y1) of j into buf through the pool (pngw_fill shape). */
int export_fill_band(void *ctx, int y0, int y1, void *buf);
/* dir/STEM SUFFIX or dir/STEM-FRAME SUFFIX (FRAME 6 digits). 0, or -1. */
int export_file_path(char *buf, size_t len, const char *dir, const char *stem, long frame,
                     const char *suffix, char *err, size_t errlen);

#endif
