/* test_timeline.c: the events timeline. Events fire at the step boundary of
 * their step or time, not before; they make the same planet, bit for bit, as
 * the same changes made by hand through the commands the dashboard uses
 * (planet_rift, planet_set_param + planet_refresh, planet_set_plate_motion);
 * a saved state resumes the rest of the timeline, ramps included; a ramp
 * moves linearly and stops at its target; a pause is reported once; bad
 * events are FILE:LINE:COL errors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "core/planet_internal.h"
#include "io/scenario.h"
#include "io/state.h"

static const char base_yaml[] = "seed: 9\ngrid: {level: 3}\nplates: {count: 8, max: 20}\n";

static int load(const char *events, params *p)
{
	char text[4096], *e = NULL;
	snprintf(text, sizeof text, "%s%s", base_yaml, events);
	int n = scenario_load_string("t.yaml", text, strlen(text), p, &e);
	if (n)
		tap_diag("%s", e ? e : "");
	free(e);
	return n;
}

static planet_t *make(const params *p)
{
	char err[256] = "";
	planet_t *pl = planet_new(p, NULL, err, sizeof err);
	if (!pl)
		tap_diag("planet_new: %s", err);
	return pl;
}

static int step(planet_t *pl)
{
	char err[256] = "";
	if (planet_step(pl, err, sizeof err) == 0)
		return 0;
	tap_diag("step: %s", err);
	return -1;
}

static int index_of(const planet_t *pl, int id)
{
	for (int i = 0; i < pl->nplates; i++)
		if (pl->plates[i].id == id)
			return i;
	return -1;
}

static void test_when(void)
{
	params p;
	if (load("events:\n"
	         "  - { step: 3, set: { climate.equator_temp_c: 20 } }\n"
	         "  - { myr: 2.5, set: { climate.pole_temp_c: -40 } }\n"
	         "simulation: {dt_myr: 0.5}\n", &p))
		return;
	planet_t *pl = make(&p);
	int early = 0, on_time_step = -1, on_time_myr = -1;
	for (int s = 1; pl && s <= 8; s++) {
		if (step(pl))
			break;
		/* fired at the start of the step after the boundary it is due at */
		if (pl->prm.equator_temp_c == 20 && on_time_step < 0)
			on_time_step = s;
		if (pl->prm.pole_temp_c == -40 && on_time_myr < 0)
			on_time_myr = s;
		early += (s <= 3 && pl->prm.equator_temp_c != 30);   /* the default */
	}
	ok(!early && on_time_step == 4, "step: 3 fires after step 3, before step 4 (seen after step %d)",
	   on_time_step);
	ok(on_time_myr == 6, "myr: 2.5 with dt 0.5 fires after step 5 (t = 2.5), seen after step %d",
	   on_time_myr);
	planet_free(pl);
}

/* The timeline, and the same changes by hand at the same boundaries. */
static const char timeline[] =
	"events:\n"
	"  - { step: 1, rift: 2 }\n"
	"  - { step: 2, rift: largest }\n"
	"  - { step: 3, rift: { lat: 10, lon: -30 } }\n"
	"  - { myr: 4, set: { climate.equator_temp_c: 21 } }\n"
	"  - { step: 5, motion: { plate: 1, pole_lat: 10, pole_lon: 20, speed_cm_yr: 6 } }\n"
	"  - { step: 6, set: { simulation.rift_rate: 0 } }\n";

static void by_hand(planet_t *pl)
{
	const param_def *eq = params_find("climate.equator_temp_c");
	const param_def *rr = params_find("simulation.rift_rate");
	switch (pl->step) {
	case 1: planet_rift(pl, index_of(pl, 2)); break;
	case 2: planet_rift(pl, -1); break;
	case 3: {
		int c = grid_locate(pl->grid, v3_from_latlon(10 * M_PI / 180, -30 * M_PI / 180));
		planet_rift(pl, pl->owner[c]);
		break;
	}
	case 4: planet_set_param(pl, eq, 21), planet_refresh(pl); break;
	case 5: planet_set_plate_motion(pl, index_of(pl, 1), 10, 20, 6); break;
	case 6: planet_set_param(pl, rr, 0), planet_refresh(pl); break;
	}
}

static void test_by_hand(void)
{
	params p, q;
	if (load(timeline, &p) || load("", &q))
		return;
	planet_t *a = make(&p), *b = make(&q), *c = make(&q);
	int same = 1, differs_from_none = 0, plates_a = 0;
	for (int s = 1; a && b && c && s <= 12; s++) {
		by_hand(b);
		if (step(a) || step(b) || step(c))
			break;
		same &= planet_hash(a) == planet_hash(b);
		differs_from_none |= planet_hash(a) != planet_hash(c);
		plates_a = a->nplates;
	}
	ok(same, "the timeline gives the same state_hash as the changes made by hand, every step");
	ok(differs_from_none, "...and not the hash of the planet without them");
	ok(plates_a >= 11, "three rifts happened (%d plates from 8)", plates_a);
	ok(a && a->prm.equator_temp_c == 21 && a->prm.rift_rate == 0, "the set events hold");
	planet_free(a);
	planet_free(b);
	planet_free(c);
}

static void test_save_load(void)
{
	params p;
	char path[] = "/tmp/test_timeline.XXXXXX", err[256] = "";
	if (load("events:\n"
	         "  - { step: 2, rift: largest }\n"
	         "  - { step: 3, set: { terrain.ocean_fraction: 0.5 }, over_myr: 6 }\n"
	         "  - { step: 7, rift: { lat: -20, lon: 100 } }\n"
	         "  - { step: 8, pause: \"after the load\" }\n", &p))
		return;
	int fd = mkstemp(path);
	if (fd >= 0)
		close(fd);
	planet_t *a = make(&p), *b = NULL;
	for (int s = 0; a && s < 5; s++)
		step(a);
	/* step 5: the rift is done, the ramp is half way, the rest to come */
	if (a && state_save(a, path, err, sizeof err) == 0) {
		int bad = 0;
		b = state_load(path, NULL, &bad, err, sizeof err);
	}
	if (!ok(b != NULL, "a state saved in the middle of the timeline loads"))
		tap_diag("%s", err);
	int same = 1, paused_a = 0, paused_b = 0;
	char msg[PARAMS_EVENT_TEXT];
	for (int s = 5; a && b && s < 14; s++) {
		step(a), step(b);
		same &= planet_hash(a) == planet_hash(b) &&
		        a->prm.ocean_fraction == b->prm.ocean_fraction;
		paused_a += planet_take_pause(a, msg, sizeof msg);
		paused_b += planet_take_pause(b, msg, sizeof msg);
	}
	ok(same, "the loaded state runs the rest of the timeline like the one never saved");
	ok(b && b->nplates == a->nplates && b->prm.ocean_fraction == 0.5,
	   "the rift after the load happened and the ramp reached its target");
	ok(paused_a == 1 && paused_b == 1 && !strcmp(msg, "after the load"),
	   "the pause after the load is reported once (%d, %d)", paused_a, paused_b);
	planet_free(a);
	planet_free(b);
	unlink(path);
}

static void test_ramp(void)
{
	params p;
	if (load("events:\n  - { myr: 2, set: { climate.equator_temp_c: 38 }, over_myr: 4 }\n", &p))
		return;
	planet_t *pl = make(&p);
	double want[10] = {30, 30, 30, 30, 32, 34, 36, 38, 38, 38};   /* from the default 30 */
	int good = 1;
	for (int s = 1; pl && s < 10; s++) {
		step(pl);
		/* fired at the start of step 3 (t = 2); at the start of each later
		 * step (t) the value is from + (to - from) (t - 2) / 4 */
		if (fabs(pl->prm.equator_temp_c - want[s]) > 1e-9) {
			tap_diag("after step %d: %.17g, want %g", s, pl->prm.equator_temp_c, want[s]);
			good = 0;
		}
		if (s == 7)
			planet_set_param(pl, params_find("climate.equator_temp_c"), 29);
		if (s == 7)
			want[8] = want[9] = 29;
	}
	ok(good, "a ramp moves linearly from the value in force to its target, then lets go");
	planet_free(pl);
}

static void one_error(const char *events, const char *want, const char *what)
{
	params p;
	char text[4096], *e = NULL, line[1024];
	snprintf(text, sizeof text, "%s%s", base_yaml, events);
	int n = scenario_load_string("t.yaml", text, strlen(text), &p, &e);
	snprintf(line, sizeof line, "%s\n", want);
	if (!ok(n >= 1 && e && !strcmp(e, line), "%s", what))
		tap_diag("got %d: %s", n, e ? e : "(none)");
	free(e);
}

static void test_errors(void)
{
	one_error("events:\n  - { myr: -5, rift: largest }\n",
	          "t.yaml:5:12: events[0].myr: expected a number from 0 to 1000000000 (Myr), got \"-5\"",
	          "a time in the past");
	one_error("events:\n  - { rift: largest }\n",
	          "t.yaml:5:5: events[0]: needs a time: myr (Myr from the start) or step",
	          "no time");
	one_error("events:\n  - { step: 4 }\n",
	          "t.yaml:5:5: events[0]: needs an action: rift, set, motion or pause", "no action");
	one_error("events:\n  - { step: 4, rift: 8 }\n",
	          "t.yaml:5:22: events[0]: there is no plate 8 at the start (plates.count is 8: ids 0 to 7)",
	          "an unknown plate");
	one_error("events:\n  - { step: 4, rift: biggest }\n",
	          "t.yaml:5:22: events[0].rift: expected a plate id, largest, or a place {lat: ..., "
	          "lon: ...}, got \"biggest\"", "a bad rift target");
	one_error("events:\n  - { step: 4, rift: { lat: 95, lon: 0 } }\n",
	          "t.yaml:5:29: events[0].rift.lat: expected a number from -90 to 90 (°), got \"95\"",
	          "a place off the globe");
	one_error("events:\n  - { step: 4, set: { planet.radius_km: 5000 } }\n",
	          "t.yaml:5:23: events[0].set.planet.radius_km: cannot change while the planet runs "
	          "(not a live key)", "a key that is not live");
	one_error("events:\n  - { step: 4, set: { climate.equator_tmp_c: 5 } }\n",
	          "t.yaml:5:23: events[0].set.climate.equator_tmp_c: unknown key; did you mean "
	          "climate.equator_temp_c?", "an unknown key");
	one_error("events:\n  - { step: 4, set: { climate.noise: 3 } }\n",
	          "t.yaml:5:38: events[0].set.climate.noise: expected a number from 0 to 1, got \"3\"",
	          "a value out of the key's range");
	one_error("events:\n  - { step: 4, rift: largest, over_myr: 3 }\n",
	          "t.yaml:5:31: events[0].over_myr: only a set event ramps", "a ramp on a rift");
	one_error("events:\n  - { step: 4, myr: 3, pause: hi }\n",
	          "t.yaml:5:16: events[0].myr: one time per event (step given at 5:7)", "two times");
	one_error("events:\n  - { step: 4, pause: hi, rift: 1 }\n",
	          "t.yaml:5:27: events[0].rift: one action per event (pause given at 5:16)",
	          "two actions");
	one_error("events:\n  - { step: 4, motion: { plate: 1, pole_lat: 0, pole_lon: 0 } }\n",
	          "t.yaml:5:24: events[0].motion: speed_cm_yr is missing (give all of them)",
	          "motion needs every key");
	one_error("events:\n  - { stp: 4, pause: hi }\n",
	          "t.yaml:5:7: events[0].stp: unknown key; did you mean events[0].step?\n"
	          "t.yaml:5:5: events[0]: needs a time: myr (Myr from the start) or step",
	          "an unknown event key");
	one_error("evnts: []\n", "t.yaml:4:1: evnts: unknown key; did you mean events?",
	          "events misspelt");
}

int main(void)
{
	tap_init();
	test_when();
	test_by_hand();
	test_save_load();
	test_ramp();
	test_errors();
	return tap_done();
}
