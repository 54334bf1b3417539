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

/* noise_fbm_many gives noise_fbm's values to the bit, on the vector path
 * and the scalar one: points on the sphere at the export's detail
 * frequencies, anywhere in a large box, on the lattice's cell boundaries
 * (where the rounding and the sign of a zero decide), -0.0 coordinates,
 * points noise_eval folds and NaN mixed into groups of four, and counts
 * that are not a multiple of four. */
#define MANY 4099
static vec3 many_p[MANY];
static double many_a[MANY];

static int many_matches(noise_kind k, int octaves, double freq, double persistence, int count)
{
	int same = 1;
	noise_fbm_many(&na, many_p, count, freq, octaves, persistence, many_a);
	for (int i = 0; i < count; i++) {
		double b = noise_fbm(&na, many_p[i], freq, octaves, persistence);
		if (memcmp(&b, &many_a[i], sizeof b) != 0) {
			if (same)
				tap_diag("%s: point %d (%.17g, %.17g, %.17g) at %g: %.17g, noise_fbm %.17g",
				         kind_name[k], i, many_p[i].x, many_p[i].y, many_p[i].z, freq,
				         many_a[i], b);
			same = 0;
		}
	}
	return same;
}

static void test_many(noise_kind k, int simd)
{
	const char *nm = kind_name[k];
	noise_many_set_simd(simd);
	tap_diag("%s: noise_fbm_many on its %s path", nm, noise_many_simd() ? "AVX2" : "scalar");
	noise_init(&na, k, 0x5ab0ce11d37a11ull);
	rng_t r;
	rng_seed(&r, 21);
	int same = 1;
	for (int i = 0; i < MANY; i++)
		many_p[i] = v3_norm(rand_point(&r, 1));
	for (int f = 0; f < 4; f++)    /* grid levels 5..8: 2 / spacing */
		same &= many_matches(k, 3, 36.0 * (1 << f) + rng_range(&r, 0, 1), 0.5, MANY);
	same &= many_matches(k, 6, 3.7, 0.55, MANY) && many_matches(k, 1, 9.0, 0.5, MANY - 2);
	ok(same, "%s: noise_fbm_many equals noise_fbm on the sphere", nm);

	for (int i = 0; i < MANY; i++)
		many_p[i] = rand_point(&r, 3000);
	ok(many_matches(k, 3, 1.0, 0.5, MANY) && many_matches(k, 2, 0.37, 0.7, MANY - 1),
	   "%s: noise_fbm_many equals noise_fbm in a large box", nm);

	/* lattice-frame points on integer and half-integer planes, a hair
	 * either side or exactly on them, mapped back (the reflection is its
	 * own inverse); some coordinates -0.0 */
	for (int i = 0; i < MANY; i++) {
		double c[3];
		for (int a = 0; a < 3; a++) {
			double base = floor(rng_range(&r, -50, 50)) + (rng_below(&r, 2) ? 0.5 : 0.0);
			int how = (int)rng_below(&r, 4);
			c[a] = how == 0 ? base : how == 1 ? nextafter(base, 1e9)
			     : how == 2 ? nextafter(base, -1e9) : rng_range(&r, -50, 50);
		}
		double q = (2.0 / 3.0) * (c[0] + c[1] + c[2]);
		many_p[i] = rng_below(&r, 2) ? v3(q - c[0], q - c[1], q - c[2]) : v3(c[0], c[1], c[2]);
		if (rng_below(&r, 8) == 0)
			many_p[i].y = -0.0;
	}
	ok(many_matches(k, 1, 1.0, 0.5, MANY) && many_matches(k, 3, 0.5, 0.5, MANY),
	   "%s: noise_fbm_many equals noise_fbm on lattice cell boundaries", nm);

	for (int i = 0; i < MANY; i++) {
		many_p[i] = v3_norm(rand_point(&r, 1));
		int odd = (int)rng_below(&r, 16);
		if (odd == 0)
			many_p[i].x = 2e6;            /* folded by noise_eval */
		else if (odd == 1)
			many_p[i].z = -5e5;           /* folded at the finest octave only */
		else if (odd == 2)
			many_p[i].y = NAN;
	}
	ok(many_matches(k, 3, 1.0, 0.5, MANY) && many_matches(k, 3, 40.0, 0.5, 7) &&
	   many_matches(k, 0, 40.0, 0.5, 5),
	   "%s: noise_fbm_many equals noise_fbm with far, folded and NaN points among them", nm);
	noise_many_set_simd(1);
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
		test_many(k, 1);
		test_many(k, 0);
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
