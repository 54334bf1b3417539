/* test_scenario.c: the YAML scenario loader. The built-in default equals
 * conf/default.yaml and loads to exactly params_default(); the presets load;
 * every kind of error is one exact "FILE:LINE:COL: message" line; several are
 * reported together; hostile inputs stay bounded and fast. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tap.h"
#include "io/scenario.h"

static const char *srcdir;

static char *slurp(const char *rel, size_t *len)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", srcdir, rel);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = 0;
	fclose(f);
	return buf;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Load text named "t.yaml"; return the error count, keep the text in *errs. */
static int load(const char *text, params *p, char **errs)
{
	return scenario_load_string("t.yaml", text, strlen(text), p, errs);
}

/* The text must give exactly one error, exactly this line. */
static void one_error(const char *text, const char *want, const char *what)
{
	params p;
	char *e = NULL, line[1024];
	int n = load(text, &p, &e);
	snprintf(line, sizeof line, "%s\n", want);
	if (!ok(n == 1 && e && !strcmp(e, line), "%s", what))
		tap_diag("got %d: %s", n, e ? e : "(none)");
	free(e);
}

/* Field-by-field comparison through the tables, to name what differs. */
static int same_params(const params *a, const params *b, char *what, size_t sz)
{
	for (size_t i = 0; i < param_table_len; i++) {
		const param_def *d = &param_table[i];
		if (d->type == PK_STRING ? strcmp((const char *)a + d->offset, (const char *)b + d->offset)
		                         : params_get(a, d) != params_get(b, d)) {
			snprintf(what, sz, "%s", d->path);
			return 0;
		}
	}
	if (a->seed != b->seed || a->layer_count != b->layer_count) {
		snprintf(what, sz, "seed or layer count");
		return 0;
	}
	for (int l = 0; l < a->layer_count; l++)
		if (memcmp(&a->layers[l], &b->layers[l], sizeof a->layers[l])) {
			snprintf(what, sz, "terrain.layers[%d]", l);
			return 0;
		}
	if (memcmp(a->biomes, b->biomes, sizeof a->biomes)) {
		snprintf(what, sz, "biomes");
		return 0;
	}
	if (memcmp(a, b, sizeof *a)) {
		snprintf(what, sz, "padding or a field missing from the tables");
		return 0;
	}
	return 1;
}

static void test_default(void)
{
	params d, p;
	char *e = NULL, what[128] = "";
	size_t len = 0;
	char *file = slurp("conf/default.yaml", &len);
	ok(file && !strcmp(file, scenario_default_text()),
	   "scenario_default_text() is conf/default.yaml byte for byte");
	params_default(&d);
	int n = scenario_load_default(&p, &e);
	is_int(n, 0, "built-in default loads without errors");
	ok(same_params(&p, &d, what, sizeof what), "built-in default == params_default() %s", what);
	free(e);
	char path[4096];
	snprintf(path, sizeof path, "%s/conf/default.yaml", srcdir);
	n = scenario_load_file(path, &p, &e);
	is_int(n, 0, "conf/default.yaml loads without errors");
	ok(same_params(&p, &d, what, sizeof what), "conf/default.yaml == params_default() %s", what);
	free(e);
	free(file);

	/* Every scalar key of the table is spelled out in the default file. */
	int missing = 0;
	for (size_t i = 0; file && i < param_table_len; i++) {
		const char *leaf = strrchr(param_table[i].path, '.');
		leaf = leaf ? leaf + 1 : param_table[i].path;
		char pat[80];
		snprintf(pat, sizeof pat, "%s:", leaf);
		if (!strstr(scenario_default_text(), pat)) {
			tap_diag("missing from default.yaml: %s", param_table[i].path);
			missing++;
		}
	}
	is_int(missing, 0, "default.yaml names every key");

	n = load("", &p, &e);
	ok(n == 0 && !e && !memcmp(&p, &d, sizeof p), "empty text gives the defaults");
	n = load("# only a comment\n", &p, &e);
	ok(n == 0 && !memcmp(&p, &d, sizeof p), "comments only give the defaults");
	n = load("~\n", &p, &e);
	ok(n == 0 && !memcmp(&p, &d, sizeof p), "a null document gives the defaults");
}

static void test_presets(void)
{
	static const char *const presets[] = {"conf/pangaea.yaml", "conf/waterworld.yaml",
	                                      "conf/desert.yaml", "conf/quick.yaml"};
	params d;
	params_default(&d);
	for (int i = 0; i < 4; i++) {
		char path[4096], *e = NULL;
		params p;
		snprintf(path, sizeof path, "%s/%s", srcdir, presets[i]);
		int n = scenario_load_file(path, &p, &e);
		if (!ok(n == 0 && strcmp(p.name, d.name), "%s loads and names itself (%s)",
		        presets[i], p.name))
			tap_diag("%s", e ? e : "");
		free(e);
	}
	params q;
	char path[4096];
	snprintf(path, sizeof path, "%s/conf/quick.yaml", srcdir);
	scenario_load_file(path, &q, NULL);
	is_int(params_cell_count(&q), 2562, "quick.yaml is Goldberg level 4");
	snprintf(path, sizeof path, "%s/conf/desert.yaml", srcdir);
	scenario_load_file(path, &q, NULL);
	ok(q.biomes[BIOME_DESERT].r == 0xe3 && q.biomes[BIOME_DESERT].b == 0x7d &&
	   q.biomes[BIOME_DESERT].temp_c == 30, "desert.yaml overrides the desert biome");
}

static void test_values(void)
{
	params p;
	char *e = NULL;
	int n = load("name: Mars\nseed: 0xffffffffffffffff\nplanet: {radius_km: 3389.5, "
	             "axial_tilt_deg: 25.19}\ngrid: {kind: fibonacci, points: 1000}\n",
	             &p, &e);
	ok(n == 0 && !strcmp(p.name, "Mars") && p.seed == UINT64_MAX && p.radius_km == 3389.5 &&
	   p.axial_tilt_deg == 25.19 && p.grid == GRID_FIBONACCI && p.points == 1000,
	   "scalars of every type are stored");
	free(e);
	n = load("seed: 18446744073709551615\n", &p, &e);
	ok(n == 0 && p.seed == UINT64_MAX, "largest decimal seed");
	n = load("terrain: {ocean_fraction: null}\n", &p, &e);
	ok(n == 0 && p.ocean_fraction == -1, "ocean_fraction: null turns the target off");
	n = load("terrain: {ocean_fraction: off, sea_level_m: -120}\n", &p, &e);
	ok(n == 0 && p.ocean_fraction == -1 && p.sea_level_m == -120, "ocean_fraction: off");
	n = load("terrain:\n  layers: []\n", &p, &e);
	ok(n == 0 && p.layer_count == 0, "an empty layer list means no noise layers");
	n = load("terrain:\n  layers:\n    - {filter: ridged, centre: [1, -2.5, 3e2], enabled: no}\n",
	         &p, &e);
	noise_layer l;
	params_layer_default(&l);
	l.filter = FILTER_RIDGED;
	l.enabled = false;
	l.centre = (vec3){1, -2.5, 300};
	ok(n == 0 && p.layer_count == 1 && !memcmp(&p.layers[0], &l, sizeof l),
	   "a layer list replaces the defaults; unlisted layer keys take layer defaults");
	n = load("biomes:\n  tundra: {temp_c: -8, precip_mm: 300, color: \"#A0b0C0\"}\n", &p, &e);
	ok(n == 0 && p.biomes[BIOME_TUNDRA].temp_c == -8 && p.biomes[BIOME_TUNDRA].r == 0xa0 &&
	   p.biomes[BIOME_TUNDRA].g == 0xb0 && p.biomes[BIOME_TUNDRA].b == 0xc0,
	   "biome override by name");
	n = load("simulation: {dt_myr: .5, rift_rate: 2., erosion_rate: 1E-3}\n", &p, &e);
	ok(n == 0 && p.dt_myr == 0.5 && p.rift_rate == 2 && p.erosion_rate == 0.001,
	   "number forms .5, 2. and 1E-3");
	n = load("planet:\n", &p, &e);
	ok(n == 0, "an empty section keeps its defaults");
	n = load("base: &b {level: 5}\ngrid: *b\n", &p, &e);
	ok(n == 1 && p.level == 5, "aliases are followed where they are used (%d)", n);
	free(e);

	/* A locale with a decimal comma must not change how numbers parse. */
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8") || setlocale(LC_NUMERIC, "fr_FR.UTF-8")) {
		n = load("climate: {rain_shadow: 0.25}\n", &p, &e);
		ok(n == 0 && p.rain_shadow == 0.25, "numbers parse under a decimal-comma locale");
		setlocale(LC_NUMERIC, "C");
	} else {
		ok(1, "# SKIP no decimal-comma locale installed");
	}
}

static void test_errors(void)
{
	one_error("seed: 1\ngrid:\n  level: eleven\n",
	          "t.yaml:3:10: grid.level: expected an integer from 0 to 9, got \"eleven\"",
	          "wrong type, with key path and 1-based position of the value");
	one_error("grid: {level: 10}\n",
	          "t.yaml:1:15: grid.level: expected an integer from 0 to 9, got \"10\"",
	          "out of range");
	one_error("planet:\n  axial_tilt_deg: 200\n",
	          "t.yaml:2:19: planet.axial_tilt_deg: expected a number from 0 to 180 (°), got \"200\"",
	          "out of range, with unit");
	one_error("planet: {radius_km: \"6371\"}\n",
	          "t.yaml:1:21: planet.radius_km: expected a number from 100 to 100000 (km), got "
	          "\"6371\" (quoted, so text)",
	          "quoted number is text");
	one_error("planet: {radius_km: {a: 1}}\n",
	          "t.yaml:1:22: planet.radius_km.a: unknown key; a range has min and max",
	          "a mapping where a number belongs is a range with a wrong key");
	one_error("grid:\n  kind: goldburg\n",
	          "t.yaml:2:9: grid.kind: expected one of goldberg, cubesphere, fibonacci, got "
	          "\"goldburg\"; did you mean goldberg?",
	          "bad enum value with a suggestion");
	one_error("grid:\n  levle: 5\n", "t.yaml:2:3: grid.levle: unknown key; did you mean grid.level?",
	          "unknown key with a suggestion");
	one_error("plantet: {}\n", "t.yaml:1:1: plantet: unknown key; did you mean planet?",
	          "unknown section with a suggestion");
	one_error("planet:\n  seed: 3\n", "t.yaml:2:3: planet.seed: unknown key; did you mean seed?",
	          "key from another section");
	one_error("zzz: 1\n", "t.yaml:1:1: zzz: unknown key", "unknown key without a suggestion");
	one_error("grid.level: 3\n",
	          "t.yaml:1:1: grid.level: unknown key; nest it instead: grid: { level: ... }",
	          "dotted key at the top");
	one_error("grid:\n  level: 3\n  level: 4\n",
	          "t.yaml:3:3: grid.level: duplicate key (first given at 2:3)", "duplicate key");
	one_error("grid: {}\ngrid: {}\n", "t.yaml:2:1: grid: duplicate key (first given at 1:1)",
	          "duplicate section");
	one_error("- 1\n- 2\n",
	          "t.yaml:1:1: expected a mapping of keys at the top level, got a list of 2 items",
	          "top level is not a mapping");
	one_error("just text\n",
	          "t.yaml:1:1: expected a mapping of keys at the top level, got \"just text\"",
	          "top level is a scalar");
	one_error("grid: 5\n", "t.yaml:1:7: grid: expected a mapping of keys, got \"5\"",
	          "section is not a mapping");
	one_error("grid:\n  level: [3\n",
	          "t.yaml:3:1: YAML syntax: did not find expected ',' or ']' (while parsing a flow "
	          "sequence at 2:10)",
	          "YAML syntax error with libyaml's context");
	one_error("grid:\n\tlevel: 3\n",
	          "t.yaml:2:1: YAML syntax: found character that cannot start any token (while "
	          "scanning for the next token at 2:1)",
	          "tab indentation");
	one_error("name: ok\nseed: \xff\n",
	          "t.yaml:2:7: text is not valid UTF-8: invalid leading UTF-8 octet 0xff",
	          "bad UTF-8 with its position");
	one_error("grid: *nope\n", "t.yaml:1:7: YAML syntax: found undefined alias",
	          "undefined alias");
	one_error("seed: 1\n---\nseed: 2\n",
	          "t.yaml:3:1: only one YAML document is allowed in a scenario", "second document");
	one_error("name: \"a\\x1bb\"\n",
	          "t.yaml:1:7: name: expected a text of at most 63 bytes without control characters, "
	          "got \"a\\x1bb\"",
	          "control characters in the name are refused and shown escaped");
	one_error("seed: -1\n",
	          "t.yaml:1:7: seed: expected an integer from 0 to 18446744073709551615, got \"-1\"",
	          "negative seed");
	one_error("seed: 18446744073709551616\n",
	          "t.yaml:1:7: seed: expected an integer from 0 to 18446744073709551615, got "
	          "\"18446744073709551616\"",
	          "seed beyond 64 bits");
	one_error("terrain: {ocean_fraction: 1.5}\n",
	          "t.yaml:1:27: terrain.ocean_fraction: expected a number from 0 to 1, or null/off, "
	          "got \"1.5\"",
	          "nullable key out of range");
	one_error("plates: {count: 30}\n",
	          "t.yaml:1:17: plates.count: 30 is more than plates.max (12)",
	          "cross-key check placed at the key");
	one_error("plates: {max: 10}\n",
	          "t.yaml:1:15: plates.count: 12 is more than plates.max (10)",
	          "cross-key check placed at the other key when the first is a default");
	one_error("plates: {speed_min_cm_yr: 9}\n",
	          "t.yaml:1:27: plates.speed_min_cm_yr: 9 is more than plates.speed_max_cm_yr (8)",
	          "speed range");
	one_error("grid: {kind: goldberg, resolution: 64}\n",
	          "t.yaml:1:36: grid.resolution: not used by a goldberg grid, whose size is grid.level",
	          "another kind's size key");
	one_error("grid: {kind: cubesphere, resolution: 1000}\n",
	          "t.yaml:1:38: grid.resolution: gives 6000000 cells, more than the limit of 4194304",
	          "cell count limit");
	one_error("grid: {level: 0}\nplates: {count: 13, max: 16}\n",
	          "t.yaml:2:17: plates.count: 13 plates do not fit on a grid of 12 cells",
	          "plates must fit the grid");
	one_error("terrain:\n  layers: [{}, {}, {}, {}, {}, {}, {}, {}, {}]\n",
	          "t.yaml:2:44: terrain.layers: expected at most 8 layers, got 9", "too many layers");
	one_error("terrain:\n  layers:\n    - octavs: 3\n",
	          "t.yaml:3:7: terrain.layers[0].octavs: unknown key; did you mean "
	          "terrain.layers[0].octaves?",
	          "unknown layer key");
	one_error("terrain:\n  layers:\n    - centre: [1, 2]\n",
	          "t.yaml:3:15: terrain.layers[0].centre: expected a list of 3 numbers [x, y, z] "
	          "from -1000 to 1000, got a list of 2 items",
	          "centre needs 3 numbers");
	one_error("terrain:\n  layers:\n    - centre: [1, x, 3]\n",
	          "t.yaml:3:19: terrain.layers[0].centre[1]: expected a number from -1000 to 1000, "
	          "got \"x\"",
	          "bad centre component");
	one_error("biomes:\n  dessert: {}\n",
	          "t.yaml:2:3: biomes.dessert: unknown key; did you mean biomes.desert?",
	          "unknown biome");
	one_error("biomes:\n  desert:\n    color: #fff\n",
	          "t.yaml:3:11: biomes.desert.color: expected a colour \"#rrggbb\" (quoted, since # "
	          "starts a comment), got nothing",
	          "unquoted colour is a comment");
	one_error("<<: {seed: 1}\n",
	          "t.yaml:1:1: <<: merge keys (<<) are not supported; use an alias per value",
	          "merge keys");
	one_error("? [a]\n: 1\n", "t.yaml:1:3: expected a key name, got a list of 1 item",
	          "complex key");
	one_error("terrain:\n  layers:\n    - enabled: maybe\n",
	          "t.yaml:3:16: terrain.layers[0].enabled: expected true or false, got \"maybe\"",
	          "bad boolean");

	params p;
	char *e = NULL;
	int n = scenario_load_file("/nonexistent/dir/x.yaml", &p, &e);
	ok(n == 1 && e && !strcmp(e, "/nonexistent/dir/x.yaml:1:1: cannot read the scenario: "
	                             "No such file or directory\n"),
	   "missing file");
	free(e);
	n = scenario_load_file(srcdir, &p, &e);
	ok(n == 1 && e && strstr(e, "cannot read the scenario: Is a directory"), "directory");
	free(e);
}

static void test_many_errors(void)
{
	params p;
	char *e = NULL;
	int n = load("seed: x\ngrid:\n  level: 99\n  kind: hex\nplates: {cont: 1}\n", &p, &e);
	const char *want =
		"t.yaml:1:7: seed: expected an integer from 0 to 18446744073709551615, got \"x\"\n"
		"t.yaml:3:10: grid.level: expected an integer from 0 to 9, got \"99\"\n"
		"t.yaml:4:9: grid.kind: expected one of goldberg, cubesphere, fibonacci, got \"hex\"\n"
		"t.yaml:5:10: plates.cont: unknown key; did you mean plates.count?\n";
	if (!ok(n == 4 && e && !strcmp(e, want), "several errors are reported together, in file order"))
		tap_diag("%s", e ? e : "(none)");
	free(e);
	/* Good keys next to bad ones are still applied (and errors still count). */
	n = load("grid: {level: 5, kind: bogus}\n", &p, &e);
	ok(n == 1 && p.level == 5, "valid keys beside an error are applied");
	free(e);

	/* An error per key for hundreds of keys stops at a cap. */
	char *big = malloc(200000);
	size_t o = 0;
	for (int i = 0; i < 2000; i++)
		o += sprintf(big + o, "k%d: 1\n", i);
	n = load(big, &p, &e);
	ok(n == 51 && e && strstr(e, "too many errors"), "errors are capped (%d)", n);
	free(e);
	free(big);
}

static void test_hostile(void)
{
	params p;
	char *e = NULL;
	char *buf = malloc(3 << 20);

	/* Billion laughs: 9^9 expansions if anything followed the aliases blindly. */
	size_t o = sprintf(buf, "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
	for (int i = 1; i < 10; i++) {
		o += sprintf(buf + o, "l%d: &l%d [", i, i);
		for (int j = 0; j < 9; j++)
			o += sprintf(buf + o, "%s*l%d", j ? ", " : "", i - 1);
		o += sprintf(buf + o, "]\n");
	}
	sprintf(buf + o, "terrain: {layers: *l9}\nbiomes: {desert: *l9}\nplanet: *l9\n"
	                 "grid: {level: *l9}\n");
	double t0 = now();
	int n = load(buf, &p, &e);
	double dt = now() - t0;
	/* timed for the log only: the suite holds no wall-clock limits */
	ok(n > 0 && n <= 51, "billion laughs: %d errors (%.3f s)", n, dt);
	free(e);

	/* Deep nesting, both flow and block. */
	memset(buf, '[', 100000);
	buf[100000] = 0;
	n = load(buf, &p, &e);
	ok(n == 1 && strstr(e, "nested deeper than 32 levels"), "100 000 open brackets: one error");
	free(e);
	o = 0;
	for (int i = 0; i < 100; i++)
		o += sprintf(buf + o, "%*sk:\n", i, "");
	n = load(buf, &p, &e);
	ok(n == 1 && strstr(e, "t.yaml:33:33: nested deeper than 32 levels"),
	   "deep block mapping stops at the depth limit");
	free(e);

	/* Node and anchor counts. */
	o = sprintf(buf, "x: [");
	for (int i = 0; i < 30000; i++)
		o += sprintf(buf + o, "1,");
	sprintf(buf + o, "]\n");
	n = load(buf, &p, &e);
	ok(n == 1 && strstr(e, "more than 20000 YAML nodes"), "too many nodes: one error");
	free(e);
	o = sprintf(buf, "x: [");
	for (int i = 0; i < 5000; i++)
		o += sprintf(buf + o, "&a%d 1,", i);
	sprintf(buf + o, "]\n");
	n = load(buf, &p, &e);
	ok(n == 1 && strstr(e, "more than 256 anchors"), "too many anchors");
	free(e);

	/* Size cap: more than 1 MiB is refused before parsing. */
	memset(buf, '#', (1 << 20) + 1);
	n = scenario_load_string("t.yaml", buf, (1 << 20) + 1, &p, &e);
	ok(n == 1 && !strcmp(e, "t.yaml:1:1: larger than 1048576 bytes; a scenario is a few kilobytes\n"),
	   "input over 1 MiB is refused");
	free(e);
	n = scenario_load_string("t.yaml", buf, 1 << 20, &p, &e);
	ok(n == 0, "a 1 MiB comment is fine");
	free(e);

	/* Garbage: random bytes and random YAML-ish tokens never break the promises. */
	static const char *const tok[] = {"a", ":", " ", "\n", "- ", "[", "]", "{", "}", ",",
	                                  "&x ", "*x", "grid", "level", "1", "\"", "'", "?",
	                                  "#", "!!", "---", "\t", "\xc3", "\xa9", "%"};
	uint64_t s = 12345;
	int bad = 0;
	t0 = now();
	for (int it = 0; it < 3000; it++) {
		size_t len = 0;
		int mode = it & 1;
		for (int k = 0; k < 120; k++) {
			s ^= s << 13, s ^= s >> 7, s ^= s << 17;
			if (mode)
				buf[len++] = (char)(s >> 24);
			else {
				const char *t = tok[(s >> 20) % (sizeof tok / sizeof tok[0])];
				memcpy(buf + len, t, strlen(t));
				len += strlen(t);
			}
		}
		n = scenario_load_string("g", buf, len, &p, &e);
		if (n < 0 || (n == 0) != (e == NULL))
			bad++;
		free(e);
	}
	ok(!bad, "3000 garbage inputs: consistent results (%.2f s)", now() - t0);
	free(buf);

	n = scenario_load_string("t.yaml", NULL, 0, &p, &e);
	ok(n == 0 && !e, "NULL text is empty");
	n = scenario_load_string("t.yaml", "seed: 5", 7, &p, NULL);
	ok(n == 0 && p.seed == 5, "text without a final newline, errors not wanted");
	n = scenario_load_string("t.yaml", "seed: 5\0garbage", 15, &p, &e);
	ok(n == 1 && strstr(e, "t.yaml:1:8: invalid text: control characters are not allowed"),
	   "a NUL byte inside the given length is an error");
	free(e);
}

/* YAML tags are honoured: standard ones decide the type, others refused. */
static void test_tags(void)
{
	one_error("seed: !!str 5\n",
	          "t.yaml:1:7: seed: expected an integer from 0 to 18446744073709551615, got \"5\" "
	          "tagged !!str", "!!str makes a number key's value text");
	one_error("seed: !!int 2.5\n",
	          "t.yaml:1:7: seed: expected an integer from 0 to 18446744073709551615, got \"2.5\" "
	          "tagged !!int", "!!int must hold an integer");
	one_error("grid: {level: !!bool 3}\n",
	          "t.yaml:1:15: grid.level: expected an integer from 0 to 9, got \"3\" tagged !!bool",
	          "!!bool on a number key");
	one_error("seed: !foo 5\n",
	          "t.yaml:1:7: unsupported YAML tag \"!foo\" (known: !!str, !!int, !!float, !!bool, "
	          "!!null, !!map, !!seq)", "a local tag is refused");
	one_error("seed: !!timestamp 2001-12-14\n",
	          "t.yaml:1:7: unsupported YAML tag \"!!timestamp\" (known: !!str, !!int, !!float, "
	          "!!bool, !!null, !!map, !!seq)", "an unsupported standard tag is refused");
	one_error("grid: !!seq {level: 3}\n", "t.yaml:1:7: a mapping cannot be tagged !!seq",
	          "!!seq on a mapping");
	one_error("name: !!int Earth\n",
	          "t.yaml:1:7: name: expected a text of at most 63 bytes without control characters, "
	          "got \"Earth\" tagged !!int", "!!int on a text key");

	params p;
	char *e = NULL;
	const char *good = "name: !!str 42\nseed: !!int \"12\"\ngrid: !!map {kind: !!str goldberg, "
	                   "level: !!int 3}\nplanet: {axial_tilt_deg: !!float 23}\n";
	int n = load(good, &p, &e);
	ok(n == 0 && p.seed == 12 && p.level == 3 && !strcmp(p.name, "42") &&
	   p.axial_tilt_deg == 23, "!!str, !!int (even quoted), !!float and !!map are accepted");
	if (n)
		tap_diag("%s", e);
	free(e);
}

int main(void)
{
	tap_init();
	srcdir = getenv("SRCDIR") ? getenv("SRCDIR") : ".";
	test_default();
	test_presets();
	test_values();
	test_errors();
	test_many_errors();
	test_hostile();
	test_tags();
	return tap_done();
}
