/* biome.c: the biome table and the nearest-(temperature, precipitation)
 * classifier of the devlog, with mountains, snow caps and sea ice decided by
 * height and cold first. */
#include <math.h>
#include "biome.h"
#include "params.h"

/* Preferred annual mean temperature (deg C) and precipitation (mm/yr) are
 * rough centres of the Whittaker diagram's regions. */
const biome_def biome_table[BIOME_COUNT] = {
	[BIOME_OCEAN]            = {"ocean", "ocean", 15, 1000, 28, 72, 140},
	[BIOME_DESERT]           = {"desert", "desert", 24, 120, 222, 200, 140},
	[BIOME_SAVANNAH]         = {"savannah", "savannah", 25, 900, 190, 178, 92},
	[BIOME_TAIGA]            = {"taiga", "taiga", -3, 500, 48, 96, 72},
	[BIOME_RAINFOREST]       = {"rainforest", "rainforest", 26, 2200, 22, 108, 42},
	[BIOME_TUNDRA]           = {"tundra", "tundra", -11, 250, 152, 160, 132},
	[BIOME_POLAR]            = {"polar", "polar", -25, 150, 232, 238, 244},
	[BIOME_TEMPERATE_FOREST] = {"temperate_forest", "temp. forest", 11, 1300, 62, 132, 60},
	[BIOME_MEDITERRANEAN]    = {"mediterranean", "mediterr.", 17, 550, 156, 164, 84},
	[BIOME_STEPPE]           = {"steppe", "steppe", 7, 320, 178, 170, 114},
	[BIOME_GRASSLAND]        = {"grassland", "grassland", 13, 700, 122, 170, 82},
	[BIOME_MOUNTAIN]         = {"mountain", "mountain", -2, 600, 128, 122, 116},
	[BIOME_SNOW_CAP]         = {"snow_cap", "snow cap", -15, 600, 250, 250, 252},
	[BIOME_SEA_ICE]          = {"sea_ice", "sea ice", -10, 200, 206, 222, 238},
};

/* Height above sea level where bare rock takes over, and where snow stays. */
#define MOUNTAIN_M 2600.0
#define SNOW_LINE_TEMP_C -6.0
/* Annual mean above which a climate is tropical (Koppen's A is a coldest
 * month above 18 C; annual means there run a few degrees warmer) */
#define TROPICAL_C 20.0

void biome_lut_init(biome_lut *lut, const biome_param *tbl)
{
	for (int b = 0; b < BIOME_COUNT; b++) {
		lut->temp_c[b] = tbl[b].temp_c;
		lut->sqrt_precip[b] = sqrt(fmax(tbl[b].precip_mm, 0));
	}
	lut->arid_scale = tbl[BIOME_DESERT].precip_mm / biome_table[BIOME_DESERT].precip_mm;
}

biome_id biome_classify(const biome_param *tbl, double temp_c, double precip_mm,
                        double elev_above_sea_m, double dry_summer, double dry_winter)
{
	biome_lut lut;
	biome_lut_init(&lut, tbl);
	return biome_lookup(&lut, temp_c, precip_mm, elev_above_sea_m, dry_summer, dry_winter);
}

biome_id biome_lookup(const biome_lut *lut, double temp_c, double precip_mm, double elev_above_sea_m,
                      double dry_summer, double dry_winter)
{
	if (elev_above_sea_m < 0)
		return temp_c < -1.8 ? BIOME_SEA_ICE : BIOME_OCEAN;
	if (elev_above_sea_m > MOUNTAIN_M)
		return temp_c < SNOW_LINE_TEMP_C ? BIOME_SNOW_CAP : BIOME_MOUNTAIN;
	if (temp_c < SNOW_LINE_TEMP_C - 10 && elev_above_sea_m > MOUNTAIN_M * 0.5)
		return BIOME_SNOW_CAP;
	/* Nearest climate biome but desert; a degree counts like 60 mm/yr of
	 * rain, and rain is compared on a square-root scale so dry biomes stay
	 * distinct. */
	biome_id best = BIOME_STEPPE;
	double best_d = INFINITY;
	double sp = sqrt(precip_mm > 0 ? precip_mm : 0);
	int summer_drought = dry_summer >= BIOME_DRY_SUMMER;
	for (int b = BIOME_SAVANNAH; b <= BIOME_GRASSLAND; b++) {
		if (b == BIOME_MEDITERRANEAN && !summer_drought)
			continue;
		double dt = (temp_c - lut->temp_c[b]) / 6.0;
		double dp = (sp - lut->sqrt_precip[b]) / 7.0;
		double d = dt * dt + dp * dp;
		if (d < best_d) {
			best_d = d;
			best = (biome_id)b;
		}
	}
	/* Desert is where rain falls short of what the warmth evaporates,
	 * Koppen's arid limit (BW: P < 10 T + 70 mm), hot or cold alike: a
	 * cool interior with 120 mm/yr is desert, not steppe. Land cold
	 * enough for tundra stays tundra (its polar deserts included). A
	 * scenario's wetter desert (precip_mm) raises the limit. */
	if (best != BIOME_TUNDRA && best != BIOME_POLAR && precip_mm < (10 * temp_c + 70) * lut->arid_scale)
		return BIOME_DESERT;
	/* a temperate climate with dry summers is mediterranean however much
	 * rain its winters bring (Koppen's Cs: Rome and Seattle alike) */
	if (summer_drought && (best == BIOME_GRASSLAND || best == BIOME_TEMPERATE_FOREST))
		best = BIOME_MEDITERRANEAN;
	/* rain forest needs rain all year: a long dry season (Koppen's Aw)
	 * makes it savannah however wet the rainy season (the Sahel's south,
	 * the Llanos, northern Australia) */
	if (best == BIOME_RAINFOREST && dry_winter >= BIOME_DRY_WINTER)
		best = BIOME_SAVANNAH;
	return best;
}

const char *biome_dry_season(double temp_c, double dry_summer, double dry_winter)
{
	if (dry_summer >= BIOME_DRY_SUMMER)
		return "dry summers";
	if (dry_winter >= BIOME_DRY_WINTER && temp_c >= TROPICAL_C)
		return "dry season";
	return NULL;
}
