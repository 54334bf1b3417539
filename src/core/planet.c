#include <stdio.h>
#include "planet.h"
planet_t *planet_new(const params *p, struct pool *pool, char *err, size_t errlen) { snprintf(err, errlen, "todo"); return NULL; }
void planet_free(planet_t *pl) {}
