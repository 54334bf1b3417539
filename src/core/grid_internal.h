/* grid_internal.h: what the grid's source files share and nobody else needs:
 * the triangle mesh the builders produce (the spherical Delaunay
 * triangulation of the centres) and the cube-face coordinates used both to
 * sort cells along a space-filling curve and to index the locate table. */
#ifndef TECTONICA_GRID_INTERNAL_H
#define TECTONICA_GRID_INTERNAL_H

#include <stdint.h>
#include "grid.h"

/* Triangles of the sphere, counter-clockwise seen from outside.
 * n[3t+k] is the triangle across the edge v[3t+k] -> v[3t+(k+1)%3]. */
typedef struct tri_mesh {
	int nv;          /* vertices (cells) */
	int nt;          /* triangles in use; 2*nv - 4 once complete */
	int cap;         /* triangles allocated */
	int32_t *v;
	int32_t *n;
} tri_mesh;

/* Return codes of the mesh builders. */
enum { MESH_OK = 0, MESH_NOMEM = -1, MESH_BROKEN = -2 };

int mesh_alloc(tri_mesh *m, int nv, int cap);
void mesh_free(tri_mesh *m);
/* Fill m->n from m->v for a closed triangle soup. */
int mesh_link(tri_mesh *m);
/* Incremental spherical Delaunay triangulation of p[0..np-1] (unit vectors,
 * assumed free of exact degeneracies and spatially sorted for speed). */
int mesh_delaunay(tri_mesh *m, const vec3 *p, int np);
/* Edge flips until every edge is locally Delaunay (within a relative
 * tolerance); m must already be a valid triangulation. Returns flips made. */
long mesh_lawson(tri_mesh *m, const vec3 *p);
/* 1 when every triangle is strictly counter-clockwise seen from outside. */
int mesh_all_ccw(const tri_mesh *m, const vec3 *p);

/* Cube face (0..5: +x -x +y -y +z -z) of a direction and its gnomonic
 * coordinates u, v in [-1, 1] on that face. Returns -1 for a zero or NaN
 * vector. */
static inline int cube_face(vec3 p, double *u, double *v)
{
	double ax = fabs(p.x), ay = fabs(p.y), az = fabs(p.z);
	if (ax >= ay && ax >= az && ax > 0) {
		*u = p.y / ax;
		*v = p.z / ax;
		return p.x > 0 ? 0 : 1;
	}
	if (ay >= az && ay > 0) {
		*u = p.x / ay;
		*v = p.z / ay;
		return p.y > 0 ? 2 : 3;
	}
	if (az > 0) {
		*u = p.x / az;
		*v = p.y / az;
		return p.z > 0 ? 4 : 5;
	}
	*u = *v = 0;
	return -1;
}

/* Goldberg vertices (10*4^L+2) in p and the subdivision's 20*4^L triangles in
 * m->v (m allocated for them); returns the triangle count. */
int goldberg_points(int level, vec3 *p, tri_mesh *m);
/* 6*r*r equal-angle cube-sphere points and their nearest-neighbour angle. */
void cubesphere_points(int r, vec3 *p, double *spacing);
/* n golden-spiral points and their nominal spacing. */
void fibonacci_points(int n, vec3 *p, double *spacing);

/* perm[new] = old: an order of the points along a Hilbert curve on each cube
 * face, so that cells close on the sphere are close in memory. */
int grid_spatial_order(const vec3 *p, int n, int32_t *perm);
/* Fill g->stay (needs centres and neighbours). */
int grid_build_stay(grid_t *g);
/* Fill g->lut_res, g->lut_off and g->lut_cell (needs centres and neighbours). */
int grid_build_lut(grid_t *g);

#endif
