/* colormap.h: the colours of every map view, shared by PNG export and the
 * dashboard so both show the same planet the same way. */
#ifndef TECTONICA_COLORMAP_H
#define TECTONICA_COLORMAP_H

#include <stdint.h>
#include "core/biome.h"
#include "core/snapshot.h"
#include "core/vec.h"

typedef struct rgb { uint8_t r, g, b; } rgb;

typedef enum {
	VIEW_BIOME, VIEW_ELEVATION, VIEW_PLATES, VIEW_STRESS, VIEW_TEMPERATURE,
	VIEW_PRECIPITATION, VIEW_AGE, VIEW_MOTION, VIEW_COUNT
} view_kind;

typedef struct view_def {
	const char *name;      /* "biome", "elevation", ... */
	const char *title;     /* "biomes", "elevation", ... for panel titles */
} view_def;
extern const view_def view_table[VIEW_COUNT];

/* Ramp scales. The motion, stress and age views have a ramp that can be
 * stretched to the values at hand: `top` is the value given the ramp's
 * far end (motion: cm/yr; stress: |stress|, the ramp running -top..+top;
 * age: Myr). colormap_ramp_top is the fixed top the PNG exports use
 * (doc/exports.md), 0 for views whose ramps do not stretch; a top <= 0
 * anywhere below means that fixed one. */
double colormap_ramp_top(view_kind v);
/* The colour a continuous view gives a value (elevation: metres from the
 * sea; temperature; precipitation; stress, age, motion on the ramp
 * stretched to top), without texture, shading or dimmed water: for legends.
 * Black for the class views. */
rgb colormap_ramp(view_kind v, double value, double top);

/* Colour of one cell in a view (flat, no interpolation). */
rgb colormap_cell(const snapshot_t *s, view_kind v, int cell);
/* The plates view's colour of boundary type k (BOUNDARY_CONVERGENT..
 * BOUNDARY_TRANSFORM; black otherwise). */
rgb colormap_boundary(int k);
/* Colour at a point of the sphere: continuous fields are interpolated between
 * neighbouring cells, coastlines follow the interpolated elevation and the
 * elevation view is hill-shaded. *hint is a cell near p (updated), or -1. */
rgb colormap_point(const snapshot_t *s, view_kind v, vec3 p, int *hint);

/* Interpolated scalar fields at a point (used by the above and by exports);
 * cell is a cell near p (ideally the nearest) or -1. */
double colormap_elevation_at(const snapshot_t *s, vec3 p, int cell);
double colormap_temperature_at(const snapshot_t *s, vec3 p, int cell);
double colormap_precip_at(const snapshot_t *s, vec3 p, int cell);
/* A value per cell for the last three cells asked for: neighbouring pixels
 * mostly share a triangle. */
typedef struct colormap_cell_cache {
	int n;
	int cell[3];
	double value[3];
} colormap_cell_cache;

/* A cursor for scanning many nearby points (a map row): it remembers the last
 * nearest cell and Delaunay triangle, so the next point usually costs one
 * neighbour scan and one inside test. Colours do not depend on the cursor
 * (except on exact ties between cells), only speed does. */
/* It also keeps what is the same for a whole map: the snapshot's biome
 * table prepared for lookups, so a cursor serves one snapshot (start a fresh one per map or
 * row, as every caller does). */
typedef struct colormap_cursor {
	int cell;
	int tri[3];
	const snapshot_t *lut_of;   /* lut and ocean are prepared for this snapshot */
	biome_lut lut;
	rgb ocean_light, ocean_dark;
	colormap_cell_cache hash;   /* the cells' texture hashes */
	colormap_cell_cache age;    /* their neighbour-averaged ages */
	double pixel_rad;           /* how wide a point's pixel is (radians; 0:
	                             * fine): the plates view draws cells' own
	                             * boundary classes where pixels are wider
	                             * than cells, so thin lines don't break up */
} colormap_cursor;
#define COLORMAP_CURSOR_INIT {.cell = -1, .tri = {-1, -1, -1}}
rgb colormap_point_cur(const snapshot_t *s, view_kind v, vec3 p, colormap_cursor *cur);
/* The same with the view's ramp stretched to top (see colormap_ramp_top). */
rgb colormap_point_scaled(const snapshot_t *s, view_kind v, vec3 p, colormap_cursor *cur,
                          double top);
/* Interpolated elevation (m) with a cursor (heightmap export). */
double colormap_elevation_cur(const snapshot_t *s, vec3 p, colormap_cursor *cur);
/* The interpolation the views use, for any field: the three cells around p
 * and their weights (>= 0, sum 1). Returns the nearest cell. */
int colormap_weights_cur(const snapshot_t *s, vec3 p, colormap_cursor *cur, int cells[3],
                         double w[3]);
/* Crust age (Myr) over the corners that pass keep, the age map's way:
 * where the corners straddle a jump in age, only those on the sample's
 * side of it count, so the jump is a line between the cells, not a ramp
 * (doc/exports.md). The nearest cell's age when no corner is kept; cur
 * (or NULL) keeps the last corners' averages. */
double colormap_age_blend(const snapshot_t *s, const int cells[3], const double w[3],
                          const int keep[3], int near, colormap_cursor *cur);

/* A point located once for several maps of the same pixels (an export of
 * biome and elevation16 together): its triangle, and its height with the
 * sub-cell detail, computed on first use and then shared. Every value read
 * through it is bit for bit what the calls above give for p. */
typedef struct colormap_tri {
	int near;       /* nearest cell */
	int c[3];       /* triangle vertices (cells) */
	double w[3];    /* barycentric weights, >= 0, sum 1 */
} colormap_tri;
typedef struct colormap_heights {
	int has_base, has_height;
	double e, amp;      /* interpolated height, amplitude of the detail */
	double down, up;    /* the detail's reach below and above e */
	double height;      /* e plus the detail */
} colormap_heights;
typedef struct colormap_at {
	vec3 p;
	colormap_tri t;
	colormap_heights h;
} colormap_at;
void colormap_locate(const snapshot_t *s, vec3 p, colormap_cursor *cur, colormap_at *at);
/* colormap_point_cur and colormap_elevation_cur of a located point; the
 * colour is written as 3 bytes r, g, b to out. */
void colormap_at_rgb(const snapshot_t *s, view_kind v, colormap_at *at, colormap_cursor *cur,
                     uint8_t *out);
double colormap_at_height(const snapshot_t *s, colormap_at *at);
/* colormap_at_height of at[0..n-1] at once, kept in each at->h (the
 * detail noise of many points together is faster: noise_fbm_many). */
void colormap_at_heights(const snapshot_t *s, colormap_at *at, int n);

#endif
