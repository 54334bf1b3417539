/* chooser.h: `o` opens a scenario or a saved state inside the dashboard.
 *
 * A box lists the installed presets (found as `tectonica NAME` finds them,
 * io/preset.c) and the *.yaml, *.yml and *.state files of the current
 * folder, with a first row to type a path (or a preset's name). A scenario
 * is read on the UI thread, so a bad file's first error (FILE:LINE:COL:
 * message) is shown at once and nothing changes; a good one is built by the
 * stepping thread as `p` builds the next planet, and `p` `P` then go through
 * its planets. A state file is loaded by the stepping thread (a file that
 * fails to load leaves the planet as it was and says why). Once the run has
 * steps the status line asks y/n first, as `r` does. */
#ifndef TECTONICA_TUI_CHOOSER_H
#define TECTONICA_TUI_CHOOSER_H

#include <curses.h>
#include "tui/ui.h"

/* o: open the box (reads the presets and the folder anew). */
unsigned chooser_show(ui_t *u);
/* A key while the box is open (u->choosing). */
unsigned chooser_key(ui_t *u, int key);
void chooser_draw(ui_t *u, WINDOW *w);
/* The y/n answer to "open X: discard these steps?" (u->confirm == 'o'). */
unsigned chooser_answer(ui_t *u, bool yes);
/* What that question opens, for the status line. */
const char *chooser_pending_name(const ui_t *u);
/* After each status pull: a state the stepping thread loaded (or not). */
void chooser_sync(ui_t *u);
/* Free everything (at exit: the planets of opened scenarios live until
 * then, as queued commands may point into them). */
void chooser_free(ui_t *u);

#endif
