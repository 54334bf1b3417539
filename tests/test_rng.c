/* test_rng.c: the per-planet generator is deterministic, independent per
 * stream and well spread. */
#include "tap.h"
#include "core/rng.h"

int main(void)
{
	tap_init();
	rng_t a, b, c;
	rng_seed(&a, 42);
	rng_seed(&b, 42);
	rng_seed(&c, 43);
	int same = 1, differ = 0;
	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a), y = rng_next(&b), z = rng_next(&c);
		same &= x == y;
		differ += x != z;
	}
	ok(same, "same seed gives the same sequence");
	ok(differ > 990, "a different seed gives a different sequence");

	rng_t s1, s2;
	rng_seed_stream(&s1, 42, 1);
	rng_seed_stream(&s2, 42, 2);
	ok(rng_next(&s1) != rng_next(&s2), "streams of one seed differ");

	rng_seed(&a, 7);
	double sum = 0, lo = 1, hi = 0;
	for (int i = 0; i < 100000; i++) {
		double u = rng_uniform(&a);
		sum += u;
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
	}
	ok(lo >= 0 && hi < 1, "uniform stays in [0,1)");
	is_near(sum / 100000, 0.5, 0.01, "uniform mean");

	int hist[10] = {0}, bad = 0;
	for (int i = 0; i < 100000; i++) {
		uint32_t v = rng_below(&a, 10);
		if (v >= 10)
			bad++;
		else
			hist[v]++;
	}
	ok(!bad, "rng_below stays below n");
	int flat = 1;
	for (int i = 0; i < 10; i++)
		flat &= hist[i] > 9500 && hist[i] < 10500;
	ok(flat, "rng_below is flat over 10 bins");
	rng_seed(&a, 0);
	ok(a.s[0] || a.s[1], "seed 0 does not give the all-zero state");
	return tap_done();
}
