/* grid.c: grid_new and friends, the part common to every grid kind.
 *
 * Building a grid: check the arguments; make the centres (grid_points.c) and
 * store them along a Hilbert curve; jitter them; get their spherical Delaunay
 * triangulation (the Goldberg subdivision repaired by edge flips, or
 * incremental insertion for the other kinds, grid_delaunay.c); then turn the
 * triangles into CCW neighbour lists, Voronoi areas and the mean spacing, and
 * fill the point-location table (grid_locate.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "rng.h"

#define GRID_JITTER_STREAM 0x6a17e4u

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || !errlen)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

void grid_free(grid_t *g)
{
	if (!g)
		return;
	free(g->centre);
	free(g->area);
	free(g->nbr_off);
	free(g->nbr);
	free(g->lut_off);
	free(g->lut_cell);
	free(g->stay);
	free(g);
}

size_t grid_bytes(const grid_t *g)
{
	if (!g)
		return 0;
	size_t n = (size_t)g->n;
	size_t nn = g->nbr_off ? (size_t)g->nbr_off[n] : 0;
	size_t nb = 6 * (size_t)g->lut_res * g->lut_res;
	size_t lut_bytes = g->lut_off ? (nb + 1 + (size_t)g->lut_off[nb]) * sizeof *g->lut_off : 0;
	return sizeof *g + n * (sizeof *g->centre + sizeof *g->area) + (n + 1) * sizeof *g->nbr_off +
	       nn * sizeof *g->nbr + lut_bytes + (g->stay ? n * sizeof *g->stay : 0);
}

/* Move each centre by up to jitter * spacing[i] in a uniformly random
 * tangent direction; one sequential stream keeps it deterministic. */
static void jitter_points(vec3 *p, const double *spacing, int n, double jitter, uint64_t seed)
{
	rng_t r;
	rng_seed_stream(&r, seed, GRID_JITTER_STREAM);
	for (int i = 0; i < n; i++) {
		double ang = 2 * M_PI * rng_uniform(&r);
		double rad = jitter * spacing[i] * sqrt(rng_uniform(&r));
		vec3 c = p[i];
		vec3 ref = fabs(c.x) < 0.9 ? v3(1, 0, 0) : v3(0, 1, 0);
		vec3 e1 = v3_norm(v3_cross(c, ref)), e2 = v3_cross(c, e1);
		/* a tangent step of length rad is an arc of atan(rad) < rad */
		vec3 d = v3_add(v3_scale(e1, rad * cos(ang)), v3_scale(e2, rad * sin(ang)));
		p[i] = v3_norm(v3_add(c, d));
	}
}

/* A copy of p moved by about 1e-7 of the spacing, triangulated instead of p:
 * it breaks the exact degeneracies of regular grids (cocircular quads,
 * centres on one great circle) that double-precision predicates cannot
 * decide, at a cost (a Voronoi edge of length ~1e-7 spacing may be missed)
 * far below anything a query can see. Independent of the seed. */
static vec3 *perturbed_copy(const vec3 *p, int n, double spacing)
{
	vec3 *q = malloc((size_t)n * sizeof *q);
	if (!q)
		return NULL;
	double eps = 1e-7 * spacing;
	for (int i = 0; i < n; i++) {
		uint64_t h = hash64((uint64_t)i * 3 + 1), h2 = hash64((uint64_t)i * 3 + 2);
		double dx = (double)(h >> 11) * 0x1.0p-53 - 0.5;
		double dy = (double)(h2 >> 11) * 0x1.0p-53 - 0.5;
		double dz = (double)(hash64((uint64_t)i * 3 + 3) >> 11) * 0x1.0p-53 - 0.5;
		q[i] = v3_norm(v3_add(p[i], v3_scale(v3(dx, dy, dz), eps)));
	}
	return q;
}

/* Spherical triangle area, signed (Van Oosterom & Strackee 1983). */
static inline double tri_area(vec3 a, vec3 b, vec3 c)
{
	double num = v3_dot(a, v3_cross(b, c));
	double den = 1 + v3_dot(a, b) + v3_dot(b, c) + v3_dot(c, a);
	/* den > 0 for every triangle smaller than a hemisphere: atan is cheaper */
	return den > 0 ? 2 * atan(num / den) : 2 * atan2(num, den);
}

/* Circumcentre of triangle t, computed from its lowest-numbered vertex so
 * that all three cells sharing it see bit-identical Voronoi vertices (which
 * makes the areas add up to exactly the sphere's). */
static inline vec3 circumcentre(const tri_mesh *m, const vec3 *p, int t)
{
	const int32_t *v = m->v + 3 * t;
	int k = v[0] < v[1] ? (v[0] < v[2] ? 0 : 2) : (v[1] < v[2] ? 1 : 2);
	vec3 a = p[v[k]], b = p[v[(k + 1) % 3]], c = p[v[(k + 2) % 3]];
	return v3_norm(v3_cross(v3_sub(b, a), v3_sub(c, a)));
}

/* Neighbour lists (CCW around each cell), Voronoi areas and spacing. */
static int finish_grid(grid_t *g, const tri_mesh *m, char *err, size_t errlen)
{
	int n = g->n;
	int32_t *one = malloc((size_t)n * sizeof *one);
	g->nbr_off = calloc((size_t)n + 1, sizeof *g->nbr_off);
	g->nbr = malloc((size_t)m->nt * 3 * sizeof *g->nbr);
	g->area = malloc((size_t)n * sizeof *g->area);
	if (!one || !g->nbr_off || !g->nbr || !g->area) {
		free(one);
		set_err(err, errlen, "grid: out of memory for %d cells", n);
		return -1;
	}
	for (int i = 0; i < 3 * m->nt; i++) {
		g->nbr_off[m->v[i] + 1]++;
		one[m->v[i]] = i / 3;
	}
	for (int c = 0; c < n; c++) {
		if (g->nbr_off[c + 1] < 3) {
			free(one);
			set_err(err, errlen, "grid: triangulation failed (cell %d has no neighbours)", c);
			return -1;
		}
		g->nbr_off[c + 1] += g->nbr_off[c];
	}
	const vec3 *p = g->centre;
	double angle_sum = 0;
	long edges = 0;
	for (int c = 0; c < n; c++) {
		int t0 = one[c], t = t0, at = g->nbr_off[c], end = g->nbr_off[c + 1];
		vec3 o0 = circumcentre(m, p, t0), prev = o0;
		double area = 0;
		do {
			const int32_t *v = m->v + 3 * t;
			int k = v[0] == c ? 0 : v[1] == c ? 1 : 2;
			if (at == end)
				break;
			int nb = v[(k + 1) % 3];
			g->nbr[at++] = nb;
			if (nb > c) {
				vec3 d = v3_sub(p[c], p[nb]);
				angle_sum += 2 * asin(fmin(1.0, 0.5 * v3_len(d)));
				edges++;
			}
			/* the next triangle CCW around c shares the edge c -> v[k+2] */
			t = m->n[3 * t + (k + 2) % 3];
			vec3 o = t == t0 ? o0 : circumcentre(m, p, t);
			area += tri_area(p[c], prev, o);
			prev = o;
		} while (t != t0);
		if (at != end || t != t0) {
			free(one);
			set_err(err, errlen, "grid: triangulation is not a closed surface at cell %d", c);
			return -1;
		}
		g->area[c] = area;
	}
	free(one);
	g->spacing = edges ? angle_sum / edges : 0;
	return 0;
}

/* Goldberg: subdivision mesh, jitter, then flips make it Delaunay (none are
 * needed without jitter); a jitter that folds a triangle falls back to
 * incremental insertion. */
static int build_goldberg(grid_t *g, int level, double jitter, uint64_t seed, tri_mesh *m)
{
	int f = 1 << level, n = 10 * f * f + 2;
	vec3 *raw = malloc((size_t)n * sizeof *raw);
	int32_t *perm = malloc((size_t)n * sizeof *perm);
	int rc = MESH_NOMEM;
	g->n = n;
	g->centre = malloc((size_t)n * sizeof *g->centre);
	if (!raw || !perm || !g->centre || mesh_alloc(m, n, 20 * f * f))
		goto out;
	goldberg_points(level, raw, m);
	if (grid_spatial_order(raw, n, perm))
		goto out;
	/* renumber: perm[new] = old, and the triangles take the new numbers */
	for (int i = 0; i < n; i++)
		g->centre[i] = raw[perm[i]];
	int32_t *inv = (int32_t *)raw;
	for (int i = 0; i < n; i++)
		inv[perm[i]] = i;
	for (int i = 0; i < 3 * m->nt; i++)
		m->v[i] = inv[m->v[i]];
	free(perm);
	perm = NULL;
	if ((rc = mesh_link(m)) != MESH_OK)
		goto out;
	if (jitter > 0) {
		/* local spacing = the shortest subdivision edge at each vertex */
		double *sp = (double *)raw;
		for (int i = 0; i < n; i++)
			sp[i] = M_PI;
		for (int i = 0; i < 3 * m->nt; i++) {
			int a = m->v[i], b = m->v[i - i % 3 + (i + 1) % 3];
			double s = v3_angle(g->centre[a], g->centre[b]);
			sp[a] = s < sp[a] ? s : sp[a];
			sp[b] = s < sp[b] ? s : sp[b];
		}
		jitter_points(g->centre, sp, n, jitter, seed);
		if (!mesh_all_ccw(m, g->centre)) {
			mesh_free(m);
			rc = mesh_delaunay(m, g->centre, n);
			goto out;
		}
	}
	rc = mesh_lawson(m, g->centre) < 0 ? MESH_NOMEM : MESH_OK;
out:
	free(raw);
	free(perm);
	return rc;
}

/* Cube-sphere and Fibonacci: points, Hilbert order, jitter, incremental
 * Delaunay of a slightly perturbed copy. */
static int build_points(grid_t *g, grid_kind kind, int param, double jitter, uint64_t seed,
                        tri_mesh *m)
{
	int n = kind == GRID_CUBESPHERE ? 6 * param * param : param;
	vec3 *raw = malloc((size_t)n * sizeof *raw);
	double *sp = malloc((size_t)n * sizeof *sp), *sp2 = malloc((size_t)n * sizeof *sp2);
	int32_t *perm = malloc((size_t)n * sizeof *perm);
	vec3 *q = NULL;
	int rc = MESH_NOMEM;
	g->n = n;
	g->centre = malloc((size_t)n * sizeof *g->centre);
	if (!raw || !sp || !sp2 || !perm || !g->centre)
		goto out;
	if (kind == GRID_CUBESPHERE)
		cubesphere_points(param, raw, sp);
	else
		fibonacci_points(param, raw, sp);
	if (grid_spatial_order(raw, n, perm))
		goto out;
	double mean = 0;
	for (int i = 0; i < n; i++) {
		g->centre[i] = raw[perm[i]];
		sp2[i] = sp[perm[i]];
		mean += sp2[i];
	}
	mean /= n;
	if (jitter > 0)
		jitter_points(g->centre, sp2, n, jitter, seed);
	if (!(q = perturbed_copy(g->centre, n, mean)))
		goto out;
	rc = mesh_delaunay(m, q, n);
out:
	free(raw);
	free(sp);
	free(sp2);
	free(perm);
	free(q);
	return rc;
}

grid_t *grid_new(grid_kind kind, int param, double jitter, uint64_t seed, char *err, size_t errlen)
{
	switch (kind) {
	case GRID_GOLDBERG:
		if (param < 0 || param > 9) {
			set_err(err, errlen, "grid: goldberg level %d is out of range (0..9)", param);
			return NULL;
		}
		break;
	case GRID_CUBESPHERE:
		if (param < 1 || param > 1024) {
			set_err(err, errlen, "grid: cubesphere resolution %d is out of range (1..1024)",
			        param);
			return NULL;
		}
		break;
	case GRID_FIBONACCI:
		if (param < 12 || param > 4000000) {
			set_err(err, errlen, "grid: fibonacci point count %d is out of range (12..4000000)",
			        param);
			return NULL;
		}
		break;
	default:
		set_err(err, errlen, "grid: unknown grid kind %d", (int)kind);
		return NULL;
	}
	if (!(jitter >= 0 && jitter <= 0.5)) {
		set_err(err, errlen, "grid: jitter %g is out of range (0..0.5)", jitter);
		return NULL;
	}
	grid_t *g = calloc(1, sizeof *g);
	if (!g) {
		set_err(err, errlen, "grid: out of memory");
		return NULL;
	}
	g->kind = kind;
	g->param = param;
	tri_mesh m = {0};
	int rc = kind == GRID_GOLDBERG ? build_goldberg(g, param, jitter, seed, &m)
	                               : build_points(g, kind, param, jitter, seed, &m);
	if (rc != MESH_OK) {
		mesh_free(&m);
		if (rc == MESH_NOMEM)
			set_err(err, errlen, "grid: out of memory for %d cells", g->n);
		else
			set_err(err, errlen, "grid: triangulation of %d cells failed", g->n);
		grid_free(g);
		return NULL;
	}
	rc = finish_grid(g, &m, err, errlen);
	mesh_free(&m);
	if (rc == 0 && (grid_build_stay(g) || grid_build_lut(g))) {
		set_err(err, errlen, "grid: out of memory for the locate table");
		rc = -1;
	}
	if (rc) {
		grid_free(g);
		return NULL;
	}
	return g;
}
