/* status.h: transient messages in the dashboard's status line, set by any
 * tui module and drawn by panels.c. */
#ifndef TECTONICA_TUI_STATUS_H
#define TECTONICA_TUI_STATUS_H

#include <stdbool.h>
#include "tui/ui.h"

/* Show a message in the status line for a few seconds. */
void status_message(ui_t *u, bool error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Is a message still to be shown at time now (clock_s)? */
bool status_message_shown(const ui_t *u, double now);

#endif
