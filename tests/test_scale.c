/* test_scale.c: the dashboard's adaptive colour scales (tui/scale.c) and
 * the stretched ramps they drive (io/colormap.c). */
#include "tap.h"
#include "planet_fixture.h"

#include <math.h>
#include <string.h>

#include "io/colormap.h"
#include "tui/scale.h"

/* every cell of the planet moving east at v cm/yr, as a new step */
static double top_at(ui_t *u, snapshot_t *s, double v)
{
	for (int c = 0; c < s->n; c++) {
		s->vel_east[c] = (float)v;
		s->vel_north[c] = 0;
	}
	s->step++;
	return scale_top(u, VIEW_MOTION);
}

static int same_rgb(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

int main(void)
{
	tap_init();
	is_near(scale_nice(0.43), 0.5, 1e-12, "nice: 0.43 -> 0.5");
	is_near(scale_nice(5.2), 6, 1e-12, "nice: 5.2 -> 6");
	is_near(scale_nice(6), 6, 1e-12, "nice: 6 stays 6");
	is_near(scale_nice(180), 200, 1e-9, "nice: 180 -> 200");
	is_near(scale_nice(0.07), 0.08, 1e-12, "nice: 0.07 -> 0.08");
	ok(scale_adaptive(VIEW_MOTION) && scale_adaptive(VIEW_STRESS) && scale_adaptive(VIEW_AGE)
	   && !scale_adaptive(VIEW_ELEVATION) && !scale_adaptive(VIEW_BIOME),
	   "motion, stress and age adapt; elevation and biomes do not");

	pool_t *pool = pool_new(1);
	planet_t *pl;
	snapshot_t *s;
	if (fixture_planet(3, 5, 2, pool, &pl, &s) != 0)
		return tap_done();
	ui_t u;
	memset(&u, 0, sizeof u);
	u.snap = s;
	is_near(top_at(&u, s, 5), 5, 1e-12, "all at 5 cm/yr: the scale ends at 5");
	is_near(top_at(&u, s, 5.5), 6, 1e-12, "5.5 is above it: up to the next nice number, 6");
	is_near(top_at(&u, s, 3), 6, 1e-12, "3 is within the band (40-100 % of 6): 6 holds");
	is_near(top_at(&u, s, 2.5), 6, 1e-12, "2.5 still within it: 6 holds");
	is_near(top_at(&u, s, 2), 2, 1e-12, "2 is below the band: down to 2");
	is_near(top_at(&u, s, 0.02), 0.1, 1e-12, "almost still: the scale stops at 0.1 cm/yr");
	/* one outlier in a hundred cells does not wash the rest out */
	for (int c = 0; c < s->n; c++)
		s->vel_east[c] = c % 100 == 0 ? 50 : 1;
	s->step++;
	memset(&u, 0, sizeof u);
	u.snap = s;
	is_near(scale_top(&u, VIEW_MOTION), 1, 1e-12, "1 cell in 100 at 50 cm/yr: the 98th percentile rules (1)");

	/* the ramps stretch: a value at half a scale of 6 is coloured as 6 on
	 * the fixed scale of 12, and the fixed top gives the exports' colours */
	ok(same_rgb(colormap_ramp(VIEW_MOTION, 3, 6), colormap_ramp(VIEW_MOTION, 6, 12)),
	   "motion: 3 on a 0-6 scale is 6 on the fixed 0-12");
	ok(same_rgb(colormap_ramp(VIEW_STRESS, -0.2, 0.4), colormap_ramp(VIEW_STRESS, -0.5, 1)),
	   "stress: -0.2 of +-0.4 is -0.5 of the fixed +-1");
	ok(same_rgb(colormap_ramp(VIEW_AGE, 20, 40), colormap_ramp(VIEW_AGE, 100, 0)),
	   "age: 20 of 0-40 Myr is 100 of the fixed 0-200 (top 0: the fixed scale)");
	int diff = 0, differ_scaled = 0;
	for (int k = 0; k < 500; k++) {
		vec3 p = v3_from_latlon((k % 50 - 25) * 0.06, k * 0.0127);
		for (int v = 0; v < VIEW_COUNT; v++) {
			colormap_cursor c1 = COLORMAP_CURSOR_INIT, c2 = COLORMAP_CURSOR_INIT, c3 = COLORMAP_CURSOR_INIT;
			rgb a = colormap_point_cur(s, (view_kind)v, p, &c1);
			rgb b = colormap_point_scaled(s, (view_kind)v, p, &c2, colormap_ramp_top((view_kind)v));
			rgb c = colormap_point_scaled(s, (view_kind)v, p, &c3, 0.37);
			diff += !same_rgb(a, b);
			differ_scaled += scale_adaptive((view_kind)v) && !same_rgb(a, c);
		}
	}
	is_int(diff, 0, "the fixed top gives the very colours of colormap_point_cur (the exports')");
	ok(differ_scaled > 100, "another top changes the adaptive views' colours (%d points)", differ_scaled);
	snapshot_free(s);
	planet_free(pl);
	pool_free(pool);
	return tap_done();
}
