/* noise.c: placeholder until the noise module lands. */
#include "noise.h"
void noise_init(noise_t *n, noise_kind kind, uint64_t seed) { n->kind = kind; n->seed = seed; }
double noise_eval(const noise_t *n, double x, double y, double z) { return 0; }
double noise_layer_eval(const noise_t *n, const noise_layer *l, vec3 p) { return 0; }
double noise_stack_eval(const noise_t *n, const noise_layer *layers, int count, vec3 p) { return 0; }
double noise_fbm(const noise_t *n, vec3 p, double freq, int octaves, double persistence) { return 0; }
