/* planet_state.h: a planet's evolving state as a byte buffer (no I/O). */
#ifndef TECTONICA_PLANET_STATE_H
#define TECTONICA_PLANET_STATE_H

#include <stddef.h>
#include <stdint.h>
#include "planet.h"

struct pool;

/* *out is malloc'd; 0 or -1 (out of memory). */
int planet_serialize(const planet_t *pl, uint8_t **out, size_t *len);
/* NULL with a message if the bytes are not a valid state. */
planet_t *planet_deserialize(const uint8_t *data, size_t len, struct pool *pool,
                             char *err, size_t errlen);

#endif
