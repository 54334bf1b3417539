/* palette.h: from RGB to what the terminal can show, and the UI colours.
 *
 * Colours degrade step by step (direct -> 256 -> 8 -> none), never to black on
 * black. In 256 colours each colour goes to the nearest palette entry in OKLab
 * (hue weighted, so dark seas stay blue), without dithering: a dither
 * pattern reads as a checkerboard at character size and changes between
 * frames. Colours that name a class (a biome, a boundary type) get a palette
 * entry of their own, and water never takes a land class's entry. UI
 * elements take their colours from one table with a colour and a monochrome
 * scheme. */
#ifndef TECTONICA_TUI_PALETTE_H
#define TECTONICA_TUI_PALETTE_H

#include <stdbool.h>
#include <curses.h>
#include "io/colormap.h"
#include "tui/screen.h"

typedef enum {
	UI_TEXT, UI_STATUS, UI_TITLE, UI_BORDER, UI_FOCUS, UI_SELECT, UI_ERROR,
	UI_OK, UI_KEY, UI_DIM, UI_PLAY, UI_COUNT
} ui_elem;

void palette_init(const screen_caps *caps);
/* Terminal colour nearest to c. */
int palette_index(rgb c);
/* Declare the class colours of the view on screen (n <= 32; water[k] marks
 * the water classes). Cheap when nothing changed. */
void palette_classes(const rgb *cols, const bool *water, int n);
/* Terminal colour of class k. */
int palette_class(int k);
/* Like palette_index, but a colour within a class's texture gets the class's
 * colour and any other colour is treated as water (never a land class's). */
int palette_index_classed(rgb c);
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
