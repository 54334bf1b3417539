/* test_presets.c: the presets look like their names. Each of conf/'s eight
 * planet presets loads, runs 10 steps, shows the trait it is named for
 * (measured: land share, mean temperature, plate count and speed, biome
 * shares, continental plates), and differs from every other preset in at
 * least one of those measures by a clear margin. Whatever share of ocean
 * a preset asks for, its step-0 ridge crests lie 2 500 m under the sea. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "base/pool.h"
#include "core/planet.h"
#include "io/scenario.h"

enum { P_DEFAULT, P_PANGAEA, P_ARCHIPELAGO, P_WATERWORLD, P_DESERT, P_ICEWORLD, P_VOLCANIC,
       P_HIGHTILT, NPRESETS };
static const char *const names[NPRESETS] = {"default", "pangaea", "archipelago", "waterworld",
                                            "desert", "iceworld", "volcanic", "hightilt"};

typedef struct measure {
	double land, temp, plates, speed, desert, ice, forest, continental_plates;
	double crest;   /* step 0: floor born at the ridges, m from the sea */
} measure;

/* Mean height against the sea of ocean floor of age 0 (the ridge cells). */
static double crest_height(const snapshot_t *s)
{
	const grid_t *g = s->grid;
	double h = 0, a = 0;
	for (int c = 0; c < s->n; c++)
		if (s->crust[c] == CRUST_OCEANIC && s->age[c] < 0.5) {
			h += (s->elevation[c] - s->sea_level_m) * g->area[c];
			a += g->area[c];
		}
	return a > 0 ? h / a : NAN;
}

static int measure_preset(const char *srcdir, const char *name, pool_t *pool, measure *m)
{
	char path[4096], err[256] = "", *e = NULL;
	params p;
	snprintf(path, sizeof path, "%s/conf/%s.yaml", srcdir, name);
	if (scenario_load_file(path, &p, &e) != 0) {
		tap_diag("%s", e ? e : "");
		free(e);
		return -1;
	}
	planet_t *pl = planet_new(&p, pool, err, sizeof err);
	if (!pl)
		return -1;
	snapshot_t *s0 = snapshot_new(planet_grid(pl));
	double crest = s0 && planet_snapshot(pl, s0) == 0 ? crest_height(s0) : NAN;
	snapshot_free(s0);
	for (int i = 0; i < 10; i++)
		if (planet_step(pl, err, sizeof err) < 0)
			break;
	snapshot_t *s = snapshot_new(planet_grid(pl));
	int rc = s && planet_snapshot(pl, s) == 0 && s->step == 10 ? 0 : -1;
	if (rc == 0) {
		const double *b = s->stats.biome_fraction;
		*m = (measure){.land = s->stats.land_fraction, .temp = s->stats.mean_temperature_c,
		               .desert = b[BIOME_DESERT],
		               .ice = b[BIOME_POLAR] + b[BIOME_SNOW_CAP] + b[BIOME_SEA_ICE],
		               .forest = b[BIOME_RAINFOREST] + b[BIOME_TEMPERATE_FOREST], .crest = crest};
		/* the plates plates.count, .min and .max set: 1 % of the surface
		 * or more (microplates come and go beside them) */
		for (int i = 0; i < s->plate_count; i++) {
			m->speed += s->plates[i].speed_cm_yr * s->plates[i].area_fraction;
			if (s->plates[i].area_fraction < 0.01)
				continue;
			m->plates++;
			m->continental_plates += s->plates[i].type == CRUST_CONTINENTAL;
		}
	}
	snapshot_free(s);
	planet_free(pl);
	return rc;
}

/* Two presets are told apart by at least one measure. */
static int distinct(const measure *a, const measure *b)
{
	return fabs(a->land - b->land) > 0.05 || fabs(a->temp - b->temp) > 3 ||
	       fmax(a->plates, b->plates) > 1.3 * fmin(a->plates, b->plates) ||
	       fabs(a->continental_plates - b->continental_plates) >= 3 ||
	       fabs(a->desert - b->desert) > 0.1 || fabs(a->ice - b->ice) > 0.05 ||
	       fmax(a->speed, b->speed) > 1.5 * fmin(a->speed, b->speed);
}

int main(void)
{
	tap_init();
	const char *srcdir = getenv("SRCDIR") ? getenv("SRCDIR") : ".";
	pool_t *pool = pool_new(2);
	measure m[NPRESETS];
	int loaded = 1;
	for (int i = 0; i < NPRESETS; i++) {
		int rc = measure_preset(srcdir, names[i], pool, &m[i]);
		loaded &= rc == 0;
		if (ok(rc == 0, "%s loads and runs 10 steps", names[i]))
			tap_diag("%-11s land %.2f  T %5.1f C  %2.0f plates (%.0f continental)  speed %.1f "
			         "cm/yr  desert %.2f  ice %.2f  forest %.2f", names[i], m[i].land, m[i].temp,
			         m[i].plates, m[i].continental_plates, m[i].speed, m[i].desert, m[i].ice,
			         m[i].forest);
	}
	if (!loaded) {
		pool_free(pool);
		return tap_done();
	}
	const measure *d = &m[P_DEFAULT];
	ok(d->land > 0.22 && d->land < 0.4 && d->temp > 8 && d->temp < 18 && d->ice > 0.03,
	   "default is Earth-like: 22-40 %% land, a mild mean temperature, polar ice");
	ok(m[P_PANGAEA].continental_plates <= 2 && m[P_PANGAEA].plates < d->plates,
	   "pangaea: one continent-bearing plate (or two as it starts to break) among few");
	ok(m[P_ARCHIPELAGO].land < d->land - 0.05 && m[P_ARCHIPELAGO].plates > 1.5 * d->plates &&
	   m[P_ARCHIPELAGO].continental_plates >= 6,
	   "archipelago: less land in many pieces (many plates, many of them continental)");
	ok(m[P_WATERWORLD].land < 0.12, "waterworld: under 12 %% land");
	ok(m[P_DESERT].desert > 0.3 && m[P_DESERT].temp > d->temp + 8,
	   "desert: desert covers over 30 %% of the planet, much hotter than Earth");
	ok(m[P_ICEWORLD].temp < 0 && m[P_ICEWORLD].ice > 0.3,
	   "iceworld: below freezing on average, ice over 30 %% of the planet");
	/* 40 plates asked for, 23-24 of them 1 % or more at step 10 against
	 * the default's 12 (28 while continents covered 37 % of the sphere at
	 * step 0: the volcanic world's six continental plates grow larger to
	 * carry 43.5 %); the events of the first steps move it by a plate or
	 * two (23 since microplates have lobed outlines, 24 before). Its
	 * plates ran 1.5 times the default's or more at step 10 until the
	 * default's slab pull grew 13 % (2026-12-05): 4.1 against 2.8 cm/yr */
	ok(m[P_VOLCANIC].plates >= 1.8 * d->plates && m[P_VOLCANIC].speed > 1.4 * d->speed,
	   "volcanic: many more plates, moving much faster");
	ok(m[P_HIGHTILT].ice < d->ice / 3 && fabs(m[P_HIGHTILT].land - d->land) < 0.1,
	   "hightilt: Earth's land share, but the sun at the poles leaves them without ice");
	int crests = 0;
	for (int i = 0; i < NPRESETS; i++) {
		int near = fabs(m[i].crest + 2500) < 250;
		crests += near;
		tap_diag("%s: step-0 ridge crests %.0f m from the sea", names[i], m[i].crest);
	}
	is_int(crests, NPRESETS, "every preset's step-0 ridge crests lie 2 250-2 750 m under the sea");
	int pairs = 0, apart = 0;
	for (int i = 0; i < NPRESETS; i++)
		for (int j = i + 1; j < NPRESETS; j++) {
			pairs++;
			if (distinct(&m[i], &m[j]))
				apart++;
			else
				tap_diag("%s and %s look alike", names[i], names[j]);
		}
	is_int(apart, pairs, "every two presets differ clearly in a measure");
	pool_free(pool);
	return tap_done();
}
