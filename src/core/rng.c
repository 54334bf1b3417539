/* rng.c: xorshift128+ (Vigna 2014) seeded by splitmix64. */
#include "rng.h"

uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint64_t hash64(uint64_t x)
{
	return splitmix64(&x);
}

void rng_seed(rng_t *r, uint64_t seed)
{
	uint64_t st = seed;
	r->s[0] = splitmix64(&st);
	r->s[1] = splitmix64(&st);
	if (!r->s[0] && !r->s[1])       /* the all-zero state is a fixed point */
		r->s[1] = 1;
}

void rng_seed_stream(rng_t *r, uint64_t seed, uint64_t stream)
{
	rng_seed(r, seed ^ hash64(stream + 0x5851F42D4C957F2Dull));
}

uint64_t rng_next(rng_t *r)
{
	uint64_t s1 = r->s[0];
	const uint64_t s0 = r->s[1];
	r->s[0] = s0;
	s1 ^= s1 << 23;
	r->s[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
	return r->s[1] + s0;
}

double rng_uniform(rng_t *r)
{
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

double rng_range(rng_t *r, double lo, double hi)
{
	return lo + (hi - lo) * rng_uniform(r);
}

vec3 rng_unit(rng_t *r)
{
	/* uniform z and longitude give a uniform point (Archimedes) */
	double z = rng_range(r, -1, 1), phi = rng_range(r, 0, 2 * M_PI);
	double s = sqrt(fmax(0, 1 - z * z));
	return v3(s * cos(phi), s * sin(phi), z);
}

uint32_t rng_below(rng_t *r, uint32_t n)
{
	/* Lemire's multiply-shift with rejection: no modulo bias. */
	uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
	uint32_t low = (uint32_t)m;
	if (low < n) {
		uint32_t t = (uint32_t)(-n) % n;
		while (low < t) {
			m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}
