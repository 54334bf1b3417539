/* projection.h: map projections beyond equirectangular, as the inverse a
 * renderer needs (pixel -> point of the unit sphere), in units of the
 * planet's radius; the matching PROJ definitions for GIS sidecars.
 *
 *   Mollweide      equal-area world map in an ellipse 4 sqrt(2) x 2 sqrt(2)
 *                  (x east, y north), central meridian lon0
 *   orthographic   the planet seen from far away above (lon0, lat0): a disc
 *                  of radius 1 (x east, y north on the view plane) */
#ifndef TECTONICA_PROJECTION_H
#define TECTONICA_PROJECTION_H

#include <stddef.h>
#include "core/vec.h"

#define PROJECTION_MOLL_HALF_W 2.8284271247461903    /* 2 sqrt(2) */
#define PROJECTION_MOLL_HALF_H 1.4142135623730951    /* sqrt(2) */

/* The point of Mollweide coordinates (x, y), or 0 outside the ellipse.
 * lon0 in degrees. */
int projection_mollweide(double x, double y, double lon0, vec3 *p);
/* The point seen at (x, y) of the orthographic disc centred above (lon0,
 * lat0) degrees, or 0 outside the disc; *facing is the cosine between the
 * surface normal and the view direction (the z of the view frame). */
int projection_orthographic(double x, double y, double lon0, double lat0, vec3 *p, double *facing);
/* PROJ strings for GDAL: "+proj=moll +lon_0=.. +R=..", "+proj=ortho ...". */
void projection_proj(char *buf, size_t len, int ortho, double lon0, double lat0, double radius_m);

#endif
