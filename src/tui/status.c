/* status.c: transient messages in the dashboard's status line. */
#include "tui/status.h"

#include <stdarg.h>
#include <stdio.h>

#include "base/clock.h"

void status_message(ui_t *u, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(u->msg, sizeof u->msg, fmt, ap);
	va_end(ap);
	u->msg_err = error;
	u->msg_until = clock_s() + (error ? 6 : 4);
	u->dirty |= DIRTY_TEXT;
}

bool status_message_shown(const ui_t *u, double now)
{
	return u->msg[0] && now < u->msg_until;
}
