/* widgets.h: small drawing helpers shared by the panels: boxes with titles,
 * clipped text and numbers with thousands separators. */
#ifndef TECTONICA_TUI_WIDGETS_H
#define TECTONICA_TUI_WIDGETS_H

#include <curses.h>
#include <stddef.h>
#include "tui/layout.h"
#include "tui/ui.h"

/* A frame around r with a title; focused frames stand out. */
void widget_box(const ui_t *u, WINDOW *w, rect r, const char *title, bool focus);
/* printf into row y of r's inside, clipped to its width; returns columns used. */
int widget_printf(WINDOW *w, rect r, int y, int x, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Columns a UTF-8 string takes. */
int widget_text_cols(const char *s);
/* text into row y of r's inside from column x; cut short, it ends in an
 * ellipsis (a cut word reads as a typo). Returns columns used. */
int widget_print_cut(const ui_t *u, WINDOW *w, rect r, int y, int x, const char *text);
/* "40 962" (UTF-8 thin space) or "40,962". */
const char *widget_group(const ui_t *u, long long v, char *buf, size_t n);
/* Inner rectangle of a framed box. */
static inline rect widget_inner(rect r)
{
	return (rect){r.y + 1, r.x + 1, r.h - 2, r.w - 2};
}

#endif
