/* noise.c: seeding, dispatch and the Unity report's noise filters (§4.2):
 * `simple` fBm, `ridged` with weight feedback, and the first-layer mask.
 * The kernels live in noise_opensimplex2.c and noise_perlin.c. */
#include <math.h>
#include "noise.h"
#include "rng.h"

/* Stream id of the noise permutation within a planet's seed ("noise"). */
#define NOISE_STREAM 0x6e6f697365ull

void noise_init(noise_t *n, noise_kind kind, uint64_t seed)
{
	rng_t r;
	rng_seed_stream(&r, seed, NOISE_STREAM);
	n->kind = kind;
	n->seed = seed;
	for (int i = 0; i < NOISE_PERIOD; i++)
		n->perm[i] = (int16_t)i;
	for (int i = NOISE_PERIOD - 1; i > 0; i--) {  /* Fisher-Yates */
		int j = (int)rng_below(&r, (uint32_t)i + 1);
		int16_t t = n->perm[i];
		n->perm[i] = n->perm[j];
		n->perm[j] = t;
	}
	for (int i = 0; i < NOISE_PERIOD; i++) {
		n->perm[i + NOISE_PERIOD] = n->perm[i];
		/* 32 OpenSimplex2 gradients; 32 divides the period, so this keeps
		 * the gradient choice uniform and as random as the permutation. */
		n->grad_index[i] = n->grad_index[i + NOISE_PERIOD] = (int16_t)(n->perm[i] & 31);
	}
}

double noise_eval(const noise_t *n, double x, double y, double z)
{
	/* Far-off or non-finite points (only hostile input makes them) are
	 * folded back, so the lattice arithmetic never overflows an int. */
	if (!(fabs(x) < 1e6 && fabs(y) < 1e6 && fabs(z) < 1e6)) {
		if (!isfinite(x) || !isfinite(y) || !isfinite(z))
			return 0;
		x = fmod(x, NOISE_PERIOD);
		y = fmod(y, NOISE_PERIOD);
		z = fmod(z, NOISE_PERIOD);
	}
	return n->kind == NOISE_PERLIN ? noise_perlin(n, x, y, z)
	                               : noise_opensimplex2(n, x, y, z);
}

static inline double at(const noise_t *n, vec3 p, double f, vec3 c)
{
	return noise_eval(n, p.x * f + c.x, p.y * f + c.y, p.z * f + c.z);
}

double noise_layer_eval(const noise_t *n, const noise_layer *l, vec3 p)
{
	double v = 0, freq = l->base_roughness, amp = 1;
	if (l->filter == FILTER_RIDGED) {
		double weight = 1;
		for (int i = 0; i < l->layers; i++) {
			double o = 1 - fabs(at(n, p, freq, l->centre));
			o *= o;  /* sharpen the crease where the noise crosses 0 */
			o *= weight;
			/* Later octaves only show where earlier ones are high: ridges
			 * get detail, valleys stay smooth. */
			weight = o * l->weight_multiplier;
			weight = weight < 0 ? 0 : weight > 1 ? 1 : weight;
			v += o * amp;
			freq *= l->roughness;
			amp *= l->persistence;
		}
	} else {
		for (int i = 0; i < l->layers; i++) {
			v += (at(n, p, freq, l->centre) + 1) * 0.5 * amp;
			freq *= l->roughness;
			amp *= l->persistence;
		}
	}
	v -= l->min_value;
	return (v > 0 ? v : 0) * l->strength;
}

double noise_stack_eval(const noise_t *n, const noise_layer *layers, int count, vec3 p)
{
	double sum = 0, mask = 0;
	int first = 1;
	for (int i = 0; i < count; i++) {
		const noise_layer *l = &layers[i];
		if (!l->enabled)
			continue;
		if (first) {
			/* The first enabled layer is both terrain and the mask. */
			mask = noise_layer_eval(n, l, p);
			sum = mask;
			first = 0;
		} else if (l->use_first_layer_mask) {
			/* Skip the work where the mask is 0 (e.g. under the sea). */
			if (mask != 0)
				sum += noise_layer_eval(n, l, p) * mask;
		} else {
			sum += noise_layer_eval(n, l, p);
		}
	}
	return sum;
}

double noise_fbm(const noise_t *n, vec3 p, double freq, int octaves, double persistence)
{
	double v = 0, amp = 1, total = 0;
	for (int i = 0; i < octaves; i++) {
		v += noise_eval(n, p.x * freq, p.y * freq, p.z * freq) * amp;
		total += amp;
		freq *= 2;
		amp *= persistence;
	}
	return total > 0 ? v / total : 0;
}
