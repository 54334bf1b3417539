/* test_layer_edit.c: editing a noise layer of a running planet
 * (planet_set_layer, the dashboard's layer keys). At step 0 the edited
 * planet is bit for bit the one the edited scenario builds; later the relief
 * changes at once and the planet stays resumable: its saved state, loaded
 * again, steps on exactly as the planet itself does. The same edit gives the
 * same bits on one thread and on two. Bad layers, keys and values change
 * nothing. */
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "base/pool.h"
#include "core/planet.h"
#include "core/planet_state.h"
#include "io/scenario.h"

static params base(void)
{
	params p;
	char *errors = NULL;
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	p.level = 4;
	p.seed = 11;
	return p;
}

static const param_def *layer_key(const char *path)
{
	for (size_t i = 0; i < layer_table_len; i++)
		if (!strcmp(layer_table[i].path, path))
			return &layer_table[i];
	for (int i = 0; i < 3; i++)
		if (!strcmp(layer_centre_table[i].path, path))
			return &layer_centre_table[i];
	return NULL;
}

static planet_t *build(const params *p, pool_t *pool, int steps)
{
	char err[256] = "";
	planet_t *pl = planet_new(p, pool, err, sizeof err);
	if (!pl) {
		tap_diag("planet_new: %s", err);
		return NULL;
	}
	for (int i = 0; i < steps; i++)
		if (planet_step(pl, err, sizeof err) != 0)
			tap_diag("step: %s", err);
	return pl;
}

/* How many cells' heights differ between two planets of one grid. */
static int heights_differ(planet_t *a, planet_t *b)
{
	snapshot_t *sa = snapshot_new(planet_grid(a)), *sb = snapshot_new(planet_grid(b));
	int n = 0;
	if (sa && sb && planet_snapshot(a, sa) == 0 && planet_snapshot(b, sb) == 0)
		for (int c = 0; c < planet_grid(a)->n; c++)
			n += sa->elevation[c] != sb->elevation[c];
	else
		n = -1;
	snapshot_free(sa);
	snapshot_free(sb);
	return n;
}

/* Edit (layer, key, v) at step 0 against the scenario that says so. */
static void step0_same(pool_t *pool, int layer, const char *key, double v)
{
	params p = base(), q = base();
	const param_def *d = layer_key(key);
	param_set_at(&q.layers[layer], d, v);
	planet_t *a = build(&p, pool, 0), *b = build(&q, pool, 0);
	int rc = a && b ? planet_set_layer(a, layer, d, v) : -1;
	ok(rc == 0 && planet_hash(a) == planet_hash(b),
	   "step 0, terrain.layers[%d].%s = %g: the scenario's planet, bit for bit (%016llx %016llx)",
	   layer, key, v, a ? (unsigned long long)planet_hash(a) : 0ull,
	   b ? (unsigned long long)planet_hash(b) : 0ull);
	planet_free(a);
	planet_free(b);
}

int main(void)
{
	tap_init();
	pool_t *pool = pool_new(2);
	step0_same(pool, 1, "strength", 0.9);
	step0_same(pool, 0, "octaves", 3);
	step0_same(pool, 0, "centre.x", 5);
	step0_same(pool, 1, "filter", 0);

	/* later: the relief moves at once, the rest does not */
	params p = base();
	planet_t *a = build(&p, pool, 8), *ref = build(&p, pool, 8);
	if (!a || !ref)
		return tap_done(), 1;
	uint64_t h0 = planet_hash(a);
	ok(planet_set_layer(a, 0, layer_key("base_roughness"), 2.5) == 0,
	   "step 8: layer 0 base_roughness 1.5 -> 2.5 accepted");
	int changed = heights_differ(a, ref);
	ok(changed > planet_grid(a)->n / 2, "most heights changed (%d of %d cells)", changed,
	   planet_grid(a)->n);
	ok(planet_hash(a) != h0 && planet_step_count(a) == 8, "the state changed, the step did not");
	ok(planet_params(a)->layers[0].base_roughness == 2.5,
	   "the planet's parameters carry the edit (states, exports, provenance)");

	/* one thread: the same bits */
	planet_t *one = build(&p, NULL, 8);
	planet_set_layer(one, 0, layer_key("base_roughness"), 2.5);
	ok(one && planet_hash(one) == planet_hash(a), "-j1 and -j2 edit to the same bits");
	planet_free(one);

	/* resumable: the saved state steps on as the planet does */
	uint8_t *buf = NULL;
	size_t len = 0;
	char err[256] = "";
	planet_t *b = planet_serialize(a, &buf, &len) == 0
	            ? planet_deserialize(buf, len, pool, err, sizeof err) : NULL;
	free(buf);
	ok(b && planet_hash(b) == planet_hash(a), "the edited planet saves and loads%s%s",
	   b ? "" : ": ", err);
	for (int i = 0; i < 12 && b; i++) {
		planet_step(a, err, sizeof err);
		planet_step(b, err, sizeof err);
	}
	ok(b && planet_hash(b) == planet_hash(a),
	   "12 steps later the loaded planet still equals it (new sea floor uses the edited stack)");
	planet_free(b);

	/* refused: nothing changes */
	uint64_t h = planet_hash(a);
	ok(planet_set_layer(a, 2, layer_key("strength"), 1) < 0, "layer 2 of 2 is refused");
	ok(planet_set_layer(a, -1, layer_key("strength"), 1) < 0, "layer -1 is refused");
	ok(planet_set_layer(a, 0, layer_key("strength"), 11) < 0, "strength 11 (0..10) is refused");
	ok(planet_set_layer(a, 0, layer_key("centre"), 1) < 0, "centre as one number is refused");
	ok(planet_set_layer(a, 0, params_find("climate.noise"), 0.5) < 0,
	   "a key of the scenario's top level is refused");
	ok(planet_hash(a) == h && planet_params(a)->layers[0].strength == p.layers[0].strength,
	   "refused edits changed nothing");

	planet_free(a);
	planet_free(ref);
	pool_free(pool);
	return tap_done();
}
