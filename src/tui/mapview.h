/* mapview.h: the map modes and the map/globe picture in characters.
 *
 * One table entry per map mode (key, name, ASCII glyph rule, glyph legend).
 * Pixels come from colormap_point, so the dashboard and the PNG exports show
 * the same colours. With the half block each character holds two pixels
 * (foreground = upper, background = lower); without it (no UTF-8, 8 colours
 * or none) each character is one sample drawn as a glyph that tells the
 * classes apart, on its colour when there is one. */
#ifndef TECTONICA_TUI_MAPVIEW_H
#define TECTONICA_TUI_MAPVIEW_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>
#include "io/colormap.h"
#include "tui/ui.h"

typedef struct map_mode {
	view_kind view;
	int key;                    /* '1'..'8' */
	const char *title;          /* panel title */
	char (*glyph)(const snapshot_t *s, int cell);
	const char *glyph_legend;   /* what the glyphs mean */
	const char *color_legend;   /* what the colours mean */
} map_mode;

extern const map_mode map_modes[VIEW_COUNT];

/* Colour classes (palette_class): biome b is class b, boundary type k is
 * class MAPVIEW_CLASS_BOUNDARY + k - 1. Declared with every map render. */
enum { MAPVIEW_CLASS_BOUNDARY = BIOME_COUNT, MAPVIEW_CLASSES = BIOME_COUNT + 3 };

enum { GRAT_NONE, GRAT_LINE, GRAT_EQUATOR };

/* The map's picture, kept between frames and recomputed only when dirty. */
typedef struct mapview {
	int cols, rows;             /* characters */
	int pw, ph;                 /* pixels */
	rgb *pix;
	int32_t *cell;              /* cell per pixel; -1 background, -2 globe axis */
	uint8_t *grat;              /* graticule per pixel (GRAT_*) */
	rgb *shown;                 /* direct colour: the colour each pixel was last sent as */
	bool shown_ok;              /* shown[] holds a picture of the view in shown_view */
	double shown_view[8];
	cchar_t *chars;             /* the picture (the newest render) */
	cchar_t *sent;              /* what mapview_blit draws: chars, copied by mapview_advance */
	size_t sweep;               /* where the next mapview_advance starts */
	bool pending;               /* sent differs from chars somewhere */
	bool hold_spin;             /* the globe turns by itself: keep held colours across turns */
} mapview;

void mapview_done(mapview *mv);
/* Recompute the picture for rect r (map or globe, per u->globe). */
void mapview_render(mapview *mv, ui_t *u, rect r);
/* Copy the picture to the window: what mapview_advance has let through. */
void mapview_blit(const mapview *mv, WINDOW *w, rect r);
/* Let up to max characters of the newest picture that differ from what is
 * sent through (max < 0: all), walking the map in reading order from where
 * the last call stopped, so a picture too big for the output budget goes out
 * in pieces over several frames, each piece as large as the budget allows.
 * Returns how many went; mv->pending stays true while some are left. */
long mapview_advance(mapview *mv, long max);
/* Draw the legend of the current mode on one row. */
void mapview_legend(ui_t *u, WINDOW *w, rect r);
/* The followed plate's path: its centre at every step seen, dots, and a
 * disc where it is now. */
void mapview_track(const ui_t *u, WINDOW *w, rect r);
/* Mark the inspected place on the map (a cross in the focus colour). */
void mapview_marker(const ui_t *u, WINDOW *w, rect r);
/* Zoom and pan (ui_t zoom, pan_lat, pan_lon; the globe: zoom, spin,
 * globe_lat). The flat map samples every pixel from the sphere, so detail
 * grows down to the grid's own. */
enum { MAPVIEW_ZOOM_MAX = 64 };
/* Keep zoom in 1..MAPVIEW_ZOOM_MAX and the flat view on the planet. */
void mapview_clamp(ui_t *u);
/* Zoom by factor; about: around the place lat/lon (it keeps its place on
 * the flat map; the globe turns it to the middle), else around the middle. */
void mapview_zoom(ui_t *u, double factor, bool about, double lat, double lon);
/* Is this place inside the flat map's view (always true on the globe)? */
bool mapview_shows(const ui_t *u, double lat, double lon);
/* Pan the flat map so that the place is in view (the cursor left it). */
void mapview_follow(ui_t *u, double lat, double lon);
/* With the graticule on: its lines' latitudes and longitudes. On the flat
 * map longitudes go on the frame's bottom edge under their meridians (on
 * the map's last row without a frame) and latitudes at the map's left edge
 * on their parallels; on the globe, latitudes where the parallels cross the
 * meridian through the disc's centre and longitudes where the meridians
 * cross the equator. Labels that would touch are left out. r: the map,
 * box: its frame (border false: none). */
void mapview_labels(const ui_t *u, WINDOW *w, rect r, rect box, bool border);
/* "zoom 4 at 22.5N 45.0E" for the map's title, or "" (returns the length)
 * when the whole planet is shown as it first was. */
int mapview_where(const ui_t *u, char *out, size_t len);
/* Degrees between graticule lines at the current zoom (30 for the whole
 * planet, finer as it zooms in). */
double mapview_grid_step(const ui_t *u);
/* Screen position inside r -> latitude/longitude (degrees). false off-planet. */
bool mapview_locate(const ui_t *u, rect r, int y, int x, double *lat, double *lon);

#endif
