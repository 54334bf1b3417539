/* planet_commands.c: the changes a user makes to a running planet (the
 * dashboard's commands), apart from planet.c so the events timeline
 * (timeline.c), which planet_step fires, can make exactly the same ones. */
#include <math.h>
#include <stdbool.h>
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
	if (planet_untrim(pl) < 0)
		return;
	surface_update(pl, SURFACE_REFRESH);
}

static bool is_layer_key(const param_def *d)
{
	for (size_t i = 0; i < layer_table_len; i++)
		if (d == &layer_table[i])
			return d->type != PK_VEC3 && d->type != PK_STRING;
	for (int i = 0; i < 3; i++)
		if (d == &layer_centre_table[i])
			return true;
	return false;
}

int planet_set_layer(planet_t *pl, int layer, const param_def *d, double v)
{
	if (!d || layer < 0 || layer >= pl->prm.layer_count || !is_layer_key(d))
		return -1;
	if (planet_untrim(pl) < 0)
		return -1;
	noise_layer old = pl->prm.layers[layer];
	if (param_set_at(&pl->prm.layers[layer], d, v) < 0)
		return -1;
	if (relief_renoise(pl) < 0) {
		pl->prm.layers[layer] = old;
		return -1;
	}
	if (pl->step > 0) {
		surface_update(pl, SURFACE_REFRESH);
		return 0;
	}
	/* step 0: what planet_new does after the relief, so the planet is the
	 * one the edited scenario builds */
	planet_settle_step0(pl);
	pl->continental_target = pl->stats.continental_fraction;
	pl->sea_level0 = pl->sea_level;
	plate_forces_compute(pl);
	return 0;
}

int planet_rift(planet_t *pl, int plate)
{
	if (planet_untrim(pl) < 0)
		return -1;
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
