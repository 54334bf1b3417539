/* test_params.c: the key tables are consistent (unique paths, defaults in
 * bounds, live flags where intended), params_set checks bounds, and
 * doc/scenario.md documents every key and its example is a valid scenario. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "io/scenario.h"

static char *slurp(const char *rel)
{
	char path[4096];
	const char *src = getenv("SRCDIR") ? getenv("SRCDIR") : ".";
	snprintf(path, sizeof path, "%s/%s", src, rel);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(1 << 20);
	size_t n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static void test_tables(void)
{
	int dup = 0, out = 0, nohelp = 0;
	params p;
	params_default(&p);
	for (size_t i = 0; i < param_table_len; i++) {
		const param_def *d = &param_table[i];
		for (size_t j = 0; j < i; j++)
			dup += !strcmp(param_table[j].path, d->path);
		if (d->type != PK_STRING && d->type != PK_UINT64 &&
		    (params_get(&p, d) != d->def || d->def < d->min || d->def > d->max))
			out++, tap_diag("default out of bounds or not applied: %s", d->path);
		nohelp += !d->help || !*d->help || !d->unit;
		if (params_find(d->path) != d)
			out++, tap_diag("params_find misses %s", d->path);
	}
	for (size_t i = 0; i < layer_table_len; i++) {
		const param_def *d = &layer_table[i];
		for (size_t j = 0; j < i; j++)
			dup += !strcmp(layer_table[j].path, d->path);
		nohelp += !d->help || !*d->help;
		if (d->def < d->min || d->def > d->max)
			out++;
	}
	is_int(dup, 0, "key paths are unique");
	is_int(out, 0, "defaults are applied and inside their bounds");
	is_int(nohelp, 0, "every key has help text and a unit string");
	ok(params_find("nope") == NULL && params_find("grid") == NULL, "params_find of non-keys");

	static const char *const live[] = {"simulation.dt_myr", "planet.axial_tilt_deg",
	                                   "terrain.ocean_fraction", "terrain.sea_level_m",
	                                   "climate.lapse_rate_c_km", "simulation.rift_rate",
	                                   "simulation.erosion_rate", "terrain.noise_m", NULL};
	static const char *const fixed[] = {"grid.level", "grid.kind", "seed", "plates.count",
	                                    "planet.radius_km", NULL};
	int wrong = 0;
	for (int i = 0; live[i]; i++)
		wrong += !params_find(live[i])->live;
	for (int i = 0; fixed[i]; i++)
		wrong += params_find(fixed[i])->live;
	is_int(wrong, 0, "live flags: dt, tilt, sea level, climate, rates yes; grid, seed, plates no");

	/* The intended physics defaults. */
	ok(!strcmp(p.name, "Earthlike") && p.seed == 42 && p.level == 6 && p.grid == GRID_GOLDBERG &&
	   p.plate_count == 12 && p.ocean_fraction == 0.70 && p.erosion_rate == 0.002 &&
	   p.layer_count == 2 && p.layers[1].filter == FILTER_RIDGED && p.layers[1].min_value == 0.3 &&
	   p.layers[0].layers == 6 && p.layers[0].weight_multiplier == 0.8,
	   "params_default keeps the intended values");
	ok(p.biomes[BIOME_DESERT].temp_c == biome_table[BIOME_DESERT].temp_c &&
	   p.biomes[BIOME_DESERT].r == biome_table[BIOME_DESERT].r,
	   "biome defaults come from biome_table");
	is_int(params_cell_count(&p), 40962, "Goldberg level 6 has 40 962 cells");
	p.grid = GRID_CUBESPHERE;
	is_int(params_cell_count(&p), 6 * 64 * 64, "cube sphere 64 has 6*64^2 cells");
	p.grid = GRID_FIBONACCI;
	is_int(params_cell_count(&p), 40962, "fibonacci cell count is points");
}

static void test_set(void)
{
	params p, q;
	params_default(&p);
	q = p;
	const param_def *lv = params_find("grid.level"), *dt = params_find("simulation.dt_myr");
	const param_def *of = params_find("terrain.ocean_fraction"), *k = params_find("grid.kind");
	const param_def *nm = params_find("name"), *sd = params_find("seed");
	ok(params_set(&p, lv, 10) == -1 && params_set(&p, lv, -1) == -1 && !memcmp(&p, &q, sizeof p),
	   "params_set refuses out-of-range values and leaves params unchanged");
	ok(params_set(&p, lv, 9) == 0 && p.level == 9 && params_get(&p, lv) == 9, "level 9 is fine");
	ok(params_set(&p, lv, 3.4) == 0 && p.level == 3, "integers round");
	ok(params_set(&p, dt, 0) == -1 && params_set(&p, dt, NAN) == -1 &&
	   params_set(&p, dt, INFINITY) == -1 && p.dt_myr == 1.0, "dt: 0, NaN and inf refused");
	ok(params_set(&p, dt, 0.25) == 0 && p.dt_myr == 0.25, "dt 0.25 stored");
	ok(params_set(&p, of, -1) == 0 && p.ocean_fraction == -1 && params_set(&p, of, 1.01) == -1 &&
	   params_set(&p, of, 0.5) == 0 && p.ocean_fraction == 0.5,
	   "ocean_fraction: negative means off, above 1 refused");
	ok(params_set(&p, k, 3) == -1 && params_set(&p, k, 2) == 0 && p.grid == GRID_FIBONACCI,
	   "enums are bounded by their names");
	ok(params_set(&p, nm, 1) == -1, "text keys are not numeric");
	ok(params_set(&p, sd, 7) == 0 && p.seed == 7 && params_set(&p, sd, -1) == -1 &&
	   params_set(&p, sd, 18446744073709551616.0) == -1, "seed bounds");

	param_issue is[8];
	params_default(&p);
	is_int(params_check(&p, is, 8), 0, "defaults pass the cross-key checks");
	p.plate_count = 30;
	p.speed_min_cm_yr = 9;
	int n = params_check(&p, is, 8);
	ok(n == 2 && !strcmp(is[0].path, "plates.count") &&
	   !strcmp(is[1].path, "plates.speed_min_cm_yr"), "cross-key issues name their keys");
	params_default(&p);
	p.grid = GRID_CUBESPHERE;
	p.resolution = 837;
	ok(params_check(&p, is, 8) == 1 && !strcmp(is[0].path, "grid.resolution"),
	   "a cube sphere of 837 is over the cell limit");
	p.resolution = 836;
	is_int(params_check(&p, is, 8), 0, "836 is not");
}

/* Every key of the tables appears in doc/scenario.md, so the doc cannot fall
 * behind the code; and its example scenario is valid. */
static void test_doc(void)
{
	char *doc = slurp("doc/scenario.md");
	ok(doc != NULL, "doc/scenario.md is readable");
	if (!doc)
		return;
	int missing = 0;
	char pat[160];
	for (size_t i = 0; i < param_table_len; i++) {
		snprintf(pat, sizeof pat, "`%s`", param_table[i].path);
		if (!strstr(doc, pat))
			missing++, tap_diag("not documented: %s", param_table[i].path);
	}
	for (size_t i = 0; i < layer_table_len; i++) {
		snprintf(pat, sizeof pat, "`terrain.layers[].%s`", layer_table[i].path);
		if (!strstr(doc, pat))
			missing++, tap_diag("not documented: terrain.layers[].%s", layer_table[i].path);
	}
	for (int i = 0; i < BIOME_COUNT; i++) {
		snprintf(pat, sizeof pat, "`%s`", biome_table[i].name ? biome_table[i].name : "?");
		if (!strstr(doc, pat))
			missing++, tap_diag("biome not documented: %s", pat);
	}
	for (int i = 0; i < 3; i++) {
		static const char *const bk[] = {"temp_c", "precip_mm", "color"};
		snprintf(pat, sizeof pat, "`biomes.NAME.%s`", bk[i]);
		if (!strstr(doc, pat))
			missing++, tap_diag("not documented: %s", pat);
	}
	is_int(missing, 0, "doc/scenario.md documents every key, layer key and biome");

	const char *ex = strstr(doc, "```yaml\n");
	const char *end = ex ? strstr(ex + 8, "```") : NULL;
	params p;
	char *e = NULL;
	int n = ex && end ? scenario_load_string("doc example", ex + 8, (size_t)(end - ex - 8), &p, &e)
	                  : -1;
	if (!ok(n == 0, "the example in doc/scenario.md is a valid scenario"))
		tap_diag("%s", e ? e : "no example found");
	free(e);
	free(doc);
}

int main(void)
{
	tap_init();
	test_tables();
	test_set();
	test_doc();
	return tap_done();
}
