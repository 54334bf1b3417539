/* scale.h: colour scales that adapt to the planet shown, for the motion,
 * stress and age views (the ramps of io/colormap.c, stretched).
 *
 * The top of the scale is a robust maximum of the values (the 98th
 * percentile: a few extreme cells do not wash the rest out) rounded up to
 * a nice number (1, 1.5, 2, 3, 4, 5, 6 or 8 times a power of ten). It holds
 * while the values stay in a band below it and only moves when they leave
 * the band (above the top, or under 40 % of it), so it does not flicker
 * from step to step and small values never leave a view blank. */
#ifndef TECTONICA_TUI_SCALE_H
#define TECTONICA_TUI_SCALE_H

#include <stdbool.h>
#include "io/colormap.h"
#include "tui/ui.h"

/* Whether view v's scale adapts. */
bool scale_adaptive(view_kind v);
/* The top of view v's scale for u->snap (0 for views that do not adapt),
 * brought up to date with the snapshot first. */
double scale_top(ui_t *u, view_kind v);
/* The nice number at or above x (> 0). */
double scale_nice(double x);
/* The value view v shows at cell c (motion: speed, cm/yr; stress: |stress|;
 * age: Myr, oceanic crust only), or a negative number for none. */
double scale_value(const snapshot_t *s, view_kind v, int c);

#endif
