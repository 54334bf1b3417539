/* palette.h: from RGB to what the terminal can show, and the UI colours.
 *
 * Colours degrade step by step (direct -> 256 -> 8 -> none), never to black on
 * black. In 256 colours the palette entry is chosen in OKLab (hue weighted)
 * among the cube corners and greys around the colour, with an ordered dither
 * between the best two, so smooth fields shade instead of banding and dark
 * seas stay blue. UI elements take their
 * colours from one table with a colour and a monochrome scheme. */
#ifndef TECTONICA_TUI_PALETTE_H
#define TECTONICA_TUI_PALETTE_H

#include <curses.h>
#include "io/colormap.h"
#include "tui/screen.h"

typedef enum {
	UI_TEXT, UI_STATUS, UI_TITLE, UI_BORDER, UI_FOCUS, UI_SELECT, UI_ERROR,
	UI_OK, UI_KEY, UI_DIM, UI_PLAY, UI_COUNT
} ui_elem;

void palette_init(const screen_caps *caps);
/* Terminal colour for c at pixel (x, y) (the position drives the dither). */
int palette_index(rgb c, int x, int y);
/* A colour pair (extended number) for two terminal colours; 0 in mono. */
int palette_pair(int fg, int bg);
/* Black or white, whichever reads better on terminal colour `bg`. */
int palette_contrast(int bg);
/* Approximate RGB of a terminal colour (for contrast decisions). */
rgb palette_rgb_of(int idx);
/* Attributes and pair of a UI element. */
void palette_ui(ui_elem e, attr_t *attr, int *pair);
/* Set a UI element's look on a window. */
void palette_use(WINDOW *w, ui_elem e);

#endif
