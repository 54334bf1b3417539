/* test_stats.c: the --stats line is valid JSON in every case (null, never
 * 0 or nan, for a value that is not a number), carries the run's identity
 * (seed, scenario hash, version) and the scenario hash follows the scenario,
 * not the seed. */
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "core/grid.h"
#include "core/params.h"
#include "core/snapshot.h"
#include "io/provenance.h"
#include "io/stats.h"
#include "json_check.h"

static char *line_of(const snapshot_t *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	FILE *t = tmpfile();
	int rc = t ? stats_write_json(t, s) : -1;
	if (t) {
		rewind(t);
		int c;
		while ((c = fgetc(t)) != EOF)
			fputc(c, f);
		fclose(t);
	}
	fclose(f);
	if (rc != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

int main(void)
{
	tap_init();
	char err[256];
	grid_t *g = grid_new(GRID_GOLDBERG, 2, 0.0, 1, err, sizeof err);
	snapshot_t *s = g ? snapshot_new(g) : NULL;
	if (!ok(s != NULL, "a small snapshot"))
		return tap_done();
	params_default(&s->prm);
	s->prm.seed = 18446744073709551615ull;
	s->step = 12;
	s->time_myr = 12;
	s->plate_count = 2;
	s->state_hash = 0x0123456789abcdefull;
	for (int i = 0; i < 2; i++) {
		s->plates[i].id = 5 + i;
		s->plates[i].area_fraction = 0.5;
		s->plates[i].speed_cm_yr = 3;
	}
	s->stats.land_fraction = 0.3;

	char *line = line_of(s);
	ok(line && json_valid(line), "a line is valid JSON");
	ok(line && strstr(line, "\"seed\":18446744073709551615,"), "it carries the seed, all 64 bits");
	char want[128];
	snprintf(want, sizeof want, "\"scenario_hash\":\"%016llx\"",
	         (unsigned long long)provenance_scenario_hash(&s->prm));
	ok(line && strstr(line, want), "and the scenario hash (%s)", want);
	snprintf(want, sizeof want, "\"version\":\"%s\"", PACKAGE_VERSION);
	ok(line && strstr(line, want), "and the version");
	ok(line && strstr(line, "\"state_hash\":\"0123456789abcdef\""), "and the state hash");
	free(line);

	s->stats.land_fraction = NAN;
	s->stats.elevation_min_m = -INFINITY;
	s->stats.biome_fraction[BIOME_DESERT] = NAN;
	s->plates[1].speed_cm_yr = INFINITY;
	s->eustatic_change_m = NAN;
	line = line_of(s);
	ok(line && json_valid(line), "with values that are not numbers the line is valid JSON");
	ok(line && strstr(line, "\"land_fraction\":null,") && strstr(line, "\"elevation_min_m\":null,") &&
	   strstr(line, "\"desert\":null,") && strstr(line, "\"speed_cm_yr\":null,") &&
	   strstr(line, "\"eustatic_change_m\":null,"),
	   "and they are written as null");
	ok(line && !strstr(line, ":nan") && !strstr(line, ":-nan") && !strstr(line, "inf,") &&
	   strstr(line, "\"plate_count\":2,"),
	   "never as nan or inf, and the numbers around them stay");
	if (line && !json_valid(line))
		tap_diag("%s", line);
	free(line);

	/* plates on the map only; a one-cell plate at level 9 is not 0 */
	s->plates[0].area_fraction = 0;
	s->plates[1].area_fraction = 1.0 / 2621442;   /* level 9 has 2 621 442 cells */
	s->plates[1].speed_cm_yr = 3;
	line = line_of(s);
	ok(line && json_valid(line) && strstr(line, "\"plate_count\":1,") && !strstr(line, "\"id\":5,") &&
	   strstr(line, "\"id\":6,") && strstr(line, "\"area_fraction\":0.000000381,"),
	   "a plate with no cell is neither counted nor listed; one cell of level 9 reads 0.000000381");
	if (line && !strstr(line, "0.000000381"))
		tap_diag("%s", line);
	free(line);

	params a, b;
	params_default(&a);
	b = a;
	b.seed = a.seed + 1;
	uint64_t ha = provenance_scenario_hash(&a), hb = provenance_scenario_hash(&b);
	ok(ha != 0 && ha == hb, "two seeds of one scenario share its hash");
	b.radius_km += 1;
	ok(provenance_scenario_hash(&b) != ha, "a changed key changes it");
	b = a;
	b.biomes[BIOME_DESERT].r ^= 1;
	ok(provenance_scenario_hash(&b) != ha, "so does a biome colour");

	/* the validator itself catches what it must */
	ok(!json_valid("{\"a\":nan}") && !json_valid("{\"a\":1,}") && !json_valid("\"\xC3\"") &&
	   !json_valid("\"a\x01\"") && json_valid("{\"a\":[1,-2.5e3,null,\"\\u00e9\xC3\xA9\"]}"),
	   "json_valid refuses nan, trailing commas, broken UTF-8 and raw control characters");

	snapshot_free(s);
	grid_free(g);
	return tap_done();
}
