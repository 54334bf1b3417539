/* planet_fixture.h: the planet an export test works on: the built-in
 * default scenario at a given level and seed, stepped a few times, and its
 * snapshot. Header-only; include after tap.h. */
#ifndef TECTONICA_PLANET_FIXTURE_H
#define TECTONICA_PLANET_FIXTURE_H

#include <stdint.h>
#include <stdlib.h>

#include "base/pool.h"
#include "core/planet.h"
#include "core/snapshot.h"
#include "io/scenario.h"

/* level < 0 keeps the scenario's own. The planet and snapshot in *pl and
 * *snap, 0; or -1 after a failed TAP check naming why. */
static inline int fixture_planet(int level, uint64_t seed, int steps, pool_t *pool,
                                 planet_t **pl, snapshot_t **snap)
{
	params p;
	char *errors = NULL, err[512] = "";
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	if (level >= 0)
		p.level = level;
	p.seed = seed;
	*pl = planet_new(&p, pool, err, sizeof err);
	*snap = NULL;
	if (!ok(*pl != NULL, "a level-%d planet, seed %llu%s%s", p.level, (unsigned long long)seed,
	        *pl ? "" : ": ", err))
		return -1;
	for (int i = 0; i < steps; i++)
		planet_step(*pl, err, sizeof err);
	*snap = snapshot_new(planet_grid(*pl));
	if (!*snap || planet_snapshot(*pl, *snap) != 0)
		return -1;
	return 0;
}

/* Remove the test's output folder and free what fixture_planet made. */
static inline void fixture_free(const char *dir, planet_t *pl, snapshot_t *snap, pool_t *pool)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", dir);
	snapshot_free(snap);
	planet_free(pl);
	pool_free(pool);
}

#endif
