/* test_lineage.c: what the dashboard's lineage (src/tui/lineage.c) says
 * about plates as it watches a planet step by step. Every split it reports
 * names a parent and every loss names where the cells went: plates listed
 * with no cells on the map (a microplate cut from hidden crust, a plate
 * squeezed out this step, both removed at the next step) once read "plate
 * N split from plate -1" in the status line. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "planet_fixture.h"
#include "tui/lineage.h"

int main(void)
{
	tap_init();
	planet_t *pl;
	snapshot_t *s;
	/* level 4, seed 5: a plate listed without cells every few steps */
	if (fixture_planet(4, 5, 0, NULL, &pl, &s) < 0)
		return tap_done();
	lineage *l = calloc(1, sizeof *l);
	lineage_init(l);
	char msg[512], err[256];
	int steps = 300, empty_steps = 0, news = 0, bad_msgs = 0, bad_events = 0, shown = 0;
	int cells[SNAPSHOT_PLATES_MAX];
	lineage_see(l, s, -1, msg, sizeof msg);
	for (int i = 0; i < steps; i++) {
		if (planet_step(pl, err, sizeof err) < 0 || planet_snapshot(pl, s) < 0)
			break;
		memset(cells, 0, sizeof cells);
		for (int c = 0; c < s->n; c++)
			cells[s->plate[c]]++;
		int empty = 0;
		for (int p = 0; p < s->plate_count; p++)
			empty += cells[p] == 0;
		empty_steps += empty > 0;
		if (!lineage_see(l, s, -1, msg, sizeof msg))
			continue;
		news++;
		if (strstr(msg, "plate -1")) {
			if (bad_msgs++ < 3)
				tap_diag("step %d: %s", i + 1, msg);
		}
		/* the step's events: ids on the map now (splits) or before (losses) */
		for (int e = 0; e < l->nev; e++) {
			const lineage_event *ev = &l->ev[e];
			if (ev->step != s->step)
				continue;
			bad_events += ev->other < 0;
			if (!ev->gone) {
				int on_map = 0;
				for (int p = 0; p < s->plate_count; p++)
					on_map |= s->plates[p].id == ev->id && cells[p] > 0;
				shown += on_map;
				bad_events += !on_map;
			}
		}
	}
	ok(empty_steps > 0, "the planet lists plates with no cells now and then (%d of %d steps): "
	   "the case this test is about happens", empty_steps, steps);
	ok(news > 0 && shown > 0, "splits and losses are reported (%d steps with news, %d splits)", news, shown);
	is_int(bad_msgs, 0, "no status line names plate -1");
	is_int(bad_events, 0, "every split names its parent and shows on the map; every loss names a plate");
	lineage_done(l);
	free(l);
	snapshot_free(s);
	planet_free(pl);
	return tap_done();
}
