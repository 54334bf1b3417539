/* test_noise.c: both kernels are deterministic per seed, bounded, centred
 * and continuous (also across lattice cell boundaries, where a wrong kernel
 * radius would jump), seamless on the sphere; the simple/ridged filters and
 * the first-layer mask follow the Unity report's formulas. */
#include <string.h>
#include "tap.h"
#include "core/noise.h"
#include "core/rng.h"

#define SAMPLES 200000

static noise_t na, nb, nc; /* 8 KiB each: keep them off the stack */
static const char *kind_name[] = {"opensimplex2", "perlin"};

static vec3 rand_point(rng_t *r, double span)
{
	return v3(rng_range(r, -span, span), rng_range(r, -span, span), rng_range(r, -span, span));
}

static double ev(const noise_t *n, vec3 p) { return noise_eval(n, p.x, p.y, p.z); }

static void test_determinism(noise_kind k)
{
	const char *nm = kind_name[k];
	noise_init(&na, k, 1234);
	noise_init(&nb, k, 1234);
	noise_init(&nc, k, 1235);
	ok(memcmp(&na, &nb, sizeof na) == 0, "%s: same seed gives identical tables", nm);
	rng_t r;
	rng_seed(&r, 1);
	int same = 1, differ = 0;
	for (int i = 0; i < 1000; i++) {
		vec3 p = rand_point(&r, 50);
		double a = ev(&na, p);
		same &= a == ev(&nb, p) && a == ev(&na, p);
		differ += a != ev(&nc, p);
	}
	ok(same, "%s: same seed, separate noise_t: identical values", nm);
	ok(differ > 990, "%s: a different seed gives different values (%d/1000)", nm, differ);
	noise_t copy = na; /* a plain value: a copy evaluates the same */
	vec3 p = v3(0.3, -0.7, 0.2);
	ok(ev(&copy, p) == ev(&na, p), "%s: a copied noise_t evaluates the same", nm);
}

static void test_range(noise_kind k)
{
	const char *nm = kind_name[k];
	noise_init(&na, k, 77);
	rng_t r;
	rng_seed(&r, 2);
	double lo = 1e9, hi = -1e9, sum = 0;
	for (int i = 0; i < SAMPLES; i++) {
		double v = ev(&na, rand_point(&r, 200));
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
		sum += v;
	}
	tap_diag("%s: %d samples in [%.4f, %.4f], mean %.5f", nm, SAMPLES, lo, hi, sum / SAMPLES);
	ok(lo >= -1.05 && hi <= 1.05, "%s: range within [-1.05, 1.05]", nm);
	ok(lo < -0.6 && hi > 0.6, "%s: range reaches beyond +-0.6", nm);
	ok(fabs(sum / SAMPLES) < 0.01, "%s: mean near 0", nm);
}

/* Lipschitz bound: tiny steps give tiny changes, anywhere. */
static void test_continuity(noise_kind k)
{
	const char *nm = kind_name[k];
	const double K = 20, d = 1e-7;
	noise_init(&na, k, 5);
	rng_t r;
	rng_seed(&r, 3);
	double worst = 0;
	for (int i = 0; i < SAMPLES; i++) {
		vec3 p = rand_point(&r, 100);
		vec3 dir = v3_norm(rand_point(&r, 1));
		double s = fabs(ev(&na, p) - ev(&na, v3_add(p, v3_scale(dir, d)))) / d;
		worst = s > worst ? s : worst;
	}
	tap_diag("%s: largest slope seen %.3f", nm, worst);
	ok(worst <= K, "%s: |n(p) - n(p + d)| <= %g |d| at random points", nm, K);

	/* Straddle cell boundaries on purpose: the integer and half-integer
	 * planes of the lattice (OpenSimplex2's lattice frame is the input
	 * frame reflected through the plane normal to (1,1,1), an involution,
	 * so mapping a lattice-frame point back uses the same formula). */
	worst = 0;
	for (int i = 0; i < SAMPLES; i++) {
		vec3 q = rand_point(&r, 100);
		double c[3] = {q.x, q.y, q.z};
		int axes = 1 + (int)rng_below(&r, 3);
		for (int a = 0; a < axes; a++) {
			int ax = (int)rng_below(&r, 3);
			c[ax] = floor(c[ax]) + (rng_below(&r, 2) ? 0.5 : 0.0);
		}
		double e = 1e-9;
		vec3 lo = v3(c[0] - e, c[1] - e, c[2] - e), hi = v3(c[0] + e, c[1] + e, c[2] + e);
		if (k == NOISE_OPENSIMPLEX2) {
			double r1 = (2.0 / 3.0) * (lo.x + lo.y + lo.z);
			double r2 = (2.0 / 3.0) * (hi.x + hi.y + hi.z);
			lo = v3(r1 - lo.x, r1 - lo.y, r1 - lo.z);
			hi = v3(r2 - hi.x, r2 - hi.y, r2 - hi.z);
		}
		double s = fabs(ev(&na, lo) - ev(&na, hi)) / v3_len(v3_sub(hi, lo));
		worst = s > worst ? s : worst;
	}
	tap_diag("%s: largest slope across cell boundaries %.3f", nm, worst);
	ok(worst <= K, "%s: no jumps across lattice cell boundaries", nm);
}

static void test_sphere_seam(noise_kind k)
{
	const char *nm = kind_name[k];
	noise_init(&na, k, 9);
	const double pi = acos(-1.0);
	double worst = 0;
	for (int f = 1; f <= 64; f *= 4)
		for (int i = 0; i <= 180; i++) {
			double lat = (i - 90) * pi / 180;
			vec3 e = v3_scale(v3_from_latlon(lat, pi), f);
			vec3 w = v3_scale(v3_from_latlon(lat, -pi), f);
			worst = fmax(worst, fabs(ev(&na, e) - ev(&na, w)));
		}
	ok(worst < 1e-9, "%s: lon +180 and -180 agree on the sphere (max diff %.2g)", nm, worst);
	worst = 0;
	for (int i = 0; i < 360; i++) {
		double lon = (i - 180) * pi / 180;
		worst = fmax(worst, fabs(ev(&na, v3_from_latlon(pi / 2, lon)) -
		                         ev(&na, v3_from_latlon(pi / 2, 0))));
	}
	ok(worst < 1e-9, "%s: the north pole has one value for every longitude", nm);
}

static noise_layer layer(filter_kind f)
{
	return (noise_layer){.enabled = true, .filter = f, .strength = 1, .base_roughness = 1.5,
	                     .roughness = 2.2, .persistence = 0.5, .layers = 5,
	                     .centre = {0.1, -0.2, 0.3}, .weight_multiplier = 0.8};
}

static void test_filters(noise_kind k)
{
	const char *nm = kind_name[k];
	noise_init(&na, k, 11);
	rng_t r;
	rng_seed(&r, 4);

	noise_layer simple = layer(FILTER_SIMPLE), ridged = layer(FILTER_RIDGED);
	simple.min_value = 1.0; /* roughly the mean of 5 octaves: half is cut */
	noise_layer zero = simple;
	zero.strength = 0;
	noise_layer masked = ridged;
	masked.use_first_layer_mask = true;
	noise_layer off = ridged;
	off.enabled = false;

	int s_neg = 0, s_zero = 0, r_bad = 0, z_bad = 0, m_bad = 0, m_hits = 0, d_bad = 0;
	double r_lo = 1e9, r_hi = -1e9;
	/* Ridged with weight: octave i adds at most persistence^i. */
	double r_max = 1 + 0.5 + 0.25 + 0.125 + 0.0625;
	for (int i = 0; i < 20000; i++) {
		vec3 p = v3_norm(rand_point(&r, 1));
		double s = noise_layer_eval(&na, &simple, p);
		double g = noise_layer_eval(&na, &ridged, p);
		s_neg += s < 0;
		s_zero += s == 0;
		r_bad += !(g >= 0 && g <= r_max);
		r_lo = fmin(r_lo, g);
		r_hi = fmax(r_hi, g);
		z_bad += noise_layer_eval(&na, &zero, p) != 0;

		noise_layer st[3] = {simple, masked, off};
		double v = noise_stack_eval(&na, st, 3, p);
		if (s == 0) {
			m_hits++;
			m_bad += v != 0;
		}
		m_bad += fabs(v - (s + g * s)) > 1e-12;

		/* A disabled first layer: the next enabled one becomes the mask. */
		noise_layer st2[3] = {off, simple, masked};
		d_bad += noise_stack_eval(&na, st2, 3, p) != v;
		noise_layer st3[2] = {simple, off};
		d_bad += noise_stack_eval(&na, st3, 2, p) != s;
	}
	ok(!s_neg && s_zero > 100, "%s: simple with min_value is >= 0 and clipped to 0 (%d zeros)",
	   nm, s_zero);
	ok(!r_bad && r_hi - r_lo > 0.3, "%s: ridged stays in [0, %.4f] (seen [%.3f, %.3f])", nm,
	   r_max, r_lo, r_hi);
	ok(!z_bad, "%s: a zero-strength layer gives 0", nm);
	ok(!m_bad && m_hits > 100, "%s: masked layers vanish where the first layer is 0 (%d points)",
	   nm, m_hits);
	ok(!d_bad, "%s: disabled layers contribute nothing", nm);
	ok(noise_stack_eval(&na, &simple, 0, v3(0, 0, 1)) == 0, "%s: an empty stack is 0", nm);

	/* Unclipped simple fBm is centred on the octave amplitude sum / 2. */
	noise_layer plain = layer(FILTER_SIMPLE);
	plain.layers = 1;
	plain.min_value = 0;
	double lo = 1e9, hi = -1e9;
	for (int i = 0; i < 20000; i++) {
		double v = noise_layer_eval(&na, &plain, v3_norm(rand_point(&r, 1)));
		lo = fmin(lo, v);
		hi = fmax(hi, v);
	}
	ok(lo >= 0 && hi <= 1.025 && hi - lo > 0.6, "%s: one simple octave maps noise to [0, 1]", nm);

	lo = 1e9, hi = -1e9;
	int fbm_same = 1;
	for (int i = 0; i < 20000; i++) {
		vec3 p = v3_norm(rand_point(&r, 1));
		double v = noise_fbm(&na, p, 2.0, 6, 0.5);
		fbm_same &= v == noise_fbm(&na, p, 2.0, 6, 0.5);
		lo = fmin(lo, v);
		hi = fmax(hi, v);
	}
	ok(lo >= -1 && hi <= 1 && hi - lo > 0.5 && fbm_same,
	   "%s: noise_fbm stays in [-1, 1] (seen [%.3f, %.3f])", nm, lo, hi);
}

int main(void)
{
	tap_init();
	for (int k = NOISE_OPENSIMPLEX2; k <= NOISE_PERLIN; k++) {
		test_determinism(k);
		test_range(k);
		test_continuity(k);
		test_sphere_seam(k);
		test_filters(k);
	}

	noise_init(&na, NOISE_PERLIN, 3);
	int zeros = 1;
	for (int x = -4; x <= 4; x++)
		for (int y = -4; y <= 4; y++)
			for (int z = -4; z <= 4; z++)
				zeros &= noise_eval(&na, x * 37, y * 11 + 1000, z) == 0;
	ok(zeros, "perlin is exactly 0 at integer lattice points");

	noise_init(&na, NOISE_OPENSIMPLEX2, 3);
	noise_init(&nb, NOISE_PERLIN, 3);
	ok(noise_eval(&na, 0.3, 0.1, 0.7) != noise_eval(&nb, 0.3, 0.1, 0.7),
	   "noise_init picks the algorithm");
	return tap_done();
}
