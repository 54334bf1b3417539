/* palette.c: colour quantisation and pairs (see palette.h). */
#include "tui/palette.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static color_depth depth = COLOR_MONO;

/* xterm's 8 basic colours, roughly as most terminals show them */
static const rgb ansi8[8] = {
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0},
	{0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
};
static const int cube_level[6] = {0, 95, 135, 175, 215, 255};

/* One row per scheme: colour (fg, bg as RGB, -1 = terminal default) and the
 * attributes that carry the meaning when there is no colour. */
typedef struct ui_style {
	int fg, bg;        /* 0xRRGGBB or -1 */
	attr_t attr;       /* with colour */
	attr_t mono;       /* without colour */
} ui_style;

static const ui_style ui_table[UI_COUNT] = {
	[UI_TEXT]   = {-1, -1, A_NORMAL, A_NORMAL},
	[UI_STATUS] = {0xffffff, 0x1c3f6e, A_NORMAL, A_REVERSE},
	[UI_TITLE]  = {0x87d7ff, -1, A_BOLD, A_BOLD},
	[UI_BORDER] = {0x6c6c6c, -1, A_NORMAL, A_NORMAL},
	[UI_FOCUS]  = {0xffd75f, -1, A_BOLD, A_BOLD},
	[UI_SELECT] = {0x000000, 0x87d7ff, A_NORMAL, A_REVERSE},
	[UI_ERROR]  = {0xff5f5f, -1, A_BOLD, A_BOLD | A_UNDERLINE},
	[UI_OK]     = {0x87ff87, -1, A_NORMAL, A_NORMAL},
	[UI_KEY]    = {0xffd75f, -1, A_BOLD, A_BOLD},
	[UI_DIM]    = {0x9e9e9e, -1, A_NORMAL, A_DIM},
	[UI_PLAY]   = {0x87ff87, 0x1c3f6e, A_BOLD, A_REVERSE | A_BOLD},
};
static int ui_pair[UI_COUNT];

/* Perceptual-ish distance ("redmean"): cheap; used for the 8 basic colours. */
static long dist(int r1, int g1, int b1, int r2, int g2, int b2)
{
	long rm = (r1 + r2) / 2, dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
	return (((512 + rm) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rm) * db * db) >> 8);
}

/* OKLab (Ottosson 2020): distances there follow what the eye sees, so a dark
 * sea stays blue instead of snapping to the nearest grey. */
typedef struct lab { float l, a, b; } lab;
static float lin_lut[256];
static lab pal_lab[256];

static lab to_lab(int r, int g, int b)
{
	double lr = lin_lut[r], lg = lin_lut[g], lb = lin_lut[b];
	double l = cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
	double m = cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
	double s = cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
	return (lab){(float)(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s),
	             (float)(1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s),
	             (float)(0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)};
}

/* Hue errors count double: a wrong hue reads as a different biome, a
 * slightly wrong lightness does not. A coloured target never goes to a grey
 * when a colour is at hand: the 256-colour cube has few dark blues, and a
 * deep sea drawn grey reads as rock, not water. */
static float lab_dist(lab x, lab y)
{
	float dl = x.l - y.l, da = x.a - y.a, db = x.b - y.b;
	float d = dl * dl + 2 * (da * da + db * db);
	float cx = x.a * x.a + x.b * x.b, cy = y.a * y.a + y.b * y.b;
	if (cx > 0.04f * 0.04f && cy < 0.01f * 0.01f)
		d += 0.03f;
	return d;
}

static void lab_init(void)
{
	for (int i = 0; i < 256; i++) {
		double c = i / 255.0;
		lin_lut[i] = (float)(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4));
	}
	for (int i = 16; i < 256; i++) {
		int r, g, b;
		if (i >= 232) {
			r = g = b = 8 + 10 * (i - 232);
		} else {
			int k = i - 16;
			r = cube_level[k / 36];
			g = cube_level[(k / 6) % 6];
			b = cube_level[k % 6];
		}
		pal_lab[i] = to_lab(r, g, b);
	}
}

/* Nearest xterm colour (16..255) to an RGB in OKLab, skipping `banned`
 * (NULL: none). The 16 base colours are left out: terminals redefine them. */
static int nearest_in(int r, int g, int b, const bool *banned)
{
	lab t = to_lab(r, g, b);
	int best = 16;
	float bd = 1e9f;
	for (int i = 16; i < 256; i++) {
		if (banned && banned[i])
			continue;
		float d = lab_dist(t, pal_lab[i]);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

/* Nearest colours are cached per 5-bit RGB cube cell: a full search is 240
 * distances, a map is thousands of pixels a frame. One cache for any colour,
 * one for water (which never takes a land class's colour). */
enum { Q = 32 };
static int16_t near_any[Q * Q * Q], near_water[Q * Q * Q];
static bool land_idx[256];

static int cached(int16_t *cache, rgb c, const bool *banned)
{
	int k = ((c.r >> 3) * Q + (c.g >> 3)) * Q + (c.b >> 3);
	if (cache[k] < 0)
		cache[k] = (int16_t)nearest_in((c.r & ~7) + 4, (c.g & ~7) + 4, (c.b & ~7) + 4, banned);
	return cache[k];
}

/* Classes: colours that name something (a biome, a boundary type). Each gets
 * an xterm colour of its own, so two classes never look alike. */
enum { MAXCLASS = 32 };
static rgb class_rgb[MAXCLASS];
static int class_idx[MAXCLASS], nclass;
static bool class_water[MAXCLASS];

void palette_classes(const rgb *cols, const bool *water, int n)
{
	if (n > MAXCLASS)
		n = MAXCLASS;
	bool same = n == nclass;
	for (int i = 0; i < n && same; i++)
		same = !memcmp(&cols[i], &class_rgb[i], sizeof *cols) && water[i] == class_water[i];
	if (same)
		return;
	nclass = n;
	memcpy(class_rgb, cols, sizeof *cols * (size_t)n);
	memcpy(class_water, water, sizeof *water * (size_t)n);
	memset(land_idx, 0, sizeof land_idx);
	memset(near_water, 0xff, sizeof near_water);
	if (depth != COLOR_256)
		return;
	/* greedy matching: the class closest to a free colour takes it first */
	bool taken[256] = {false}, done[MAXCLASS] = {false};
	for (int round = 0; round < n; round++) {
		int bc = -1, bi = 16;
		float bd = 1e9f;
		for (int c = 0; c < n; c++) {
			if (done[c])
				continue;
			int i = nearest_in(cols[c].r, cols[c].g, cols[c].b, taken);
			float d = lab_dist(to_lab(cols[c].r, cols[c].g, cols[c].b), pal_lab[i]);
			if (d < bd) {
				bd = d;
				bc = c;
				bi = i;
			}
		}
		done[bc] = true;
		taken[bi] = true;
		class_idx[bc] = bi;
		if (!water[bc])
			land_idx[bi] = true;
	}
}

int palette_class(int k)
{
	if (k < 0 || k >= nclass)
		return 0;
	if (depth == COLOR_256)
		return class_idx[k];
	return palette_index(class_rgb[k]);
}

/* Within the texture a class's colour gets (a few per cent of brightness) */
static bool near_class(rgb c, rgb k)
{
	int tol[3] = {k.r / 12 + 3, k.g / 12 + 3, k.b / 12 + 3};
	return abs(c.r - k.r) <= tol[0] && abs(c.g - k.g) <= tol[1] && abs(c.b - k.b) <= tol[2];
}

int palette_index_classed(rgb c)
{
	if (depth != COLOR_256)
		return palette_index(c);
	for (int k = 0; k < nclass; k++)
		if (near_class(c, class_rgb[k]))
			return class_idx[k];
	return cached(near_water, c, land_idx);
}

static int nearest8(int r, int g, int b)
{
	int best = 0;
	long bd = -1;
	for (int i = 0; i < 8; i++) {
		long d = dist(r, g, b, ansi8[i].r, ansi8[i].g, ansi8[i].b);
		if (bd < 0 || d < bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

int palette_index(rgb c)
{
	switch (depth) {
	case COLOR_DIRECT:
		return (c.r << 16) | (c.g << 8) | c.b;
	case COLOR_256:
		return cached(near_any, c, NULL);
	case COLOR_8:
		return nearest8(c.r, c.g, c.b);
	default:
		return 0;
	}
}

rgb palette_rgb_of(int idx)
{
	switch (depth) {
	case COLOR_DIRECT:
		return (rgb){(idx >> 16) & 255, (idx >> 8) & 255, idx & 255};
	case COLOR_256:
		if (idx >= 232) {
			int v = 8 + 10 * (idx - 232);
			return (rgb){v, v, v};
		}
		if (idx >= 16) {
			idx -= 16;
			return (rgb){cube_level[idx / 36], cube_level[(idx / 6) % 6], cube_level[idx % 6]};
		}
		return ansi8[idx & 7];
	default:
		return ansi8[idx & 7];
	}
}

int palette_contrast(int bg)
{
	rgb c = palette_rgb_of(bg);
	int lum = (299 * c.r + 587 * c.g + 114 * c.b) / 1000;
	if (depth == COLOR_DIRECT)
		return lum > 128 ? 0x000000 : 0xffffff;
	if (depth == COLOR_256)
		return lum > 128 ? 16 : 231;
	return lum > 128 ? COLOR_BLACK : COLOR_WHITE;
}

int palette_pair(int fg, int bg)
{
	if (depth == COLOR_MONO)
		return 0;
	int p = alloc_pair(fg, bg);
	return p < 0 ? 0 : p;
}

void palette_init(const screen_caps *caps)
{
	depth = caps->depth;
	lab_init();
	memset(near_any, 0xff, sizeof near_any);
	memset(near_water, 0xff, sizeof near_water);
	nclass = 0;
	for (int e = 0; e < UI_COUNT; e++) {
		const ui_style *s = &ui_table[e];
		if (depth == COLOR_MONO || (s->fg < 0 && s->bg < 0)) {
			ui_pair[e] = 0;
			continue;
		}
		int fg = s->fg < 0 ? -1 : palette_index((rgb){s->fg >> 16, (s->fg >> 8) & 255, s->fg & 255});
		int bg = s->bg < 0 ? -1 : palette_index((rgb){s->bg >> 16, (s->bg >> 8) & 255, s->bg & 255});
		/* never the same colour on itself */
		if (fg == bg)
			fg = palette_contrast(bg);
		ui_pair[e] = palette_pair(fg, bg);
	}
}

void palette_ui(ui_elem e, attr_t *attr, int *pair)
{
	*attr = depth == COLOR_MONO ? ui_table[e].mono : ui_table[e].attr;
	*pair = ui_pair[e];
}

void palette_use(WINDOW *w, ui_elem e)
{
	attr_t a;
	int p;
	palette_ui(e, &a, &p);
	wattr_set(w, a, 0, &p);
}
