/* grid_locate.c: nearest cell to a direction.
 *
 * The six cube faces are cut into buckets (gnomonic coordinates, slightly
 * warped so buckets have similar areas, about one bucket per cell). Each
 * bucket lists the few cells whose Voronoi regions reach into it (a cheap
 * cap test, then the bucket clipped by the cell's Voronoi half-spaces), so
 * most queries are one bucket read and a handful of dot
 * products with no data-dependent walk: random queries on big grids are
 * bound by memory latency, and this keeps the chain of dependent loads to
 * two. Buckets with too many candidates, and grid_locate_from, use a greedy
 * walk on the Delaunay neighbour graph instead, always moving to the
 * neighbour closest to the query: on a Delaunay graph a cell with no closer
 * neighbour is the global nearest. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"

int grid_walk(const grid_t *g, vec3 p, int c)
{
	const vec3 *C = g->centre;
	const uint8_t *stay = g->stay;
	const double *thr = g->stay_thr;
	const int32_t *off = g->nbr_off, *nbr = g->nbr;
	double pp = v3_dot(p, p);
	double best = v3_dot(p, C[c]);
	for (;;) {
		/* well inside c's inscribed ball: no neighbour can be nearer (see
		 * grid_build_stay), so the scan below would find none */
		if (2 * best - pp >= thr[stay[c]])
			return c;
		int next = -1;
		for (int k = off[c], e = off[c + 1]; k < e; k++) {
			double d = v3_dot(p, C[nbr[k]]);
			if (d > best) {
				best = d;
				next = nbr[k];
			}
		}
		/* strictly increasing, so it ends; NaN compares false and stops */
		if (next < 0)
			return c;
		c = next;
	}
}

/* The walk's early stop. For unit centres, |p - C[c]|^2 = |p|^2 + 1 -
 * 2 p.C[c], so 2 p.C[c] - |p|^2 >= 1 - r^2 says p is within r of C[c]
 * (any p, unit or not). With r = (1 - 1e-4) m / 2, m the distance to the
 * nearest neighbour, every neighbour n is farther from p by at least
 * 1e-4 m, so p.C[c] - p.C[n] >= 0.25e-4 m^2 (the centres' norms are 1 to
 * within 1e-15): at least 1e-13 for m >= 1e-4, far above the rounding of
 * the dot products (~1e-15), so the scan would find no neighbour with a
 * larger computed dot and stop at c. The 1e-14 covers the rounding of the
 * test itself. Each cell keeps a byte: the largest of the radii
 * r0 (32/33)^q (r0 the largest cell's) not above its own, so its ball
 * shrinks by at most 3 %. Closer centres (m < 1e-4, ~10^9 cells) never
 * stop early. */
int grid_build_stay(grid_t *g)
{
	int n = g->n;
	g->stay = malloc((size_t)n * sizeof *g->stay);
	double *r = malloc((size_t)n * sizeof *r);
	if (!g->stay || !r) {
		free(r);
		return -1;
	}
	double r0 = 0;
	for (int c = 0; c < n; c++) {
		double m2 = 4;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			vec3 e = v3_sub(g->centre[g->nbr[k]], g->centre[c]);
			double d2 = v3_dot(e, e);
			m2 = d2 < m2 ? d2 : m2;
		}
		double m = sqrt(m2);
		r[c] = m >= 1e-4 ? 0.5 * (1 - 1e-4) * m : 0;
		r0 = r[c] > r0 ? r[c] : r0;
	}
	/* radius of entry q: r0 (32/33)^q, never more than the cell's own */
	double rq[255];
	for (int q = 0; q < 255; q++) {
		rq[q] = r0 * pow(32.0 / 33.0, q);
		g->stay_thr[q] = 1 - rq[q] * rq[q] + 1e-14;
	}
	g->stay_thr[255] = 2;
	for (int c = 0; c < n; c++) {
		int q = r[c] > 0 ? (int)floor(log(r0 / r[c]) / log(33.0 / 32.0)) : 255;
		q = q < 0 ? 0 : q;
		while (q < 255 && rq[q] > r[c])
			q++;
		g->stay[c] = (uint8_t)q;
	}
	free(r);
	return 0;
}

/* Warp of a gnomonic coordinate that roughly evens out bucket areas (the
 * gnomonic map shrinks cells toward face corners by up to 2x per axis). */
static inline double warp(double u)
{
	return u * (1.2 - 0.2 * u * u);
}

static double unwarp(double w)
{
	double u = w;
	for (int i = 0; i < 30; i++)
		u -= (warp(u) - w) / (1.2 - 0.6 * u * u);
	return u < -1 ? -1 : u > 1 ? 1 : u;
}

static inline int bucket_of(const grid_t *g, vec3 p)
{
	double u, v;
	int f = cube_face(p, &u, &v);
	/* also refuses NaN and infinite input before any float-to-int cast */
	if (f < 0 || !(u >= -1 && u <= 1 && v >= -1 && v <= 1))
		return -1;
	int r = g->lut_res;
	int i = (int)((warp(u) + 1) * 0.5 * r), j = (int)((warp(v) + 1) * 0.5 * r);
	i = i < r ? i : r - 1;
	j = j < r ? j : r - 1;
	return (f * r + j) * r + i;
}

static inline vec3 face_point(int f, double u, double v)
{
	double s = f & 1 ? -1 : 1;
	return f < 2 ? v3(s, u, v) : f < 4 ? v3(u, s, v) : v3(u, v, s);
}

/* Does the Voronoi region of cell x (the intersection of the half-spaces
 * nearer x than each neighbour) meet the bucket, a convex quad q? Clips q by
 * those half-spaces (Sutherland-Hodgman on unnormalised vectors, whose signs
 * are those of the spherical points). tol keeps it conservative against
 * rounding and against the slightly perturbed triangulations. */
static int region_meets(const grid_t *g, int x, const vec3 q[4], double tol)
{
	vec3 buf[2][40];
	vec3 *a = buf[0], *b = buf[1];
	int na = 4;
	int d = g->nbr_off[x + 1] - g->nbr_off[x];
	if (d > 30)
		return 1;
	memcpy(a, q, 4 * sizeof *a);
	for (int k = 0; k < d; k++) {
		vec3 nrm = v3_sub(g->centre[x], g->centre[g->nbr[g->nbr_off[x] + k]]);
		double t = tol * v3_len(nrm);
		int nb = 0;
		for (int i = 0; i < na; i++) {
			vec3 P = a[i], Q = a[(i + 1) % na];
			double dp = v3_dot(nrm, P), dq = v3_dot(nrm, Q);
			if (dp >= -t)
				b[nb++] = P;
			if ((dp >= -t) != (dq >= -t))
				b[nb++] = v3_add(P, v3_scale(v3_sub(Q, P), dp / (dp - dq)));
		}
		if (nb == 0)
			return 0;
		vec3 *sw = a;
		a = b;
		b = sw;
		na = nb;
	}
	return 1;
}

int grid_build_lut(grid_t *g)
{
	/* a bucket for about four cells: a tenth of the grid's bytes less
	 * than one a cell, at no cost a step measured (bench/RESULTS.md, "Grid") */
	int n = g->n, r = (int)ceil(sqrt(n / 24.0));
	size_t nb = (size_t)6 * r * r;
	g->lut_res = r;
	/* filled at most GRID_LUT_SLOTS a bucket, then shrunk to what is used */
	g->lut_off = malloc((nb + 1) * sizeof *g->lut_off);
	g->lut_cell = malloc(nb * GRID_LUT_SLOTS * sizeof *g->lut_cell);
	double *edge = malloc(((size_t)r + 1) * sizeof *edge);
	double *cosr = malloc((size_t)n * sizeof *cosr), *sinr = malloc((size_t)n * sizeof *sinr);
	int32_t *seen = malloc((size_t)n * sizeof *seen), *queue = malloc((size_t)n * sizeof *queue);
	if (!g->lut_off || !g->lut_cell || !edge || !cosr || !sinr || !seen || !queue) {
		free(edge), free(cosr), free(sinr), free(seen), free(queue);
		return -1;
	}
	/* each cell's Voronoi circumradius (farthest circumcentre), with a margin
	 * for rounding and for the 1e-7 perturbation some builds triangulate */
	const vec3 *C = g->centre;
	double margin = 1e-6 * g->spacing + 1e-12;
	for (int c = 0; c < n; c++) {
		double cmin = 1;
		int d = g->nbr_off[c + 1] - g->nbr_off[c];
		for (int k = 0; k < d; k++) {
			vec3 a = C[g->nbr[g->nbr_off[c] + k]], b = C[g->nbr[g->nbr_off[c] + (k + 1) % d]];
			vec3 o = v3_norm(v3_cross(v3_sub(a, C[c]), v3_sub(b, C[c])));
			double w = v3_dot(C[c], o);
			cmin = w < cmin ? w : cmin;
		}
		/* acos loses ~1e-14 rad near 1, far inside the margin */
		double rc = acos(clampd(cmin, -1, 1)) + margin;
		cosr[c] = cos(rc);
		sinr[c] = sin(rc);
		seen[c] = -1;
	}
	for (int i = 0; i <= r; i++)
		edge[i] = unwarp(2.0 * i / r - 1);
	int start = 0, qn;
	int32_t used = 0;
	for (int f = 0; f < 6; f++)
		for (int j = 0; j < r; j++)
			for (int i = 0; i < r; i++) {
				int b = (f * r + j) * r + i;
				vec3 k[4] = {v3_norm(face_point(f, edge[i], edge[j])),
				             v3_norm(face_point(f, edge[i + 1], edge[j])),
				             v3_norm(face_point(f, edge[i], edge[j + 1])),
				             v3_norm(face_point(f, edge[i + 1], edge[j + 1]))};
				vec3 mid = v3_norm(v3_add(v3_add(k[0], k[1]), v3_add(k[2], k[3])));
				double cq = 1;
				for (int q = 0; q < 4; q++) {
					double w = v3_dot(mid, k[q]);
					cq = w < cq ? w : cq;
				}
				double rb = acos(clampd(cq, -1, 1)) + 1e-9;
				vec3 ring[4] = {k[0], k[1], k[3], k[2]};
				double cb = cos(rb), sb = sin(rb);
				/* rows are walked in order, so each start is one bucket away */
				start = grid_walk(g, mid, start);
				g->lut_off[b] = used;
				/* cells whose Voronoi cap meets the bucket's cap; those whose
				 * region truly meets the bucket are connected through such
				 * cells, so a flood from the centre's cell finds them all */
				int32_t *slot = g->lut_cell + used;
				int found = 1;
				slot[0] = queue[0] = start;
				seen[start] = b;
				qn = 1;
				for (int h = 0; h < qn; h++) {
					int c = queue[h];
					for (int e = g->nbr_off[c]; e < g->nbr_off[c + 1]; e++) {
						int x = g->nbr[e];
						if (seen[x] == b)
							continue;
						seen[x] = b;
						/* cos(angle) >= cos(rb + rc) */
						if (v3_dot(C[x], mid) < cb * cosr[x] - sb * sinr[x] ||
						    !region_meets(g, x, ring, margin))
							continue;
						queue[qn++] = x;
						if (found < GRID_LUT_SLOTS)
							slot[found] = x;
						found++;
					}
				}
				if (found > GRID_LUT_SLOTS) {
					slot[0] = -1 - start;
					used++;
					continue;
				}
				/* ascending, so ties resolve to the lowest index like a scan */
				for (int a = 1; a < found; a++)
					for (int z = a; z > 0 && slot[z - 1] > slot[z]; z--) {
						int32_t t = slot[z];
						slot[z] = slot[z - 1];
						slot[z - 1] = t;
					}
				used += found;
			}
	g->lut_off[nb] = used;
	int32_t *packed = realloc(g->lut_cell, (size_t)used * sizeof *packed);
	if (packed)
		g->lut_cell = packed;
	free(edge), free(cosr), free(sinr), free(seen), free(queue);
	return 0;
}

int grid_locate(const grid_t *g, vec3 p)
{
	int b = bucket_of(g, p);
	if (b < 0)
		return 0;
	const int32_t *cell = g->lut_cell + g->lut_off[b], *end = g->lut_cell + g->lut_off[b + 1];
	int best = cell[0];
	if (best < 0)
		return grid_walk(g, p, -1 - best);
	double bd = v3_dot(p, g->centre[best]);
	for (cell++; cell < end; cell++) {
		double d = v3_dot(p, g->centre[*cell]);
		if (d > bd) {
			bd = d;
			best = *cell;
		}
	}
	return best;
}
