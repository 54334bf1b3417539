/* globe.c: orthographic globe (see globe.h).
 *
 * View space: x right, y up, z toward the viewer. A planet point goes to the
 * screen by turning the planet about its axis (spin), then the fixed base
 * change that puts longitude 0 facing us with north up, then a nod so we see
 * it from latitude globe_lat, then a roll by the axial tilt. Rendering runs
 * that chain backwards for every pixel inside the disc. */
#include "tui/globe.h"

#include <math.h>
#include "core/grid.h"

#define DEG (M_PI / 180.0)

static vec3 rotz(vec3 v, double a)
{
	double c = cos(a), s = sin(a);
	return v3(v.x * c - v.y * s, v.x * s + v.y * c, v.z);
}

static vec3 rotx(vec3 v, double a)
{
	double c = cos(a), s = sin(a);
	return v3(v.x, v.y * c - v.z * s, v.y * s + v.z * c);
}

static double tilt_of(const ui_t *u)
{
	return u->snap ? u->snap->prm.axial_tilt_deg * DEG : 0;
}

/* view -> planet frame */
static vec3 to_planet(const ui_t *u, vec3 v)
{
	v = rotz(v, -tilt_of(u));
	v = rotx(v, -u->globe_lat * DEG);
	vec3 p = v3(v.z, v.x, v.y);
	return rotz(p, u->spin);
}

/* planet -> view (for the axis) */
static vec3 to_view(const ui_t *u, vec3 p)
{
	p = rotz(p, -u->spin);
	vec3 v = v3(p.y, p.z, p.x);
	v = rotx(v, u->globe_lat * DEG);
	return rotz(v, tilt_of(u));
}

typedef struct geom { double cx, cy, r; } geom;

/* The disc: centred, 88 % of the shorter side, times the zoom (then only
 * its middle shows). */
static geom geometry(const ui_t *u, int pw, int ph, double yscale)
{
	double w = pw, h = ph * yscale;
	geom g = {w / 2, h / 2, (w < h ? w : h) / 2 * 0.88 * (u->zoom > 1 ? u->zoom : 1)};
	return g;
}

bool globe_unproject(const ui_t *u, int pw, int ph, double yscale, double px, double py, vec3 *p)
{
	geom g = geometry(u, pw, ph, yscale);
	double sx = (px - g.cx) / g.r, sy = -(py * yscale - g.cy) / g.r;
	double rr = sx * sx + sy * sy;
	if (rr > 1)
		return false;
	*p = to_planet(u, v3(sx, sy, sqrt(1 - rr)));
	return true;
}

bool globe_project(const ui_t *u, int pw, int ph, double yscale, vec3 p, double *px, double *py)
{
	geom g = geometry(u, pw, ph, yscale);
	vec3 v = to_view(u, p);
	if (v.z < 0)
		return false;
	*px = g.cx + v.x * g.r;
	*py = (g.cy - v.y * g.r) / yscale;
	return true;
}

void globe_render(const ui_t *u, int pw, int ph, double yscale, rgb *pix, int32_t *cell)
{
	geom g = geometry(u, pw, ph, yscale);
	const vec3 light = v3_norm(v3(-0.45, 0.5, 0.75));
	vec3 pole = to_view(u, v3(0, 0, 1));
	double pl = hypot(pole.x, pole.y);
	double dx = pl > 1e-6 ? pole.x / pl : 0, dy = pl > 1e-6 ? pole.y / pl : 1;
	/* see equirect() in mapview.c: walk only when pixels are near cells */
	colormap_cursor fresh = COLORMAP_CURSOR_INIT;
	fresh.pixel_rad = 2.0 / g.r;
	bool walk = !u->snap || fresh.pixel_rad < 3 * u->snap->grid->spacing;
	for (int y = 0; y < ph; y++) {
		colormap_cursor cur = fresh;
		for (int x = 0; x < pw; x++) {
			if (!walk)
				cur = fresh;
			int i = y * pw + x;
			double sx = (x + 0.5 - g.cx) / g.r, sy = -((y + 0.5) * yscale - g.cy) / g.r;
			double rr = sx * sx + sy * sy;
			if (rr > 1 || !u->snap) {
				/* the axis: a short stub beyond each pole */
				double along = sx * dx + sy * dy, across = fabs(sx * dy - sy * dx);
				bool axis = rr > 1 && fabs(along) < 1.12 && across < 0.6 / g.r * (yscale > 1 ? 1.5 : 1);
				pix[i] = axis ? (rgb){200, 200, 200} : (rgb){0, 0, 0};
				cell[i] = axis ? -2 : -1;
				continue;
			}
			vec3 v = v3(sx, sy, sqrt(1 - rr));
			vec3 p = to_planet(u, v);
			/* the scale mapview_render brought up to date (0: fixed) */
			rgb c = colormap_point_scaled(u->snap, u->mode, p, &cur, u->scale[u->mode]);
			double shade = 0.18 + 0.82 * fmax(0, v3_dot(v, light));
			pix[i] = (rgb){(uint8_t)(c.r * shade), (uint8_t)(c.g * shade), (uint8_t)(c.b * shade)};
			cell[i] = cur.cell >= 0 ? cur.cell : grid_locate(u->snap->grid, p);
		}
	}
}
