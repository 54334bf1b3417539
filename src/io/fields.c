/* fields.c: numeric values of the fields at a point (see fields.h). */
#include "io/fields.h"

/* Weighted mean of f over the corners that pass keep (the nearest cell's
 * value when none does). */
static double blend(const float *f, const int c[3], const double w[3], const int keep[3],
                    int near)
{
	double sum = 0, wsum = 0;
	for (int i = 0; i < 3; i++)
		if (keep[i]) {
			sum += f[c[i]] * w[i];
			wsum += w[i];
		}
	return wsum > 0 ? sum / wsum : f[near];
}

double fields_sample(const snapshot_t *s, field_kind f, vec3 p, colormap_cursor *cur)
{
	if (f == FIELD_ELEVATION)
		return colormap_elevation_cur(s, p, cur);
	int c[3];
	double w[3];
	int near = colormap_weights_cur(s, p, cur, c, w);
	int all[3] = {1, 1, 1}, keep[3];
	switch (f) {
	case FIELD_TEMPERATURE: return blend(s->temperature, c, w, all, near);
	case FIELD_PRECIPITATION: return blend(s->precip, c, w, all, near);
	case FIELD_STRESS: return blend(s->stress, c, w, all, near);
	case FIELD_SHEAR: return blend(s->shear, c, w, all, near);
	case FIELD_AGE:
		for (int i = 0; i < 3; i++)
			keep[i] = s->crust[c[i]] == s->crust[near];
		return colormap_age_blend(s, c, w, keep, near, cur);
	case FIELD_VEL_EAST:
	case FIELD_VEL_NORTH:
		for (int i = 0; i < 3; i++)
			keep[i] = s->plate[c[i]] == s->plate[near];
		return blend(f == FIELD_VEL_EAST ? s->vel_east : s->vel_north, c, w, keep, near);
	case FIELD_PLATE_ID:
		return s->plate[near] < s->plate_count ? (double)s->plates[s->plate[near]].id
		                                        : (double)FIELDS_NO_PLATE;
	case FIELD_BIOME:
		return s->biome[near];
	default:
		return 0;
	}
}
