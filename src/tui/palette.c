/* palette.c: colour quantisation and pairs (see palette.h). */
#include "tui/palette.h"

#include <math.h>
#include <stdlib.h>

static color_depth depth = COLOR_MONO;

/* xterm's 8 basic colours, roughly as most terminals show them */
static const rgb ansi8[8] = {
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0},
	{0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
};
static const int cube_level[6] = {0, 95, 135, 175, 215, 255};

/* 4x4 Bayer matrix: thresholds 0..15 */
static const unsigned char bayer4[4][4] = {
	{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5},
};

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

static int cube_below(int v)
{
	int i = 0;
	while (i < 5 && cube_level[i + 1] <= v)
		i++;
	return i;
}

/* Nearest of the cube corners around the colour and the two nearest greys;
 * with dithering on, pick between the best two by where the colour lies on
 * the segment joining them, against a Bayer threshold, so the average over a
 * few pixels is the colour itself (no bands in smooth fields). */
static int nearest256(int r, int g, int b, int x, int y)
{
	lab t = to_lab(r, g, b);
	int cand[10], n = 0;
	int ri = cube_below(r), gi = cube_below(g), bi = cube_below(b);
	for (int k = 0; k < 8; k++) {
		int rr = ri + (k & 1), gg = gi + ((k >> 1) & 1), bb = bi + ((k >> 2) & 1);
		if (rr > 5 || gg > 5 || bb > 5)
			continue;
		cand[n++] = 16 + 36 * rr + 6 * gg + bb;
	}
	int avg = (r + g + b) / 3, gl = avg < 8 ? 0 : (avg - 8) / 10;
	if (gl > 23)
		gl = 23;
	cand[n++] = 232 + gl;
	if (gl < 23)
		cand[n++] = 233 + gl;
	int best = cand[0];
	float bd = 1e9f;
	for (int i = 0; i < n; i++) {
		float d = lab_dist(t, pal_lab[cand[i]]);
		if (d < bd) {
			best = cand[i];
			bd = d;
		}
	}
	if (x < 0)
		return best;
	/* the partner whose mix with `best` comes closest to the colour: a dark
	 * sea is a mix of grey and navy, neither of which is near it alone */
	lab p = pal_lab[best];
	int second = -1;
	float su = 0, sd = bd;
	for (int i = 0; i < n; i++) {
		if (cand[i] == best)
			continue;
		lab q = pal_lab[cand[i]];
		float ex = q.l - p.l, ea = q.a - p.a, eb = q.b - p.b;
		float len2 = ex * ex + ea * ea + eb * eb;
		if (len2 <= 0)
			continue;
		float u = ((t.l - p.l) * ex + (t.a - p.a) * ea + (t.b - p.b) * eb) / len2;
		if (u <= 0)
			continue;
		if (u > 1)
			u = 1;
		lab m = {p.l + u * ex, p.a + u * ea, p.b + u * eb};
		float d = lab_dist(t, m);
		if (d < sd) {
			sd = d;
			su = u;
			second = cand[i];
		}
	}
	if (second < 0)
		return best;
	float thr = (bayer4[y & 3][x & 3] + 0.5f) / 16.0f;
	return su > thr ? second : best;
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

int palette_index(rgb c, int x, int y)
{
	switch (depth) {
	case COLOR_DIRECT:
		return (c.r << 16) | (c.g << 8) | c.b;
	case COLOR_256:
		return nearest256(c.r, c.g, c.b, x, y);
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
	for (int e = 0; e < UI_COUNT; e++) {
		const ui_style *s = &ui_table[e];
		if (depth == COLOR_MONO || (s->fg < 0 && s->bg < 0)) {
			ui_pair[e] = 0;
			continue;
		}
		int fg = s->fg < 0 ? -1 : palette_index((rgb){s->fg >> 16, (s->fg >> 8) & 255, s->fg & 255}, -1, 0);
		int bg = s->bg < 0 ? -1 : palette_index((rgb){s->bg >> 16, (s->bg >> 8) & 255, s->bg & 255}, -1, 0);
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
