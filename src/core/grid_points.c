/* grid_points.c: where the cell centres come from, per grid kind, and the
 * order they are stored in.
 *
 * goldberg: the vertices of an icosahedron subdivided to frequency 2^L and
 * projected to the sphere, together with the subdivision's triangles (the
 * Goldberg cells are their duals); cubesphere: equal-angle grid on the six
 * faces of a cube; fibonacci: the golden spiral. Every kind also reports a
 * local spacing per point, which scales the jitter. */
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"

/* --- Hilbert order over the cube faces ---------------------------------- */

#define HILBERT_BITS 16

/* Position of (x, y) along a Hilbert curve over a 2^bits square (the
 * quadrant-rotation formulation of the curve). */
static uint64_t hilbert_index(uint32_t x, uint32_t y, int bits)
{
	uint64_t d = 0;
	uint32_t side = 1u << bits;
	for (uint32_t s = side >> 1; s > 0; s >>= 1) {
		uint32_t rx = (x & s) != 0, ry = (y & s) != 0;
		d += (uint64_t)s * s * ((3 * rx) ^ ry);
		if (!ry) {
			if (rx) {
				x = side - 1 - x;
				y = side - 1 - y;
			}
			uint32_t tmp = x;
			x = y;
			y = tmp;
		}
	}
	return d;
}

static uint64_t spatial_key(vec3 p)
{
	double u, v;
	int f = cube_face(p, &u, &v);
	if (f < 0)
		f = 0;
	double side = (double)(1u << HILBERT_BITS);
	double fx = (u + 1) * 0.5 * side, fy = (v + 1) * 0.5 * side;
	uint32_t x = fx >= side ? (1u << HILBERT_BITS) - 1 : fx > 0 ? (uint32_t)fx : 0;
	uint32_t y = fy >= side ? (1u << HILBERT_BITS) - 1 : fy > 0 ? (uint32_t)fy : 0;
	return ((uint64_t)f << (2 * HILBERT_BITS)) | hilbert_index(x, y, HILBERT_BITS);
}

int grid_spatial_order(const vec3 *p, int n, int32_t *perm)
{
	/* LSD radix sort, 12 bits a pass over the 35-bit keys: stable, so ties
	 * keep index order */
	uint64_t *key = malloc((size_t)n * sizeof *key), *key2 = malloc((size_t)n * sizeof *key2);
	int32_t *tmp = malloc((size_t)n * sizeof *tmp);
	uint32_t *count = malloc(4096 * sizeof *count);
	if (!key || !key2 || !tmp || !count) {
		free(key);
		free(key2);
		free(tmp);
		free(count);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		key[i] = spatial_key(p[i]);
		perm[i] = i;
	}
	for (int shift = 0; shift < 2 * HILBERT_BITS + 3; shift += 12) {
		memset(count, 0, 4096 * sizeof *count);
		for (int i = 0; i < n; i++)
			count[(key[i] >> shift) & 4095]++;
		uint32_t sum = 0;
		for (int b = 0; b < 4096; b++) {
			uint32_t c = count[b];
			count[b] = sum;
			sum += c;
		}
		for (int i = 0; i < n; i++) {
			uint32_t at = count[(key[i] >> shift) & 4095]++;
			key2[at] = key[i];
			tmp[at] = perm[i];
		}
		uint64_t *sk = key;
		key = key2;
		key2 = sk;
		memcpy(perm, tmp, (size_t)n * sizeof *perm);
	}
	free(key);
	free(key2);
	free(tmp);
	free(count);
	return 0;
}

/* --- goldberg ------------------------------------------------------------ */

/* Icosahedron: 12 vertices, the 30 edges and 20 faces found from distances
 * (so no hand-typed table can be mis-oriented), faces made CCW. */
typedef struct icosa {
	vec3 v[12];
	int edge_id[12][12];
	int edge[30][2];
	int face[20][3];
} icosa;

static void icosa_init(icosa *ic)
{
	const double phi = (1 + sqrt(5.0)) / 2;
	int k = 0;
	for (int s1 = -1; s1 <= 1; s1 += 2)
		for (int s2 = -1; s2 <= 1; s2 += 2) {
			ic->v[k++] = v3_norm(v3(0, s1, s2 * phi));
			ic->v[k++] = v3_norm(v3(s1, s2 * phi, 0));
			ic->v[k++] = v3_norm(v3(s2 * phi, 0, s1));
		}
	/* neighbours are at the smallest distance; others are clearly farther */
	double edge2 = 0;
	for (int j = 1; j < 12; j++) {
		vec3 d = v3_sub(ic->v[0], ic->v[j]);
		double l = v3_dot(d, d);
		if (edge2 == 0 || l < edge2)
			edge2 = l;
	}
	int ne = 0;
	for (int i = 0; i < 12; i++)
		for (int j = 0; j < 12; j++) {
			vec3 d = v3_sub(ic->v[i], ic->v[j]);
			int adj = i != j && v3_dot(d, d) < edge2 * 1.01;
			ic->edge_id[i][j] = -1;
			if (adj && i < j) {
				ic->edge[ne][0] = i;
				ic->edge[ne][1] = j;
				ic->edge_id[i][j] = ne++;
			} else if (adj) {
				ic->edge_id[i][j] = ic->edge_id[j][i];
			}
		}
	int nf = 0;
	for (int a = 0; a < 12; a++)
		for (int b = a + 1; b < 12; b++)
			for (int c = b + 1; c < 12; c++) {
				if (ic->edge_id[a][b] < 0 || ic->edge_id[b][c] < 0 || ic->edge_id[a][c] < 0)
					continue;
				int ccw = v3_dot(v3_cross(ic->v[a], ic->v[b]), ic->v[c]) > 0;
				ic->face[nf][0] = a;
				ic->face[nf][1] = ccw ? b : c;
				ic->face[nf][2] = ccw ? c : b;
				nf++;
			}
}

/* Vertex id of the point at step t (0..f) along icosahedron edge x -> y. */
static int32_t edge_point(const icosa *ic, int f, int x, int y, int t)
{
	if (t == 0)
		return x;
	if (t == f)
		return y;
	int e = ic->edge_id[x][y];
	int along = x < y ? t : f - t;
	return 12 + e * (f - 1) + along - 1;
}

/* Vertex id of barycentric grid point (i, j) of face fi (A + i/f AB + j/f AC). */
static int32_t face_point(const icosa *ic, int f, int fi, int i, int j)
{
	const int *F = ic->face[fi];
	if (j == 0)
		return edge_point(ic, f, F[0], F[1], i);
	if (i == 0)
		return edge_point(ic, f, F[0], F[2], j);
	if (i + j == f)
		return edge_point(ic, f, F[1], F[2], j);
	int per_face = (f - 1) * (f - 2) / 2;
	int row = (i - 1) * (f - 1) - (i - 1) * i / 2;
	return 12 + 30 * (f - 1) + fi * per_face + row + (j - 1);
}

int goldberg_points(int level, vec3 *p, tri_mesh *m)
{
	icosa ic;
	icosa_init(&ic);
	int f = 1 << level;
	for (int i = 0; i < 12; i++)
		p[i] = ic.v[i];
	/* edge points from the lower-numbered end, so each is computed once */
	for (int e = 0; e < 30; e++) {
		vec3 a = ic.v[ic.edge[e][0]], b = ic.v[ic.edge[e][1]];
		for (int t = 1; t < f; t++)
			p[12 + e * (f - 1) + t - 1] = v3_norm(v3_add(a, v3_scale(v3_sub(b, a), (double)t / f)));
	}
	int nt = 0;
	for (int fi = 0; fi < 20; fi++) {
		vec3 A = ic.v[ic.face[fi][0]], B = ic.v[ic.face[fi][1]], C = ic.v[ic.face[fi][2]];
		vec3 ab = v3_sub(B, A), ac = v3_sub(C, A);
		for (int i = 1; i < f - 1; i++)
			for (int j = 1; i + j < f; j++)
				p[face_point(&ic, f, fi, i, j)] = v3_norm(
					v3_add(A, v3_add(v3_scale(ab, (double)i / f), v3_scale(ac, (double)j / f))));
		for (int i = 0; i < f; i++)
			for (int j = 0; i + j < f; j++) {
				int32_t *t = m->v + 3 * nt++;
				t[0] = face_point(&ic, f, fi, i, j);
				t[1] = face_point(&ic, f, fi, i + 1, j);
				t[2] = face_point(&ic, f, fi, i, j + 1);
				if (i + j < f - 1) {
					t = m->v + 3 * nt++;
					t[0] = face_point(&ic, f, fi, i + 1, j);
					t[1] = face_point(&ic, f, fi, i + 1, j + 1);
					t[2] = face_point(&ic, f, fi, i, j + 1);
				}
			}
	}
	m->nt = nt;
	return nt;
}

/* --- cube-sphere ---------------------------------------------------------- */

static vec3 cube_point(int face, int r, double i, double j)
{
	static const vec3 axis[6][3] = {
		{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},  {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
		{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},  {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
		{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}},
	};
	/* equal-angle warp: cells subtend equal angles along each face axis */
	double a = tan(M_PI / 2 * ((i + 0.5) / r - 0.5));
	double b = tan(M_PI / 2 * ((j + 0.5) / r - 0.5));
	const vec3 *ax = axis[face];
	return v3_norm(v3_add(ax[0], v3_add(v3_scale(ax[1], a), v3_scale(ax[2], b))));
}

void cubesphere_points(int r, vec3 *p, double *spacing)
{
	int k = 0;
	for (int f = 0; f < 6; f++)
		for (int j = 0; j < r; j++)
			for (int i = 0; i < r; i++, k++) {
				p[k] = cube_point(f, r, i, j);
				/* nearest grid neighbour on the face (one exists once r > 1) */
				double s = M_PI / 2;
				if (r > 1) {
					double di = i + 1 < r ? i + 1 : i - 1, dj = j + 1 < r ? j + 1 : j - 1;
					double s1 = v3_angle(p[k], cube_point(f, r, di, j));
					double s2 = v3_angle(p[k], cube_point(f, r, i, dj));
					s = s1 < s2 ? s1 : s2;
				}
				spacing[k] = s;
			}
}

/* --- fibonacci ------------------------------------------------------------ */

void fibonacci_points(int n, vec3 *p, double *spacing)
{
	/* golden angle as a fraction of a turn, (3 - sqrt 5) / 2 */
	const double g = (3 - sqrt(5.0)) / 2;
	/* centre distance of a hexagonal packing with cells of area 4 pi / n */
	const double s = sqrt(8 * M_PI / (sqrt(3.0) * n));
	for (int i = 0; i < n; i++) {
		double z = 1 - (2.0 * i + 1) / n;
		double r = sqrt(fmax(0, 1 - z * z));
		double turn = (double)i * g;
		double lon = 2 * M_PI * (turn - floor(turn));
		p[i] = v3(r * cos(lon), r * sin(lon), z);
		spacing[i] = s;
	}
}
