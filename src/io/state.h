/* state.h: save and resume a simulation (--save / --load, dashboard `s`).
 *
 * A state file is a magic, a format version, the payload length, the payload
 * (planet_serialize) and a 64-bit checksum of the payload. It is written to a
 * temporary file and renamed, so a crash never leaves half a file; loading
 * checks all of it before trusting a byte, and resumes bit-identically. */
#ifndef TECTONICA_STATE_H
#define TECTONICA_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include "core/planet.h"

struct pool;

int state_save(const planet_t *pl, const char *path, char *err, size_t errlen);
/* Whether path starts with a state file's magic (what to open it as). */
bool state_is_file(const char *path);
/* Returns a planet, or NULL with a message (bad file -> *bad_input = 1). */
planet_t *state_load(const char *path, struct pool *pool, int *bad_input, char *err, size_t errlen);

#endif
