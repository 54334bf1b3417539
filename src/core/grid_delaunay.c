/* grid_delaunay.c: spherical Delaunay triangulations of cell centres.
 *
 * On the unit sphere the Delaunay triangulation is the convex hull, so the
 * empty-circumcircle test is "is d above the plane of a, b, c" and the
 * point-in-triangle test is three signs of det[a, b, p]. Two builders share
 * the flip code: incremental insertion (Lawson: split the containing
 * triangle, then flip illegal edges around the new point) for arbitrary
 * point sets, and a global flip pass that repairs an almost-Delaunay mesh
 * (a jittered Goldberg subdivision). */
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"

int mesh_alloc(tri_mesh *m, int nv, int cap)
{
	m->nv = nv;
	m->nt = 0;
	m->cap = cap;
	m->v = malloc((size_t)cap * 3 * sizeof *m->v);
	m->n = malloc((size_t)cap * 3 * sizeof *m->n);
	if (!m->v || !m->n) {
		mesh_free(m);
		return MESH_NOMEM;
	}
	return MESH_OK;
}

void mesh_free(tri_mesh *m)
{
	free(m->v);
	free(m->n);
	m->v = m->n = NULL;
	m->nt = m->cap = 0;
}

/* Side of p relative to the great circle a -> b: > 0 on the left. */
static inline double orient(vec3 a, vec3 b, vec3 p)
{
	return v3_dot(v3_cross(a, b), p);
}

/* > 0 when d lies inside the circumcircle of the CCW triangle a, b, c. */
static inline double incircle(vec3 a, vec3 b, vec3 c, vec3 d)
{
	return v3_dot(v3_sub(d, a), v3_cross(v3_sub(b, a), v3_sub(c, a)));
}

/* In triangle t, make the neighbour link that pointed to `from` point to `to`. */
static inline void repoint(int32_t *n, int t, int from, int to)
{
	int32_t *e = n + 3 * t;
	if (e[0] == from)
		e[0] = to;
	else if (e[1] == from)
		e[1] = to;
	else
		e[2] = to;
}

static inline int slot_of(const int32_t *n, int t, int other)
{
	const int32_t *e = n + 3 * t;
	return e[0] == other ? 0 : e[1] == other ? 1 : 2;
}

/* Flip the edge 0 of t = (a, b, p) with ot = (b, a, d) into t = (a, d, p),
 * ot = (d, b, p): both keep p last, so edge 0 is again the outer edge. */
static void flip0(tri_mesh *m, int t, int ot, int j)
{
	int32_t *V = m->v, *N = m->n;
	int a = V[3 * t], b = V[3 * t + 1], p = V[3 * t + 2];
	int d = V[3 * ot + (j + 2) % 3];
	int n_ad = N[3 * ot + (j + 1) % 3], n_db = N[3 * ot + (j + 2) % 3];
	int n_bp = N[3 * t + 1], n_pa = N[3 * t + 2];
	V[3 * t] = a, V[3 * t + 1] = d, V[3 * t + 2] = p;
	N[3 * t] = n_ad, N[3 * t + 1] = ot, N[3 * t + 2] = n_pa;
	V[3 * ot] = d, V[3 * ot + 1] = b, V[3 * ot + 2] = p;
	N[3 * ot] = n_db, N[3 * ot + 1] = n_bp, N[3 * ot + 2] = t;
	repoint(N, n_ad, ot, t);
	repoint(N, n_bp, t, ot);
}

/* Rotate triangle t in place so that its edge k becomes edge 0. */
static void rotate_tri(tri_mesh *m, int t, int k)
{
	int32_t v[3], n[3];
	for (int i = 0; i < 3; i++) {
		v[i] = m->v[3 * t + (k + i) % 3];
		n[i] = m->n[3 * t + (k + i) % 3];
	}
	memcpy(m->v + 3 * t, v, sizeof v);
	memcpy(m->n + 3 * t, n, sizeof n);
}

int mesh_link(tri_mesh *m)
{
	int nv = m->nv, nt = m->nt;
	int32_t *off = calloc((size_t)nv + 1, sizeof *off);
	int32_t *inc = malloc((size_t)nt * 3 * sizeof *inc);
	if (!off || !inc) {
		free(off);
		free(inc);
		return MESH_NOMEM;
	}
	for (int i = 0; i < 3 * nt; i++)
		off[m->v[i] + 1]++;
	for (int v = 0; v < nv; v++)
		off[v + 1] += off[v];
	for (int t = 0; t < nt; t++)
		for (int k = 0; k < 3; k++)
			inc[off[m->v[3 * t + k]]++] = t;
	for (int v = nv; v > 0; v--)
		off[v] = off[v - 1];
	off[0] = 0;
	int rc = MESH_OK;
	for (int t = 0; t < nt && rc == MESH_OK; t++) {
		for (int k = 0; k < 3; k++) {
			int a = m->v[3 * t + k], b = m->v[3 * t + (k + 1) % 3];
			int found = -1;
			/* the twin edge b -> a lies in a triangle around b */
			for (int i = off[b]; i < off[b + 1] && found < 0; i++) {
				int u = inc[i];
				for (int q = 0; q < 3; q++)
					if (m->v[3 * u + q] == b && m->v[3 * u + (q + 1) % 3] == a)
						found = u;
			}
			if (found < 0) {
				rc = MESH_BROKEN;
				break;
			}
			m->n[3 * t + k] = found;
		}
	}
	free(off);
	free(inc);
	return rc;
}

int mesh_all_ccw(const tri_mesh *m, const vec3 *p)
{
	for (int t = 0; t < m->nt; t++) {
		vec3 a = p[m->v[3 * t]], b = p[m->v[3 * t + 1]], c = p[m->v[3 * t + 2]];
		/* relative to the triangle's size, so tiny cells are judged fairly */
		vec3 nrm = v3_cross(v3_sub(b, a), v3_sub(c, a));
		if (!(v3_dot(nrm, a) > 1e-9 * v3_dot(v3_sub(b, a), v3_sub(b, a))))
			return 0;
	}
	return 1;
}

/* Illegal edge test with a relative tolerance, so cocircular quads (exactly
 * symmetric in the Goldberg grid) are left alone instead of flipping forever. */
static int illegal_tol(vec3 a, vec3 b, vec3 c, vec3 d)
{
	double s = incircle(a, b, c, d);
	if (!(s > 0))
		return 0;
	vec3 ab = v3_sub(b, a), ac = v3_sub(c, a), ad = v3_sub(d, a);
	return s * s > 1e-22 * v3_dot(ab, ab) * v3_dot(ac, ac) * v3_dot(ad, ad);
}

long mesh_lawson(tri_mesh *m, const vec3 *p)
{
	size_t cap = (size_t)m->nt * 3, top = 0;
	int32_t *stack = malloc(cap * sizeof *stack);
	if (!stack)
		return MESH_NOMEM;
	for (int t = 0; t < m->nt; t++)
		for (int k = 0; k < 3; k++)
			if (t < m->n[3 * t + k])
				stack[top++] = 3 * t + k;
	long flips = 0, limit = 20L * m->nt + 1000;
	while (top > 0 && flips < limit) {
		int e = stack[--top], t = e / 3, k = e % 3;
		int ot = m->n[3 * t + k];
		int a = m->v[3 * t + k], b = m->v[3 * t + (k + 1) % 3], c = m->v[3 * t + (k + 2) % 3];
		int j = slot_of(m->n, ot, t);
		int d = m->v[3 * ot + (j + 2) % 3];
		if (!illegal_tol(p[a], p[b], p[c], p[d]))
			continue;
		rotate_tri(m, t, k);
		flip0(m, t, ot, j);
		flips++;
		/* the four outer edges of the new pair may have become illegal */
		if (top + 4 > cap) {
			size_t ncap = cap * 2;
			int32_t *ns = realloc(stack, ncap * sizeof *ns);
			if (!ns) {
				free(stack);
				return MESH_NOMEM;
			}
			stack = ns;
			cap = ncap;
		}
		stack[top++] = 3 * t;
		stack[top++] = 3 * t + 2;
		stack[top++] = 3 * ot;
		stack[top++] = 3 * ot + 1;
	}
	free(stack);
	return flips;
}

/* Incremental builder state. */
typedef struct dl {
	tri_mesh *m;
	const vec3 *p;
	int32_t *stack;
	int top;
	unsigned turn;   /* rotates the first edge tried by the walk */
} dl;

/* Triangle containing p, by a visibility walk from t; falls back to a scan
 * when rounding makes the walk circle (never seen, but cheap to guard). */
static int dl_locate(dl *s, vec3 p, int t)
{
	const int32_t *V = s->m->v, *N = s->m->n;
	const vec3 *P = s->p;
	long cap = 4L * s->m->nt + 64;
	for (long step = 0; step < cap; step++) {
		int k0 = (int)(s->turn++ % 3u), moved = 0;
		for (int i = 0; i < 3; i++) {
			int k = (k0 + i) % 3;
			vec3 a = P[V[3 * t + k]], b = P[V[3 * t + (k + 1) % 3]];
			if (orient(a, b, p) < 0) {
				t = N[3 * t + k];
				moved = 1;
				break;
			}
		}
		if (!moved)
			return t;
	}
	int best = 0;
	double bestv = -1e300;
	for (int u = 0; u < s->m->nt; u++) {
		double w = 1e300;
		for (int k = 0; k < 3; k++) {
			double o = orient(P[V[3 * u + k]], P[V[3 * u + (k + 1) % 3]], p);
			w = o < w ? o : w;
		}
		if (w > bestv) {
			bestv = w;
			best = u;
		}
	}
	return best;
}

/* Flip illegal outer edges around the point just inserted (always vertex 2
 * of the stacked triangles); every flip adds an edge to that point, so this
 * ends even if rounding misjudges a nearly cocircular quad. */
static void dl_legalize(dl *s)
{
	tri_mesh *m = s->m;
	const vec3 *P = s->p;
	while (s->top > 0) {
		int t = s->stack[--s->top];
		int ot = m->n[3 * t];
		int j = slot_of(m->n, ot, t);
		int d = m->v[3 * ot + (j + 2) % 3];
		if (incircle(P[m->v[3 * t]], P[m->v[3 * t + 1]], P[m->v[3 * t + 2]], P[d]) > 0) {
			flip0(m, t, ot, j);
			s->stack[s->top++] = t;
			s->stack[s->top++] = ot;
		}
	}
}

/* Split t = (a, b, c) at point q into (a, b, q), (b, c, q), (c, a, q). */
static void dl_insert(dl *s, int q, int t)
{
	tri_mesh *m = s->m;
	int32_t *V = m->v, *N = m->n;
	int a = V[3 * t], b = V[3 * t + 1], c = V[3 * t + 2];
	int nbc = N[3 * t + 1], nca = N[3 * t + 2];
	int t1 = m->nt++, t2 = m->nt++;
	V[3 * t + 2] = q;
	N[3 * t + 1] = t1, N[3 * t + 2] = t2;
	V[3 * t1] = b, V[3 * t1 + 1] = c, V[3 * t1 + 2] = q;
	N[3 * t1] = nbc, N[3 * t1 + 1] = t2, N[3 * t1 + 2] = t;
	V[3 * t2] = c, V[3 * t2 + 1] = a, V[3 * t2 + 2] = q;
	N[3 * t2] = nca, N[3 * t2 + 1] = t, N[3 * t2 + 2] = t1;
	repoint(N, nbc, t, t1);
	repoint(N, nca, t, t2);
	s->stack[s->top++] = t;
	s->stack[s->top++] = t1;
	s->stack[s->top++] = t2;
	dl_legalize(s);
}

/* Pick six points near the octahedron's vertices, in a frame turned by
 * `turn`, forming a valid starting triangulation. */
static int dl_start(const vec3 *p, int np, int turn, int32_t pick[6])
{
	static const int face[8][3] = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
	                               {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
	quat q = q_axis_angle(v3(1, 2, 3), 0.7 * turn);
	vec3 dir[6] = {v3(1, 0, 0), v3(-1, 0, 0), v3(0, 1, 0), v3(0, -1, 0), v3(0, 0, 1), v3(0, 0, -1)};
	for (int k = 0; k < 6; k++) {
		vec3 d = q_rotate(q, dir[k]);
		double best = -2;
		pick[k] = 0;
		for (int i = 0; i < np; i++) {
			double w = v3_dot(p[i], d);
			if (w > best) {
				best = w;
				pick[k] = i;
			}
		}
	}
	for (int a = 0; a < 6; a++)
		for (int b = a + 1; b < 6; b++)
			if (pick[a] == pick[b])
				return 0;
	for (int f = 0; f < 8; f++) {
		vec3 a = p[pick[face[f][0]]], b = p[pick[face[f][1]]], c = p[pick[face[f][2]]];
		if (!(v3_dot(v3_cross(a, b), c) > 1e-6))
			return 0;
	}
	return 1;
}

int mesh_delaunay(tri_mesh *m, const vec3 *p, int np)
{
	static const int face[8][3] = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
	                               {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
	int32_t pick[6];
	int turn = 0;
	if (np < 6)
		return MESH_BROKEN;
	while (!dl_start(p, np, turn, pick))
		if (++turn > 32)
			return MESH_BROKEN;
	int rc = mesh_alloc(m, np, 2 * np);
	if (rc)
		return rc;
	for (int f = 0; f < 8; f++)
		for (int k = 0; k < 3; k++)
			m->v[3 * f + k] = pick[face[f][k]];
	m->nt = 8;
	if ((rc = mesh_link(m)) != MESH_OK) {
		mesh_free(m);
		return rc;
	}
	dl s = {.m = m, .p = p, .top = 0, .turn = 0};
	/* the legalisation stack grows by one per flip, and each flip adds an
	 * edge to the new point: np + 3 entries always suffice */
	s.stack = malloc(((size_t)np + 8) * sizeof *s.stack);
	if (!s.stack) {
		mesh_free(m);
		return MESH_NOMEM;
	}
	int t = 0;
	for (int i = 0; i < np; i++) {
		if (i == pick[0] || i == pick[1] || i == pick[2] || i == pick[3] || i == pick[4] ||
		    i == pick[5])
			continue;
		t = dl_locate(&s, p[i], t);
		dl_insert(&s, i, t);
	}
	free(s.stack);
	if (m->nt != 2 * np - 4) {
		mesh_free(m);
		return MESH_BROKEN;
	}
	return MESH_OK;
}
