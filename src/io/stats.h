/* stats.h: one JSON object per reported step (the --stats interface of
 * doc/design.md, "--stats"), written as JSON Lines. */
#ifndef TECTONICA_STATS_H
#define TECTONICA_STATS_H

#include <stdio.h>
#include "core/snapshot.h"

/* Write one line, whole or not at all (a regular file is cut back after a
 * failed write); flushes it. Returns 0, or -1 with errno on a write error. */
int stats_write_json(FILE *f, const snapshot_t *s);

#endif
