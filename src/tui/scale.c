/* scale.c: adaptive colour scales (scale.h). */
#include "tui/scale.h"

#include <math.h>
#include <stdlib.h>

/* Below these the values are noise: the scale stops shrinking there. */
static const double floor_of[VIEW_COUNT] = {
	[VIEW_STRESS] = 0.01, [VIEW_AGE] = 5, [VIEW_MOTION] = 0.1,
};

/* A band of 40 %..100 % of the top keeps it. */
#define BAND_LOW 0.4
#define PERCENTILE 0.98
#define BINS 2048

bool scale_adaptive(view_kind v)
{
	return (unsigned)v < VIEW_COUNT && floor_of[v] > 0;
}

double scale_nice(double x)
{
	static const double steps[] = {1, 1.5, 2, 3, 4, 5, 6, 8, 10};
	if (!(x > 0))
		return 0;
	double p = pow(10, floor(log10(x)));
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (steps[i] * p >= x * (1 - 1e-12))
			return steps[i] * p;
	return 10 * p;
}

double scale_value(const snapshot_t *s, view_kind v, int c)
{
	switch (v) {
	case VIEW_MOTION: return hypot(s->vel_east[c], s->vel_north[c]);
	case VIEW_STRESS: return fabs(s->stress[c]);
	case VIEW_AGE: return s->crust[c] == CRUST_OCEANIC ? s->age[c] : -1;
	default: return -1;
	}
}

/* Histogram bin of x for values up to hi. */
static int bin_of(double x, double hi)
{
	int b = (int)(x / hi * BINS);
	return b < 0 ? 0 : b >= BINS ? BINS - 1 : b;
}

/* The PERCENTILE of the view's values over the planet's cells, from a
 * histogram (no copy of the values): the largest value in the bin where
 * the percentile falls. */
static double robust_max(const snapshot_t *s, view_kind v)
{
	double hi = 0;
	long n = 0;
	for (int c = 0; c < s->n; c++) {
		double x = scale_value(s, v, c);
		if (x >= 0) {
			n++;
			if (x > hi)
				hi = x;
		}
	}
	if (n == 0 || !(hi > 0))
		return 0;
	long *hist = calloc(BINS, sizeof *hist);
	if (!hist)
		return hi;
	for (int c = 0; c < s->n; c++) {
		double x = scale_value(s, v, c);
		if (x >= 0)
			hist[bin_of(x, hi)]++;
	}
	long want = (long)ceil(PERCENTILE * (double)n), seen = 0;
	int b = 0;
	for (; b < BINS; b++) {
		seen += hist[b];
		if (seen >= want)
			break;
	}
	free(hist);
	double q = 0;
	for (int c = 0; c < s->n; c++) {
		double x = scale_value(s, v, c);
		if (x >= 0 && bin_of(x, hi) == b && x > q)
			q = x;
	}
	return q;
}

double scale_top(ui_t *u, view_kind v)
{
	if (!scale_adaptive(v) || !u->snap)
		return 0;
	const snapshot_t *s = u->snap;
	if (u->scale_seen[v] && u->scale_hash[v] == s->state_hash && u->scale_step[v] == s->step)
		return u->scale[v];
	double q = robust_max(s, v), top = u->scale[v];
	if (q < floor_of[v])
		q = floor_of[v];
	if (!(top > 0) || q > top || q < BAND_LOW * top)
		u->scale[v] = scale_nice(q);
	u->scale_seen[v] = true;
	u->scale_hash[v] = s->state_hash;
	u->scale_step[v] = s->step;
	return u->scale[v];
}
