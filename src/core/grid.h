/* grid.h: the sphere as a graph of cells.
 *
 * Three kinds (doc/model.md, "Grid"): goldberg (dual of a subdivided icosahedron:
 * 12 pentagons + hexagons, 10*4^L+2 cells), cubesphere (6*R^2 cells) and
 * fibonacci (N points). Every kind ends as the same structure: unit cell
 * centres, spherical Voronoi cell areas (summing to 4*pi), and neighbour lists
 * in CSR form ordered counter-clockwise seen from outside. Neighbours are the
 * spherical Delaunay neighbours of the centres, so a greedy walk on the graph
 * always reaches the nearest centre: point location is a cube-map bucket
 * lookup followed by that walk, O(1) on average. */
#ifndef TECTONICA_GRID_H
#define TECTONICA_GRID_H

#include <stdint.h>
#include "params.h"
#include "vec.h"

typedef struct grid {
	grid_kind kind;
	int param;              /* level, resolution or point count */
	int n;                  /* number of cells */
	vec3 *centre;           /* n unit vectors */
	double *area;           /* n spherical areas (steradians), sum = 4*pi */
	int32_t *nbr_off;       /* n+1 offsets into nbr */
	int32_t *nbr;           /* neighbour indices */
	double spacing;         /* mean centre-to-neighbour angle (radians) */
	/* point location: a table over the six faces of the cube; bucket b
	 * lists lut_cell[lut_off[b] .. lut_off[b + 1]), every cell whose Voronoi
	 * region reaches into the bucket (ascending), so most queries are a few
	 * dot products and no walk. Packed rather than in fixed slots; a
	 * bucket spans about four cells and lists 9.7 on average, 16 at most
	 * (one bucket a cell listed 4.4 but took twice the bytes: 21.7 B/cell
	 * against 10.9). A bucket with more holds one entry, -1 - c: the walk
	 * starts from cell c near its centre. */
	int lut_res;
	int32_t *lut_off;       /* 6 * lut_res * lut_res + 1 */
	int32_t *lut_cell;
	/* stay_thr[stay[c]]: a point p with 2 p.centre[c] - |p|^2 at least this
	 * lies well inside the ball of half the distance to c's nearest
	 * neighbour, so no neighbour is nearer and a walk at c stops there
	 * without reading the neighbours (grid_locate.c). A byte a cell: the
	 * balls' radii in steps of 1/32 down from the largest; entry 255 is 2
	 * (never), for cells where the test could not be exact */
	uint8_t *stay;
	double stay_thr[256];
} grid_t;

#define GRID_LUT_SLOTS 16       /* most cells a bucket lists */

/* Build a grid. param: goldberg level 0..9, cubesphere resolution 1..1024,
 * fibonacci points 12..4000000. jitter in [0, 0.5] moves centres by up to that
 * fraction of the spacing (deterministic in seed). Returns NULL with a message
 * in err on bad arguments or out of memory. */
grid_t *grid_new(grid_kind kind, int param, double jitter, uint64_t seed,
                 char *err, size_t errlen);
void grid_free(grid_t *g);

static inline int grid_degree(const grid_t *g, int c) { return g->nbr_off[c + 1] - g->nbr_off[c]; }

/* Nearest cell to unit vector p. */
int grid_locate(const grid_t *g, vec3 p);
/* Greedy walk from cell c toward the nearest centre of p (grid_locate.c). */
int grid_walk(const grid_t *g, vec3 p, int c);

/* Nearest cell, walking from a caller's guess (fast when p moved a little).
 * The walk's first test is here so that the common case, p still well
 * inside the guess's cell, costs no call. */
static inline int grid_locate_from(const grid_t *g, vec3 p, int start)
{
	if (start < 0 || start >= g->n)
		return grid_locate(g, p);
	if (2 * v3_dot(p, g->centre[start]) - v3_dot(p, p) >= g->stay_thr[g->stay[start]])
		return start;
	return grid_walk(g, p, start);
}

/* Bytes held by the grid (for memory reports). */
size_t grid_bytes(const grid_t *g);

#endif
