/* plate.c: one plate as a rigid body: its rotation, the velocity of a point
 * on it, and its colour. */
#include <math.h>

#include "planet_internal.h"

void plate_set_rotation(plate_t *p, quat q)
{
	p->rot = q;      /* as given: a restored state must keep its exact bits */
	p->R = q_to_mat3(p->rot);
	p->Rt = q_to_mat3(q_conj(p->rot));
}

vec3 plate_velocity(const plate_t *p, vec3 pos)
{
	/* v = omega x r, with r on a sphere of the planet's radius (km/Myr) */
	return v3_scale(v3_cross(p->pole, pos), p->omega);
}

/* Distinct, well-spread colours: golden-ratio hue steps in HSV. */
void plate_colour_for(int id, uint8_t *r, uint8_t *g, uint8_t *b)
{
	unsigned u = (unsigned)id;
	double h = fmod(u * 0.618033988749895, 1.0) * 6.0;
	double s = 0.55 + 0.25 * ((u * 7u) % 3u) / 2.0, v = 0.92 - 0.12 * ((u * 5u) % 2u);
	int i = (int)h;
	double f = h - i, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
	double rr, gg, bb;
	switch (i % 6) {
	case 0: rr = v; gg = t; bb = p; break;
	case 1: rr = q; gg = v; bb = p; break;
	case 2: rr = p; gg = v; bb = t; break;
	case 3: rr = p; gg = q; bb = v; break;
	case 4: rr = t; gg = p; bb = v; break;
	default: rr = v; gg = p; bb = q; break;
	}
	*r = (uint8_t)lrint(rr * 255);
	*g = (uint8_t)lrint(gg * 255);
	*b = (uint8_t)lrint(bb * 255);
}
