/* heightmap.h: heightmap files -> a heightfield of metres for
 * planet_new_imported.
 *
 * Reads an equirectangular map of the whole planet (width = 2 * height):
 * - a PNG, 8 or 16 bits (grey; colour is taken as its luminance, alpha is
 *   ignored): metres = value * scale + offset. tectonica's own elevation and
 *   elevation16 PNGs state their mapping in an Elevation-Mapping text chunk,
 *   which is used; else a GDAL sidecar FILE.aux.xml with the band's <Scale>
 *   and <Offset>; else the mapping must be given.
 * - float32 data (tectonica's raw.f32 or data layers): its ENVI header
 *   (NAME.hdr or the file with .hdr for its suffix) gives the size; without
 *   one the size must be 2:1 by the byte count. Values are metres (times
 *   scale plus offset when given).
 * Sizes are checked before anything is allocated; a truncated or damaged
 * file is an error, never a crash. */
#ifndef TECTONICA_HEIGHTMAP_H
#define TECTONICA_HEIGHTMAP_H

#include <stddef.h>
#include "core/planet.h"

#define HEIGHTMAP_MIN_WIDTH 4
#define HEIGHTMAP_MAX_WIDTH 8192    /* 8192x4096 floats: 128 MiB */

typedef struct heightmap_opts {
	int has_mapping;      /* scale and offset given: they replace the file's */
	double scale, offset; /* metres = value * scale + offset */
} heightmap_opts;

/* Read path into *out (out->m malloc'd: free((void *)out->m)). Returns 0;
 * -1 when the file is not a usable heightmap (bad usage: the message says
 * why); -2 when it cannot be read or memory ran out. */
int heightmap_read(const char *path, const heightmap_opts *o, heightfield *out,
                   char *err, size_t errlen);

#endif
