/* surface.c: what the crust looks like from above, recomputed every step
 * in order: elevation (elevation.c), sea level (sealevel.c), moisture
 * (climate.c) and the world's figures (world_stats.c), each phase timed
 * (doc/model.md, "One step", 9, and "Climate"). Temperature, rain and
 * biomes (climate.c, biome_map.c) follow when something reads them. */
#include "planet_internal.h"

void surface_update(planet_t *pl, int mode)
{
	double t0 = clock_ms();
	elevation_update(pl);
	/* a restored state brings the sea level its step ended with */
	if (mode != SURFACE_RESTORE)
		sealevel_update(pl);
	double t1 = clock_ms();
	climate_update(pl, mode);
	double t2 = clock_ms();
	world_stats_update(pl);
	pl->climate_stale = 1;
	pl->phase_ms[PHASE_ELEVATION] = t1 - t0;
	pl->phase_ms[PHASE_CLIMATE] = t2 - t1;
	pl->phase_ms[PHASE_BIOMES] = clock_ms() - t2;
	/* anything but a plain step is followed by a look at the planet */
	if (mode != SURFACE_STEP)
		surface_climate_refresh(pl);
}

void surface_climate_refresh(planet_t *pl)
{
	if (!pl->climate_stale)
		return;
	double t0 = clock_ms();
	climate_finish(pl);
	double t1 = clock_ms();
	biome_map_update(pl);
	world_stats_climate(pl);
	pl->climate_stale = 0;
	/* the step's phases include the climate whenever it is read */
	pl->phase_ms[PHASE_CLIMATE] += t1 - t0;
	pl->phase_ms[PHASE_BIOMES] += clock_ms() - t1;
}
