/* biome_map.c: the biome of every world cell, from its climate and height
 * (the classifier and its table are biome.c). */
#include <math.h>

#include "planet_internal.h"

static void biome_chunk(void *ctx, int b, int e, int chunk)
{
	planet_t *pl = ctx;
	biome_lut lut;
	biome_lut_init(&lut, pl->prm.biomes);
	for (int c = b; c < e; c++)
		pl->biome[c] = (uint8_t)biome_lookup(&lut, pl->temperature[c], pl->precip[c],
		                                     pl->elevation[c] - pl->sea_level,
		                                     pl->dry_summer[c] / 255.0, pl->dry_winter[c] / 255.0);
}

void biome_map_update(planet_t *pl)
{
	pool_for(pl->pool, pl->grid->n, 4096, biome_chunk, pl);
}
