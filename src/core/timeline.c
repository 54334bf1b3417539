/* timeline.c: the events timeline of a scenario.
 *
 * An event is due at the first step boundary at or after its time (Myr) or
 * step; it fires once, before the next step runs, and a bit in the planet's
 * state records that it did, so a saved state resumes the rest of the
 * timeline. A ramped "set" remembers the value it started from and when; it
 * moves the key linearly at every boundary until its interval is over. */
#include <math.h>

#include "planet_internal.h"
#include "timeline.h"

static int due(const planet_t *pl, const plan_event *e)
{
	if (e->when == EVENT_AT_STEP)
		return pl->step >= e->step;
	return pl->time_myr >= e->myr - 1e-9 * fmax(1, e->myr); /* sums of dt round */
}

/* The index of the plate with this id, or -1. */
static int plate_with_id(const planet_t *pl, int id)
{
	for (int i = 0; i < pl->nplates; i++)
		if (pl->plates[i].id == id)
			return i;
	return -1;
}

static void fire_rift(planet_t *pl, const plan_event *e)
{
	int pi = -1;
	if (e->plate == EVENT_PLATE_AT) {
		int c = grid_locate(pl->grid, v3_from_latlon(e->lat * M_PI / 180, e->lon * M_PI / 180));
		if (c >= 0 && c < pl->grid->n)
			pi = pl->owner[c];
	} else if (e->plate >= 0) {
		pi = plate_with_id(pl, e->plate);
		if (pi < 0)
			return; /* captured or merged meanwhile */
	}
	planet_rift(pl, pi);
}

static void set_live(planet_t *pl, const param_def *d, double v)
{
	if (planet_set_param(pl, d, v) == 0)
		planet_refresh(pl);
}

void timeline_fire(planet_t *pl)
{
	const params *p = &pl->prm;
	int n = p->event_count < PARAMS_MAX_EVENTS ? p->event_count : PARAMS_MAX_EVENTS;
	for (int i = 0; i < n; i++) {
		const plan_event *e = &p->events[i];
		uint32_t bit = 1u << i;
		if (pl->events_fired & bit || !due(pl, e))
			continue;
		pl->events_fired |= bit;
		switch (e->kind) {
		case EVENT_RIFT:
			fire_rift(pl, e);
			break;
		case EVENT_SET:
			if (e->over_myr > 0) {
				/* the ramp starts from the value in force now */
				pl->event_from[i] = params_get(p, &param_table[e->param]);
				pl->event_t0[i] = pl->time_myr;
			} else {
				pl->events_done |= bit;
				set_live(pl, &param_table[e->param], e->value);
			}
			break;
		case EVENT_MOTION: {
			int pi = plate_with_id(pl, e->plate);
			if (pi >= 0)
				planet_set_plate_motion(pl, pi, e->pole_lat, e->pole_lon, e->speed_cm_yr);
			pl->events_done |= bit;
			break;
		}
		case EVENT_PAUSE:
			pl->pause_event = i + 1;
			pl->events_done |= bit;
			break;
		default:
			pl->events_done |= bit;
		}
		if (e->kind == EVENT_RIFT)
			pl->events_done |= bit;
	}
	/* ramps under way: one more stretch of the line */
	for (int i = 0; i < n; i++) {
		const plan_event *e = &p->events[i];
		uint32_t bit = 1u << i;
		if (!(pl->events_fired & bit) || pl->events_done & bit || e->kind != EVENT_SET)
			continue;
		double f = (pl->time_myr - pl->event_t0[i]) / e->over_myr;
		if (!(f > 0))
			continue; /* just started (or a damaged state): nothing moves yet */
		if (f >= 1) {
			f = 1;
			pl->events_done |= bit;
		}
		set_live(pl, &param_table[e->param], pl->event_from[i] + (e->value - pl->event_from[i]) * f);
	}
}
