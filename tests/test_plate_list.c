/* test_plate_list.c: explicit plates (plates.list). Each plate grows from
 * its seed point, carries the type it is given and, when given, starts with
 * its Euler pole and speed; the list sets the plate count; it survives
 * check --print's writer; what cannot be honoured beside it is an error at
 * FILE:LINE:COL. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "core/planet_internal.h"
#include "io/scenario.h"
#include "io/scenario_yaml.h"

static const char list[] =
	"seed: 3\ngrid: {level: 4}\n"
	"plates:\n  min: 2\n  list:\n"
	"    - { lat: 0, lon: 0, type: continental }\n"
	"    - { lat: 40, lon: 120, type: oceanic, pole_lat: 10, pole_lon: 20, speed_cm_yr: 9 }\n"
	"    - { lat: -50, lon: -100, type: oceanic }\n"
	"    - { lat: 60, lon: -20, type: continental }\n";

static void test_layout(void)
{
	params p, q;
	char *e = NULL, err[256] = "";
	int n = scenario_load_string("t.yaml", list, strlen(list), &p, &e);
	if (!ok(n == 0 && p.plate_list_count == 4 && p.plate_count == 4,
	        "a list of 4 plates loads and sets plates.count"))
		tap_diag("%s", e ? e : "");
	free(e);
	planet_t *pl = planet_new(&p, NULL, err, sizeof err);
	if (!ok(pl != NULL, "the planet is built"))
		return;
	int own = 1, types = 1;
	for (int i = 0; i < 4; i++) {
		const plate_spec *s = &p.plate_list[i];
		int c = grid_locate(pl->grid, v3_from_latlon(s->lat * M_PI / 180, s->lon * M_PI / 180));
		own &= pl->owner[c] == i && pl->plates[i].id == i;
		/* the plate's crust at its seed point is of its type */
		int smp = pl->sample[c];
		types &= smp >= 0 && (pl->plates[i].crust.type[smp] == CRUST_CONTINENTAL) == (s->type == 1);
	}
	ok(pl->nplates == 4 && own, "each plate (id = its place in the list) owns its seed point");
	ok(types, "each plate's crust at its seed point is of the type given");
	const plate_t *m = &pl->plates[1];
	double lat = asin(m->pole.z) * 180 / M_PI, lon = atan2(m->pole.y, m->pole.x) * 180 / M_PI;
	double cm_yr = m->omega * p.radius_km * 0.1; /* km/Myr; 1 km/Myr = 0.1 cm/yr */
	ok(fabs(lat - 10) < 1e-9 && fabs(lon - 20) < 1e-9 && fabs(cm_yr - 9) < 1e-9,
	   "a given pole and speed are the plate's at the start (%.3f, %.3f, %.3f cm/yr)", lat, lon,
	   cm_yr);
	planet_free(pl);

	char *text = scenario_yaml(&p, NULL);
	n = text ? scenario_load_string("printed.yaml", text, strlen(text), &q, &e) : -1;
	ok(n == 0 && !memcmp(&p, &q, sizeof p), "the effective scenario writes the list back exactly");
	if (n)
		tap_diag("%s", e ? e : "");
	free(e);
	free(text);
}

static void one_error(const char *plates, const char *want, const char *what)
{
	params p;
	char text[2048], *e = NULL, line[1024];
	snprintf(text, sizeof text, "grid: {level: 4}\nplates:\n%s", plates);
	int n = scenario_load_string("t.yaml", text, strlen(text), &p, &e);
	snprintf(line, sizeof line, "%s\n", want);
	if (!ok(n >= 1 && e && !strcmp(e, line), "%s", what))
		tap_diag("got %d: %s", n, e ? e : "(none)");
	free(e);
}

static void test_errors(void)
{
	one_error("  count: 5\n  min: 2\n  list: [{lat: 0, lon: 0}, {lat: 50, lon: 50}]\n",
	          "t.yaml:3:10: plates.count: 5, but plates.list has 2 plates (leave count out)",
	          "a count beside the list that disagrees");
	one_error("  min: 2\n  continental_fraction: 0.5\n  list: [{lat: 0, lon: 0}, {lat: 50, lon: 50}]\n",
	          "t.yaml:4:25: plates.continental_fraction: plates.list gives each plate its type; "
	          "leave this out", "a continental share beside the list");
	one_error("  min: 2\n  list: [{lat: 0, lon: 0}, {lat: 1, lon: 1}]\n",
	          "t.yaml:4:28: plates.list[1]: its seed point is within 2° of plates.list[0]'s",
	          "seed points too close");
	one_error("  min: 2\n  list: [{lat: 0, lon: 0}, {lon: 50}]\n",
	          "t.yaml:4:28: plates.list[1]: needs its seed point, lat and lon", "no seed point");
	one_error("  min: 1\n  list: [{lat: 0, lon: 0, speed_cm_yr: 3}]\n",
	          "t.yaml:4:10: plates.list[0]: give pole_lat, pole_lon and speed_cm_yr together (or "
	          "none, for a drawn motion)", "part of a motion");
	one_error("  min: 1\n  list: [{lat: 0, lon: 0, type: continetal}]\n",
	          "t.yaml:4:33: plates.list[0].type: expected one of oceanic, continental, got "
	          "\"continetal\"; did you mean continental?", "a misspelt type");
	one_error("  min: 1\n  list: [{lat: 0, lon: 0, shape: round}]\n",
	          "t.yaml:4:27: plates.list[0].shape: unknown key", "an unknown key");
	one_error("  lst: []\n", "t.yaml:3:3: plates.lst: unknown key; did you mean plates.list?",
	          "list misspelt");
}

int main(void)
{
	tap_init();
	test_layout();
	test_errors();
	return tap_done();
}
