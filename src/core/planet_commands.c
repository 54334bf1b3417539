/* planet_commands.c: the changes a user makes to a running planet (the
 * dashboard's commands), apart from planet.c so the events timeline
 * (timeline.c), which planet_step fires, can make exactly the same ones. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "planet_internal.h"
#include "tectonics.h"

int planet_set_param(planet_t *pl, const param_def *d, double v)
{
	if (!d->live)
		return -1;
	if (params_set(&pl->prm, d, v) < 0)
		return -1;
	if (d->offset == offsetof(params, ocean_fraction))
		pl->ocean_volume = 0;    /* a new share: solve for it, keep its water */
	return 0;
}

void planet_refresh(planet_t *pl)
{
	surface_update(pl, SURFACE_REFRESH);
}

int planet_rift(planet_t *pl, int plate)
{
	int rc = plate_events_rift(pl, plate);
	if (rc == 0) {
		/* as after a step's own rift: the new boundary's stress, then the
		 * heights and climate that follow from it (a saved state restores
		 * these from the crust, so they must not be left stale) */
		stress_compute(pl);
		surface_update(pl, SURFACE_REFRESH);
	}
	return rc;
}

int planet_set_plate_motion(planet_t *pl, int plate, double pole_lat, double pole_lon,
                            double speed_cm_yr)
{
	if (plate < 0 || plate >= pl->nplates || !(pole_lat >= -90 && pole_lat <= 90) ||
	    !(pole_lon >= -180 && pole_lon <= 180) ||
	    !(speed_cm_yr >= 0 && speed_cm_yr <= 30))
		return -1;
	plate_t *p = &pl->plates[plate];
	p->pole = v3_from_latlon(pole_lat * M_PI / 180, pole_lon * M_PI / 180);
	p->omega = speed_cm_yr / CM_YR_PER_KM_MYR / pl->prm.radius_km;
	return 0;
}

int planet_take_pause(planet_t *pl, char *msg, size_t len)
{
	int i = pl->pause_event - 1;
	if (i < 0 || i >= pl->prm.event_count)
		return 0;
	pl->pause_event = 0;
	snprintf(msg, len, "%s", pl->prm.events[i].text);
	return 1;
}
