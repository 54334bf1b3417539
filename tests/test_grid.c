/* test_grid.c: the grid contract of grid.h (doc/model.md, "Grid"):
 * Goldberg counts and topology, Delaunay neighbours in CCW order, Voronoi
 * areas, point location equal to brute force, determinism and argument
 * errors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "core/grid.h"
#include "core/rng.h"

static int brute_nearest(const grid_t *g, vec3 p)
{
	int best = 0;
	double bd = -2;
	for (int i = 0; i < g->n; i++) {
		double d = v3_dot(p, g->centre[i]);
		if (d > bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

/* The walk as it was before its early stop (grid.h stay): every visit
 * scans all neighbours. The early stop must give the same cell always. */
static int full_walk(const grid_t *g, vec3 p, int c)
{
	double best = v3_dot(p, g->centre[c]);
	for (;;) {
		int next = -1;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++) {
			double d = v3_dot(p, g->centre[g->nbr[k]]);
			if (d > best) {
				best = d;
				next = g->nbr[k];
			}
		}
		if (next < 0)
			return c;
		c = next;
	}
}

/* Points near cell centres, at distances around the early stop's radius
 * (half the distance to the nearest neighbour) and beyond, some not of
 * unit length: the walk with the early stop against the full walk, from
 * the cell itself, a neighbour and a cell two steps away. */
static void check_stay(const grid_t *g, const char *name, int queries, uint64_t seed)
{
	static const double frac[] = {0.1, 0.45, 0.4999, 0.5, 0.5001, 0.55, 1.0, 1.6};
	static const double len[] = {1, 1, 1, 0.5, 3};
	rng_t r;
	rng_seed(&r, seed);
	int bad = 0, early = 0;
	for (int q = 0; q < queries; q++) {
		int c = (int)rng_below(&r, (uint32_t)g->n);
		vec3 C = g->centre[c];
		double m = 2;
		for (int k = g->nbr_off[c]; k < g->nbr_off[c + 1]; k++)
			m = fmin(m, v3_len(v3_sub(g->centre[g->nbr[k]], C)));
		vec3 t = rng_unit(&r);
		t = v3_norm(v3_sub(t, v3_scale(C, v3_dot(t, C))));
		vec3 p = v3_norm(v3_add(C, v3_scale(t, m * frac[q % 8])));
		p = v3_scale(p, len[q % 5]);
		int nb = g->nbr[g->nbr_off[c] + (int)rng_below(&r, (uint32_t)grid_degree(g, c))];
		int nb2 = g->nbr[g->nbr_off[nb] + (int)rng_below(&r, (uint32_t)grid_degree(g, nb))];
		early += 2 * v3_dot(p, C) - v3_dot(p, p) >= g->stay_thr[g->stay[c]];
		bad += grid_locate_from(g, p, c) != full_walk(g, p, c);
		bad += grid_locate_from(g, p, nb) != full_walk(g, p, nb);
		bad += grid_locate_from(g, p, nb2) != full_walk(g, p, nb2);
		bad += grid_walk(g, p, nb2) != full_walk(g, p, nb2);
	}
	ok(!bad && early > queries / 8 && early < queries * 3 / 4,
	   "%s: walks with the early stop equal full walks on %d points near centres "
	   "(%d wrong, %d stopped early at once)", name, queries, bad, early);
}

static int has_nbr(const grid_t *g, int a, int b)
{
	for (int k = g->nbr_off[a]; k < g->nbr_off[a + 1]; k++)
		if (g->nbr[k] == b)
			return 1;
	return 0;
}

/* Topology checks shared by every kind: symmetric neighbour lists without
 * repeats, CCW order (consecutive neighbours form a positive triangle with
 * the cell), V - E + F = 2 with F counted as the distinct triangles, and
 * every triangle's circumcircle empty of its neighbours' far vertices. */
static void check_topology(const grid_t *g, const char *name)
{
	long edges2 = 0, tris3 = 0;
	int sym = 1, ccw = 1, dup = 0, range = 1, delaunay = 1;
	for (int c = 0; c < g->n; c++) {
		int d = grid_degree(g, c);
		edges2 += d;
		for (int k = 0; k < d; k++) {
			int a = g->nbr[g->nbr_off[c] + k], b = g->nbr[g->nbr_off[c] + (k + 1) % d];
			if (a < 0 || a >= g->n || a == c) {
				range = 0;
				continue;
			}
			sym &= has_nbr(g, a, c);
			for (int j = k + 1; j < d; j++)
				dup += g->nbr[g->nbr_off[c] + j] == a;
			vec3 pc = g->centre[c], pa = g->centre[a], pb = g->centre[b];
			ccw &= v3_dot(v3_cross(v3_sub(pa, pc), v3_sub(pb, pc)), pc) > 0;
			/* the triangle (c, a, b) exists in the triangulation */
			tris3++;
			/* local Delaunay: the cell across edge (c, a), i.e. the
			 * neighbour before a around c, is not inside the circumcircle
			 * of (c, a, b) by more than rounding */
			int z = g->nbr[g->nbr_off[c] + (k + d - 1) % d];
			vec3 pz = g->centre[z];
			double s = v3_dot(v3_sub(pz, pc), v3_cross(v3_sub(pa, pc), v3_sub(pb, pc)));
			double scale = v3_len(v3_sub(pa, pc)) * v3_len(v3_sub(pb, pc)) * v3_len(v3_sub(pz, pc));
			if (s > 1e-6 * scale)
				delaunay = 0;
		}
	}
	ok(range, "%s: neighbour indices valid", name);
	ok(sym, "%s: neighbour relation symmetric", name);
	ok(!dup, "%s: no repeated neighbours", name);
	ok(ccw, "%s: neighbours counter-clockwise seen from outside", name);
	ok(delaunay, "%s: every edge locally Delaunay", name);
	long v = g->n, e = edges2 / 2, f = tris3 / 3;
	is_int(v - e + f, 2, "Euler characteristic V - E + F");
}

static void check_area(const grid_t *g, const char *name)
{
	double sum = 0;
	int pos = 1;
	for (int c = 0; c < g->n; c++) {
		sum += g->area[c];
		pos &= g->area[c] > 0;
	}
	ok(fabs(sum / (4 * M_PI) - 1) < 1e-9, "%s: areas sum to 4 pi (rel. err %.2g)", name,
	   sum / (4 * M_PI) - 1);
	ok(pos, "%s: every area positive", name);
}

static void check_locate(const grid_t *g, const char *name, int queries, uint64_t seed)
{
	rng_t r;
	rng_seed(&r, seed);
	int bad = 0, bad_from = 0, bad_near = 0;
	for (int q = 0; q < queries; q++) {
		vec3 p = rng_unit(&r);
		int want = brute_nearest(g, p);
		int got = grid_locate(g, p);
		bad += got != want;
		int start = (int)rng_below(&r, (uint32_t)g->n);
		bad_from += grid_locate_from(g, p, start) != want;
		/* a walk from a neighbour of the answer, the usual use */
		int nb = g->nbr[g->nbr_off[want]];
		bad_near += grid_locate_from(g, p, nb) != want;
	}
	ok(!bad, "%s: grid_locate equals brute force on %d points (%d wrong)", name, queries, bad);
	ok(!bad_from, "%s: grid_locate_from a random start equals brute force (%d wrong)", name,
	   bad_from);
	ok(!bad_near, "%s: grid_locate_from a neighbour equals brute force (%d wrong)", name,
	   bad_near);
	/* each centre locates to itself */
	int self = 1;
	for (int c = 0; c < g->n; c += 1 + g->n / 5000)
		self &= grid_locate(g, g->centre[c]) == c;
	ok(self, "%s: centres locate to themselves", name);
}

static grid_t *make(grid_kind kind, int param, double jitter, uint64_t seed)
{
	char err[256] = "";
	grid_t *g = grid_new(kind, param, jitter, seed, err, sizeof err);
	if (!g)
		tap_diag("grid_new(%d, %d, %g): %s", (int)kind, param, jitter, err);
	return g;
}

static void test_goldberg_levels(void)
{
	for (int l = 0; l <= 7; l++) {
		grid_t *g = make(GRID_GOLDBERG, l, 0, 1);
		char name[64];
		snprintf(name, sizeof name, "goldberg L%d", l);
		if (!ok(g != NULL, "%s builds", name))
			continue;
		is_int(g->n, 10 * (1 << (2 * l)) + 2, "goldberg cell count 10*4^L+2");
		int five = 0, six = 0;
		for (int c = 0; c < g->n; c++) {
			five += grid_degree(g, c) == 5;
			six += grid_degree(g, c) == 6;
		}
		is_int(five, 12, "exactly 12 pentagons");
		is_int(six, g->n - 12, "every other cell a hexagon");
		check_topology(g, name);
		check_area(g, name);
		if (l == 6)
			ok(fabs(g->spacing - 0.0188) < 0.001, "goldberg L6 spacing %.5f rad", g->spacing);
		grid_free(g);
	}
}

/* Cell counts of the other kinds, and tiny grids. */
static void test_small(void)
{
	grid_t *g = make(GRID_CUBESPHERE, 1, 0, 1);
	if (ok(g != NULL, "cubesphere R1 builds")) {
		is_int(g->n, 6, "cubesphere R1 has 6 cells");
		check_area(g, "cubesphere R1");
		grid_free(g);
	}
	int all = 1, topo = 1;
	for (int n = 12; n <= 120; n++) {
		g = make(GRID_FIBONACCI, n, n % 2 ? 0.5 : 0, (uint64_t)n);
		if (!g) {
			all = 0;
			continue;
		}
		topo &= g->n == n && g->nbr_off[n] == 6 * n - 12;
		grid_free(g);
	}
	ok(all, "fibonacci 12..120 points all build, with and without jitter");
	ok(topo, "fibonacci 12..120: 3n - 6 edges each");
}

static void test_kind(grid_kind kind, int param, double jitter, const char *name, int queries)
{
	grid_t *g = make(kind, param, jitter, 99);
	if (!ok(g != NULL, "%s builds", name))
		return;
	int n_expect = kind == GRID_CUBESPHERE ? 6 * param * param : kind == GRID_FIBONACCI ? param
	                                                             : 10 * (1 << (2 * param)) + 2;
	is_int(g->n, n_expect, "cell count");
	int dmin = 99, dmax = 0;
	for (int c = 0; c < g->n; c++) {
		int d = grid_degree(g, c);
		dmin = d < dmin ? d : dmin;
		dmax = d > dmax ? d : dmax;
	}
	ok(dmin >= 3 && dmax <= 16, "%s: degrees within 3..16 (got %d..%d)", name, dmin, dmax);
	if (jitter == 0 && kind != GRID_GOLDBERG)
		ok(dmin >= 4 && dmax <= 8, "%s: unjittered degrees within 4..8", name);
	check_topology(g, name);
	check_area(g, name);
	check_locate(g, name, queries, 5);
	check_stay(g, name, queries, 6);
	ok(grid_bytes(g) > (size_t)g->n * 40 && grid_bytes(g) < (size_t)g->n * 200,
	   "%s: grid_bytes %.1f per cell", name, (double)grid_bytes(g) / g->n);
	grid_free(g);
}

static int same_grid(const grid_t *a, const grid_t *b)
{
	if (a->n != b->n || a->lut_res != b->lut_res || a->spacing != b->spacing)
		return 0;
	size_t n = (size_t)a->n, nb = 6 * (size_t)a->lut_res * a->lut_res;
	return !memcmp(a->centre, b->centre, n * sizeof *a->centre) &&
	       !memcmp(a->area, b->area, n * sizeof *a->area) &&
	       !memcmp(a->nbr_off, b->nbr_off, (n + 1) * sizeof *a->nbr_off) &&
	       !memcmp(a->nbr, b->nbr, (size_t)a->nbr_off[n] * sizeof *a->nbr) &&
	       !memcmp(a->lut_off, b->lut_off, (nb + 1) * sizeof *a->lut_off) &&
	       !memcmp(a->lut_cell, b->lut_cell, (size_t)a->lut_off[nb] * sizeof *a->lut_cell);
}

static void test_determinism(void)
{
	static const struct { grid_kind k; int p; double j; } cases[] = {
		{GRID_GOLDBERG, 5, 0}, {GRID_GOLDBERG, 5, 0.4}, {GRID_CUBESPHERE, 20, 0.3},
		{GRID_FIBONACCI, 5000, 0.5},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grid_t *a = make(cases[i].k, cases[i].p, cases[i].j, 7);
		grid_t *b = make(cases[i].k, cases[i].p, cases[i].j, 7);
		grid_t *c = make(cases[i].k, cases[i].p, cases[i].j, 8);
		ok(a && b && same_grid(a, b), "kind %d param %d jitter %g: two builds bit-identical",
		   (int)cases[i].k, cases[i].p, cases[i].j);
		if (cases[i].j > 0)
			ok(a && c && !same_grid(a, c), "  another seed gives another jitter");
		grid_free(a);
		grid_free(b);
		grid_free(c);
	}
}

static void expect_error(grid_kind kind, int param, double jitter, const char *want)
{
	char err[256] = "";
	grid_t *g = grid_new(kind, param, jitter, 1, err, sizeof err);
	ok(!g && strstr(err, want), "bad arguments (%d, %d, %g) refused: \"%s\"", (int)kind, param,
	   jitter, err);
	grid_free(g);
}

static void test_errors(void)
{
	expect_error(GRID_GOLDBERG, -1, 0, "level -1");
	expect_error(GRID_GOLDBERG, 10, 0, "0..9");
	expect_error(GRID_CUBESPHERE, 0, 0, "resolution 0");
	expect_error(GRID_CUBESPHERE, 1025, 0, "1..1024");
	expect_error(GRID_FIBONACCI, 11, 0, "point count 11");
	expect_error(GRID_FIBONACCI, 4000001, 0, "12..4000000");
	expect_error(GRID_GOLDBERG, 3, -0.1, "jitter");
	expect_error(GRID_GOLDBERG, 3, 0.51, "jitter");
	expect_error(GRID_GOLDBERG, 3, NAN, "jitter");
	expect_error((grid_kind)7, 3, 0, "unknown grid kind");
	ok(grid_new(GRID_GOLDBERG, 12, 0, 1, NULL, 0) == NULL, "NULL err buffer is fine");
	grid_free(NULL);
	ok(1, "grid_free(NULL) is a no-op");

	grid_t *g = make(GRID_GOLDBERG, 2, 0, 1);
	if (g) {
		int c1 = grid_locate(g, v3(NAN, 0, 0)), c2 = grid_locate(g, v3(0, 0, 0));
		int c3 = grid_locate_from(g, v3(0, 0, 1), -5), c4 = grid_locate_from(g, v3(0, 0, 1), g->n);
		ok(c1 >= 0 && c1 < g->n && c2 >= 0 && c2 < g->n, "NaN and zero queries give a valid cell");
		ok(c3 == c4 && c3 == brute_nearest(g, v3(0, 0, 1)), "a bad start falls back to grid_locate");
		ok(grid_locate(g, v3(0, 0, 5)) == c3, "queries need not be unit length");
		grid_free(g);
	}
}

int main(void)
{
	tap_init();
	test_goldberg_levels();
	test_small();
	test_kind(GRID_GOLDBERG, 6, 0, "goldberg L6", 20000);
	test_kind(GRID_GOLDBERG, 6, 0.5, "goldberg L6 jitter 0.5", 20000);
	test_kind(GRID_GOLDBERG, 4, 0.25, "goldberg L4 jitter 0.25", 20000);
	test_kind(GRID_CUBESPHERE, 48, 0, "cubesphere R48", 20000);
	test_kind(GRID_CUBESPHERE, 48, 0.5, "cubesphere R48 jitter 0.5", 20000);
	test_kind(GRID_CUBESPHERE, 7, 0, "cubesphere R7", 20000);
	test_kind(GRID_FIBONACCI, 20000, 0, "fibonacci 20000", 20000);
	test_kind(GRID_FIBONACCI, 20000, 0.5, "fibonacci 20000 jitter 0.5", 20000);
	test_determinism();
	test_errors();
	return tap_done();
}
