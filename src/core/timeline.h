/* timeline.h: the scenario's events (params.events), fired at step
 * boundaries by planet_step. Internal to the core. */
#ifndef TECTONICA_TIMELINE_H
#define TECTONICA_TIMELINE_H

struct planet;

/* Fire the events due now, before the step from pl->step to pl->step + 1,
 * and advance the ramps under way. Each does what the dashboard's command
 * for it does (planet_rift, planet_set_param + planet_refresh,
 * planet_set_plate_motion), so a timeline and the same changes by hand give
 * the same planet. An event that cannot happen (no such plate any more, the
 * plate count at plates.max) is spent all the same. */
void timeline_fire(struct planet *pl);

#endif
