/* params.c: placeholder defaults until the table-driven version lands.
 * The values here are the intended defaults (Earth-like, Goldberg level 6). */
#include <string.h>
#include "params.h"

const param_def param_table[] = {{0}};
const size_t param_table_len = 0;
const param_def layer_table[] = {{0}};
const size_t layer_table_len = 0;

void noise_layer_default(noise_layer *l)
{
	*l = (noise_layer){.enabled = true, .filter = FILTER_SIMPLE, .strength = 1.0,
	                   .base_roughness = 1.0, .roughness = 2.0, .persistence = 0.5,
	                   .layers = 4, .centre = {0, 0, 0}, .min_value = 0.0,
	                   .weight_multiplier = 0.8};
}

void params_default(params *p)
{
	memset(p, 0, sizeof *p);
	strcpy(p->name, "Earthlike");
	p->seed = 42;
	p->radius_km = 6371;
	p->axial_tilt_deg = 23.44;
	p->grid = GRID_GOLDBERG;
	p->level = 6;
	p->resolution = 64;
	p->points = 40962;
	p->jitter = 0.0;
	p->plate_count = 12;
	p->plate_min = 6;
	p->plate_max = 24;
	p->continental_fraction = 0.4;
	p->speed_min_cm_yr = 1.0;
	p->speed_max_cm_yr = 8.0;
	p->growth_strength_min = 0.5;
	p->growth_strength_max = 1.5;
	p->growth_bias = 0.5;
	p->plate_warp = 0.25;
	p->noise = NOISE_OPENSIMPLEX2;
	p->continental_elev_m = 600;
	p->oceanic_elev_m = -4000;
	p->stress_uplift_m = 3500;
	p->noise_m = 1200;
	p->layer_count = 2;
	noise_layer_default(&p->layers[0]);
	p->layers[0].strength = 1.0;
	p->layers[0].base_roughness = 1.5;
	p->layers[0].roughness = 2.2;
	p->layers[0].persistence = 0.5;
	p->layers[0].layers = 6;
	noise_layer_default(&p->layers[1]);
	p->layers[1].filter = FILTER_RIDGED;
	p->layers[1].use_first_layer_mask = false;
	p->layers[1].strength = 0.6;
	p->layers[1].base_roughness = 3.0;
	p->layers[1].roughness = 2.0;
	p->layers[1].persistence = 0.5;
	p->layers[1].layers = 5;
	p->layers[1].min_value = 0.3;
	p->sea_level_m = 0;
	p->ocean_fraction = 0.70;
	p->equator_temp_c = 28;
	p->pole_temp_c = -25;
	p->lapse_rate_c_km = 6.5;
	p->ocean_moderation = 0.3;
	p->precip_max_mm = 2500;
	p->coastal_bonus = 0.15;
	p->mountain_bonus = 0.15;
	p->rain_shadow = 0.5;
	p->climate_noise = 0.15;
	p->dt_myr = 1.0;
	p->rift_rate = 1.0;
	p->erosion_rate = 0.002;
}

const param_def *params_find(const char *path) { return NULL; }
double params_get(const params *p, const param_def *d) { return 0; }
int params_set(params *p, const param_def *d, double v) { return -1; }

long params_cell_count(const params *p)
{
	switch (p->grid) {
	case GRID_GOLDBERG: return 10L * (1L << (2 * p->level)) + 2;
	case GRID_CUBESPHERE: return 6L * p->resolution * p->resolution;
	default: return p->points;
	}
}
