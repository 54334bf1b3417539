/* export.h: write maps of a snapshot (PNG, 16-bit heightmap, cube map, raw).
 *
 * Names and formats are an interface (doc/design.md, "Exports"): KIND.png
 * in the output folder, KIND-FRAME.png (6 digits; `run` numbers its frames
 * step / K) for time-lapse frames; 2:1 equirectangular, longitude -180..180 left to right, north up, pixel (x, y)
 * centred at lon = -180 + 360 (x + 0.5) / W, lat = 90 - 180 (y + 0.5) / H.
 * Every PNG carries text chunks Software, Kind, Scenario, Seed, Step,
 * Time-Myr, Projection, Sea-Level-m, Eustatic-Change-m, State-Hash,
 * Planet-Radius-m and Scenario-YAML, the effective scenario (heightmaps also
 * Elevation-Mapping); tEXt when plain ASCII, UTF-8 iTXt otherwise.
 *
 *   biome, plates, stress, temperature, precipitation, age
 *                 8-bit RGB, W x H, the colour views of colormap.h
 *   elevation     8-bit grey, metres from this step's sea level, linear:
 *                 -11 000 m -> 0, +9 000 m -> 255 (the same scale as
 *                 elevation16, so the two agree)
 *   elevation16   16-bit grey, linear: -11 000 m -> 0, +9 000 m -> 65 535
 *   cubemap       8-bit RGB biome view, six faces of N = H / 2 pixels in a
 *                 4x3 horizontal cross (4N x 3N, black outside the faces):
 *                          [+Z]
 *                    [-Y]  [+X]  [+Y]  [-X]
 *                          [-Z]
 *                 +X is longitude 0, +Y 90 E, -X 180, -Y 90 W; +Z is the
 *                 north pole. The four side faces have north up and run
 *                 eastward left to right; +Z sits on +X's top edge (its
 *                 bottom row touches +X's top row), -Z on +X's bottom edge.
 *   raw           raw.f32: float32 little-endian metres from this step's
 *                 sea level, W x H, row-major from the north-west corner;
 *                 raw.json describes it (size, dtype, byte order, units,
 *                 projection, extents, sea level and its change, scenario,
 *                 seed, step, version); frames are raw-FRAME.f32 +
 *                 raw-FRAME.json.
 *   data-*        numeric layers (doc/exports.md): float32 temperature,
 *                 precipitation, age, stress (2 bands), velocity (2 bands);
 *                 uint32 plate ids and uint8 biomes with a CSV legend. Raw
 *                 little-endian, band-sequential, rows from the north.
 *   `data` names raw and every data-* kind.
 *   relief        8-bit RGB: hypsometric tints hill-shaded from the
 *                 north-west (the dashboard's elevation view), like an atlas
 *   cubemap-elevation
 *                 16-bit grey, the cube map's cross of elevation16 heights
 *                 (0 outside the faces)
 *   mollweide     8-bit RGB biome map, W x H, in Mollweide's equal-area
 *                 ellipse (central meridian view_lon; black outside)
 *   orthographic  8-bit RGB, H x H: the planet seen from above (view_lon,
 *                 view_lat), biomes lit by a sun at the upper left
 *                 (black space around the disc)
 *   raw16         raw16.raw: a square heightmap for terrain engines (Unity),
 *                 S x S uint16 little-endian, S = 2^n + 1 (the smallest
 *                 >= the map height: 1025 for 2048x1024), samples at the
 *                 corners of the S - 1 cells spanning the region edge to
 *                 edge, same metres mapping as elevation16.
 *
 * A region (export_opts.region) limits every equirectangular kind to a
 * longitude/latitude box sampled from the sphere, at any aspect.
 *
 * Sidecars (georef.h): every equirectangular file gets FILE.aux.xml (CRS
 * on the planet's sphere, extent, units, heightmap scale/offset), every raw
 * binary an ENVI header STEM.hdr, so GDAL opens and places it.
 *
 * Sizes: W even, 16..16384, H = W / 2 (height 0 means W / 2). Files are
 * written to a temporary name and renamed; rows are rendered through the
 * pool with bounds independent of the thread count, so the bytes are the
 * same for any -j. The equirectangular PNG maps of one call are rendered
 * and compressed together (export_png.h); a file's bytes do not depend on
 * the kinds written with it. */
#ifndef TECTONICA_EXPORT_H
#define TECTONICA_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include "core/snapshot.h"

struct pool;

typedef enum {
	EXPORT_BIOME, EXPORT_ELEVATION, EXPORT_ELEVATION16, EXPORT_PLATES,
	EXPORT_STRESS, EXPORT_TEMPERATURE, EXPORT_PRECIPITATION, EXPORT_AGE,
	EXPORT_CUBEMAP, EXPORT_RAW, EXPORT_DATA_TEMPERATURE, EXPORT_DATA_PRECIPITATION,
	EXPORT_DATA_AGE, EXPORT_DATA_STRESS, EXPORT_DATA_VELOCITY, EXPORT_DATA_PLATES,
	EXPORT_DATA_BIOME, EXPORT_RAW16, EXPORT_RELIEF, EXPORT_CUBEMAP_ELEVATION, EXPORT_MOLLWEIDE,
	EXPORT_ORTHOGRAPHIC, EXPORT_KIND_COUNT
} export_kind;

/* The terrain step 0 was imported from (run --import), named in every
 * export's provenance: without it the effective scenario does not make
 * the planet again. */
typedef struct export_import {
	const char *file;       /* the path given to --import */
	uint64_t bytes;         /* its size */
	char sha256[65];        /* its content, as sha256sum prints it */
	int has_mapping;        /* --import-scale / --import-offset were given */
	double scale, offset;   /* their values (metres = value x scale + offset) */
} export_import;

typedef struct export_opts {
	int width, height;          /* equirectangular size; height = width / 2
	                             * unless a region is given (any aspect) */
	int region;                 /* 1: only west..east x south..north (degrees;
	                             * east < west crosses the antimeridian) */
	double west, south, east, north;
	double view_lon, view_lat;  /* orthographic centre; Mollweide's central
	                             * meridian is view_lon */
	const char *scenario;       /* scenario path or "built-in default" */
	const export_import *import; /* NULL: a generated planet */
	long frame;                 /* < 0: KIND.png; else KIND-%06ld.png (frame number) */
} export_opts;

const char *export_kind_name(export_kind k);
/* "biome,elevation16" or "all" -> bitmask of 1u << kind. 0 or -1 with err. */
int export_parse_list(const char *list, unsigned *mask, char *err, size_t errlen);
/* Create dir (and parents) if missing and check it is writable, so a long
 * run can fail before it starts rather than at its end. 0 or -1 with err. */
int export_prepare_dir(const char *dir, char *err, size_t errlen);
/* Check, before a run, that every file of mask (KIND.png, raw.f32, ...; as
 * frame `frame` when >= 0) can be written into the prepared dir: no folder,
 * symlink or special file in the way (outfile_check) and none of them the
 * same file as one of inputs (NULL-terminated, may be NULL). 0 or -1. */
int export_check(const char *dir, unsigned mask, long frame, const char *const *inputs,
                 char *err, size_t errlen);
/* Write every kind in mask to dir (created if missing). 0 or -1 with err. */
int export_write(const snapshot_t *s, unsigned mask, const char *dir,
                 const export_opts *o, struct pool *pool, char *err, size_t errlen);

#endif
