/* scenario_yaml.h: the effective scenario of a planet, written as YAML.
 *
 * Every key is written, defaults included, so the text describes the planet
 * on its own: loading it back (scenario_load_string) gives exactly the same
 * params, bit for bit, whatever the locale. Used by `tectonica check --print`
 * and meant for sidecars and PNG metadata. */
#ifndef TECTONICA_SCENARIO_YAML_H
#define TECTONICA_SCENARIO_YAML_H

#include <stdio.h>
#include "core/params.h"

/* The YAML text of p, malloc'd and NUL-terminated (caller frees), or NULL
 * when memory ran out. header, if not NULL, becomes comment lines on top
 * (one "# " line per line of header). */
char *scenario_yaml(const params *p, const char *header);
/* The same text written to f. 0, or -1 when writing failed (errno set). */
int scenario_yaml_write(FILE *f, const params *p, const char *header);

/* Several planets as one "planets:" file (n == 1: the plain form). */
int scenario_yaml_write_planets(FILE *f, const params *ps, int n, const char *header);

#endif
