/* biome.h: the 13 biomes of the devlog, chosen by nearest preferred
 * (temperature, precipitation), desert by Koppen's arid limit, plus sea
 * ice as a surface overlay. */
#ifndef TECTONICA_BIOME_H
#define TECTONICA_BIOME_H

#include <stdint.h>

typedef enum {
	BIOME_OCEAN, BIOME_DESERT, BIOME_SAVANNAH, BIOME_TAIGA, BIOME_RAINFOREST,
	BIOME_TUNDRA, BIOME_POLAR, BIOME_TEMPERATE_FOREST, BIOME_MEDITERRANEAN,
	BIOME_STEPPE, BIOME_GRASSLAND, BIOME_MOUNTAIN, BIOME_SNOW_CAP,
	BIOME_SEA_ICE,      /* ocean whose surface freezes: drawn as ice */
	BIOME_COUNT
} biome_id;

typedef struct biome_def {
	const char *name;      /* stats/YAML name, e.g. "temperate_forest" */
	const char *label;     /* short label for the dashboard */
	double temp_c;         /* preferred annual mean temperature */
	double precip_mm;      /* preferred annual precipitation */
	uint8_t r, g, b;       /* map colour */
} biome_def;

extern const biome_def biome_table[BIOME_COUNT];

struct biome_param;

/* A biome table prepared for fast classification of many places. */
typedef struct biome_lut {
	double temp_c[BIOME_COUNT];
	double sqrt_precip[BIOME_COUNT];
	double arid_scale;     /* the desert's precip_mm against the built-in */
} biome_lut;

/* How dry the summers must be for a mediterranean climate, and how long a
 * tropical dry season that makes rainforest savannah (0..1). */
#define BIOME_DRY_SUMMER 0.4
#define BIOME_DRY_WINTER 0.3

void biome_lut_init(biome_lut *lut, const struct biome_param *tbl);
biome_id biome_lookup(const biome_lut *lut, double temp_c, double precip_mm, double elev_above_sea_m,
                      double dry_summer, double dry_winter);
/* Classify one place with the scenario's biome table (params.biomes).
 * elev_above_sea_m < 0 means ocean. Desert is land drier than Koppen's
 * arid limit, 10 T + 70 mm/yr, times the desert's precip_mm against the
 * built-in 120. Annual means cannot tell a dry summer from a dry winter,
 * so the mediterranean biome (winter rain) is allowed only where
 * dry_summer (0..1, from the climate: west coasts at about 28-46 degrees,
 * under the subtropical high's sinking flank) is 0.4 or more; rainforest
 * is savannah where dry_winter (0..1: the tropics' dry season, away from
 * the equator and from coasts the trades keep wet) is 0.3 or more. */
biome_id biome_classify(const struct biome_param *tbl, double temp_c, double precip_mm,
                        double elev_above_sea_m, double dry_summer, double dry_winter);
/* What the inspector says of a place's seasons: "dry summers" where they
 * make it mediterranean, "dry season" where the tropics' dry season makes
 * it savannah (annual mean 20 C or more), else NULL. */
const char *biome_dry_season(double temp_c, double dry_summer, double dry_winter);

#endif
