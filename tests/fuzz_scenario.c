/* fuzz_scenario.c: libFuzzer target over scenario_load_string.
 *
 * Build and run with `make fuzz-scenario` (clang, ASan + UBSan). Beyond "no
 * crash, no leak, no hang", each input checks the loader's promises: the
 * return value counts the error lines, every line is "fuzz:LINE:COL: ..." with
 * no control characters (error text reaches terminals), and a file that loads
 * without errors yields parameters inside every bound of the key tables.
 * tests/test_scenario_corpus.c includes this file to replay the corpus. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "io/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Range check of every table key on one base. */
static const char *fuzz_in_bounds(const void *base, const param_def *tbl, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const param_def *d = &tbl[i];
		if (d->type == PK_STRING || d->type == PK_UINT64)
			continue;
		double v = param_get_at(base, d);
		if (d->type == PK_VEC3) {
			const vec3 *c = (const vec3 *)((const char *)base + d->offset);
			if (c->x < d->min || c->x > d->max || c->y < d->min || c->y > d->max ||
			    c->z < d->min || c->z > d->max)
				return d->path;
		} else if (!(v >= d->min && v <= d->max) && !(d->nullable && v == -1)) {
			return d->path;
		}
	}
	return NULL;
}

/* NULL if the loader kept its promises on this input, else what broke. */
static const char *scenario_fuzz_one(const uint8_t *data, size_t size)
{
	params p;
	char *errors = NULL;
	const char *bad = NULL;
	int n = scenario_load_string("fuzz", (const char *)data, size, &p, &errors);

	if (n < 0)
		bad = "negative error count";
	else if (n == 0 && errors)
		bad = "error text without errors";
	else if (n > 0 && errors) {
		int lines = 0;
		for (const char *l = errors; *l; lines++) {
			unsigned line, col;
			int used = 0;
			if (sscanf(l, "fuzz:%u:%u: %n", &line, &col, &used) != 2 || !used ||
			    !line || !col) {
				bad = "error line not in FILE:LINE:COL: form";
				break;
			}
			const char *e = strchr(l, '\n');
			if (!e) {
				bad = "error text does not end in a newline";
				break;
			}
			for (const char *c = l; c < e; c++)
				if ((unsigned char)*c < 0x20 || *c == 0x7f)
					bad = "control character in error text";
			l = e + 1;
		}
		if (!bad && lines != n)
			bad = "error count differs from error lines";
	} else if (n == 0) {
		param_issue is[4];
		if (p.layer_count < 0 || p.layer_count > MAX_NOISE_LAYERS)
			bad = "layer count out of range";
		else if ((bad = fuzz_in_bounds(&p, param_table, param_table_len)))
			;
		else if (params_check(&p, is, 4))
			bad = "accepted parameters fail params_check";
		for (int i = 0; !bad && i < p.layer_count; i++)
			bad = fuzz_in_bounds(&p.layers[i], layer_table, layer_table_len);
		if (!bad && memchr(p.name, 0, sizeof p.name) == NULL)
			bad = "name not terminated";
		char why[128];
		if (!bad && params_lists_check(&p, why, sizeof why) < 0)
			bad = "accepted events fail params_lists_check";
	}
	free(errors);
	/* the same text as a file of planets: every planet accepted is sound */
	static params ps[SCENARIO_MAX_PLANETS];
	int count = 0;
	if (!bad && scenario_load_planets_string("fuzz", (const char *)data, size, NULL, ps,
	                                         SCENARIO_MAX_PLANETS, &count, NULL) == 0) {
		param_issue is[4];
		char why[128];
		if (count < 1 || count > SCENARIO_MAX_PLANETS)
			bad = "planet count out of range";
		for (int i = 0; !bad && i < count; i++) {
			if ((bad = fuzz_in_bounds(&ps[i], param_table, param_table_len)))
				break;
			if (params_check(&ps[i], is, 4))
				bad = "an accepted planet fails params_check";
			else if (params_lists_check(&ps[i], why, sizeof why) < 0)
				bad = "an accepted planet's events fail params_lists_check";
		}
	}
	return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *bad = scenario_fuzz_one(data, size);
	if (bad) {
		fprintf(stderr, "fuzz_scenario: %s\n", bad);
		abort();
	}
	return 0;
}
