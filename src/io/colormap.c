/* colormap.c: the colours of every map view, at a cell or at any point.
 *
 * A point of the sphere is coloured from the Delaunay triangle of cell centres
 * that contains it (the triangles are the grid's neighbour graph), with
 * barycentric weights taken in the gnomonic projection: w_a = det(b, c, p) and
 * so on. Those weights are continuous across triangle edges, so continuous
 * fields (elevation, temperature, precipitation, stress, age, speed) are
 * continuous over the whole sphere: maps of any size are smooth, there is no
 * seam at +-180 degrees and no pinch at the poles, and the coastline follows
 * the interpolated elevation against sea level instead of cell outlines.
 * Categorical fields (plate, crust type, biome away from coasts) come from the
 * nearest cell. Colour ramps are tables of stops, one per view; the motion,
 * stress and age ramps can be stretched to the values shown (the dashboard),
 * the exports keep them fixed. */
#include "io/colormap.h"

#include <math.h>
#include <stddef.h>

#include "core/rng.h"

const view_def view_table[VIEW_COUNT] = {
	[VIEW_BIOME] = {"biome", "biomes"},
	[VIEW_ELEVATION] = {"elevation", "elevation"},
	[VIEW_PLATES] = {"plates", "plates"},
	[VIEW_STRESS] = {"stress", "boundary stress"},
	[VIEW_TEMPERATURE] = {"temperature", "temperature"},
	[VIEW_PRECIPITATION] = {"precipitation", "precipitation"},
	[VIEW_AGE] = {"age", "crust age"},
	[VIEW_MOTION] = {"motion", "plate motion"},
};

/* ---- colour helpers ------------------------------------------------------ */

typedef struct stop { double v; uint8_t r, g, b; } stop;
#define NSTOPS(t) ((int)(sizeof t / sizeof t[0]))

static inline uint8_t u8(double x)
{
	return x <= 0 ? 0 : x >= 255 ? 255 : (uint8_t)(x + 0.5);
}

static inline rgb mix(rgb a, rgb b, double t)
{
	return (rgb){u8(a.r + (b.r - a.r) * t), u8(a.g + (b.g - a.g) * t),
	             u8(a.b + (b.b - a.b) * t)};
}

static inline rgb scale(rgb a, double f)
{
	return (rgb){u8(a.r * f), u8(a.g * f), u8(a.b * f)};
}

/* Piecewise-linear ramp through ascending stops; NaN gives the first colour. */
static rgb ramp(const stop *t, int n, double v)
{
	if (!(v > t[0].v))
		return (rgb){t[0].r, t[0].g, t[0].b};
	if (v >= t[n - 1].v)
		return (rgb){t[n - 1].r, t[n - 1].g, t[n - 1].b};
	int i = 1;
	while (v > t[i].v)
		i++;
	double f = (v - t[i - 1].v) / (t[i].v - t[i - 1].v);
	return mix((rgb){t[i - 1].r, t[i - 1].g, t[i - 1].b}, (rgb){t[i].r, t[i].g, t[i].b}, f);
}

/* Hypsometric tint, by height above sea level (m). Water and land are two
 * ramps so the coast is a sharp edge; 0..5 m is beach sand as in the
 * "Mapping planets" article. */
static const stop hyps_water[] = {
	{-11000, 8, 16, 60},    {-7000, 18, 40, 105},   {-4500, 30, 70, 150},
	{-2000, 55, 115, 190},  {-500, 95, 160, 220},   {-100, 135, 195, 235},
	{0, 165, 215, 245},
};
static const stop hyps_land[] = {
	{0, 226, 212, 160},     {5, 226, 212, 160},     {25, 96, 158, 78},
	{300, 128, 176, 90},    {800, 186, 188, 112},   {1500, 176, 142, 92},
	{2500, 142, 108, 76},   {3500, 128, 112, 102},  {4500, 165, 162, 160},
	{6000, 238, 238, 240},  {9000, 255, 255, 255},
};
/* Diverging blue-white-red on signed stress (+ compression, - extension). */
static const stop stress_ramp[] = {
	{-1, 35, 65, 190}, {-0.4, 125, 160, 230}, {0, 245, 245, 245},
	{0.4, 240, 150, 120}, {1, 190, 25, 30},
};
static const stop temp_ramp[] = {
	{-40, 90, 20, 120},  {-25, 60, 60, 200},  {-10, 90, 160, 235},
	{0, 200, 235, 250},  {10, 100, 195, 100}, {20, 245, 225, 80},
	{30, 240, 130, 40},  {40, 175, 20, 25},
};
static const stop precip_ramp[] = {
	{0, 150, 100, 50},    {250, 212, 182, 112}, {750, 160, 200, 90},
	{1500, 50, 150, 65},  {2500, 30, 125, 165}, {4000, 20, 45, 150},
};
/* Ocean-floor age: young crust at ridges red, old crust blue-violet. */
static const stop age_ramp[] = {
	{0, 220, 40, 30},    {20, 245, 140, 40},  {50, 240, 220, 70},
	{80, 110, 200, 90},  {120, 60, 160, 200}, {160, 50, 80, 180},
	{200, 70, 40, 120},
};
/* Plate speed, cm/yr: dark and slow to bright and fast. */
static const stop speed_ramp[] = {
	{0, 25, 20, 55},    {2, 80, 30, 120},   {4, 170, 50, 110},
	{6, 235, 100, 60},  {8, 250, 175, 50},  {12, 252, 250, 170},
};

/* The values at the ramps' far ends, the exports' fixed scales. */
#define STRESS_TOP 1.0
#define AGE_TOP 200.0
#define SPEED_TOP 12.0

double colormap_ramp_top(view_kind v)
{
	return v == VIEW_STRESS ? STRESS_TOP : v == VIEW_AGE ? AGE_TOP : v == VIEW_MOTION ? SPEED_TOP : 0;
}

/* The factor that maps a value onto the fixed ramp when top is its end. */
static double stretch(view_kind v, double top)
{
	double fixed = colormap_ramp_top(v);
	return top > 0 && fixed > 0 ? fixed / top : 1.0;
}

rgb colormap_ramp(view_kind v, double value, double top)
{
	double k = stretch(v, top);
	switch (v) {
	case VIEW_ELEVATION:
		return value >= 0 ? ramp(hyps_land, NSTOPS(hyps_land), value)
		                  : ramp(hyps_water, NSTOPS(hyps_water), value);
	case VIEW_TEMPERATURE: return ramp(temp_ramp, NSTOPS(temp_ramp), value);
	case VIEW_PRECIPITATION: return ramp(precip_ramp, NSTOPS(precip_ramp), value);
	case VIEW_STRESS: return ramp(stress_ramp, NSTOPS(stress_ramp), value * k);
	case VIEW_AGE: return ramp(age_ramp, NSTOPS(age_ramp), value * k);
	case VIEW_MOTION: return ramp(speed_ramp, NSTOPS(speed_ramp), value * k);
	default: return (rgb){0, 0, 0};
	}
}

static const rgb boundary_colour[4] = {
	[BOUNDARY_CONVERGENT] = {225, 30, 30},
	[BOUNDARY_DIVERGENT] = {40, 200, 235},
	[BOUNDARY_TRANSFORM] = {245, 220, 40},
};
static const rgb continent_grey = {150, 150, 150};

rgb colormap_boundary(int k)
{
	return k >= BOUNDARY_CONVERGENT && k <= BOUNDARY_TRANSFORM ? boundary_colour[k] : (rgb){0, 0, 0};
}

/* Water is dimmed in the field views so the continents stay readable. */
#define WATER_DIM 0.82

/* ---- interpolation ------------------------------------------------------- */

typedef colormap_tri tri;    /* nearest cell, triangle, weights */

static inline double det3(vec3 a, vec3 b, vec3 p) { return v3_dot(v3_cross(a, b), p); }

static void tri_single(tri *t, int c)
{
	t->near = c;
	t->c[0] = t->c[1] = t->c[2] = c;
	t->w[0] = 1;
	t->w[1] = t->w[2] = 0;
}

/* Weights of p in CCW triangle (c0, c1, c2); index of the most negative, or -1. */
static int tri_weights(const grid_t *g, tri *t, vec3 p)
{
	int worst = -1;
	double wmin = 0;
	for (int i = 0; i < 3; i++) {
		t->w[i] = det3(g->centre[t->c[(i + 1) % 3]], g->centre[t->c[(i + 2) % 3]], p);
		if (t->w[i] < wmin) {
			wmin = t->w[i];
			worst = i;
		}
	}
	return worst;
}

/* The neighbour of a that comes just before b in a's CCW list, or -1. */
static int nbr_before(const grid_t *g, int a, int b)
{
	int o = g->nbr_off[a], k = g->nbr_off[a + 1] - o;
	for (int i = 0; i < k; i++)
		if (g->nbr[o + i] == b)
			return g->nbr[o + (i + k - 1) % k];
	return -1;
}

/* Step to the triangle across the edge opposite vertex `bad`, (u, v) ->
 * (u, x, v), and weigh p there. Returns as tri_weights (-1: p is inside),
 * or -2 when the edge has no other side (a broken neighbour list). */
static int tri_cross(const grid_t *g, tri *t, vec3 p, int bad)
{
	int u = t->c[(bad + 1) % 3], v = t->c[(bad + 2) % 3];
	int x = nbr_before(g, u, v);
	if (x < 0)
		return -2;
	t->c[0] = u;
	t->c[1] = x;
	t->c[2] = v;
	return tri_weights(g, t, p);
}

/* Find the nearest cell and the Delaunay triangle holding p. A previous
 * triangle (prev, may be NULL) that still holds p is kept: the holding
 * triangle is unique, so that is only a shortcut. Otherwise the triangle is
 * sought among the fan around the nearest cell (where p lies almost always);
 * when p sits beyond the fan's far edge (the Voronoi cell may overhang it
 * next to obtuse triangles), walk across the offending edge. */
static void tri_find(const grid_t *g, vec3 p, int hint, const int *prev, tri *t)
{
	int c = hint >= 0 && hint < g->n ? grid_locate_from(g, p, hint) : grid_locate(g, p);
	if (prev && prev[0] >= 0) {
		t->near = c;
		t->c[0] = prev[0];
		t->c[1] = prev[1];
		t->c[2] = prev[2];
		/* neighbouring points are one or two edges away: walk there */
		int bad = tri_weights(g, t, p);
		for (int step = 0; bad >= 0 && step < 4; step++)
			bad = tri_cross(g, t, p, bad);
		double sum = t->w[0] + t->w[1] + t->w[2];
		if (bad == -1 && sum > 0) {
			for (int i = 0; i < 3; i++)
				t->w[i] /= sum;
			return;
		}
	}
	int o = g->nbr_off[c], k = g->nbr_off[c + 1] - o;
	tri_single(t, c);
	if (k < 2)
		return;
	vec3 pc = g->centre[c];
	/* side_i > 0: p lies counter-clockwise of the direction c -> n_i */
	double s0 = det3(pc, g->centre[g->nbr[o]], p), si = s0;
	int sector = -1;
	for (int i = 0; i < k; i++) {
		double sn = i + 1 < k ? det3(pc, g->centre[g->nbr[o + i + 1]], p) : s0;
		if (si >= 0 && sn < 0) {
			sector = i;
			break;
		}
		si = sn;
	}
	if (sector < 0)
		return;    /* p is (numerically) the centre itself */
	t->c[0] = c;
	t->c[1] = g->nbr[o + sector];
	t->c[2] = g->nbr[o + (sector + 1) % k];
	int bad = tri_weights(g, t, p);
	for (int step = 0; bad >= 0 && step < 8; step++)
		bad = tri_cross(g, t, p, bad);
	/* A walk that did not settle (degenerate geometry) keeps the last
	 * triangle with negative weights clamped: still close, never wild. */
	double sum = 0;
	for (int i = 0; i < 3; i++) {
		if (!(t->w[i] > 0))
			t->w[i] = 0;
		sum += t->w[i];
	}
	if (!(sum > 0)) {
		tri_single(t, c);
		return;
	}
	for (int i = 0; i < 3; i++)
		t->w[i] /= sum;
}

static inline double interp(const float *f, const tri *t)
{
	return f[t->c[0]] * t->w[0] + f[t->c[1]] * t->w[1] + f[t->c[2]] * t->w[2];
}

/* Weighted mean over the vertices that satisfy keep[] (falls back to near),
 * of float and of byte arrays. */
#define DEFINE_INTERP_MASKED(name, type) \
	static double name(const type *f, const tri *t, const int keep[3]) \
	{ \
		double sum = 0, wsum = 0; \
		for (int i = 0; i < 3; i++) \
			if (keep[i]) { \
				sum += f[t->c[i]] * t->w[i]; \
				wsum += t->w[i]; \
			} \
		return wsum > 0 ? sum / wsum : f[t->near]; \
	}
DEFINE_INTERP_MASKED(interp_masked, float)
DEFINE_INTERP_MASKED(interp_masked_u8, uint8_t)

/* The kept vertex with the largest weight (near when none is kept). */
static int heaviest(const tri *t, const int keep[3])
{
	int best = -1;
	for (int i = 0; i < 3; i++)
		if (keep[i] && (best < 0 || t->w[i] > t->w[best]))
			best = i;
	return best < 0 ? t->near : t->c[best];
}

/* Sub-cell detail: between cell centres the interpolated height gets
 * fractal noise a quarter as tall as the local relief (the largest step to
 * a neighbour), so heightmaps show no flat triangle facets and steep ground
 * stays rough while plains and abyssal floor stay calm. The noise fades to
 * nothing at every cell centre (bump below), so each cell's own height is
 * exact there; bump and relief are both continuous, so the surface is too.
 * Its finest octave is an eighth of the grid spacing. */
#define DETAIL_SHARE 0.25
#define DETAIL_OCTAVES 3
/* fmax and fmin as glibc computes them (NaN loses; of equal values the
 * first), inline: the library calls cost more than the rest of
 * detail_amp. */
static inline double max_of(double a, double b)
{
	return a >= b ? a : a < b ? b : b != b ? a : b;
}

static inline double min_of(double a, double b)
{
	return a <= b ? a : a > b ? b : b != b ? a : b;
}

static double detail_amp(const snapshot_t *s, const tri *t)
{
	double wmax = max_of(t->w[0], max_of(t->w[1], t->w[2]));
	double bump = min_of(1.0, 3.0 * (1.0 - wmax));
	return DETAIL_SHARE * interp(s->relief, t) * bump;
}

static double detail(const snapshot_t *s, vec3 p)
{
	return noise_fbm(&s->detail_noise, p, 2.0 / s->grid->spacing, DETAIL_OCTAVES, 0.5);
}

/* The detail may draw a coast only where the cells do: between three land
 * cells it does not dig below the sea, between three sea cells it does not
 * rise out of it (its reach toward the sea is at most DETAIL_KEEP of the
 * height above it). Unbounded, it pocked lowland plains with lakes and
 * one-pixel holes, and shallows with islets, a few pixels across. The
 * bound is weighed by how much of the point's triangle is land (or sea),
 * interpolated as the height is, so it is whole inside three land cells,
 * gone at a sea corner, and the surface stays continuous across triangle
 * edges. `down` scales the noise where it is negative, `up` where positive. */
#define DETAIL_KEEP 0.9

/* How much of the point's triangle is land, interpolated as the height is:
 * 1 inside three land cells, 0 at a sea corner, continuous across edges. */
static double land_share(const snapshot_t *s, const tri *t)
{
	double sea = s->sea_level_m, land = 0;
	for (int i = 0; i < 3; i++)
		land += s->elevation[t->c[i]] >= sea ? t->w[i] : 0;
	return clampd(land, 0, 1);
}

static void detail_reach(const snapshot_t *s, const tri *t, double e, double amp,
                         double *down, double *up)
{
	double sea = s->sea_level_m, land = land_share(s, t);
	double below = min_of(amp, max_of(0, DETAIL_KEEP * (e - sea)));
	double above = min_of(amp, max_of(0, DETAIL_KEEP * (sea - e)));
	*down = amp + (below - amp) * land;
	*up = amp + (above - amp) * (1 - land);
}

static inline double with_detail(double e, double down, double up, double d)
{
	return e + (d < 0 ? down : up) * d;
}

/* Trenches are cut along the line snapshot_fill_detail marks (where the
 * interpolated side crosses 0), to the interpolated reach, smoothly over
 * TRENCH_HALF_WIDTH side units to each side (a straight boundary's rim
 * cells sit about 1/3 from it after the averaging); the cells' own trench
 * comes out of the surface it is cut into, so most trench cells' centres
 * show the floor beside the trench. */
#define TRENCH_HALF_WIDTH (12.0 / 32)

/* The trench cut at the point (m, >= 0); *carried is the trench the
 * corners' elevations hold, interpolated (add it back first). */
static double trench_cut(const snapshot_t *s, const tri *t, double *carried)
{
	*carried = 0;
	if (!s->trench_reach ||
	    !(s->trench_reach[t->c[0]] | s->trench_reach[t->c[1]] | s->trench_reach[t->c[2]]))
		return 0;
	double side = 0, depth = 0;
	for (int i = 0; i < 3; i++) {
		int c = t->c[i];
		side += s->trench_side[c] * t->w[i];
		depth += s->trench_reach[c] * t->w[i];
		*carried += s->trench[c] * t->w[i];
	}
	double x = side / 32 / TRENCH_HALF_WIDTH;
	if (!(x * x < 1))
		return 0;
	double q = 1 - x * x;
	return depth * q * q;
}

/* The interpolated height before detail, trenches drawn as above. */
static double base_height(const snapshot_t *s, const tri *t)
{
	double e = interp(s->elevation, t), carried;
	double cut = trench_cut(s, t, &carried);
	return e + carried - cut;
}

static double height(const snapshot_t *s, const tri *t, vec3 p)
{
	double e = base_height(s, t), amp = detail_amp(s, t);
	if (!(amp > 0))
		return e;
	double down, up;
	detail_reach(s, t, e, amp, &down, &up);
	return with_detail(e, down, up, detail(s, p));
}

double colormap_elevation_at(const snapshot_t *s, vec3 p, int cell)
{
	tri t;
	tri_find(s->grid, p, cell, NULL, &t);
	return height(s, &t, p);
}

double colormap_temperature_at(const snapshot_t *s, vec3 p, int cell)
{
	tri t;
	tri_find(s->grid, p, cell, NULL, &t);
	return interp(s->temperature, &t);
}

double colormap_precip_at(const snapshot_t *s, vec3 p, int cell)
{
	tri t;
	tri_find(s->grid, p, cell, NULL, &t);
	return interp(s->precip, &t);
}

/* Track the triangle in the cursor; a degenerate single-cell "triangle"
 * is not worth remembering. */
static void cursor_find(const snapshot_t *s, vec3 p, colormap_cursor *cur, tri *t)
{
	tri_find(s->grid, p, cur->cell, cur->tri, t);
	cur->cell = t->near;
	int real = t->c[0] != t->c[1];
	for (int i = 0; i < 3; i++)
		cur->tri[i] = real ? t->c[i] : -1;
}

double colormap_elevation_cur(const snapshot_t *s, vec3 p, colormap_cursor *cur)
{
	tri t;
	cursor_find(s, p, cur, &t);
	return height(s, &t, p);
}

int colormap_weights_cur(const snapshot_t *s, vec3 p, colormap_cursor *cur, int cells[3],
                         double w[3])
{
	tri t;
	cursor_find(s, p, cur, &t);
	for (int i = 0; i < 3; i++) {
		cells[i] = t.c[i];
		w[i] = t.w[i];
	}
	return t.near;
}

/* ---- views --------------------------------------------------------------- */

/* What a view function gets: the snapshot, the triangle at the point, the
 * point itself and whether to hill-shade (points only, not flat cells);
 * the cursor (NULL for a lone point) lends its row caches, and the height
 * is kept once computed (several maps of one point share it). */
typedef struct sample {
	const snapshot_t *s;
	const tri *t;
	vec3 p;
	int shade;
	colormap_cursor *cur;
	colormap_heights *h;    /* NULL: none kept */
	double k;               /* stretch of the view's ramp (1: fixed) */
} sample;

/* The interpolated height and the detail's amplitude at the sample. */
static void sample_base(const sample *m, double *e, double *amp)
{
	colormap_heights *h = m->h;
	if (h && h->has_base) {
		*e = h->e;
		*amp = h->amp;
		return;
	}
	*e = base_height(m->s, m->t);
	*amp = detail_amp(m->s, m->t);
	if (h) {
		h->has_base = 1;
		h->e = *e;
		h->amp = *amp;
		detail_reach(m->s, m->t, *e, *amp, &h->down, &h->up);
	}
}

/* height() of the sample, computed once */
static double sample_height(sample *m)
{
	colormap_heights *h = m->h;
	if (!h)
		return height(m->s, m->t, m->p);
	if (h->has_height)
		return h->height;
	double e, amp;
	sample_base(m, &e, &amp);
	h->has_height = 1;
	h->height = amp > 0 ? with_detail(e, h->down, h->up, detail(m->s, m->p)) : e;
	return h->height;
}

/* Whether p is land: the detail only matters where it can cross the coast
 * (the noise stays within +-amp), which saves the noise almost everywhere. */
static double coast_height(sample *m)
{
	double e, amp;
	sample_base(m, &e, &amp);
	return fabs(e - m->s->sea_level_m) < amp ? sample_height(m) : e;
}

static int is_water_biome(int b) { return b == BIOME_OCEAN || b == BIOME_SEA_ICE; }

static rgb biome_rgb(const snapshot_t *s, int b)
{
	if (b < 0 || b >= BIOME_COUNT)
		b = BIOME_OCEAN;
	return (rgb){s->prm.biomes[b].r, s->prm.biomes[b].g, s->prm.biomes[b].b};
}

/* Cell's value kept in k (k may be NULL): 1 and *v, or 0. */
static int cache_get(const colormap_cell_cache *k, int cell, double *v)
{
	for (int i = 0; k && i < k->n; i++)
		if (k->cell[i] == cell) {
			*v = k->value[i];
			return 1;
		}
	return 0;
}

/* Keep cell's value in k (NULL: nowhere), dropping the oldest of three. */
static void cache_put(colormap_cell_cache *k, int cell, double v)
{
	if (!k)
		return;
	if (k->n == 3) {
		for (int i = 0; i < 2; i++) {
			k->cell[i] = k->cell[i + 1];
			k->value[i] = k->value[i + 1];
		}
		k->n = 2;
	}
	k->cell[k->n] = cell;
	k->value[k->n++] = v;
}

/* The devlog's colour noise: a small brightness offset per cell from a hash
 * of the cell id and seed, so it is the same on every run and every map.
 * The cursor keeps the last triangle's three (neighbouring pixels mostly
 * share a triangle). */
static double cell_hash01(const sample *m, int cell)
{
	colormap_cell_cache *k = m->cur ? &m->cur->hash : NULL;
	double v;
	if (cache_get(k, cell, &v))
		return v;
	uint64_t h = hash64((uint64_t)cell ^ (m->s->prm.seed * 0x9E3779B97F4A7C15ull));
	v = (double)(h >> 11) * 0x1p-53;
	cache_put(k, cell, v);
	return v;
}

/* A faint texture so large biomes are not flat paint: one random value per
 * cell, blended over the triangle like the heights are, so it varies
 * smoothly instead of drawing each cell's outline (no honeycomb). */
static inline __attribute__((always_inline)) rgb texture(const sample *m, rgb c, double amp)
{
	const tri *t = m->t;
	double v = 0;
	for (int i = 0; i < 3; i++)
		v += t->w[i] * cell_hash01(m, t->c[i]);
	return scale(c, 1.0 + amp * (2.0 * v - 1.0));
}

/* The ocean's shallowest and deepest colours. */
static void ocean_ends(const snapshot_t *s, rgb *light, rgb *dark)
{
	rgb base = biome_rgb(s, BIOME_OCEAN);
	*light = mix(base, (rgb){235, 245, 255}, 0.35);
	*dark = scale(base, 0.45);
}

/* What the cursor keeps per snapshot: the biome table prepared for lookups
 * (a square root per biome, more than a lookup costs) and the ocean's
 * colours. Without a cursor, local is filled. */
static const colormap_cursor *sample_tables(const sample *m, colormap_cursor *local)
{
	colormap_cursor *c = m->cur ? m->cur : local;
	if (!m->cur || c->lut_of != m->s) {
		biome_lut_init(&c->lut, m->s->prm.biomes);
		ocean_ends(m->s, &c->ocean_light, &c->ocean_dark);
		c->lut_of = m->s;
	}
	return c;
}

/* Deeper water is darker: sqrt spreads the shelf and slope, where depth
 * changes matter most to the eye. */
static inline rgb ocean_rgb(const colormap_cursor *tb, double depth_m)
{
	return mix(tb->ocean_light, tb->ocean_dark, sqrt(clampd(depth_m / 7000.0, 0, 1)));
}

/* Land keeps the nearest cell's biome; where the triangle straddles the
 * coast the nearest cell may be sea, so the closest land cell lends its own
 * (reclassifying from interpolated climate there drew a false rim of another
 * biome round every coast, the ocean's mild temperatures leaking inland).
 * Water is classified from the temperature of the water cells around it, so
 * the sea-ice edge is smooth and agrees with the cells' own classification. */
/* (inlined into colormap_at_rgb, the export's hot path) */
static inline __attribute__((always_inline)) rgb view_biome(sample *m)
{
	const snapshot_t *s = m->s;
	const tri *t = m->t;
	double sea = s->sea_level_m, e = coast_height(m);
	int land = e >= sea;
	int same[3];
	for (int i = 0; i < 3; i++)
		same[i] = (s->elevation[t->c[i]] >= sea) == land;
	colormap_cursor local;
	const colormap_cursor *tb = sample_tables(m, &local);
	const biome_lut *lut = &tb->lut;
	if (!land) {
		int b = biome_lookup(lut, interp_masked(s->temperature, t, same),
		                     interp_masked(s->precip, t, same), e - sea,
		                     interp_masked_u8(s->dry_summer, t, same) / 255,
		                     interp_masked_u8(s->dry_winter, t, same) / 255);
		if (!is_water_biome(b))
			b = s->biome[heaviest(t, same)];
		if (b == BIOME_SEA_ICE)
			return texture(m, biome_rgb(s, BIOME_SEA_ICE), 0.02);
		return ocean_rgb(tb, sea - e);
	}
	/* Land is classified from climate interpolated over the land corners of
	 * the triangle only (sea temperatures would leak a false rim inland), so
	 * biome borders are smooth curves rather than cell outlines. */
	int b = biome_lookup(lut, interp_masked(s->temperature, t, same),
	                     interp_masked(s->precip, t, same), e - sea,
	                     interp_masked_u8(s->dry_summer, t, same) / 255,
	                     interp_masked_u8(s->dry_winter, t, same) / 255);
	if (is_water_biome(b))    /* land the cells call sea: say grassland, not sea */
		b = BIOME_GRASSLAND;
	return texture(m, biome_rgb(s, b), 0.05);
}

/* Lambert hill-shading from the interpolated elevation gradient, light from
 * the north-west at 45 degrees. The gradient is a central difference over
 * 1.5 cell spacings: shorter steps see the flat facets of the linear
 * interpolation and draw star-shaped fans round every cell. Slopes are
 * measured per grid spacing (not per metre), so the relief reads the same at
 * every grid level. */
static double hillshade(const snapshot_t *s, vec3 p, int near)
{
	const grid_t *g = s->grid;
	vec3 east = v3_cross(v3(0, 0, 1), p);
	if (v3_dot(east, east) < 1e-24)
		east = v3(0, 1, 0);
	east = v3_norm(east);
	vec3 north = v3_cross(p, east);
	double d = 0.75 * g->spacing, e[4];
	vec3 dir[4] = {east, v3_scale(east, -1), north, v3_scale(north, -1)};
	for (int i = 0; i < 4; i++) {
		tri t;
		vec3 q = v3_norm(v3_add(p, v3_scale(dir[i], d)));
		tri_find(g, q, near, NULL, &t);
		e[i] = height(s, &t, q);
	}
	/* relief of 3000 m per cell spacing reads as a 45-degree slope */
	double k = g->spacing / (2.0 * d) / 3000.0;
	double gx = (e[0] - e[1]) * k, gy = (e[2] - e[3]) * k;
	double nl = sqrt(gx * gx + gy * gy + 1.0);
	double lambert = (gx * 0.5 - gy * 0.5 + 0.70710678) / nl;
	return clampd(lambert / 0.70710678, 0.5, 1.3);
}

/* Beach sand (the land ramp's first 25 m) lines the water; ground as low
 * farther inland, a plain the sea rose toward, is lowland green: sand over
 * whole interiors read as desert. The sand is whole where half the point's
 * triangle or more is sea and fades to none where none is, so it keeps to
 * the coasts' triangles. */
#define LOWLAND_TOP_M 25.0
static rgb land_tint(const sample *m, double h)
{
	rgb c = ramp(hyps_land, NSTOPS(hyps_land), h);
	if (h >= LOWLAND_TOP_M)
		return c;
	double beach = clampd(2 * (1 - land_share(m->s, m->t)), 0, 1);
	return mix(ramp(hyps_land, NSTOPS(hyps_land), LOWLAND_TOP_M), c, beach);
}

static rgb view_elevation(sample *m)
{
	const snapshot_t *s = m->s;
	double e = sample_height(m), h = e - s->sea_level_m;
	rgb c = h >= 0 ? land_tint(m, h)
	               : ramp(hyps_water, NSTOPS(hyps_water), h);
	if (!m->shade)
		return c;
	double f = hillshade(s, m->p, m->t->near);
	if (h < 0)
		f = 1.0 + (f - 1.0) * 0.4;    /* the sea floor only hints its relief */
	return scale(c, f);
}

static rgb water_dim(const sample *m, rgb c)
{
	return interp(m->s->elevation, m->t) < m->s->sea_level_m ? scale(c, WATER_DIM) : c;
}

/* The plate under a point is the one whose corners of the point's
 * triangle weigh most, so plates meet on lines between the cells rather
 * than on each cell's outline; the boundary is drawn where the two
 * heaviest plates weigh within PLATE_BAND of each other (a band about a
 * cell wide centred on that line), in the class of its heaviest corner
 * that has one. The nearest cell's plate and class drew boundaries as
 * strings of hexagons; they still do for a lone cell and where pixels are
 * wider than cells (the dashboard), since a band thinner than a pixel
 * would be sampled into dots. */
#define PLATE_BAND 0.85

/* Plate pi's colour, darker under the sea. */
static rgb plate_rgb(sample *m, int pi)
{
	const snapshot_t *s = m->s;
	rgb col = pi < s->plate_count ? (rgb){s->plates[pi].r, s->plates[pi].g, s->plates[pi].b}
	                              : (rgb){128, 128, 128};
	return coast_height(m) < s->sea_level_m ? scale(col, 0.72) : col;
}

/* a microplate (under 1 % of the surface) is mostly rim: it keeps its
 * colour, and the boundary shows on the plate around it */
static bool is_micro(const snapshot_t *s, int pi)
{
	return pi < s->plate_count && s->plates[pi].area_fraction < 0.01;
}

static rgb plates_by_cell(sample *m)
{
	const snapshot_t *s = m->s;
	int c = m->t->near, bt = s->boundary[c];
	if (bt > BOUNDARY_NONE && bt <= BOUNDARY_TRANSFORM && !is_micro(s, s->plate[c]))
		return boundary_colour[bt];
	return plate_rgb(m, s->plate[c]);
}

static rgb view_plates(sample *m)
{
	const snapshot_t *s = m->s;
	const tri *t = m->t;
	if (t->c[0] == t->c[1] || (m->cur && m->cur->pixel_rad > s->grid->spacing))
		return plates_by_cell(m);
	int pl[3], n = 0;
	double w[3] = {0, 0, 0};
	for (int i = 0; i < 3; i++) {
		int p = s->plate[t->c[i]], j = 0;
		while (j < n && pl[j] != p)
			j++;
		if (j == n)
			pl[n++] = p;
		w[j] += t->w[i];
	}
	int top = 0, second = -1;
	for (int j = 1; j < n; j++)
		if (w[j] > w[top] || (w[j] == w[top] && pl[j] < pl[top]))
			top = j;
	for (int j = 0; j < n; j++)
		if (j != top && (second < 0 || w[j] > w[second]))
			second = j;
	int pi = pl[top];
	if (second >= 0 && w[top] - w[second] < PLATE_BAND && !is_micro(s, pi)) {
		int bt = BOUNDARY_NONE;
		double bw = -1;
		for (int i = 0; i < 3; i++) {
			int k = s->boundary[t->c[i]];
			if (k > BOUNDARY_NONE && k <= BOUNDARY_TRANSFORM && t->w[i] > bw) {
				bt = k;
				bw = t->w[i];
			}
		}
		if (bt != BOUNDARY_NONE)
			return boundary_colour[bt];
	}
	return plate_rgb(m, pi);
}

static rgb view_stress(sample *m)
{
	return water_dim(m, ramp(stress_ramp, NSTOPS(stress_ramp), interp(m->s->stress, m->t) * m->k));
}

static rgb view_temperature(sample *m)
{
	return water_dim(m, ramp(temp_ramp, NSTOPS(temp_ramp), interp(m->s->temperature, m->t)));
}

static rgb view_precip(sample *m)
{
	return water_dim(m, ramp(precip_ramp, NSTOPS(precip_ramp), interp(m->s->precip, m->t)));
}

/* A jump in the floor's age (where floor of different origins meets: a
 * fossil boundary, a fracture zone) is a gap between a triangle's corner
 * ages wider than AGE_JUMP_MYR plus AGE_JUMP_SHARE of the older; the
 * steady climb away from a ridge (a few Myr a cell) is no jump. */
#define AGE_JUMP_MYR 10.0
#define AGE_JUMP_SHARE 0.25
/* Each corner stays on its own side of the jump by at least this share of
 * the gap, so a strip of floor a cell wide is drawn narrower, not erased
 * (without it, its cells' neighbour averages crossed to the other side). */
#define AGE_SIDE_LEAST 0.15

/* The cell's age averaged with its neighbours' of the same crust type.
 * Across a jump it moves toward the other side by the share of neighbours
 * there, which is what straightens the line drawn through it. */
static double age_smoothed(const snapshot_t *s, int c, colormap_cursor *cur)
{
	colormap_cell_cache *kept = cur ? &cur->age : NULL;
	double v;
	if (cache_get(kept, c, &v))
		return v;
	const grid_t *g = s->grid;
	double sum = s->age[c];
	int n = 1;
	for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
		int d = g->nbr[k];
		if (s->crust[d] == s->crust[c]) {
			sum += s->age[d];
			n++;
		}
	}
	v = sum / n;
	cache_put(kept, c, v);
	return v;
}

/* Where the kept corners straddle a jump, the sample takes the ages of one
 * side only: the side the corners' neighbour averages, interpolated, lean
 * to (each held on its own side by AGE_SIDE_LEAST). Linear interpolation
 * across the jump drew it as a ramp along the triangles' edges, a
 * stair-step a cell high. */
double colormap_age_blend(const snapshot_t *s, const int c[3], const double w[3],
                          const int keep[3], int near, colormap_cursor *cur)
{
	double age[3], lo = INFINITY, hi = -INFINITY;
	int use[3] = {keep[0], keep[1], keep[2]};
	for (int i = 0; i < 3; i++) {
		age[i] = s->age[c[i]];
		if (keep[i]) {
			lo = age[i] < lo ? age[i] : lo;
			hi = age[i] > hi ? age[i] : hi;
		}
	}
	/* no gap can be a jump unless the whole spread is one (most pixels) */
	if (hi - lo > AGE_JUMP_MYR + AGE_JUMP_SHARE * hi) {
		int order[3], n = 0;
		for (int i = 0; i < 3; i++)
			if (keep[i])
				order[n++] = i;
		for (int i = 1; i < n; i++)    /* by age, youngest first */
			for (int j = i; j > 0 && age[order[j]] < age[order[j - 1]]; j--) {
				int x = order[j];
				order[j] = order[j - 1];
				order[j - 1] = x;
			}
		int split = 0;    /* the widest gap lies after order[split] */
		for (int i = 1; i + 1 < n; i++)
			if (age[order[i + 1]] - age[order[i]] > age[order[split + 1]] - age[order[split]])
				split = i;
		double gap = age[order[split + 1]] - age[order[split]];
		if (gap > AGE_JUMP_MYR + AGE_JUMP_SHARE * hi) {
			double middle = 0.5 * (age[order[split]] + age[order[split + 1]]);
			double lean = 0, least = AGE_SIDE_LEAST * gap;
			for (int i = 0; i < n; i++) {
				double v = age_smoothed(s, c[order[i]], cur) - middle;
				v = i > split ? fmax(v, least) : fmin(v, -least);
				lean += v * w[order[i]];
			}
			int old_side = lean > 0;
			for (int i = 0; i < n; i++)
				use[order[i]] = (i > split) == old_side;
		}
	}
	double sum = 0, wsum = 0;
	for (int i = 0; i < 3; i++)
		if (use[i]) {
			sum += age[i] * w[i];
			wsum += w[i];
		}
	return wsum > 0 ? sum / wsum : s->age[near];
}

/* Oceanic crust by age; the age of continents is not what this map is about,
 * so they are grey. Age is averaged over oceanic vertices only, so the ridge
 * stays young up to the continental margin, and on one side of a jump in
 * age only (colormap_age_blend). A point is continent where its triangle is mostly
 * continental, weighed as the height is: the margin is a line between the
 * cells, not the outline of each cell (the nearest cell's crust drew every
 * continent as a mosaic of hexagons). */
static rgb view_age(sample *m)
{
	const snapshot_t *s = m->s;
	const tri *t = m->t;
	int keep[3];
	double continental = 0;
	for (int i = 0; i < 3; i++) {
		keep[i] = s->crust[t->c[i]] == CRUST_OCEANIC;
		continental += keep[i] ? 0 : t->w[i];
	}
	if (continental >= 0.5)
		return continent_grey;
	return ramp(age_ramp, NSTOPS(age_ramp),
	            colormap_age_blend(s, t->c, t->w, keep, t->near, m->cur) * m->k);
}

/* Speed of the plate under the point, interpolated within that plate only
 * (velocity jumps across boundaries, it should not blur there). */
static rgb view_motion(sample *m)
{
	const snapshot_t *s = m->s;
	const tri *t = m->t;
	int keep[3];
	double sum = 0, wsum = 0;
	for (int i = 0; i < 3; i++) {
		int c = t->c[i];
		keep[i] = s->plate[c] == s->plate[t->near];
		if (keep[i]) {
			sum += hypot(s->vel_east[c], s->vel_north[c]) * t->w[i];
			wsum += t->w[i];
		}
	}
	double v = wsum > 0 ? sum / wsum : 0;
	return water_dim(m, ramp(speed_ramp, NSTOPS(speed_ramp), v * m->k));
}

typedef rgb (*view_fn)(sample *m);
static const view_fn view_fns[VIEW_COUNT] = {
	[VIEW_BIOME] = view_biome,
	[VIEW_ELEVATION] = view_elevation,
	[VIEW_PLATES] = view_plates,
	[VIEW_STRESS] = view_stress,
	[VIEW_TEMPERATURE] = view_temperature,
	[VIEW_PRECIPITATION] = view_precip,
	[VIEW_AGE] = view_age,
	[VIEW_MOTION] = view_motion,
};

rgb colormap_cell(const snapshot_t *s, view_kind v, int cell)
{
	if (!s || cell < 0 || cell >= s->n || (unsigned)v >= VIEW_COUNT)
		return (rgb){0, 0, 0};
	tri t;
	tri_single(&t, cell);
	sample m = {s, &t, s->grid->centre[cell], 0, NULL, NULL, 1.0};
	return view_fns[v](&m);
}

rgb colormap_point(const snapshot_t *s, view_kind v, vec3 p, int *hint)
{
	if (!s || (unsigned)v >= VIEW_COUNT)
		return (rgb){0, 0, 0};
	tri t;
	tri_find(s->grid, p, hint ? *hint : -1, NULL, &t);
	if (hint)
		*hint = t.near;
	sample m = {s, &t, p, 1, NULL, NULL, 1.0};
	return view_fns[v](&m);
}

rgb colormap_point_scaled(const snapshot_t *s, view_kind v, vec3 p, colormap_cursor *cur,
                          double top)
{
	if (!s || (unsigned)v >= VIEW_COUNT)
		return (rgb){0, 0, 0};
	tri t;
	cursor_find(s, p, cur, &t);
	colormap_heights h = {0};
	sample m = {s, &t, p, 1, cur, &h, stretch(v, top)};
	return view_fns[v](&m);
}

rgb colormap_point_cur(const snapshot_t *s, view_kind v, vec3 p, colormap_cursor *cur)
{
	return colormap_point_scaled(s, v, p, cur, 0);
}

void colormap_locate(const snapshot_t *s, vec3 p, colormap_cursor *cur, colormap_at *at)
{
	at->p = p;
	cursor_find(s, p, cur, &at->t);
	at->h.has_base = at->h.has_height = 0;
}

void colormap_at_rgb(const snapshot_t *s, view_kind v, colormap_at *at, colormap_cursor *cur,
                     uint8_t *out)
{
	rgb c = {0, 0, 0};
	if (s && (unsigned)v < VIEW_COUNT) {
		sample m = {s, &at->t, at->p, 1, cur, &at->h, 1.0};
		/* the biome view inlined: its colour then never passes through
		 * memory as a 3-byte struct (a store-forwarding stall a pixel) */
		c = v == VIEW_BIOME ? view_biome(&m) : view_fns[v](&m);
	}
	out[0] = c.r;
	out[1] = c.g;
	out[2] = c.b;
}

double colormap_at_height(const snapshot_t *s, colormap_at *at)
{
	sample m = {s, &at->t, at->p, 1, NULL, &at->h, 1.0};
	return sample_height(&m);
}

void colormap_at_heights(const snapshot_t *s, colormap_at *at, int n)
{
	enum { BATCH = 64 };
	vec3 p[BATCH];
	double d[BATCH];
	int idx[BATCH];
	for (int b = 0; b < n; b += BATCH) {
		int m = 0, end = n - b < BATCH ? n : b + BATCH;
		for (int i = b; i < end; i++) {
			colormap_heights *h = &at[i].h;
			sample sm = {s, &at[i].t, at[i].p, 1, NULL, h, 1.0};
			double e, amp;
			sample_base(&sm, &e, &amp);
			if (h->has_height)
				continue;
			if (amp > 0) {
				p[m] = at[i].p;
				idx[m++] = i;
			} else {
				h->has_height = 1;
				h->height = e;
			}
		}
		/* detail() of each of them, as sample_height computes it */
		noise_fbm_many(&s->detail_noise, p, m, 2.0 / s->grid->spacing, DETAIL_OCTAVES, 0.5, d);
		for (int k = 0; k < m; k++) {
			colormap_heights *h = &at[idx[k]].h;
			h->has_height = 1;
			h->height = with_detail(h->e, h->down, h->up, d[k]);
		}
	}
}
