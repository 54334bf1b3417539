/* test_plate_cap.c: microplate outlines are not discs, yet hold a round
 * cap's area, and the inside test agrees with the outline. */
#include <math.h>

#include "tap.h"
#include "core/plate_cap.h"

/* The point at angular distance d from the cap's centre, at a bearing. */
static vec3 at(const plate_cap *k, double bearing, double d)
{
	vec3 dir = v3_add(v3_scale(k->east, cos(bearing)), v3_scale(k->north, sin(bearing)));
	return v3_add(v3_scale(k->centre, cos(d)), v3_scale(dir, sin(d)));
}

/* Area of a star-shaped cap: the integral over bearings of 1 - cos r. */
static double cap_area(const plate_cap *k)
{
	const int n = 720;
	double a = 0;
	for (int i = 0; i < n; i++)
		a += 1 - cos(plate_cap_radius(k, 2 * M_PI * i / n));
	return a * 2 * M_PI / n;
}

int main(void)
{
	tap_init();
	rng_t rng;
	rng_seed(&rng, 11);
	const int caps = 400;
	int area_ok = 0, lobed = 0, bounded = 0, agrees = 0, probes = 0;
	double area_sum = 0, round_sum = 0;
	for (int i = 0; i < caps; i++) {
		double r0 = rng_range(&rng, 2.5, 6.0) * M_PI / 180;
		plate_cap k;
		plate_cap_draw(&k, rng_unit(&rng), r0, &rng);
		double a = cap_area(&k), round = 2 * M_PI * (1 - cos(r0));
		area_sum += a;
		round_sum += round;
		area_ok += fabs(a / round - 1) < 0.05;
		double lo = 1e9, hi = 0;
		for (int b = 0; b < 360; b++) {
			double r = plate_cap_radius(&k, b * M_PI / 180);
			lo = fmin(lo, r);
			hi = fmax(hi, r);
		}
		lobed += hi / lo > 1.2;
		bounded += lo > 0.4 * r0 && hi < 1.6 * r0;
		for (int b = 0; b < 24; b++) {
			double bearing = rng_range(&rng, -M_PI, M_PI), r = plate_cap_radius(&k, bearing);
			agrees += plate_cap_holds(&k, at(&k, bearing, 0.98 * r));
			agrees += !plate_cap_holds(&k, at(&k, bearing, 1.02 * r));
			probes += 2;
		}
	}
	ok(area_ok == caps && fabs(area_sum / round_sum - 1) < 0.01,
	   "every cap within 5 %% of the round cap's area (%d of %d), all together within 1 %% (%.4f)",
	   area_ok, caps, area_sum / round_sum);
	ok(lobed > 0.8 * caps, "outlines are not discs: widest / narrowest radius over 1.2 for %d of %d", lobed,
	   caps);
	ok(bounded == caps, "radii stay within 0.4-1.6 of the mean (%d of %d)", bounded, caps);
	ok(agrees == probes, "inside just within the outline, outside just beyond it (%d of %d probes)", agrees,
	   probes);

	plate_cap a, b;
	rng_t r1, r2;
	rng_seed(&r1, 5);
	rng_seed(&r2, 5);
	plate_cap_draw(&a, v3(0, 0, 1), 0.05, &r1);   /* at the pole: east is any */
	plate_cap_draw(&b, v3(0, 0, 1), 0.05, &r2);
	int same = 1;
	for (int h = 0; h < CAP_HARMONICS; h++)
		same &= a.amp[h] == b.amp[h] && a.phase[h] == b.phase[h];
	ok(same && plate_cap_holds(&a, v3(0, 0, 1)) && !plate_cap_holds(&a, v3(1, 0, 0)),
	   "the same draws give the same cap, also at a pole");
	return tap_done();
}
