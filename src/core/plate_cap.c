/* plate_cap.c: microplate outlines. Earth's small plates are not discs;
 * round caps spread at their rims into rings of young floor and rose into
 * round domes where they met a continent. The radius wobbles with harmonics
 * 2, 3 and 4 of the bearing (an elongated, a three- and a four-lobed
 * outline), each at most CAP_WOBBLE / (h - 1) of the mean. */
#include <math.h>

#include "plate_cap.h"

#define CAP_WOBBLE 0.3

void plate_cap_draw(plate_cap *k, vec3 centre, double radius, rng_t *rng)
{
	k->centre = centre;
	vec3 east = v3_cross(v3(0, 0, 1), centre);
	k->east = v3_len(east) > 1e-9 ? v3_norm(east) : v3(1, 0, 0);
	k->north = v3_cross(centre, k->east);
	double spread = 0, square = 0;
	for (int h = 0; h < CAP_HARMONICS; h++) {
		k->amp[h] = rng_range(rng, -CAP_WOBBLE, CAP_WOBBLE) / (h + 1);
		k->phase[h] = rng_range(rng, 0, 2 * M_PI);
		spread += fabs(k->amp[h]);
		square += k->amp[h] * k->amp[h];
	}
	/* the wobble adds area (the mean of r^2 grows by sum a^2 / 2): keep
	 * the round cap's */
	k->radius = radius / sqrt(1 + square / 2);
	k->cos_inner = cos(k->radius * (1 - spread));
	k->cos_outer = cos(fmin(M_PI, k->radius * (1 + spread)));
}

double plate_cap_radius(const plate_cap *k, double bearing)
{
	double f = 1;
	for (int h = 0; h < CAP_HARMONICS; h++)
		f += k->amp[h] * cos((h + 2) * bearing + k->phase[h]);
	return k->radius * f;
}

bool plate_cap_holds(const plate_cap *k, vec3 x)
{
	double d = v3_dot(x, k->centre);
	if (d >= k->cos_inner || d < k->cos_outer)
		return d >= k->cos_inner;   /* inside every bearing's radius, or outside all */
	double bearing = atan2(v3_dot(x, k->north), v3_dot(x, k->east));
	return d >= cos(plate_cap_radius(k, bearing));
}
