/* surface.c: what the crust looks like from above, recomputed every step
 * in order: elevation (elevation.c), sea level (sealevel.c), climate
 * (climate.c), biomes (biome_map.c) and the world's figures (world_stats.c),
 * each phase timed (doc/model.md, "One step", 9, and "Climate"). */
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
	biome_map_update(pl);
	world_stats_update(pl);
	double t3 = clock_ms();
	pl->phase_ms[PHASE_ELEVATION] = t1 - t0;
	pl->phase_ms[PHASE_CLIMATE] = t2 - t1;
	pl->phase_ms[PHASE_BIOMES] = t3 - t2;
}
