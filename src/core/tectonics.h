/* tectonics.h: one step of plate motion (doc/model.md,
 * "One step of dt Myr", 1-8). */
#ifndef TECTONICA_TECTONICS_H
#define TECTONICA_TECTONICS_H

#include <stddef.h>
#include "planet_internal.h"

int tectonics_init(planet_t *pl);
void tectonics_done(planet_t *pl);
/* Rebuild the point-location hints after ownership changed wholesale
 * (a restored state). */
void tectonics_reset_hints(planet_t *pl);
/* Move plates by dt, rebuild ownership, subduct, collide, create and age
 * crust, erode, handle rifts and vanished plates. 0 or -1 with err. */
int tectonics_step(planet_t *pl, char *err, size_t errlen);

#endif
