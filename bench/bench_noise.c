/* bench_noise.c: ns per raw noise_eval for each kernel and per 6-octave
 * simple and ridged layer, at points on the unit sphere (best of 5 runs).
 * `bench_noise --calibrate` checks the kernels' normalisation: the largest
 * |value| found by gradient ascent from many random starts (a lower bound:
 * the extreme gradient configurations are rare, Perlin's especially). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/noise.h"
#include "core/rng.h"

#define NPTS 65536 /* too many for the branch predictor to learn */
#define RUNS 5

static noise_t nz;
static vec3 pts[NPTS];
static volatile double sink;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* what: 0 raw eval at frequency 4, 1 simple layer, 2 ridged layer. */
static double bench(int what, long evals)
{
	noise_layer l = {.enabled = true, .filter = what == 2 ? FILTER_RIDGED : FILTER_SIMPLE,
	                 .strength = 1, .base_roughness = 1.5, .roughness = 2.2,
	                 .persistence = 0.5, .layers = 6, .weight_multiplier = 0.8};
	double best = 1e30;
	for (int run = 0; run < RUNS; run++) {
		double sum = 0, t0 = now();
		for (long i = 0; i < evals; i++) {
			vec3 p = pts[i & (NPTS - 1)];
			sum += what ? noise_layer_eval(&nz, &l, p)
			            : noise_eval(&nz, p.x * 4, p.y * 4, p.z * 4);
		}
		double dt = (now() - t0) * 1e9 / evals;
		sink = sum;
		best = dt < best ? dt : best;
	}
	return best;
}

static double climb_max(noise_kind kind)
{
	rng_t r;
	rng_seed(&r, 5);
	double best = 0;
	for (int seed = 0; seed < 4; seed++) {
		noise_init(&nz, kind, seed);
		for (int sgn = -1; sgn <= 1; sgn += 2)
			for (int t = 0; t < 200000; t++) {
				double p[3] = {rng_range(&r, -500, 500), rng_range(&r, -500, 500),
				               rng_range(&r, -500, 500)};
				double v = sgn * noise_eval(&nz, p[0], p[1], p[2]);
				if (v < 0.8 * best)
					continue;
				/* Gradient ascent with a step that halves when it overshoots. */
				for (double h = 0.05; h > 1e-9;) {
					double g[3], q[3], e = 1e-6, len = 0;
					for (int d = 0; d < 3; d++) {
						memcpy(q, p, sizeof q);
						q[d] += e;
						double up = sgn * noise_eval(&nz, q[0], q[1], q[2]);
						q[d] -= 2 * e;
						g[d] = up - sgn * noise_eval(&nz, q[0], q[1], q[2]);
						len += g[d] * g[d];
					}
					len = sqrt(len);
					if (len == 0)
						break;
					for (int d = 0; d < 3; d++)
						q[d] = p[d] + h * g[d] / len;
					double w = sgn * noise_eval(&nz, q[0], q[1], q[2]);
					if (w > v) {
						v = w;
						memcpy(p, q, sizeof q);
					} else {
						h *= 0.5;
					}
				}
				best = v > best ? v : best;
			}
	}
	return best;
}

int main(int argc, char **argv)
{
	static const char *name[] = {"opensimplex2", "perlin"};
	if (argc > 1 && !strcmp(argv[1], "--calibrate")) {
		for (int k = 0; k < 2; k++) {
			double m = climb_max(k);
			printf("%-12s largest |noise| found %.7f (1/x = %.6f)\n",
			       name[k], m, 1 / m);
		}
		return 0;
	}
	long evals = argc > 1 ? atol(argv[1]) : 2000000;
	rng_t r;
	rng_seed(&r, 1);
	for (int i = 0; i < NPTS; i++)
		pts[i] = v3_norm(v3(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1)));
	printf("%-12s %10s %14s %14s\n", "kernel", "ns/eval", "ns/simple(6)", "ns/ridged(6)");
	for (int k = 0; k < 2; k++) {
		noise_init(&nz, k, 42);
		double e = bench(0, evals), s = bench(1, evals / 6), g = bench(2, evals / 6);
		printf("%-12s %10.1f %14.1f %14.1f\n", name[k], e, s, g);
	}
	return 0;
}
