/* plate_cap.h: the outline of a microplate, a cap of the sphere whose
 * radius wobbles with the bearing from its centre. */
#ifndef TECTONICA_PLATE_CAP_H
#define TECTONICA_PLATE_CAP_H

#include <stdbool.h>
#include "rng.h"
#include "vec.h"

#define CAP_HARMONICS 3

typedef struct plate_cap {
	vec3 centre, east, north;         /* unit vectors */
	double radius;                    /* mean, radians */
	double amp[CAP_HARMONICS], phase[CAP_HARMONICS];
	double cos_inner, cos_outer;      /* every bearing is in / out beyond these */
} plate_cap;

/* A cap about the unit vector centre with the area of a round cap of this
 * radius (radians), its outline drawn from rng (6 numbers). */
void plate_cap_draw(plate_cap *k, vec3 centre, double radius, rng_t *rng);
/* The cap's radius (radians) at a bearing (radians from east, toward north). */
double plate_cap_radius(const plate_cap *k, double bearing);
/* Is the unit vector x inside? */
bool plate_cap_holds(const plate_cap *k, vec3 x);

#endif
