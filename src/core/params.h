/* params.h: every setting of a planet, as plain data.
 *
 * A scenario file fills one of these (io/scenario.c); the core only reads it.
 * The table in params.c describes each scalar key once: its YAML path, type,
 * bounds, default, unit and help text. That one table drives defaults, YAML
 * validation and error messages, the dashboard's parameter panel and
 * doc/scenario.md. */
#ifndef TECTONICA_PARAMS_H
#define TECTONICA_PARAMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "biome.h"
#include "vec.h"

typedef enum { GRID_GOLDBERG, GRID_CUBESPHERE, GRID_FIBONACCI } grid_kind;
typedef enum { NOISE_OPENSIMPLEX2, NOISE_PERLIN } noise_kind;
typedef enum { FILTER_SIMPLE, FILTER_RIDGED } filter_kind;

#define MAX_NOISE_LAYERS 8
#define PARAMS_NAME_MAX 64

/* One layer of terrain noise, as in the Unity report's NoiseSettings. */
typedef struct noise_layer {
	bool enabled;
	filter_kind filter;
	bool use_first_layer_mask;
	double strength;           /* output scale (unitless, x terrain.noise_m) */
	double base_roughness;     /* frequency of the first octave on the unit sphere */
	double roughness;          /* frequency multiplier per octave */
	double persistence;        /* amplitude multiplier per octave */
	int layers;                /* octaves */
	vec3 centre;               /* offset of the sample point */
	double min_value;          /* value subtracted, floored at 0 */
	double weight_multiplier;  /* ridged only: weight feedback between octaves */
} noise_layer;

/* A biome's preferred climate and colour; defaults come from biome_table. */
typedef struct biome_param {
	double temp_c, precip_mm;
	uint8_t r, g, b;
} biome_param;

/* Most plates a planet holds (plates.count, .min, .max are checked against
 * it, so a scenario never asks for more than it gets). */
#define PARAMS_MAX_PLATES 64

/* An explicit plate (scenario key plates.list): where it grows from, what it
 * carries and, optionally, how it moves at the start. */
typedef struct plate_spec {
	double lat, lon;           /* seed point, degrees */
	int type;                  /* 0 oceanic, 1 continental */
	int has_motion;            /* 1: pole and speed given (else drawn as usual) */
	double pole_lat, pole_lon; /* Euler pole, degrees */
	double speed_cm_yr;
} plate_spec;

/* The events timeline (scenario key "events"; core/timeline.c fires them). */
#define PARAMS_MAX_EVENTS 32
#define PARAMS_EVENT_TEXT 64
typedef enum { EVENT_RIFT, EVENT_SET, EVENT_MOTION, EVENT_PAUSE, EVENT_KINDS } event_kind;
enum { EVENT_AT_MYR, EVENT_AT_STEP };
/* plan_event.plate for a rift: a plate id (>= 0), or one of these. */
enum { EVENT_PLATE_LARGEST = -1, EVENT_PLATE_AT = -2 };
typedef struct plan_event {
	int kind;                  /* event_kind */
	int when;                  /* EVENT_AT_MYR or EVENT_AT_STEP */
	double myr;                /* fires at the first step boundary at or after this time */
	int step;                  /* ...or at this step */
	int plate;                 /* rift, motion: plate id, or EVENT_PLATE_* (rift) */
	double lat, lon;           /* rift at the plate under this place (degrees) */
	int param;                 /* set: index in param_table (a live key) */
	double value;              /* set: the new value (-1: off, for a nullable key) */
	double over_myr;           /* set: ramp over this long; 0 = at once */
	double pole_lat, pole_lon; /* motion: the new Euler pole (degrees) */
	double speed_cm_yr;        /* motion: the new speed at the pole's equator */
	char text[PARAMS_EVENT_TEXT]; /* pause: the message */
} plan_event;

typedef struct params {
	char name[PARAMS_NAME_MAX];
	uint64_t seed;

	/* planet */
	double radius_km;
	double axial_tilt_deg;

	/* grid */
	grid_kind grid;
	int level;          /* goldberg: 0..9 */
	int resolution;     /* cubesphere: cells per face edge */
	int points;         /* fibonacci: number of cells */
	double jitter;      /* 0..0.5 of the local cell spacing */

	/* plates */
	int plate_count;
	int plate_min, plate_max;
	double continental_fraction;   /* share of plates that start continental */
	double speed_min_cm_yr, speed_max_cm_yr;
	double growth_strength_min, growth_strength_max; /* randomised expansion */
	double growth_bias;            /* 0 = isotropic, 1 = strongly directional */
	double plate_warp;             /* noise warp of the plate layout (radians) */

	/* terrain */
	noise_kind noise;
	double continental_elev_m;     /* mean height of continental crust */
	double oceanic_elev_m;         /* mean depth of oceanic crust */
	double stress_uplift_m;        /* devlog: stress_factor^1.5 * this */
	double noise_m;                /* metres per unit of noise-stack output */
	int layer_count;
	noise_layer layers[MAX_NOISE_LAYERS];

	/* sea level: fixed, or solved for a target ocean share when >= 0 */
	double sea_level_m;
	double ocean_fraction;         /* < 0: use sea_level_m as given */

	/* climate */
	double equator_temp_c;
	double pole_temp_c;
	double lapse_rate_c_km;
	double ocean_moderation;       /* 0..1 pull of ocean temps toward the mean */
	double precip_max_mm;          /* precipitation of the wettest band, mm/yr */
	double coastal_bonus;          /* fraction of precip_max_mm */
	double mountain_bonus;
	double rain_shadow;            /* 0..1 how much mountains dry their lee */
	double climate_noise;          /* amplitude of noise on temp/precip (0..1) */

	/* biomes: YAML may override preferred climate and colour per biome */
	biome_param biomes[BIOME_COUNT];

	/* simulation */
	double dt_myr;
	double rift_rate;              /* expected rifts per 100 Myr */
	double erosion_rate;           /* fraction of height above sea lost per Myr */

	/* explicit plates (plates.list); 0: plates are laid out at random */
	int plate_list_count;
	plate_spec plate_list[PARAMS_MAX_PLATES];

	/* events timeline, in file order */
	int event_count;
	plan_event events[PARAMS_MAX_EVENTS];
} params;

/* PK_VEC3 appears only in layer_table (terrain.layers[].centre: [x, y, z]). */
typedef enum { PK_INT, PK_UINT64, PK_DOUBLE, PK_BOOL, PK_ENUM, PK_STRING, PK_VEC3 } param_type;

/* One scalar key of a scenario (see params.c). */
typedef struct param_def {
	const char *path;          /* YAML path, e.g. "planet.axial_tilt_deg" */
	param_type type;
	size_t offset;             /* offsetof(params, field) */
	double min, max;           /* inclusive bounds for numbers */
	double def;                /* default for numbers and enums/bools */
	const char *const *names;  /* PK_ENUM: NULL-terminated value names */
	const char *unit;          /* shown to users; "" if none */
	const char *help;          /* one line for docs and the dashboard */
	bool live;                 /* may change while the simulation runs */
	bool nullable;             /* YAML null/off allowed, stored as -1 ("off") */
	const char *sdef;          /* PK_STRING: default text */
	size_t size;               /* PK_STRING: buffer size including the NUL */
} param_def;

extern const param_def param_table[];
extern const size_t param_table_len;

/* Same shape for the keys of one terrain.layers[] entry (offsets into noise_layer). */
extern const param_def layer_table[];
extern const size_t layer_table_len;
/* centre's x, y and z as numbers of their own (paths "centre.x" ...), for
 * editors that change one number at a time. */
extern const param_def layer_centre_table[3];

void params_default(params *p);
void params_layer_default(noise_layer *l);
const param_def *params_find(const char *path);
/* Read or write a numeric key as double (ints and enums round). */
double params_get(const params *p, const param_def *d);
/* Returns 0, or -1 when v is out of bounds or NaN (p unchanged). For a
 * nullable key (terrain.ocean_fraction) any negative v stores -1, "off". */
int params_set(params *p, const param_def *d, double v);
/* Cell count implied by the grid settings. */
long params_cell_count(const params *p);

/* The same accessors on any base the def's offset applies to (a params for
 * param_table, a noise_layer for layer_table). PK_VEC3 reads/writes all three
 * components; PK_STRING is not numeric (get gives 0, set fails). */
double param_get_at(const void *base, const param_def *d);
int param_set_at(void *base, const param_def *d, double v);

/* Largest grid a scenario may ask for (cells). */
#define PARAMS_MAX_CELLS 4194304L

/* One cross-key problem: the keys involved (first is the one to blame, the
 * second NULL or the other side) and a message without the key prefix. */
typedef struct param_issue {
	const char *path, *other;
	char msg[160];
} param_issue;
/* The lists of p are well formed: the events (kinds, times, live keys and
 * their bounds, plate ids, places) and the explicit plates (places, types,
 * motions): 0, or -1 with the first problem in err. For params read from a
 * state file, whose bytes may be anything. */
int params_lists_check(const params *p, char *err, size_t errlen);

/* Cross-key consistency (plates.min <= count <= max, speed and strength
 * ranges, grid size, crust heights). Fills up to max issues; returns how many
 * were found (may exceed max). */
int params_check(const params *p, param_issue *out, int max);
/* The key that sizes a grid of kind `grid` (GRID_*: grid.level, grid.resolution
 * or grid.points), and whether `path` is one of those three: only the size
 * key of the chosen kind means anything. */
const char *params_grid_size_key(int grid);
int params_is_grid_size_key(const char *path);

#endif
