/* export.h: write maps of a snapshot (PNG, 16-bit heightmap, cube map, raw).
 *
 * Names and formats are an interface (DESIGN.md §4): KIND.png in the output
 * folder, KIND-STEP.png (6-digit step) for time-lapse frames; 2:1
 * equirectangular, longitude -180..180 left to right, north up. Every PNG
 * carries the scenario, seed, step and program version in text chunks. */
#ifndef TECTONICA_EXPORT_H
#define TECTONICA_EXPORT_H

#include <stddef.h>
#include "core/snapshot.h"

struct pool;

typedef enum {
	EXPORT_BIOME, EXPORT_ELEVATION, EXPORT_ELEVATION16, EXPORT_PLATES,
	EXPORT_STRESS, EXPORT_TEMPERATURE, EXPORT_PRECIPITATION, EXPORT_AGE,
	EXPORT_CUBEMAP, EXPORT_RAW, EXPORT_KIND_COUNT
} export_kind;

typedef struct export_opts {
	int width, height;          /* equirectangular size; height = width / 2 */
	const char *scenario;       /* scenario path or "built-in default" */
	long frame;                 /* < 0: KIND.png; else KIND-%06ld.png */
} export_opts;

const char *export_kind_name(export_kind k);
/* "biome,elevation16" or "all" -> bitmask of 1u << kind. 0 or -1 with err. */
int export_parse_list(const char *list, unsigned *mask, char *err, size_t errlen);
/* Write every kind in mask to dir (created if missing). 0 or -1 with err. */
int export_write(const snapshot_t *s, unsigned mask, const char *dir,
                 const export_opts *o, struct pool *pool, char *err, size_t errlen);

#endif
