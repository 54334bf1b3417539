/* test_scenario_ranges.c: bounded randomness in scenarios. A range
 * ({min: A, max: B} or [A, B]) draws a value within its bounds, the same for
 * the same seed whatever the key order or the rest of the file, different
 * values for different seeds; a seed given by the caller is the one drawn
 * for; "seed: random" picks a seed; bad ranges are FILE:LINE:COL errors. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "io/scenario.h"

static int load_seeded(const char *text, uint64_t seed, params *p, char **e)
{
	scenario_opts so = {.has_seed = true, .seed = seed};
	return scenario_load_string_opts("t.yaml", text, strlen(text), &so, p, e);
}

static const char ranged[] =
	"plates: { count: [6, 12], continental_fraction: {min: 0.2, max: 0.6} }\n"
	"grid: { level: [1, 3] }\n"
	"climate:\n  equator_temp_c: [20, 35]\n"
	"terrain:\n  ocean_fraction: [0.5, 0.9]\n"
	"  layers:\n    - { strength: [0.5, 1.5], octaves: {min: 2, max: 8} }\n"
	"biomes:\n  desert: { temp_c: [20, 30] }\n";

/* The same keys and ranges in another order, among other keys. */
static const char reordered[] =
	"name: Other\n"
	"biomes:\n  desert: { temp_c: {max: 30, min: 20}, precip_mm: 100 }\n"
	"terrain:\n  layers:\n    - { octaves: [2, 8], strength: {min: 0.5, max: 1.5} }\n"
	"  ocean_fraction: {min: 0.5, max: 0.9}\n"
	"climate:\n  pole_temp_c: -30\n  equator_temp_c: {min: 20, max: 35}\n"
	"grid: { level: {min: 1, max: 3} }\n"
	"plates: { continental_fraction: [0.2, 0.6], count: {min: 6, max: 12} }\n";

/* The drawn values, for comparing two loads. */
static void drawn(const params *p, double v[8])
{
	v[0] = p->plate_count, v[1] = p->continental_fraction, v[2] = p->level;
	v[3] = p->equator_temp_c, v[4] = p->ocean_fraction, v[5] = p->layers[0].strength;
	v[6] = p->layers[0].layers, v[7] = p->biomes[BIOME_DESERT].temp_c;
}

static void test_draws(void)
{
	static const double lo[8] = {6, 0.2, 1, 20, 0.5, 0.5, 2, 20};
	static const double hi[8] = {12, 0.6, 3, 35, 0.9, 1.5, 8, 30};
	int inside = 1, integral = 1, same = 1, reorder = 1, errors = 0;
	int distinct_temp = 0, level_seen[4] = {0};
	double prev_temp = -1e9;
	for (uint64_t seed = 0; seed < 200; seed++) {
		params a, b, c;
		double va[8], vb[8], vc[8];
		errors += load_seeded(ranged, seed, &a, NULL);
		errors += load_seeded(ranged, seed, &b, NULL);
		errors += load_seeded(reordered, seed, &c, NULL);
		drawn(&a, va), drawn(&b, vb), drawn(&c, vc);
		for (int k = 0; k < 8; k++) {
			inside &= va[k] >= lo[k] && va[k] <= hi[k];
			reorder &= va[k] == vc[k];
		}
		integral &= va[0] == (int)va[0] && va[2] == (int)va[2] && va[6] == (int)va[6];
		same &= !memcmp(&a, &b, sizeof a);
		distinct_temp += va[3] != prev_temp;
		prev_temp = va[3];
		level_seen[a.level]++;
		if (seed == 7)
			ok(a.seed == 7, "the caller's seed is the planet's seed");
	}
	is_int(errors, 0, "the ranged file loads for 200 seeds");
	ok(inside, "every drawn value is within its range (200 seeds, 8 keys)");
	ok(integral, "integer keys draw integers");
	ok(same, "the same seed draws the same values, bit for bit");
	ok(reorder, "key order and other keys do not change what a seed draws");
	ok(distinct_temp == 200, "different seeds draw different numbers (%d of 200)", distinct_temp);
	ok(level_seen[1] && level_seen[2] && level_seen[3] && !level_seen[0],
	   "integer ranges reach both ends: level 1..3 drawn %d, %d, %d times", level_seen[1],
	   level_seen[2], level_seen[3]);

	/* the file's own seed and the caller's give the same draw */
	params f, s;
	char text[1024];
	snprintf(text, sizeof text, "seed: 31\n%s", ranged);
	int n = scenario_load_string("t.yaml", text, strlen(text), &f, NULL);
	n += load_seeded(ranged, 31, &s, NULL);
	ok(n == 0 && !memcmp(&f, &s, sizeof f), "a seed in the file draws as the same seed given");

	n = scenario_load_string("t.yaml", "climate: {noise: [0.25, 0.25]}\n", 31, &f, NULL);
	ok(n == 0 && f.climate_noise == 0.25, "a range of one value is that value");

	scenario_opts so = {0};
	const char *t = "seed: 5\ngrid: {level: [1, 3]}\nclimate: {noise: [0, 1]}\n";
	n = scenario_load_string_opts("t.yaml", t, strlen(t), &so, &f, NULL);
	ok(n == 0 && so.ranges == 2 && !so.seed_random, "opts count the ranges drawn (%d)", so.ranges);
}

static void test_random_seed(void)
{
	scenario_opts a = {0}, b = {0}, c = {.has_seed = true, .seed = 9};
	params pa, pb, pc;
	const char *t = "seed: random\nclimate: {noise: [0, 1]}\n";
	int n = scenario_load_string_opts("t.yaml", t, strlen(t), &a, &pa, NULL);
	n += scenario_load_string_opts("t.yaml", t, strlen(t), &b, &pb, NULL);
	ok(n == 0 && a.seed_random && b.seed_random, "seed: random is reported as picked");
	ok(pa.seed != pb.seed && pa.seed < 1000000000ull && pb.seed < 1000000000ull,
	   "seed: random picks a new, short seed each time (%llu, %llu)",
	   (unsigned long long)pa.seed, (unsigned long long)pb.seed);
	params again;
	load_seeded(t, pa.seed, &again, NULL);
	ok(again.climate_noise == pa.climate_noise, "the picked seed makes the same planet again");
	n = scenario_load_string_opts("t.yaml", t, strlen(t), &c, &pc, NULL);
	ok(n == 0 && !c.seed_random && pc.seed == 9, "a given seed wins over seed: random");
	n = scenario_load_string("t.yaml", "seed: randum\n", 13, &pc, NULL);
	ok(n == 1, "seed: randum is an error");
}

static void one_error(const char *text, const char *want, const char *what)
{
	params p;
	char *e = NULL, line[1024];
	int n = scenario_load_string("t.yaml", text, strlen(text), &p, &e);
	snprintf(line, sizeof line, "%s\n", want);
	if (!ok(n == 1 && e && !strcmp(e, line), "%s", what))
		tap_diag("got %d: %s", n, e ? e : "(none)");
	free(e);
}

static void test_errors(void)
{
	one_error("plates:\n  count: [30, 6]\n",
	          "t.yaml:2:15: plates.count: range max 6 is less than min 30", "max below min");
	one_error("plates:\n  min: {min: 1}\n",
	          "t.yaml:2:8: plates.min: a range needs both min and max, got min only",
	          "max missing");
	one_error("plates: {max: {mn: 3, max: 9}}\n",
	          "t.yaml:1:16: plates.max.mn: unknown key; a range has min and max (did you mean min?)",
	          "unknown key in a range");
	one_error("plates:\n  warp: [0, 2]\n",
	          "t.yaml:2:13: plates.warp: range max: expected a number from 0 to 1 (rad), got \"2\"",
	          "an end out of the key's bounds");
	one_error("plates:\n  speed_min_cm_yr: [1, 2, 3]\n",
	          "t.yaml:2:20: plates.speed_min_cm_yr: expected a number, or a range [min, max] of 2 "
	          "numbers, got a list of 3 items", "three numbers");
	one_error("grid: {level: [2, 3.5]}\n",
	          "t.yaml:1:19: grid.level: range max: expected an integer from 0 to 9, got \"3.5\"",
	          "an integer key takes integer ends");
	one_error("climate: {noise: {min: 0.1, max: 0.2, min: 0.3}}\n",
	          "t.yaml:1:39: climate.noise.min: duplicate key (first given at 1:19)",
	          "duplicate end");
	one_error("terrain:\n  layers:\n    - strength: [1, \"2\"]\n",
	          "t.yaml:3:21: terrain.layers[0].strength: range max: expected a number from 0 to 10, "
	          "got \"2\" (quoted, so text)", "a layer key's range");
	one_error("biomes:\n  taiga: {precip_mm: {min: -5, max: 10}}\n",
	          "t.yaml:2:28: biomes.taiga.precip_mm: range min: expected a number from 0 to 20000 "
	          "(mm/yr), got \"-5\"", "a biome key's range");
	one_error("seed: [1, 2]\n",
	          "t.yaml:1:7: seed: expected an integer from 0 to 18446744073709551615, got a list of 2 items",
	          "the seed takes no range");
	one_error("seed: 4\nplates:\n  count: [8, 30]\n",
	          "t.yaml:3:10: plates.count: 27 is more than plates.max (12) (drawn from a range for seed 4)",
	          "a drawn value that breaks a cross-key rule says so");
}

int main(void)
{
	tap_init();
	test_draws();
	test_random_seed();
	test_errors();
	return tap_done();
}
