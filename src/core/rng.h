/* rng.h: per-planet xorshift128+ generator, seeded through splitmix64.
 * No global state: every planet (and every derived stream) owns one. */
#ifndef TECTONICA_RNG_H
#define TECTONICA_RNG_H

#include <stdint.h>
#include "vec.h"

typedef struct rng { uint64_t s[2]; } rng_t;

void rng_seed(rng_t *r, uint64_t seed);
/* A generator for an independent stream (e.g. "plates", "noise") of a seed. */
void rng_seed_stream(rng_t *r, uint64_t seed, uint64_t stream);
uint64_t rng_next(rng_t *r);
double rng_uniform(rng_t *r);                 /* [0, 1) */
double rng_range(rng_t *r, double lo, double hi);
uint32_t rng_below(rng_t *r, uint32_t n);     /* [0, n), unbiased; n > 0 */
/* A point uniform on the unit sphere. */
vec3 rng_unit(rng_t *r);
uint64_t splitmix64(uint64_t *state);
/* Mix an integer into a well-spread 64-bit hash (stateless). */
uint64_t hash64(uint64_t x);

#endif
