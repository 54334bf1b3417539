/* noise.h: seeded 3D gradient noise (OpenSimplex2 and Perlin) and the
 * Unity report's `simple` and `ridged` filters with a first-layer mask.
 *
 * A noise_t owns its permutation tables, so planets share nothing. Noise is
 * evaluated at points on (or near) the unit sphere: no seams, no pinched
 * poles. All functions are pure given the noise_t and are thread-safe. */
#ifndef TECTONICA_NOISE_H
#define TECTONICA_NOISE_H

#include <stdint.h>
#include "params.h"
#include "vec.h"

/* Both kernels hash lattice points through one seeded permutation of
 * 0..NOISE_PERIOD-1 (so the noise repeats every 1024 lattice units, far more
 * than any planet samples). Tables are doubled so that perm[perm[i] + j] + k
 * never wraps. A plain value: copy it, embed it, no heap. */
#define NOISE_PERIOD 1024
#define NOISE_MASK (NOISE_PERIOD - 1)

typedef struct noise {
	noise_kind kind;
	uint64_t seed;
	int16_t perm[2 * NOISE_PERIOD];       /* permutation, doubled */
	int16_t grad_index[2 * NOISE_PERIOD]; /* gradient per slot (perm[i] mod table size) */
} noise_t;

void noise_init(noise_t *n, noise_kind kind, uint64_t seed);
/* Raw noise in roughly [-1, 1]. */
double noise_eval(const noise_t *n, double x, double y, double z);
/* One filtered layer at unit vector p (Unity report's formulas). */
double noise_layer_eval(const noise_t *n, const noise_layer *l, vec3 p);
/* The whole stack: first layer, then the others masked by it where asked. */
double noise_stack_eval(const noise_t *n, const noise_layer *layers, int count, vec3 p);
/* Plain fBm helper used by climate and plate warping: lacunarity 2, the sum
 * divided by the total amplitude so it stays within [-1, 1]. */
double noise_fbm(const noise_t *n, vec3 p, double freq, int octaves, double persistence);
/* noise_fbm at p[0..count-1] into out[], bit for bit the same values;
 * four points at a time with AVX2 where the CPU has it (noise_many.c). */
void noise_fbm_many(const noise_t *n, const vec3 *p, int count, double freq, int octaves,
                    double persistence, double *out);
/* Whether noise_fbm_many uses its vector path; set_simd(0) makes it use
 * the scalar one (tests compare the two), set_simd(1) the CPU's choice. */
int noise_many_simd(void);
void noise_many_set_simd(int on);

/* The raw kernels behind noise_eval (whatever n->kind says). Both are in
 * roughly [-1, 1]; Perlin is exactly 0 at integer points. */
double noise_opensimplex2(const noise_t *n, double x, double y, double z);
double noise_perlin(const noise_t *n, double x, double y, double z);

#endif
