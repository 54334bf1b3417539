/* test_planets.c: several planets per file. Each planet of a "planets:" list
 * is exactly the planet of a file holding the defaults and its own keys
 * (same params, same state_hash after steps), a planet's value replaces a
 * default range, lists replace lists; errors point at the planet's line and
 * a bad default is reported once; the one-planet loaders take the first. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "core/planet.h"
#include "io/scenario.h"

static const char list[] =
	"defaults:\n"
	"  grid: {level: 3}\n"
	"  climate: {noise: [0.1, 0.3], equator_temp_c: 30}\n"
	"  events:\n    - { step: [1, 3], rift: largest }\n"
	"  terrain: {layers: [{strength: [2, 3]}]}\n"
	"planets:\n"
	"  - name: Alpha\n    seed: 1\n"
	"  - name: Beta\n    seed: 2\n    climate: {noise: 0.05}\n"
	"    terrain: {layers: [{filter: ridged, octaves: 3}]}\n"
	"  - { name: Gamma, seed: 3, events: [], plates: {count: [6, 9]} }\n";

/* The same three planets, each alone. */
static const char *const alone[] = {
	"name: Alpha\nseed: 1\ngrid: {level: 3}\nclimate: {noise: [0.1, 0.3], equator_temp_c: 30}\n"
	"events:\n  - { step: [1, 3], rift: largest }\nterrain: {layers: [{strength: [2, 3]}]}\n",
	"climate: {equator_temp_c: 30, noise: 0.05}\nname: Beta\nseed: 2\ngrid: {level: 3}\n"
	"terrain: {layers: [{filter: ridged, octaves: 3}]}\n"
	"events:\n  - { step: [1, 3], rift: largest }\n",
	"name: Gamma\nseed: 3\ngrid: {level: 3}\nclimate: {noise: [0.1, 0.3], equator_temp_c: 30}\n"
	"plates: {count: [6, 9]}\nterrain: {layers: [{strength: [2, 3]}]}\n",
};

static uint64_t hash_after(const params *p, int steps)
{
	char err[256];
	planet_t *pl = planet_new(p, NULL, err, sizeof err);
	if (!pl)
		return 0;
	for (int i = 0; i < steps; i++)
		planet_step(pl, err, sizeof err);
	uint64_t h = planet_hash(pl);
	planet_free(pl);
	return h;
}

static void test_same_as_alone(void)
{
	params ps[SCENARIO_MAX_PLANETS], one;
	int count = 0;
	char *e = NULL;
	int n = scenario_load_planets_string("l.yaml", list, strlen(list), NULL, ps,
	                                     SCENARIO_MAX_PLANETS, &count, &e);
	if (!ok(n == 0 && count == 3, "a list of three planets loads (%d errors, %d planets)", n,
	        count))
		tap_diag("%s", e ? e : "");
	free(e);
	for (int i = 0; i < 3 && count == 3; i++) {
		n = scenario_load_string("a.yaml", alone[i], strlen(alone[i]), &one, &e);
		if (n)
			tap_diag("%s", e ? e : "");
		free(e);
		ok(n == 0 && !memcmp(&ps[i], &one, sizeof one),
		   "planet %d of the list has exactly the params of its file alone", i + 1);
		uint64_t a = hash_after(&ps[i], 4), b = hash_after(&one, 4);
		ok(a && a == b, "... and the same state_hash after 4 steps (%016llx)",
		   (unsigned long long)a);
	}
	ok(count == 3 && ps[1].climate_noise == 0.05 && ps[0].climate_noise != ps[2].climate_noise &&
	   ps[1].layer_count == 1 && ps[2].event_count == 0 && ps[0].event_count == 1,
	   "a planet's values and lists replace the defaults'");

	/* the one-planet loader takes the first planet */
	n = scenario_load_string("l.yaml", list, strlen(list), &one, NULL);
	ok(n == 0 && !memcmp(&one, &ps[0], sizeof one), "scenario_load_string reads planet 1");

	/* -s: every planet draws for the seed given */
	scenario_opts so = {.has_seed = true, .seed = 77};
	n = scenario_load_planets_string("l.yaml", list, strlen(list), &so, ps,
	                                 SCENARIO_MAX_PLANETS, &count, NULL);
	ok(n == 0 && ps[0].seed == 77 && ps[2].seed == 77, "a seed given is every planet's seed");
}

static void errors_are(const char *text, const char *want, const char *what)
{
	params ps[SCENARIO_MAX_PLANETS];
	int count = 0;
	char *e = NULL;
	scenario_load_planets_string("l.yaml", text, strlen(text), NULL, ps, SCENARIO_MAX_PLANETS,
	                             &count, &e);
	if (!ok(e && !strcmp(e, want), "%s", what))
		tap_diag("got: %s", e ? e : "(none)");
	free(e);
}

static void test_errors(void)
{
	errors_are("defaults: {grid: {level: 3}}\nplanets:\n  - {seed: 1}\n  - {grid: {level: 12}}\n",
	           "l.yaml:4:20: grid.level: expected an integer from 0 to 9, got \"12\"\n",
	           "a planet's bad value is reported at its line");
	errors_are("defaults:\n  climate: {noise: 2}\nplanets:\n  - {seed: 1}\n  - {seed: 2}\n",
	           "l.yaml:2:20: climate.noise: expected a number from 0 to 1, got \"2\"\n",
	           "a bad default is reported once, not once per planet");
	errors_are("planets: {seed: 1}\n",
	           "l.yaml:1:10: planets: expected a list of planets (mappings of keys), got a mapping\n",
	           "planets must be a list");
	errors_are("seed: 4\nplanets:\n  - {seed: 1}\n",
	           "l.yaml:1:1: seed: a file of planets has only planets: and defaults: at the top; "
	           "put keys for every planet under defaults:\n", "no keys beside planets:");
	errors_are("planets:\n  - {seed: 1}\n  - 7\n",
	           "l.yaml:3:5: planets[1]: expected a mapping of keys, got \"7\"\n",
	           "each planet is a mapping");
	errors_are("defaults: {plates: {max: 10}}\nplanets:\n  - {plates: {count: 12}}\n",
	           "l.yaml:3:22: plates.count: 12 is more than plates.max (10)\n",
	           "cross-key rules over defaults and planet, at the planet's key");
	char big[4096] = "planets:\n";
	for (int i = 0; i < SCENARIO_MAX_PLANETS + 1; i++)
		strcat(big, "  - {seed: 1}\n");
	errors_are(big, "l.yaml:18:5: planets: expected at most 16 planets, got 17\n",
	           "at most 16 planets");
}

int main(void)
{
	tap_init();
	test_same_as_alone();
	test_errors();
	return tap_done();
}
