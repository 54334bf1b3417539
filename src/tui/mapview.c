/* mapview.c: map modes, the map/globe picture and its legend (mapview.h). */
#include "tui/mapview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "core/grid.h"
#include "tui/globe.h"
#include "tui/palette.h"
#include "tui/scale.h"

#define DEG (M_PI / 180.0)

/* --- glyphs: one rule per mode, for terminals without half blocks ------- */

static const char biome_glyph[BIOME_COUNT] = {
	[BIOME_OCEAN] = '~', [BIOME_DESERT] = '.', [BIOME_SAVANNAH] = ':',
	[BIOME_TAIGA] = 't', [BIOME_RAINFOREST] = '&', [BIOME_TUNDRA] = '-',
	[BIOME_POLAR] = '#', [BIOME_TEMPERATE_FOREST] = 'f', [BIOME_MEDITERRANEAN] = 'm',
	[BIOME_STEPPE] = '"', [BIOME_GRASSLAND] = ',', [BIOME_MOUNTAIN] = 'M',
	[BIOME_SNOW_CAP] = '^', [BIOME_SEA_ICE] = '=',
};

static char ramp(double v, double lo, double hi)
{
	static const char r[] = " .:-=+*#%@";
	int i = (int)((v - lo) / (hi - lo) * 10);
	return r[i < 0 ? 0 : i > 9 ? 9 : i];
}

static char g_biome(const snapshot_t *s, int c)
{
	int b = s->biome[c];
	return b < BIOME_COUNT ? biome_glyph[b] : '?';
}

static char g_elev(const snapshot_t *s, int c)
{
	double e = s->elevation[c] - s->sea_level_m;
	return e < -3000 ? '~' : e < 0 ? '-' : e < 300 ? '.' : e < 1000 ? ':'
	     : e < 2000 ? '+' : e < 3500 ? '*' : '^';
}

static char g_plates(const snapshot_t *s, int c)
{
	switch (s->boundary[c]) {
	case BOUNDARY_CONVERGENT: return '#';
	case BOUNDARY_DIVERGENT: return '=';
	case BOUNDARY_TRANSFORM: return '%';
	}
	int k = s->plate[c] % 26;
	return (char)((s->crust[c] == CRUST_CONTINENTAL ? 'A' : 'a') + k);
}

/* The adaptive scales' tops for the glyphs (set by compose; 0: fixed). */
static double glyph_top[VIEW_COUNT];

static double top_or(view_kind v, double fixed)
{
	return glyph_top[v] > 0 ? glyph_top[v] : fixed;
}

/* stress: strong beyond half the scale, weak beyond a tenth */
static char g_stress(const snapshot_t *s, int c)
{
	double v = s->stress[c], top = top_or(VIEW_STRESS, 1);
	if (v > 0.5 * top) return '#';
	if (v > 0.1 * top) return '+';
	if (v < -0.5 * top) return '=';
	if (v < -0.1 * top) return '-';
	return s->shear[c] > 0.2 * top ? 'x' : ' ';
}

/* Slower than this is still (no arrow): 0.2 cm/yr, less on a slow scale. */
static double still_below(void)
{
	double top = top_or(VIEW_MOTION, 12);
	return top * 0.05 < 0.2 ? top * 0.05 : 0.2;
}

static char g_temp(const snapshot_t *s, int c) { return ramp(s->temperature[c], -30, 35); }
static char g_precip(const snapshot_t *s, int c) { return ramp(s->precip[c], 0, 3000); }
static char g_age(const snapshot_t *s, int c) { return ramp(s->age[c], 0, top_or(VIEW_AGE, 200)); }

static int octant(double ve, double vn)
{
	int o = (int)lround(atan2(vn, ve) / (M_PI / 4));
	return (o + 8) % 8;
}

static char g_motion(const snapshot_t *s, int c)
{
	static const char a[8] = {'>', '/', '^', '\\', '<', '/', 'v', '\\'};
	double ve = s->vel_east[c], vn = s->vel_north[c];
	if (hypot(ve, vn) < still_below())
		return '.';
	return a[octant(ve, vn)];
}

const map_mode map_modes[VIEW_COUNT] = {
	{VIEW_BIOME, '1', "biomes", g_biome,
	 "~ocean =ice .desert :savannah ,grass \"steppe m med f forest &rain t taiga -tundra #polar M mount ^snow", NULL},
	{VIEW_ELEVATION, '2', "elevation", g_elev,
	 "~ deep  - shelf  . <300m  : <1km  + <2km  * <3.5km  ^ higher", NULL},
	{VIEW_PLATES, '3', "plates", g_plates,
	 "A-Z continental a-z oceanic (plate)  # convergent = divergent % transform", NULL},
	{VIEW_STRESS, '4', "stress", g_stress,
	 "# strong + compression  - extension = strong  x shear", NULL},
	{VIEW_TEMPERATURE, '5', "temperature", g_temp, "cold  .:-=+*#%@  hot (-30..35 C)", NULL},
	{VIEW_PRECIPITATION, '6', "precipitation", g_precip, "dry  .:-=+*#%@  wet (0..3000 mm/yr)", NULL},
	{VIEW_AGE, '7', "crust age", g_age, "young  .:-=+*#%@  old (0..200 Myr)", NULL},
	{VIEW_MOTION, '8', "plate motion", g_motion, "arrows: direction of plate motion  . still", NULL},
};

/* --- the picture ---------------------------------------------------------- */

void mapview_done(mapview *mv)
{
	free(mv->pix);
	free(mv->cell);
	free(mv->chars);
	free(mv->grat);
	free(mv->shown);
	free(mv->sent);
	memset(mv, 0, sizeof *mv);
}

static void set_ch(cchar_t *cc, wchar_t ch, attr_t a, int pair)
{
	wchar_t w[2] = {ch, 0};
	memset(cc, 0, sizeof *cc);    /* characters compare with memcmp */
	setcchar(cc, w, a, 0, &pair);
}

static int ensure(mapview *mv, int cols, int rows, int pw, int ph)
{
	if (mv->cols == cols && mv->rows == rows && mv->pw == pw && mv->ph == ph && mv->pix)
		return 0;
	mapview_done(mv);
	mv->pix = malloc(sizeof *mv->pix * (size_t)pw * ph);
	mv->cell = malloc(sizeof *mv->cell * (size_t)pw * ph);
	mv->chars = malloc(sizeof *mv->chars * ((size_t)cols * rows + 1));
	mv->grat = malloc((size_t)pw * ph);
	mv->shown = malloc(sizeof *mv->shown * (size_t)pw * ph);
	mv->sent = malloc(sizeof *mv->sent * ((size_t)cols * rows + 1));
	if (!mv->pix || !mv->cell || !mv->chars || !mv->grat || !mv->shown || !mv->sent) {
		mapview_done(mv);
		return -1;
	}
	mv->cols = cols;
	mv->rows = rows;
	mv->pw = pw;
	mv->ph = ph;
	for (size_t i = 0; i < (size_t)cols * rows; i++)
		set_ch(&mv->sent[i], L' ', A_NORMAL, 0);
	mv->sweep = 0;
	mv->pending = true;
	return 0;
}

/* --- the flat map's window onto the planet -------------------------------
 *
 * The flat map shows 360/zoom degrees of longitude around pan_lon and
 * 180/zoom degrees of latitude around pan_lat; fx, fy are fractions of the
 * map's width and height (0 left/top, 1 right/bottom). Every pixel is
 * sampled from the sphere at its own place, so zooming in shows detail the
 * whole-planet map has no room for. */

static double wrap180(double lon)
{
	return lon - 360.0 * floor((lon + 180.0) / 360.0);
}

static double view_zoom(const ui_t *u)
{
	return u->zoom > 1 ? u->zoom : 1;
}

static double flat_lat(const ui_t *u, double fy)
{
	return u->pan_lat + (0.5 - fy) * 180.0 / view_zoom(u);
}

static double flat_lon(const ui_t *u, double fx)
{
	return wrap180(u->pan_lon + (fx - 0.5) * 360.0 / view_zoom(u));
}

static void flat_place(const ui_t *u, double lat, double lon, double *fx, double *fy)
{
	*fx = wrap180(lon - u->pan_lon) * view_zoom(u) / 360.0 + 0.5;
	*fy = 0.5 - (lat - u->pan_lat) * view_zoom(u) / 180.0;
}

void mapview_clamp(ui_t *u)
{
	if (!(u->zoom >= 1))
		u->zoom = 1;
	if (u->zoom > MAPVIEW_ZOOM_MAX)
		u->zoom = MAPVIEW_ZOOM_MAX;
	double half = 90.0 / u->zoom;
	if (u->pan_lat > 90 - half)
		u->pan_lat = 90 - half;
	if (u->pan_lat < -90 + half)
		u->pan_lat = -90 + half;
	u->pan_lon = wrap180(u->pan_lon);
}

void mapview_zoom(ui_t *u, double factor, bool about, double lat, double lon)
{
	double z0 = view_zoom(u), z1 = z0 * factor;
	z1 = z1 < 1 ? 1 : z1 > MAPVIEW_ZOOM_MAX ? MAPVIEW_ZOOM_MAX : z1;
	if (u->globe) {
		/* the globe zooms on the middle of the disc: bring the place there */
		if (about) {
			u->spin = lon * DEG;
			u->globe_lat = lat;
		}
	} else if (about) {
		/* the place stays where it is on screen */
		double fx, fy;
		flat_place(u, lat, lon, &fx, &fy);
		if (fx < 0 || fx > 1 || fy < 0 || fy > 1)
			fx = fy = 0.5;
		u->pan_lon = lon - (fx - 0.5) * 360.0 / z1;
		u->pan_lat = lat - (0.5 - fy) * 180.0 / z1;
	}
	u->zoom = z1;
	mapview_clamp(u);
}

bool mapview_shows(const ui_t *u, double lat, double lon)
{
	if (u->globe)
		return true;
	double fx, fy;
	flat_place(u, lat, lon, &fx, &fy);
	return fx >= 0 && fx < 1 && fy >= 0 && fy < 1;
}

void mapview_follow(ui_t *u, double lat, double lon)
{
	if (u->globe || mapview_shows(u, lat, lon))
		return;
	double fx, fy;
	flat_place(u, lat, lon, &fx, &fy);
	if (fx < 0 || fx >= 1)
		u->pan_lon = lon;
	if (fy < 0 || fy >= 1)
		u->pan_lat = lat;
	mapview_clamp(u);
}

int mapview_where(const ui_t *u, char *out, size_t len)
{
	int n = 0;
	out[0] = 0;
	if (u->graticule)
		n = snprintf(out, len, "grid %g%s%s", mapview_grid_step(u), u->caps.utf8 ? "\u00b0" : " deg",
		             u->zoom > 1 || (!u->globe && u->pan_lon != 0) ? " " : "");
	if (n < 0 || (size_t)n >= len)
		return n;
	if (u->globe)
		return u->zoom > 1 ? n + snprintf(out + n, len - (size_t)n, "zoom %g", u->zoom) : n;
	if (u->zoom <= 1 && u->pan_lon == 0)
		return n;
	char z[24] = "";
	if (u->zoom > 1)
		snprintf(z, sizeof z, "zoom %g ", u->zoom);
	return n + snprintf(out + n, len - (size_t)n, "%s%s %.1f%c %.1f%c", z, u->zoom > 1 ? "at" : "centre",
	                    fabs(u->pan_lat), u->pan_lat >= 0 ? 'N' : 'S', fabs(u->pan_lon),
	                    u->pan_lon >= 0 ? 'E' : 'W');
}

static void equirect(const ui_t *u, mapview *mv)
{
	const snapshot_t *s = u->snap;
	/* The cursor walks the grid from the previous pixel: cheap when pixels
	 * are a cell or two apart, but on a fine grid (L8: 0.3 degrees) and a
	 * 75-pixel map (4.8 degrees) the walk crosses dozens of cells, so there
	 * every pixel starts afresh from the O(1) locate table instead. */
	colormap_cursor fresh = COLORMAP_CURSOR_INIT;
	fresh.pixel_rad = 2 * M_PI / (mv->pw * view_zoom(u));
	bool walk = fresh.pixel_rad < 3 * s->grid->spacing;
	for (int y = 0; y < mv->ph; y++) {
		double lat = flat_lat(u, (y + 0.5) / mv->ph) * DEG;
		colormap_cursor cur = fresh;
		for (int x = 0; x < mv->pw; x++) {
			double lon = flat_lon(u, (x + 0.5) / mv->pw) * DEG;
			vec3 p = v3_from_latlon(lat, lon);
			int i = y * mv->pw + x;
			if (!walk)
				cur = fresh;
			/* the cursor keeps the nearest cell: neighbours along a row are
			 * one step of its walk away */
			mv->pix[i] = colormap_point_scaled(s, u->mode, p, &cur, u->scale[u->mode]);
			mv->cell[i] = cur.cell >= 0 ? cur.cell : grid_locate(s->grid, p);
		}
	}
}

static rgb mix(rgb a, rgb b)
{
	return (rgb){(uint8_t)((a.r + b.r) / 2), (uint8_t)((a.g + b.g) / 2), (uint8_t)((a.b + b.b) / 2)};
}

/* Plate-motion arrows over the colours, on a sparse lattice. */
static bool arrow_at(const ui_t *u, const mapview *mv, int x, int y, int c, wchar_t *out)
{
	static const wchar_t ua[8] = {L'\u2192', L'\u2197', L'\u2191', L'\u2196',
	                              L'\u2190', L'\u2199', L'\u2193', L'\u2198'};
	if (u->mode != VIEW_MOTION || c < 0 || x % 5 != 2 || y % 3 != 1)
		return false;
	double ve = u->snap->vel_east[c], vn = u->snap->vel_north[c];
	if (hypot(ve, vn) < still_below())
		*out = u->caps.utf8 ? L'\u00b7' : L'.';
	else
		*out = u->caps.utf8 ? ua[octant(ve, vn)] : (wchar_t)g_motion(u->snap, c);
	return true;
}

/* The colour the plates view gives boundary type k (black when none is on
 * the planet now). */
static rgb boundary_rgb(const snapshot_t *s, int k)
{
	for (int c = 0; c < s->n; c++)
		if (s->boundary[c] == k)
			return colormap_cell(s, VIEW_PLATES, c);
	return (rgb){0, 0, 0};
}

/* Biomes and plate boundaries are classes: each has a colour of its own in
 * 256 colours, and water never borrows a land class's colour. */
static void declare_classes(const ui_t *u)
{
	const snapshot_t *s = u->snap;
	rgb cols[MAPVIEW_CLASSES];
	bool water[MAPVIEW_CLASSES];
	for (int b = 0; b < BIOME_COUNT; b++) {
		const biome_param *bp = &s->prm.biomes[b];
		cols[b] = (rgb){bp->r, bp->g, bp->b};
		water[b] = b == BIOME_OCEAN || b == BIOME_SEA_ICE;
	}
	for (int k = BOUNDARY_CONVERGENT; k <= BOUNDARY_TRANSFORM; k++) {
		cols[MAPVIEW_CLASS_BOUNDARY + k - 1] = boundary_rgb(s, k);
		water[MAPVIEW_CLASS_BOUNDARY + k - 1] = false;
	}
	palette_classes(cols, water, MAPVIEW_CLASSES);
}

/* Graticule pixels: a light or dark veil over what is under them (so the
 * map still shows through), the equator in a colour of its own. */
static rgb grat_rgb(rgb c, uint8_t kind)
{
	if (kind == GRAT_EQUATOR)
		return (rgb){255, 215, 64};
	int lum = (c.r * 3 + c.g * 6 + c.b) / 10;
	int to = lum > 128 ? 0 : 255;
	return (rgb){(uint8_t)((c.r + to) / 2), (uint8_t)((c.g + to) / 2), (uint8_t)((c.b + to) / 2)};
}

/* The colour index of pixel i: a class colour where the mode has classes;
 * graticule pixels are not a class */
static int pixel_colour(const ui_t *u, rgb c)
{
	return u->mode == VIEW_BIOME || u->mode == VIEW_PLATES ? palette_index_classed(c) : palette_index(c);
}

/* In direct colour a pixel whose colour moved by no more than HOLD per
 * channel since it was last sent keeps the colour it was sent with: as
 * plates move, the sea deepens and crust ages, most of the map shifts by
 * a unit or two every step, and resending every such cell (40 bytes each
 * at 24 bits) would spend the byte budget on changes nobody sees. Colours
 * stay within HOLD of the truth; real changes go out at once. (Rounding to
 * a coarser grid does not do this: values near a rounding edge flip every
 * step, which sent more cells, not fewer.) */
#define HOLD 16
static rgb held(mapview *mv, int i, rgb c)
{
	rgb h = mv->shown[i];
	if (mv->shown_ok && abs(c.r - h.r) <= HOLD && abs(c.g - h.g) <= HOLD && abs(c.b - h.b) <= HOLD)
		return h;
	mv->shown[i] = c;
	return c;
}

static int pixel_index(const ui_t *u, mapview *mv, int i)
{
	if (mv->grat[i])
		return palette_index(grat_rgb(mv->pix[i], mv->grat[i]));
	rgb c = u->caps.depth == COLOR_DIRECT ? held(mv, i, mv->pix[i]) : mv->pix[i];
	return pixel_colour(u, c);
}

/* The colours held (held()) belong to one view of the planet: another
 * mode, place or zoom sends every colour exactly, so a view looks the same
 * whichever way it was reached; comparing two times (two pictures a
 * frame) holds nothing. */
static void hold_view(const ui_t *u, mapview *mv)
{
	bool comparing = u->mark && u->compare != COMPARE_OFF;
	/* a globe turning by itself moves every pixel a little each frame:
	 * held colours stay, as they do when the planet changes */
	double v[8] = {u->mode, u->globe, u->zoom, u->pan_lon, u->pan_lat,
	               mv->hold_spin ? mv->shown_view[5] : u->spin, u->globe_lat, comparing};
	if (comparing || memcmp(v, mv->shown_view, sizeof v) != 0)
		mv->shown_ok = false;
	memcpy(mv->shown_view, v, sizeof v);
}

static void compose(const ui_t *u, mapview *mv)
{
	hold_view(u, mv);
	const map_mode *m = &map_modes[u->mode];
	declare_classes(u);
	for (int v = 0; v < VIEW_COUNT; v++)
		glyph_top[v] = u->scale[v];
	for (int y = 0; y < mv->rows; y++) {
		for (int x = 0; x < mv->cols; x++) {
			cchar_t *cc = &mv->chars[y * mv->cols + x];
			if (u->caps.halfblock) {
				int it = (2 * y) * mv->pw + x, ib = it + mv->pw;
				int ct = mv->cell[it], cb = mv->cell[ib];
				if (ct == -1 && cb == -1) {
					set_ch(cc, L' ', A_NORMAL, 0);
					continue;
				}
				int fg = ct == -1 ? 0 : pixel_index(u, mv, it);
				int bg = cb == -1 ? -1 : pixel_index(u, mv, ib);
				wchar_t a;
				int cen = ct >= 0 ? ct : cb;
				if (arrow_at(u, mv, x, y, cen, &a)) {
					bool direct = u->caps.depth == COLOR_DIRECT;
					int b2 = palette_index(mix(direct ? held(mv, it, mv->pix[it]) : mv->pix[it],
					                           direct ? held(mv, ib, mv->pix[ib]) : mv->pix[ib]));
					set_ch(cc, a, A_BOLD, palette_pair(palette_contrast(b2), b2));
					continue;
				}
				if (ct == -1) /* globe edge: only the lower half is planet */
					set_ch(cc, L'\u2584', A_NORMAL, palette_pair(bg, -1));
				else
					set_ch(cc, L'\u2580', A_NORMAL, palette_pair(fg, bg));
				continue;
			}
			int i = y * mv->pw + x, c = mv->cell[i];
			wchar_t g;
			if (c == -1)
				g = L' ';
			else if (c == -2)
				g = L'|';
			else if (!arrow_at(u, mv, x, y, c, &g))
				g = (wchar_t)m->glyph(u->snap, c);
			if (g > 127 && !u->caps.utf8)
				g = L'*';
			/* glyphs keep their meaning on the graticule: it reverses them */
			attr_t a = mv->grat[i] == GRAT_EQUATOR ? A_REVERSE | A_BOLD : mv->grat[i] ? A_REVERSE : A_NORMAL;
			if (u->caps.depth == COLOR_MONO || c == -1) {
				set_ch(cc, g, a, 0);
			} else {
				int bg = pixel_colour(u, mv->pix[i]);
				set_ch(cc, g, a, palette_pair(palette_contrast(bg), bg));
			}
		}
	}
	mv->shown_ok = true;
}

/* The followed plate's outline: its pixels that touch another plate (or
 * the globe's edge) turn magenta, a colour no view uses. */
static void outline(const ui_t *u, mapview *mv)
{
	const snapshot_t *s = u->snap;
	int p = -1;
	for (int i = 0; i < s->plate_count && u->plate_sel_id >= 0; i++)
		if (s->plates[i].id == u->plate_sel_id)
			p = i;
	if (p < 0)
		return;
	int w = mv->pw, h = mv->ph;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			int c = mv->cell[y * w + x];
			if (c < 0 || s->plate[c] != p)
				continue;
			/* the whole flat map wraps at its left and right edges */
			bool wraps = !u->globe && view_zoom(u) == 1;
			int xl = x > 0 ? x - 1 : wraps ? w - 1 : x, xr = x < w - 1 ? x + 1 : wraps ? 0 : x;
			int nb[4] = {mv->cell[y * w + xl], mv->cell[y * w + xr],
			             y > 0 ? mv->cell[(y - 1) * w + x] : c, y < h - 1 ? mv->cell[(y + 1) * w + x] : c};
			for (int k = 0; k < 4; k++)
				if (nb[k] < 0 || s->plate[nb[k]] != p) {
					mv->pix[y * w + x] = (rgb){255, 0, 255};
					break;
				}
		}
}

double mapview_grid_step(const ui_t *u)
{
	double z = view_zoom(u);
	return z < 3 ? 30 : z < 6 ? 10 : z < 12 ? 5 : z < 24 ? 2 : 1;
}

/* The place at the middle of pixel (x, y); false off the globe's disc. */
static bool pixel_place(const ui_t *u, const mapview *mv, int x, int y, double *lat, double *lon)
{
	if (!u->globe) {
		*lat = flat_lat(u, (y + 0.5) / mv->ph);
		*lon = flat_lon(u, (x + 0.5) / mv->pw);
		return true;
	}
	vec3 p;
	if (!globe_unproject(u, mv->pw, mv->ph, u->caps.halfblock ? 1.0 : 2.0, x + 0.5, y + 0.5, &p))
		return false;
	*lat = v3_lat(p) / DEG;
	*lon = v3_lon(p) / DEG;
	return true;
}

/* Lines of latitude and longitude every mapview_grid_step degrees: a pixel
 * is on one when a line passes between it and its right or lower
 * neighbour, so lines are one pixel wide in any projection. */
static void graticule(const ui_t *u, mapview *mv)
{
	memset(mv->grat, GRAT_NONE, (size_t)mv->pw * mv->ph);
	if (!u->graticule)
		return;
	int w = mv->pw, h = mv->ph;
	double stepd = mv->pw > 0 ? mapview_grid_step(u) : 30;
	double *lat = malloc(sizeof *lat * (size_t)w * 2), *lon = malloc(sizeof *lon * (size_t)w * 2);
	bool *on = malloc(sizeof *on * (size_t)w * 2);
	if (!lat || !lon || !on)
		goto out;
	/* two rows of places: this one and the one below */
	for (int y = 0; y < h; y++) {
		for (int k = y == 0 ? 0 : 1; k < 2; k++)
			for (int x = 0; x < w && y + k < h; x++)
				on[k * w + x] = pixel_place(u, mv, x, y + k, &lat[k * w + x], &lon[k * w + x]);
		for (int x = 0; x < w; x++) {
			if (!on[x])
				continue;
			int band = (int)floor(lat[x] / stepd), mer = (int)floor(lon[x] / stepd);
			uint8_t kind = GRAT_NONE;
			int nb[2] = {x + 1 < w ? x : -1, y + 1 < h ? w + x : -1};
			if (nb[0] >= 0)
				nb[0] = on[x + 1] ? x + 1 : -1;
			if (nb[1] >= 0)
				nb[1] = on[w + x] ? w + x : -1;
			for (int k = 0; k < 2; k++) {
				if (nb[k] < 0)
					continue;
				int b2 = (int)floor(lat[nb[k]] / stepd), m2 = (int)floor(lon[nb[k]] / stepd);
				if (b2 != band)
					kind = (band < 0) != (b2 < 0) ? GRAT_EQUATOR : kind ? kind : GRAT_LINE;
				else if (m2 != mer && !kind)
					kind = GRAT_LINE;
			}
			mv->grat[y * w + x] = kind;
		}
		/* the row below becomes this row */
		memcpy(lat, lat + w, sizeof *lat * (size_t)w);
		memcpy(lon, lon + w, sizeof *lon * (size_t)w);
		memcpy(on, on + w, sizeof *on * (size_t)w);
	}
out:
	free(lat);
	free(lon);
	free(on);
}

/* The characters of u->snap's picture. */
static void picture(mapview *mv, ui_t *u)
{
	if (u->globe)
		globe_render(u, mv->pw, mv->ph, u->caps.halfblock ? 1.0 : 2.0, mv->pix, mv->cell);
	else
		equirect(u, mv);
	outline(u, mv);
	graticule(u, mv);
	compose(u, mv);
}

/* Comparing two times: the marked snapshot's picture instead of now's
 * (flip), or its left half beside now's right half with a divider (split):
 * the same view of the same places, so what changed stands side by side. */
static void compare(mapview *mv, ui_t *u)
{
	const snapshot_t *now = u->snap;
	u->snap = u->mark;
	picture(mv, u);
	u->snap = now;
	if (u->compare == COMPARE_FLIP)
		return;
	int half = mv->cols / 2;
	size_t n = (size_t)half * mv->rows;
	cchar_t *left = malloc(sizeof *left * (n ? n : 1));
	if (!left) {
		picture(mv, u);
		return;
	}
	for (int y = 0; y < mv->rows; y++)
		memcpy(left + (size_t)y * half, mv->chars + (size_t)y * mv->cols, sizeof *left * half);
	picture(mv, u);
	attr_t a;
	int pair;
	palette_ui(UI_SELECT, &a, &pair);
	for (int y = 0; y < mv->rows; y++) {
		memcpy(mv->chars + (size_t)y * mv->cols, left + (size_t)y * half, sizeof *left * half);
		set_ch(&mv->chars[(size_t)y * mv->cols + half], u->caps.utf8 ? L'\u2502' : L'|', a | A_BOLD, pair);
	}
	free(left);
}

void mapview_render(mapview *mv, ui_t *u, rect r)
{
	int pw = r.w, ph = u->caps.halfblock ? 2 * r.h : r.h;
	if (r.w <= 0 || r.h <= 0 || ensure(mv, r.w, r.h, pw, ph) != 0)
		return;
	mv->pending = true;
	if (!u->snap) {
		for (int i = 0; i < r.w * r.h; i++)
			set_ch(&mv->chars[i], L' ', A_NORMAL, 0);
		return;
	}
	/* the scale of now, for the marked time too: both read alike */
	scale_top(u, u->mode);
	if (u->mark && u->compare != COMPARE_OFF)
		compare(mv, u);
	else
		picture(mv, u);
}

void mapview_blit(const mapview *mv, WINDOW *w, rect r)
{
	if (!mv->sent || mv->cols != r.w || mv->rows != r.h)
		return;
	for (int y = 0; y < r.h; y++)
		mvwadd_wchnstr(w, r.y + y, r.x, mv->sent + (size_t)y * r.w, r.w);
}

long mapview_advance(mapview *mv, long max)
{
	size_t n = (size_t)mv->cols * mv->rows;
	if (!mv->sent || !mv->pending || n == 0)
		return 0;
	long done = 0;
	size_t i = mv->sweep % n;
	for (size_t k = 0; k < n; k++, i = i + 1 == n ? 0 : i + 1) {
		if (!memcmp(&mv->sent[i], &mv->chars[i], sizeof *mv->sent))
			continue;
		if (max >= 0 && done >= max) {
			mv->sweep = i;
			return done;
		}
		mv->sent[i] = mv->chars[i];
		done++;
	}
	mv->sweep = 0;
	mv->pending = false;
	return done;
}

bool mapview_locate(const ui_t *u, rect r, int y, int x, double *lat, double *lon)
{
	if (!rect_has(r, y, x))
		return false;
	double px = x - r.x + 0.5, py = y - r.y + 0.5;
	if (u->globe) {
		double ys = u->caps.halfblock ? 1.0 : 2.0;
		int pw = r.w, ph = u->caps.halfblock ? 2 * r.h : r.h;
		vec3 p;
		if (!globe_unproject(u, pw, ph, ys, px, u->caps.halfblock ? py * 2 : py, &p))
			return false;
		*lat = v3_lat(p) / DEG;
		*lon = v3_lon(p) / DEG;
		return true;
	}
	*lat = flat_lat(u, py / r.h);
	*lon = flat_lon(u, px / r.w);
	return true;
}

/* Latitude/longitude -> character inside r; false when not on screen. */
static bool place_at(const ui_t *u, rect r, double lat, double lon, int *y, int *x)
{
	double px, py;
	if (u->globe) {
		double ys = u->caps.halfblock ? 1.0 : 2.0;
		int pw = r.w, ph = u->caps.halfblock ? 2 * r.h : r.h;
		if (!globe_project(u, pw, ph, ys, v3_from_latlon(lat * DEG, lon * DEG), &px, &py))
			return false;
		if (u->caps.halfblock)
			py /= 2;
	} else {
		double fx, fy;
		flat_place(u, lat, lon, &fx, &fy);
		px = fx * r.w;
		py = fy * r.h;
	}
	*x = r.x + (int)floor(px);
	*y = r.y + (int)floor(py);
	return rect_has(r, *y, *x);
}

void mapview_track(const ui_t *u, WINDOW *w, rect r)
{
	const lineage *l = &u->lin;
	if (!u->snap || l->track_id < 0 || l->track_id != u->plate_sel_id || l->ntrack < 2)
		return;
	palette_use(w, UI_SELECT);
	/* the path up to the step on screen; its last point is the plate now */
	int last = -1;
	for (int i = 0; i < l->ntrack && l->track[i].step <= u->snap->step; i++)
		last = i;
	for (int i = 0; i <= last; i++) {
		int y, x;
		if (place_at(u, r, l->track[i].lat, l->track[i].lon, &y, &x))
			mvwaddstr(w, y, x, i == last ? ui_sym(u, "\u25cf", "@") : ui_sym(u, "\u00b7", "."));
	}
	palette_use(w, UI_TEXT);
}

/* "30N", "120W", "0°" for a graticule line at degrees d. */
static void deg_label(const ui_t *u, double d, char pos, char neg, char *buf, size_t n)
{
	int v = (int)lround(fmax(-360, fmin(360, d)));
	if (v == 0)
		snprintf(buf, n, "0%s", ui_sym(u, "\u00b0", ""));
	else
		snprintf(buf, n, "%d%c", abs(v), v > 0 ? pos : neg);
}

/* A meridian's label: "60E", "120W", "0°", "180°". */
static void lon_label(const ui_t *u, double lon, char *buf, size_t n)
{
	double l = wrap180(lon);
	if (fabs(fabs(l) - 180) < 1e-6)
		snprintf(buf, n, "180%s", ui_sym(u, "\u00b0", ""));
	else
		deg_label(u, l, 'E', 'W', buf, n);
}

/* Label text centred at column x in row y,
 * inside columns [x0, x1), unless it would touch what is already there
 * (taken[] marks used columns, relative to x0, with a gap of one). */
static void put_label(WINDOW *w, int y, int x, const char *text, int x0, int x1, bool *taken)
{
	int len = (int)strlen(text);
	int start = x - len / 2;
	if (start < x0)
		start = x0;
	if (start + len > x1)
		start = x1 - len;
	if (start < x0)
		return;
	for (int i = start - 1; i <= start + len; i++)
		if (i >= x0 && i < x1 && taken[i - x0])
			return;
	for (int i = start; i < start + len; i++)
		taken[i - x0] = true;
	mvwaddstr(w, y, start, text);
}

void mapview_labels(const ui_t *u, WINDOW *w, rect r, rect box, bool border)
{
	if (!u->graticule || !u->snap || r.w < 8 || r.h < 3)
		return;
	double step = mapview_grid_step(u);
	bool *taken = calloc((size_t)(r.w > r.h ? r.w : r.h) + 1, sizeof *taken);
	bool *rows = calloc((size_t)r.h + 1, sizeof *rows);
	if (!taken || !rows)
		goto out;
	char buf[16];
	palette_use(w, UI_STATUS);
	if (u->globe) {
		/* on the globe: along the meridian through the disc's centre and
		 * along the equator, where each is in sight */
		double clat, clon;
		if (!mapview_locate(u, r, r.y + r.h / 2, r.x + r.w / 2, &clat, &clon))
			goto out;
		for (double lat = -90 + step; lat < 90 - 1e-9; lat += step) {
			int y, x;
			if (!place_at(u, r, lat, clon, &y, &x) || rows[y - r.y])
				continue;
			rows[y - r.y] = true;
			deg_label(u, lat, 'N', 'S', buf, sizeof buf);
			mvwaddstr(w, y, x + 1 + (int)strlen(buf) < r.x + r.w ? x + 1 : x - (int)strlen(buf), buf);
		}
		/* longitudes on the row under the equator (clear of "0°") */
		for (double lon = -180 + step; lon <= 180 + 1e-9; lon += step) {
			int y, x;
			if (!place_at(u, r, 0, lon, &y, &x))
				continue;
			lon_label(u, lon, buf, sizeof buf);
			put_label(w, y + 1 < r.y + r.h ? y + 1 : y - 1, x, buf, r.x, r.x + r.w, taken);
		}
		goto out;
	}
	/* the flat map: a line is drawn on the pixel just before it crosses
	 * (graticule()), so its label sits there too */
	int pw = r.w, ph = u->caps.halfblock ? 2 * r.h : r.h;
	double z = view_zoom(u), west = u->pan_lon - 180.0 / z;
	int row = border ? box.y + box.h - 1 : r.y + r.h - 1;
	for (double k = ceil(west / step); k * step <= west + 360.0 / z + 1e-9; k++) {
		double lon = k * step, fx, fy;
		flat_place(u, 0, lon, &fx, &fy);
		int x = (int)ceil(fx * pw - 1.5);
		if (fx <= 1e-9 || fx >= 1 - 1e-9 || x < 0 || x >= r.w)
			continue;    /* the map's own edges are no line */
		lon_label(u, lon, buf, sizeof buf);
		put_label(w, row, r.x + x, buf, r.x, r.x + r.w, taken);
	}
	for (double lat = ceil((u->pan_lat - 90.0 / z) / step) * step; lat <= u->pan_lat + 90.0 / z + 1e-9;
	     lat += step) {
		double fx, fy;
		flat_place(u, lat, u->pan_lon, &fx, &fy);
		int y = (int)ceil(fy * ph - 1.5);
		if (fy <= 1e-9 || fy >= 1 - 1e-9 || y < 0 || y >= ph)
			continue;
		int cy = u->caps.halfblock ? y / 2 : y;
		/* the row of longitudes (no frame) stays theirs */
		if (rows[cy] || (!border && cy == r.h - 1))
			continue;
		rows[cy] = true;
		deg_label(u, lat, 'N', 'S', buf, sizeof buf);
		mvwaddstr(w, r.y + cy, r.x, buf);
	}
out:
	palette_use(w, UI_TEXT);
	free(taken);
	free(rows);
}

void mapview_marker(const ui_t *u, WINDOW *w, rect r)
{
	int y, x;
	if (!u->inspecting || !u->snap || !place_at(u, r, u->insp_lat, u->insp_lon, &y, &x))
		return;
	palette_use(w, UI_SELECT);
	wattron(w, A_BOLD);
	mvwaddstr(w, y, x, "+");
	wattroff(w, A_BOLD);
	palette_use(w, UI_TEXT);
}

/* --- legend ------------------------------------------------------------------ */

/* A swatch at the cursor: two spaces in terminal colour bg. */
static void swatch_idx(const ui_t *u, WINDOW *w, int bg, char glyph)
{
	if (u->caps.depth == COLOR_MONO) {
		waddch(w, (chtype)glyph);
		return;
	}
	int p = palette_pair(palette_contrast(bg), bg);
	wattr_set(w, A_NORMAL, 0, &p);
	waddstr(w, "  ");
	palette_use(w, UI_TEXT);
}

static void swatch(const ui_t *u, WINDOW *w, rgb c, char glyph)
{
	swatch_idx(u, w, u->caps.depth == COLOR_MONO ? 0 : palette_index(c), glyph);
}

/* A number for a scale's end: "0.6", "180", "1.5". */
static const char *num(double v, char *buf, size_t n)
{
	snprintf(buf, n, "%g", v);
	return buf;
}

/* n swatches along view v's ramp from lo to hi (scale top). */
static void ramp_swatches(const ui_t *u, WINDOW *w, view_kind v, double lo, double hi, double top, int n)
{
	for (int k = 0; k < n; k++)
		swatch(u, w, colormap_ramp(v, lo + (hi - lo) * k / (n > 1 ? n - 1 : 1), top), ' ');
}

/* Continuous views: swatches of the ramp itself between the ends of its
 * scale, with units (so no swatch is blank whatever the planet holds); the
 * motion, stress and age scales are the adaptive ones (tui/scale.c), the
 * elevation scale has its sea level mark. */
static void ramp_legend(ui_t *u, WINDOW *w, int end)
{
	view_kind v = u->mode;
	double top = u->scale[v] > 0 ? u->scale[v] : colormap_ramp_top(v);
	const char *deg = ui_sym(u, "\u00b0C", "C");
	char a[24], b[48];
	/* swatches that fit between the labels: 10 where there is room */
	int room = end - getcurx(w);
	switch (v) {
	case VIEW_ELEVATION: {
		/* the sea's blues, 0 m, the land's tints */
		int k = (room - 16) / 4;
		k = k > 6 ? 6 : k < 2 ? 2 : k;
		waddstr(w, "-6 km ");
		ramp_swatches(u, w, v, -6000, -200, 0, k);
		waddstr(w, " 0 m ");
		ramp_swatches(u, w, v, 100, 5000, 0, k);
		waddstr(w, " +5 km");
		return;
	}
	case VIEW_TEMPERATURE:
		snprintf(b, sizeof b, " 35 %s", deg);
		wprintw(w, "-30 %s ", deg);
		ramp_swatches(u, w, v, -30, 35, 0, 10);
		waddstr(w, b);
		return;
	case VIEW_PRECIPITATION:
		waddstr(w, "0 ");
		ramp_swatches(u, w, v, 0, 3000, 0, 10);
		waddstr(w, " 3000 mm/yr");
		return;
	case VIEW_STRESS: {
		/* -top..+top: extension blue, compression red */
		int k = (room - 34) / 2;
		k = k > 11 ? 11 : k < 5 ? 5 : k;
		wprintw(w, "extension -%s ", num(top, a, sizeof a));
		ramp_swatches(u, w, v, -top, top, top, k | 1);
		wprintw(w, " +%s compression", a);
		return;
	}
	case VIEW_AGE: {
		int k = (room - 30) / 2;
		k = k > 10 ? 10 : k < 4 ? 4 : k;
		waddstr(w, "ocean floor 0 ");
		ramp_swatches(u, w, v, 0, top, top, k);
		wprintw(w, " %s Myr ", num(top, a, sizeof a));
		if (getcurx(w) + 12 <= end) {
			swatch(u, w, (rgb){150, 150, 150}, ' ');
			waddstr(w, "continent");
		}
		return;
	}
	case VIEW_MOTION: {
		int k = (room - 32) / 2;
		k = k > 10 ? 10 : k < 4 ? 4 : k;
		waddstr(w, "speed 0 ");
		ramp_swatches(u, w, v, 0, top, top, k);
		wprintw(w, " %s cm/yr", num(top, a, sizeof a));
		if (getcurx(w) + 20 <= end)
			waddstr(w, "  arrows: direction");
		return;
	}
	default:
		return;
	}
}

void mapview_legend(ui_t *u, WINDOW *w, rect r)
{
	const map_mode *m = &map_modes[u->mode];
	const snapshot_t *s = u->snap;
	palette_use(w, UI_TEXT);
	mvwhline(w, r.y, r.x, ' ', r.w);
	wmove(w, r.y, r.x);
	if (!s)
		return;
	bool glyphs = !u->caps.halfblock;
	if (glyphs) {
		/* the adaptive scales' glyph rules say their numbers */
		char buf[128], a[24], b[24];
		const char *text = m->glyph_legend;
		double top = u->scale[u->mode];
		if (u->mode == VIEW_AGE && top > 0) {
			snprintf(buf, sizeof buf, "young  .:-=+*#%%@  old (0..%s Myr)", num(top, a, sizeof a));
			text = buf;
		} else if (u->mode == VIEW_STRESS && top > 0) {
			snprintf(buf, sizeof buf, "+ compression (# over %s)  - extension (= over %s)  x shear",
			         num(top / 2, a, sizeof a), num(top / 2, b, sizeof b));
			text = buf;
		}
		palette_use(w, UI_DIM);
		waddnstr(w, text, r.w);
		palette_use(w, UI_TEXT);
		return;
	}
	int end = r.x + r.w;
	if (u->mode == VIEW_BIOME) {
		/* the commonest biomes first: that is what the map is mostly made of */
		int order[BIOME_COUNT];
		for (int i = 0; i < BIOME_COUNT; i++)
			order[i] = i;
		for (int i = 1; i < BIOME_COUNT; i++)
			for (int j = i; j > 0 && s->stats.biome_fraction[order[j]] > s->stats.biome_fraction[order[j - 1]]; j--) {
				int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
			}
		/* then the absent ones, while there is room: the legend is also
		 * the key to every biome colour */
		for (int i = 0; i < BIOME_COUNT; i++) {
			int b = order[i];
			const char *name = biome_table[b].label ? biome_table[b].label : biome_table[b].name;
			if (!name)
				continue;
			if (getcurx(w) + 4 + (int)strlen(name) > end)
				break;
			swatch_idx(u, w, u->caps.depth == COLOR_MONO ? 0 : palette_class(b), biome_glyph[b]);
			if (s->stats.biome_fraction[b] <= 0)
				palette_use(w, UI_DIM);
			wprintw(w, "%s ", name);
			palette_use(w, UI_TEXT);
		}
		return;
	}
	if (u->mode == VIEW_PLATES) {
		static const char *names[4] = {NULL, "convergent", "divergent", "transform"};
		int found[4] = {-1, -1, -1, -1};
		for (int c = 0; c < s->n; c++)
			if (s->boundary[c] && s->boundary[c] < 4 && found[s->boundary[c]] < 0)
				found[s->boundary[c]] = c;
		waddstr(w, "plate colours; boundaries ");
		for (int k = 1; k < 4; k++) {
			if (found[k] < 0 || getcurx(w) + 14 > end)
				continue;
			swatch_idx(u, w, u->caps.depth == COLOR_MONO ? 0 : palette_class(MAPVIEW_CLASS_BOUNDARY + k - 1), '#');
			wprintw(w, "%s ", names[k]);
		}
		return;
	}
	ramp_legend(u, w, end);
}
