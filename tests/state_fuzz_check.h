/* state_fuzz_check.h: the property both state-loader fuzzers check. */
#ifndef TECTONICA_STATE_FUZZ_CHECK_H
#define TECTONICA_STATE_FUZZ_CHECK_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/planet_internal.h"
#include "core/planet_state.h"

/* Payloads whose grid is large are skipped: loading them is legitimate but
 * slow, and a fuzzer needs thousands of inputs a second. */
#define STATE_FUZZ_MAX_CELLS 20000

/* 0: refused; 1: loaded, stepped twice and every invariant holds;
 * -1: loaded but unsound (a bug). */
static inline int state_fuzz_check(const uint8_t *data, size_t len)
{
	if (len >= sizeof(params)) {
		params p;
		memcpy(&p, data, sizeof p);
		long cells = params_cell_count(&p);
		if (cells < 0 || cells > STATE_FUZZ_MAX_CELLS)
			return 0;
	}
	char err[256];
	planet_t *pl = planet_deserialize(data, len, NULL, err, sizeof err);
	if (!pl)
		return 0;
	int sound = 1;
	for (int step = 0; step < 2 && sound; step++) {
		if (planet_step(pl, err, sizeof err) < 0)
			break;            /* refusing to go on is allowed */
		for (int c = 0; c < pl->grid->n && sound; c++) {
			int o = pl->owner[c];
			sound = o < pl->nplates && pl->sample[c] >= 0 &&
			        pl->sample[c] < pl->plates[o].crust.count &&
			        isfinite(pl->elevation[c]) && pl->elevation[c] >= ELEV_MIN_M &&
			        pl->elevation[c] <= ELEV_MAX_M;
		}
	}
	planet_free(pl);
	return sound ? 1 : -1;
}

#endif
