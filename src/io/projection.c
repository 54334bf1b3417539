/* projection.c: inverse Mollweide and orthographic projections (see
 * projection.h); formulas from Snyder, Map Projections: A Working Manual
 * (USGS 1987), pp. 145-153 (orthographic) and 249-252 (Mollweide). */
#include "io/projection.h"

#include <math.h>
#include <stdio.h>

static vec3 at(double lon, double lat)
{
	return v3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat));
}

int projection_mollweide(double x, double y, double lon0, vec3 *p)
{
	double s = y / PROJECTION_MOLL_HALF_H;
	if (s < -1 || s > 1)
		return 0;
	double theta = asin(s), c = cos(theta);
	double lat = asin(clampd((2 * theta + sin(2 * theta)) / M_PI, -1, 1));
	if (c < 1e-12)
		c = 1e-12;
	double dlon = M_PI * x / (PROJECTION_MOLL_HALF_W * c);
	if (dlon < -M_PI || dlon > M_PI)
		return 0;
	*p = at(dlon + lon0 * M_PI / 180, lat);
	return 1;
}

int projection_orthographic(double x, double y, double lon0, double lat0, vec3 *p, double *facing)
{
	double rr = x * x + y * y;
	if (rr > 1)
		return 0;
	double z = sqrt(1 - rr);
	double lo = lon0 * M_PI / 180, la = lat0 * M_PI / 180;
	vec3 f = at(lo, la);                              /* toward the viewer */
	vec3 e = v3(-sin(lo), cos(lo), 0);                /* east at the centre */
	vec3 n = v3_cross(f, e);                          /* north at the centre */
	*p = v3_norm(v3_add(v3_add(v3_scale(e, x), v3_scale(n, y)), v3_scale(f, z)));
	*facing = z;
	return 1;
}

void projection_proj(char *buf, size_t len, int ortho, double lon0, double lat0, double radius_m)
{
	if (ortho)
		snprintf(buf, len, "+proj=ortho +lat_0=%.10g +lon_0=%.10g +R=%.3f +units=m +no_defs",
		         lat0, lon0, radius_m);
	else
		snprintf(buf, len, "+proj=moll +lon_0=%.10g +R=%.3f +units=m +no_defs", lon0, radius_m);
}
