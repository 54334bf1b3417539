/* globe.h: an orthographic, lit view of the planet with its tilted axis.
 *
 * The globe turns about the planet's rotation axis; the axis leans by the
 * scenario's axial tilt and pokes out of both poles. Pixels are square (half
 * blocks) or one per character with a 1:2 aspect; `sq` says which. */
#ifndef TECTONICA_TUI_GLOBE_H
#define TECTONICA_TUI_GLOBE_H

#include <stdbool.h>
#include <stdint.h>
#include "io/colormap.h"
#include "tui/ui.h"

/* Fill pw x ph pixels; yscale = screen height of one pixel in pixel widths
 * (1 for half blocks, 2 for one sample per character). */
void globe_render(const ui_t *u, int pw, int ph, double yscale, rgb *pix, int32_t *cell);
/* Pixel -> point of the sphere (planet frame); false outside the disc. */
bool globe_unproject(const ui_t *u, int pw, int ph, double yscale, double px, double py, vec3 *p);
/* Point of the sphere -> pixel; false on the far side. */
bool globe_project(const ui_t *u, int pw, int ph, double yscale, vec3 p, double *px, double *py);

#endif
