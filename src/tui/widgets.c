/* widgets.c: boxes, clipped text, grouped numbers (see widgets.h). */
#include "tui/widgets.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include "tui/palette.h"

void widget_box(const ui_t *u, WINDOW *w, rect r, const char *title, bool focus)
{
	if (r.h < 2 || r.w < 2)
		return;
	palette_use(w, focus ? UI_FOCUS : UI_BORDER);
	mvwhline(w, r.y, r.x + 1, ACS_HLINE, r.w - 2);
	mvwhline(w, r.y + r.h - 1, r.x + 1, ACS_HLINE, r.w - 2);
	mvwvline(w, r.y + 1, r.x, ACS_VLINE, r.h - 2);
	mvwvline(w, r.y + 1, r.x + r.w - 1, ACS_VLINE, r.h - 2);
	mvwaddch(w, r.y, r.x, ACS_ULCORNER);
	mvwaddch(w, r.y, r.x + r.w - 1, ACS_URCORNER);
	mvwaddch(w, r.y + r.h - 1, r.x, ACS_LLCORNER);
	mvwaddch(w, r.y + r.h - 1, r.x + r.w - 1, ACS_LRCORNER);
	if (title && r.w > 6) {
		palette_use(w, focus ? UI_FOCUS : UI_TITLE);
		widget_printf(w, (rect){r.y, r.x + 1, 1, r.w - 3}, 0, 0, " %s ", title);
	}
	palette_use(w, UI_TEXT);
}

/* Display width of a UTF-8 string, for clipping. */
static int text_width(const char *s, size_t *bytes_for, int maxw)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	int wsum = 0;
	size_t i = 0, len = strlen(s);
	while (i < len) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + i, len - i, &st);
		if (k == (size_t)-1 || k == (size_t)-2) {
			k = 1;
			wc = '?';
		}
		int cw = wcwidth(wc);
		if (cw < 0)
			cw = 1;
		if (wsum + cw > maxw)
			break;
		wsum += cw;
		i += k ? k : 1;
	}
	*bytes_for = i;
	return wsum;
}

int widget_text_cols(const char *s)
{
	size_t nb;
	return text_width(s, &nb, INT_MAX);
}

int widget_print_cut(const ui_t *u, WINDOW *w, rect r, int y, int x, const char *text)
{
	int maxw = r.w - x;
	if (y < 0 || y >= r.h || maxw <= 0)
		return 0;
	size_t nb;
	int used = text_width(text, &nb, maxw);
	if (!text[nb]) {
		mvwaddnstr(w, r.y + y, r.x + x, text, (int)nb);
		return used;
	}
	const char *dots = ui_sym(u, "\u2026", "...");
	int dots_w = widget_text_cols(dots);
	if (maxw <= dots_w)
		return 0;
	used = text_width(text, &nb, maxw - dots_w);
	mvwaddnstr(w, r.y + y, r.x + x, text, (int)nb);
	waddstr(w, dots);
	return used + dots_w;
}

int widget_printf(WINDOW *w, rect r, int y, int x, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	int maxw = r.w - x;
	if (y < 0 || y >= r.h || maxw <= 0)
		return 0;
	size_t nb;
	int used = text_width(buf, &nb, maxw);
	mvwaddnstr(w, r.y + y, r.x + x, buf, (int)nb);
	return used;
}

const char *widget_group(const ui_t *u, long long v, char *buf, size_t n)
{
	char digits[32];
	snprintf(digits, sizeof digits, "%lld", v < 0 ? -v : v);
	const char *sep = u->caps.utf8 ? "\u2009" : ",";
	size_t len = strlen(digits), o = 0;
	if (v < 0 && o + 1 < n)
		buf[o++] = '-';
	for (size_t i = 0; i < len && o + 4 < n; i++) {
		if (i && (len - i) % 3 == 0)
			for (const char *p = sep; *p && o + 1 < n; p++)
				buf[o++] = *p;
		buf[o++] = digits[i];
	}
	buf[o] = 0;
	return buf;
}
