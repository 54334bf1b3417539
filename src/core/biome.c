/* biome.c: biome table and classification (placeholder). */
#include "biome.h"
const biome_def biome_table[BIOME_COUNT] = {{0}};
biome_id biome_classify(const struct biome_param *tbl, double t, double p, double e) { return BIOME_OCEAN; }
