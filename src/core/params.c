/* params.c: the table of scenario keys, and defaults derived from it.
 *
 * Every scalar setting of a planet is described once, here: YAML path, type,
 * where it lives in struct params, bounds, default, unit, help and whether it
 * may change while the simulation runs. The scenario loader, the dashboard's
 * parameter panel and the state checks follow this table, so in code a new
 * key is one line here plus its field in struct params (params.h). Users see
 * it in two more places that tests keep honest: a row in doc/scenario.md
 * (tests/test_params.c) and a line in conf/default.yaml
 * (tests/test_scenario.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "params.h"

static const char *const grid_names[] = {"goldberg", "cubesphere", "fibonacci", NULL};
static const char *const noise_names[] = {"opensimplex2", "perlin", NULL};
static const char *const filter_names[] = {"simple", "ridged", NULL};

#define OFF(f) offsetof(params, f)
#define LOFF(f) offsetof(noise_layer, f)

/* Numbers: D(path, field, min, max, default, unit, live, help). */
#define D(p, f, lo, hi, d, u, l, h) \
	{.path = p, .type = PK_DOUBLE, .offset = OFF(f), .min = lo, .max = hi, .def = d, \
	 .unit = u, .live = l, .help = h}
#define I(p, f, lo, hi, d, u, l, h) \
	{.path = p, .type = PK_INT, .offset = OFF(f), .min = lo, .max = hi, .def = d, \
	 .unit = u, .live = l, .help = h}
#define E(p, f, n, d, h) \
	{.path = p, .type = PK_ENUM, .offset = OFF(f), .min = 0, \
	 .max = sizeof n / sizeof n[0] - 2, .def = d, .names = n, .unit = "", .help = h}

const param_def param_table[] = {
	{.path = "name", .type = PK_STRING, .offset = OFF(name), .sdef = "Earthlike",
	 .size = PARAMS_NAME_MAX, .unit = "", .help = "name shown in the dashboard title"},
	{.path = "seed", .type = PK_UINT64, .offset = OFF(seed), .min = 0,
	 .max = 18446744073709551615.0, .def = 42, .unit = "",
	 .help = "seed of the planet's random generator and noise (same seed, same planet)"},

	D("planet.radius_km", radius_km, 100, 100000, 6371, "km", false,
	  "planet radius; converts plate speeds to angular speeds"),
	D("planet.axial_tilt_deg", axial_tilt_deg, 0, 180, 23.44, "°", true,
	  "tilt of the rotation axis against the orbit; shapes the climate zones"),

	E("grid.kind", grid, grid_names, GRID_GOLDBERG,
	  "cell layout: goldberg (hexagons + 12 pentagons), cubesphere or fibonacci"),
	I("grid.level", level, 0, 9, 6, "", false,
	  "goldberg: icosahedron subdivisions, 10*4^level + 2 cells (6 = 40 962)"),
	I("grid.resolution", resolution, 1, 1024, 64, "", false,
	  "cubesphere: cells along a face edge, 6*resolution^2 cells"),
	I("grid.points", points, 12, PARAMS_MAX_CELLS, 40962, "", false,
	  "fibonacci: number of cells"),
	D("grid.jitter", jitter, 0, 0.5, 0.0, "", false,
	  "random displacement of cell centres, as a share of the cell spacing"),

	I("plates.count", plate_count, 1, PARAMS_MAX_PLATES, 12, "", false, "plates at the start"),
	I("plates.min", plate_min, 1, PARAMS_MAX_PLATES, 6, "", false,
	  "fewest plates of 1 % of the surface or more; below this, rifting is forced"),
	I("plates.max", plate_max, 1, PARAMS_MAX_PLATES, 12, "", false,
	  "most plates of 1 % of the surface or more; at this count none rifts on its own (microplates come and go beside them)"),
	D("plates.continental_fraction", continental_fraction, 0, 1, 0.4, "", false,
	  "share of the starting plates that carry continents (rounded, one at least when above 0)"),
	D("plates.speed_min_cm_yr", speed_min_cm_yr, 0, 30, 1.0, "cm/yr", false,
	  "slowest initial plate speed"),
	D("plates.speed_max_cm_yr", speed_max_cm_yr, 0, 30, 8.0, "cm/yr", false,
	  "fastest initial plate speed"),
	D("plates.growth_strength_min", growth_strength_min, 0.01, 10, 0.5, "", false,
	  "weakest per-plate growth strength when plates are grown from their seeds"),
	D("plates.growth_strength_max", growth_strength_max, 0.01, 10, 1.5, "", false,
	  "strongest per-plate growth strength"),
	D("plates.growth_bias", growth_bias, 0, 1, 0.5, "", false,
	  "directional bias of plate growth: 0 round plates, 1 elongated"),
	D("plates.warp", plate_warp, 0, 1, 0.25, "rad", false,
	  "noise warp of the plate layout, so boundaries wander"),

	E("terrain.noise", noise, noise_names, NOISE_OPENSIMPLEX2,
	  "noise function of the terrain layers: opensimplex2 or perlin"),
	D("terrain.continental_elevation_m", continental_elev_m, -2000, 5000, 600, "m", false,
	  "initial height of continental interiors over the datum; with ocean_fraction on, continents then move so the sea is at the datum (ridge crests 2 500 m deep)"),
	D("terrain.oceanic_elevation_m", oceanic_elev_m, -11000, 0, -4000, "m", false,
	  "step-0 depth of ocean floor far from any ridge (younger floor is as deep as its age)"),
	D("terrain.stress_uplift_m", stress_uplift_m, 0, 20000, 3500, "m", true,
	  "uplift at full boundary stress at step 0 (height += stress^1.5 * this); later it scales mountain belts and arcs"),
	D("terrain.noise_m", noise_m, 0, 10000, 1200, "m", true,
	  "metres per unit of the noise layers' output"),
	D("terrain.sea_level_m", sea_level_m, -11000, 9000, 0, "m", true,
	  "sea level, used as given when ocean_fraction is off"),
	{.path = "terrain.ocean_fraction", .type = PK_DOUBLE, .offset = OFF(ocean_fraction),
	 .min = 0, .max = 1, .def = 0.70, .unit = "", .live = true, .nullable = true,
	 .help = "share of the surface under water at the start; the sea level is solved for it and its water volume then kept (null/off: use sea_level_m)"},

	D("climate.equator_temp_c", equator_temp_c, -100, 100, 30, "°C", true,
	  "annual mean sea-level temperature at the equator"),
	D("climate.pole_temp_c", pole_temp_c, -100, 100, -25, "°C", true,
	  "annual mean sea-level temperature at the poles"),
	D("climate.lapse_rate_c_km", lapse_rate_c_km, 0, 20, 6.5, "°C/km", true,
	  "cooling with height above sea level"),
	D("climate.ocean_moderation", ocean_moderation, 0, 1, 0.3, "", true,
	  "pull of ocean temperatures toward the global mean"),
	D("climate.precip_max_mm", precip_max_mm, 0, 20000, 2500, "mm/yr", true,
	  "precipitation of the wettest latitude band"),
	D("climate.coastal_bonus", coastal_bonus, 0, 2, 0.15, "", true,
	  "extra precipitation near coasts, as a share of precip_max_mm"),
	D("climate.mountain_bonus", mountain_bonus, 0, 2, 0.15, "", true,
	  "extra orographic precipitation on windward slopes, as a share of precip_max_mm"),
	D("climate.rain_shadow", rain_shadow, 0, 1, 0.5, "", true,
	  "how much mountains dry the land in their lee"),
	D("climate.noise", climate_noise, 0, 1, 0.15, "", true,
	  "amplitude of noise on temperature and precipitation, and of how far the rain belts wander from their latitudes"),

	D("simulation.dt_myr", dt_myr, 0.01, 100, 1.0, "Myr", true, "time per step"),
	D("simulation.rift_rate", rift_rate, 0, 100, 1.0, "/100 Myr", true,
	  "expected rifting events per 100 Myr"),
	D("simulation.erosion_rate", erosion_rate, 0, 1, 0.002, "/Myr", true,
	  "share of a continent's height above its isostatic base lost per Myr"),
};
const size_t param_table_len = sizeof param_table / sizeof param_table[0];

#undef D
#undef I
#define LD(p, f, lo, hi, d, l, h) \
	{.path = p, .type = PK_DOUBLE, .offset = LOFF(f), .min = lo, .max = hi, .def = d, \
	 .unit = "", .live = l, .help = h}
#define LB(p, f, d, h) \
	{.path = p, .type = PK_BOOL, .offset = LOFF(f), .min = 0, .max = 1, .def = d, \
	 .unit = "", .live = true, .help = h}

/* Every layer key is live: an edit derives the terrain detail of all crust
 * again from the new stack (planet_set_layer). */
const param_def layer_table[] = {
	{.path = "filter", .type = PK_ENUM, .offset = LOFF(filter), .min = 0, .max = 1,
	 .def = FILTER_SIMPLE, .names = filter_names, .unit = "", .live = true,
	 .help = "simple (fBm) or ridged (sharp crests)"},
	LB("enabled", enabled, 1, "whether the layer contributes"),
	LD("strength", strength, 0, 10, 1.0, true, "output scale of the layer"),
	LD("base_roughness", base_roughness, 0.01, 100, 1.0, true,
	   "frequency of the first octave on the unit sphere"),
	LD("roughness", roughness, 0.1, 10, 2.0, true, "frequency multiplier per octave"),
	LD("persistence", persistence, 0, 1, 0.5, true, "amplitude multiplier per octave"),
	{.path = "octaves", .type = PK_INT, .offset = LOFF(layers), .min = 1, .max = 16,
	 .def = 4, .unit = "", .live = true, .help = "number of octaves summed"},
	{.path = "centre", .type = PK_VEC3, .offset = LOFF(centre), .min = -1000, .max = 1000,
	 .def = 0, .unit = "", .live = true,
	 .help = "offset [x, y, z] of the sample point; moves the pattern"},
	LD("min_value", min_value, -10, 10, 0.0, true,
	   "subtracted from the layer's value, which is then floored at 0"),
	LD("weight_multiplier", weight_multiplier, 0, 10, 0.8, true,
	   "ridged only: how strongly each octave's crests gate the next"),
	LB("use_first_layer_mask", use_first_layer_mask, 0,
	   "apply only where the first layer is above zero (mountains on continents)"),
};
const size_t layer_table_len = sizeof layer_table / sizeof layer_table[0];

#define LC(p, f, h) \
	{.path = p, .type = PK_DOUBLE, .offset = offsetof(noise_layer, centre.f), .min = -1000, \
	 .max = 1000, .def = 0, .unit = "", .live = true, .help = h}
const param_def layer_centre_table[3] = {
	LC("centre.x", x, "x offset of the sample point; moves the pattern"),
	LC("centre.y", y, "y offset of the sample point; moves the pattern"),
	LC("centre.z", z, "z offset of the sample point; moves the pattern"),
};
#undef LC

double param_get_at(const void *base, const param_def *d)
{
	const char *f = (const char *)base + d->offset;
	switch (d->type) {
	case PK_INT: return *(const int *)f;
	case PK_UINT64: return (double)*(const uint64_t *)f;
	case PK_DOUBLE: return *(const double *)f;
	case PK_BOOL: return *(const bool *)f;
	case PK_ENUM: return *(const int *)f; /* enums here are int-sized */
	case PK_VEC3: return ((const vec3 *)f)->x;
	case PK_STRING: break;
	}
	return 0;
}

int param_set_at(void *base, const param_def *d, double v)
{
	char *f = (char *)base + d->offset;
	if (isnan(v))
		return -1;
	if (d->nullable && v < 0) {
		*(double *)f = -1;
		return 0;
	}
	if (d->type == PK_INT || d->type == PK_ENUM || d->type == PK_BOOL)
		v = round(v);
	if (d->type == PK_STRING || v < d->min || v > d->max)
		return -1;
	switch (d->type) {
	case PK_INT: *(int *)f = (int)v; break;
	case PK_ENUM: *(int *)f = (int)v; break;
	case PK_BOOL: *(bool *)f = v != 0; break;
	case PK_DOUBLE: *(double *)f = v; break;
	case PK_VEC3: *(vec3 *)f = (vec3){v, v, v}; break;
	case PK_UINT64:
		/* 2^64 itself passes the bounds check as a double but does not fit */
		if (v >= 18446744073709551616.0)
			return -1;
		*(uint64_t *)f = (uint64_t)v;
		break;
	case PK_STRING: return -1;
	}
	return 0;
}

/* Defaults come from the tables so the doc, the loader and the core agree. */
static void apply_defaults(void *base, const param_def *tbl, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const param_def *d = &tbl[i];
		if (d->type == PK_STRING)
			snprintf((char *)base + d->offset, d->size, "%s", d->sdef);
		else if (d->type == PK_UINT64)
			*(uint64_t *)((char *)base + d->offset) = (uint64_t)d->def;
		else
			param_set_at(base, d, d->def);
	}
}

void params_layer_default(noise_layer *l)
{
	memset(l, 0, sizeof *l); /* padding too, so whole structs compare with memcmp */
	apply_defaults(l, layer_table, layer_table_len);
}

void params_default(params *p)
{
	memset(p, 0, sizeof *p);
	apply_defaults(p, param_table, param_table_len);

	/* Two layers: broad continents-and-basins fBm, then ridged mountain
	 * chains. Unused layer slots stay zero. */
	p->layer_count = 2;
	params_layer_default(&p->layers[0]);
	p->layers[0].strength = 1.0;
	p->layers[0].base_roughness = 1.5;
	p->layers[0].roughness = 2.2;
	p->layers[0].persistence = 0.5;
	p->layers[0].layers = 6;
	params_layer_default(&p->layers[1]);
	p->layers[1].filter = FILTER_RIDGED;
	p->layers[1].use_first_layer_mask = false;
	p->layers[1].strength = 0.6;
	p->layers[1].base_roughness = 3.0;
	p->layers[1].roughness = 2.0;
	p->layers[1].persistence = 0.5;
	p->layers[1].layers = 5;
	p->layers[1].min_value = 0.3;

	for (int i = 0; i < BIOME_COUNT; i++) {
		p->biomes[i].temp_c = biome_table[i].temp_c;
		p->biomes[i].precip_mm = biome_table[i].precip_mm;
		p->biomes[i].r = biome_table[i].r;
		p->biomes[i].g = biome_table[i].g;
		p->biomes[i].b = biome_table[i].b;
	}
}

const param_def *params_find(const char *path)
{
	for (size_t i = 0; i < param_table_len; i++)
		if (!strcmp(param_table[i].path, path))
			return &param_table[i];
	return NULL;
}

double params_get(const params *p, const param_def *d)
{
	return param_get_at(p, d);
}

int params_set(params *p, const param_def *d, double v)
{
	return param_set_at(p, d, v);
}

long params_cell_count(const params *p)
{
	switch (p->grid) {
	case GRID_GOLDBERG:
		if (p->level < 0 || p->level > 15)
			return -1; /* not representable; the table caps level at 9 */
		return 10L * (1L << (2 * p->level)) + 2;
	case GRID_CUBESPHERE:
		if (p->resolution < 0 || p->resolution > 1 << 20)
			return -1; /* not representable; the table caps it at 1024 */
		return 6L * p->resolution * p->resolution;
	default: return p->points;
	}
}

/* Record one issue if there is room; always count it. */
static void issue(param_issue *out, int max, int *n, const char *path, const char *other,
                  const char *fmt, double a, double b)
{
	if (*n < max) {
		out[*n].path = path;
		out[*n].other = other;
		snprintf(out[*n].msg, sizeof out[*n].msg, fmt, a, b);
	}
	(*n)++;
}

const char *params_grid_size_key(int grid)
{
	static const char *const size_key[] = {"grid.level", "grid.resolution", "grid.points"};
	return (unsigned)grid < 3 ? size_key[grid] : "grid.kind";
}

int params_is_grid_size_key(const char *path)
{
	for (int g = 0; g < 3; g++)
		if (!strcmp(path, params_grid_size_key(g)))
			return 1;
	return 0;
}

int params_check(const params *p, param_issue *out, int max)
{
	int n = 0;
	if (p->plate_min > p->plate_max)
		issue(out, max, &n, "plates.min", "plates.max",
		      "%g is more than plates.max (%g)", p->plate_min, p->plate_max);
	if (p->plate_count < p->plate_min)
		issue(out, max, &n, "plates.count", "plates.min",
		      "%g is less than plates.min (%g)", p->plate_count, p->plate_min);
	if (p->plate_count > p->plate_max)
		issue(out, max, &n, "plates.count", "plates.max",
		      "%g is more than plates.max (%g)", p->plate_count, p->plate_max);
	if (p->speed_min_cm_yr > p->speed_max_cm_yr)
		issue(out, max, &n, "plates.speed_min_cm_yr", "plates.speed_max_cm_yr",
		      "%g is more than plates.speed_max_cm_yr (%g)", p->speed_min_cm_yr,
		      p->speed_max_cm_yr);
	if (p->growth_strength_min > p->growth_strength_max)
		issue(out, max, &n, "plates.growth_strength_min", "plates.growth_strength_max",
		      "%g is more than plates.growth_strength_max (%g)", p->growth_strength_min,
		      p->growth_strength_max);
	if (p->oceanic_elev_m >= p->continental_elev_m)
		issue(out, max, &n, "terrain.oceanic_elevation_m", "terrain.continental_elevation_m",
		      "%g m must be below terrain.continental_elevation_m (%g m)",
		      p->oceanic_elev_m, p->continental_elev_m);

	const char *gk = params_grid_size_key(p->grid);
	long cells = params_cell_count(p);
	if (cells < 0 || cells > PARAMS_MAX_CELLS)
		issue(out, max, &n, gk, "grid.kind", "gives %.0f cells, more than the limit of %.0f",
		      (double)cells, (double)PARAMS_MAX_CELLS);
	else if (p->plate_count > cells)
		issue(out, max, &n, "plates.count", gk,
		      "%g plates do not fit on a grid of %.0f cells", p->plate_count, (double)cells);
	if (p->layer_count < 0 || p->layer_count > MAX_NOISE_LAYERS)
		issue(out, max, &n, "terrain.layers", NULL, "%g layers; at most %g are allowed",
		      p->layer_count, MAX_NOISE_LAYERS);
	return n;
}

/* Plate ids only grow; no planet gets near this many. */
#define EVENT_PLATE_ID_MAX 100000000
#define EVENT_TIME_MAX 1e9

static int latlon_ok(double lat, double lon)
{
	return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;
}

int params_lists_check(const params *p, char *err, size_t errlen)
{
	if (p->plate_list_count < 0 || p->plate_list_count > PARAMS_MAX_PLATES) {
		snprintf(err, errlen, "%d explicit plates; at most %d", p->plate_list_count,
		         PARAMS_MAX_PLATES);
		return -1;
	}
	if (p->plate_list_count && p->plate_list_count != p->plate_count) {
		snprintf(err, errlen, "%d explicit plates for plates.count %d", p->plate_list_count,
		         p->plate_count);
		return -1;
	}
	for (int i = 0; i < p->plate_list_count; i++) {
		const plate_spec *s = &p->plate_list[i];
		if (!latlon_ok(s->lat, s->lon) || (s->type != 0 && s->type != 1) ||
		    (s->has_motion != 0 && s->has_motion != 1) ||
		    (s->has_motion && (!latlon_ok(s->pole_lat, s->pole_lon) ||
		                       !(s->speed_cm_yr >= 0 && s->speed_cm_yr <= 30)))) {
			snprintf(err, errlen, "explicit plate %d is not well formed", i);
			return -1;
		}
	}
	if (p->event_count < 0 || p->event_count > PARAMS_MAX_EVENTS) {
		snprintf(err, errlen, "%d events; at most %d", p->event_count, PARAMS_MAX_EVENTS);
		return -1;
	}
	for (int i = 0; i < p->event_count; i++) {
		const plan_event *e = &p->events[i];
		const char *bad = NULL;
		if (e->kind < 0 || e->kind >= EVENT_KINDS)
			bad = "unknown kind";
		else if (e->when != EVENT_AT_MYR && e->when != EVENT_AT_STEP)
			bad = "no time";
		else if (!(e->myr >= 0 && e->myr <= EVENT_TIME_MAX) ||
		         e->step < 0)
			bad = "bad time";
		else if (e->kind == EVENT_RIFT &&
		         (e->plate < EVENT_PLATE_AT || e->plate >= EVENT_PLATE_ID_MAX ||
		          (e->plate == EVENT_PLATE_AT && !latlon_ok(e->lat, e->lon))))
			bad = "bad rift";
		else if (e->kind == EVENT_MOTION &&
		         (e->plate < 0 || e->plate >= EVENT_PLATE_ID_MAX ||
		          !latlon_ok(e->pole_lat, e->pole_lon) ||
		          !(e->speed_cm_yr >= 0 && e->speed_cm_yr <= 30)))
			bad = "bad motion";
		else if (e->kind == EVENT_PAUSE && !memchr(e->text, 0, sizeof e->text))
			bad = "bad message";
		else if (e->kind == EVENT_SET) {
			const param_def *d = e->param >= 0 && (size_t)e->param < param_table_len
			                     ? &param_table[e->param] : NULL;
			if (!d || !d->live || d->type != PK_DOUBLE)
				bad = "not a live key";
			else if (!((e->value >= d->min && e->value <= d->max) ||
			           (d->nullable && e->value == -1)))
				bad = "value out of range";
			else if (!(e->over_myr >= 0 && e->over_myr <= EVENT_TIME_MAX))
				bad = "bad ramp";
		}
		if (bad) {
			snprintf(err, errlen, "event %d: %s", i, bad);
			return -1;
		}
	}
	return 0;
}
