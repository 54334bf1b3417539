/* test_parallel.c: passes of a step that used to be serial and now run on
 * several threads give the bits of the serial code, at every thread count
 * and at every step (issue "Performance": determinism unchanged).
 *
 * The stress spread: after each step, stress_compute (plates spread at
 * once, one queue per plate) against stress_compute_serial (one
 * breadth-first queue over all plates, the code it replaced) on the same
 * state. (Not against the step's own stress: world statistics made after
 * it change the ocean ages the force balance reads.)
 *
 * The collision pass: owners and the plans of gap cells in parallel, then
 * the gaps filled plate by plate in cell order, plates in parallel (room
 * made ahead in every pool, since a gap may copy another plate's sample);
 * the marks of samples on show and the
 * straggler sweep in parallel; and orogeny (crust.c), the cells it visits
 * listed plate by plate and the plates in parallel. A planet stepped that
 * way on `threads` threads against one stepped on one thread with the
 * serial forms (serial_collisions: each gap planned and filled in turn,
 * the sweep plate by plate, orogeny over all cells in cell order): the
 * state hash after every step. Pool compaction (crust.c): plates
 * compacted in parallel, then their world cells renumbered in one parallel
 * pass, against one plate after another, each with its own pass over the
 * world. Plate events' figures: after the step's first event only the
 * plates an event changed are summed again (world_stats_plates), against
 * a whole pass after each event; and, after every step, each plate's
 * sums from world_stats_plates against a whole pass's, to the bit. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "base/pool.h"
#include "core/planet_internal.h"
#include "io/scenario.h"

typedef struct stress_fields {
	float *stress, *shear;
	vec3 balance[PLATES_MAX];
} stress_fields;

static void keep(const planet_t *pl, stress_fields *f)
{
	size_t n = (size_t)pl->grid->n;
	memcpy(f->stress, pl->stress, n * sizeof *f->stress);
	memcpy(f->shear, pl->shear, n * sizeof *f->shear);
	for (int i = 0; i < pl->nplates; i++)
		f->balance[i] = pl->plates[i].balance_omega;
}

static int same(const planet_t *pl, const stress_fields *f, long *first_diff)
{
	size_t n = (size_t)pl->grid->n;
	*first_diff = -1;
	for (size_t c = 0; c < n; c++)
		if (memcmp(&f->stress[c], &pl->stress[c], sizeof (float)) ||
		    memcmp(&f->shear[c], &pl->shear[c], sizeof (float))) {
			*first_diff = (long)c;
			return 0;
		}
	for (int i = 0; i < pl->nplates; i++)
		if (memcmp(&f->balance[i], &pl->plates[i].balance_omega, sizeof (vec3)))
			return 0;
	return 1;
}

/* Steps a planet on `threads` threads; after every step, the stress the
 * step made must equal the serial spread's, bit for bit. Returns the
 * number of steps where it did not. */
static int check_stress(int level, uint64_t seed, int threads, int steps, int *spread_cells)
{
	params p;
	char *errors = NULL, err[256] = "";
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	p.level = level;
	p.seed = seed;
	pool_t *pool = threads > 1 ? pool_new(threads) : NULL;
	planet_t *pl = planet_new(&p, pool, err, sizeof err);
	if (!pl) {
		tap_diag("planet_new: %s", err);
		pool_free(pool);
		return steps + 1;
	}
	size_t n = (size_t)pl->grid->n;
	stress_fields f = {malloc(n * sizeof (float)), malloc(n * sizeof (float)), {{0, 0, 0}}};
	int bad = 0;
	*spread_cells = 0;
	for (int s = 0; s < steps && f.stress && f.shear; s++) {
		if (planet_step(pl, err, sizeof err) < 0) {
			tap_diag("step: %s", err);
			bad++;
			break;
		}
		stress_compute(pl);
		keep(pl, &f);
		stress_compute_serial(pl);
		long at;
		if (!same(pl, &f, &at)) {
			tap_diag("level %d seed %llu -j%d step %d: parallel spread differs (cell %ld)",
			         level, (unsigned long long)seed, threads, s + 1, at);
			bad++;
		}
		/* cells the spread reached (stress carried in from a boundary) */
		for (size_t c = 0; c < n; c++)
			*spread_cells += pl->boundary[c] == BOUNDARY_NONE && pl->stress[c] != 0;
	}
	free(f.stress);
	free(f.shear);
	planet_free(pl);
	pool_free(pool);
	return bad;
}

static planet_t *make_planet(int level, uint64_t seed, pool_t *pool)
{
	params p;
	char *errors = NULL, err[256] = "";
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	p.level = level;
	p.seed = seed;
	planet_t *pl = planet_new(&p, pool, err, sizeof err);
	if (!pl)
		tap_diag("planet_new: %s", err);
	return pl;
}

/* Plates whose sums from world_stats_plates (two at a time) differ from
 * a whole pass's in any bit. */
static int check_plate_sums(planet_t *pl)
{
	typedef struct { int cells; double area, cont, elev, speed2, age, old; } sums;
	sums whole[PLATES_MAX];
	world_stats_update(pl);
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		whole[i] = (sums){p->cells, p->area, p->cont_area, p->elev_area, p->speed2_area,
		                  p->ocean_age, p->old_area};
	}
	int bad = 0;
	for (int i = 0; i < pl->nplates; i++) {
		plate_t *p = &pl->plates[i];
		p->area = p->cont_area = p->elev_area = p->speed2_area = p->ocean_age = p->old_area = -1;
		p->cells = -1;
	}
	for (int i = 0; i < pl->nplates; i += 2)
		world_stats_plates(pl, i, i + 1 < pl->nplates ? i + 1 : -1);
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		sums got = {p->cells, p->area, p->cont_area, p->elev_area, p->speed2_area, p->ocean_age,
		            p->old_area};
		bad += got.cells != whole[i].cells ||
		       memcmp(&got.area, &whole[i].area, 6 * sizeof(double)) != 0;
	}
	return bad;
}

/* Steps where the parallel collision pass on `threads` threads and the
 * serial form differ; *filled counts the
 * cells of fresh floor made, to show the pass had work. */
static int check_collisions(int level, uint64_t seed, int threads, int steps, long *filled,
                            long *compacted, long *events)
{
	pool_t *pool = threads > 1 ? pool_new(threads) : NULL;
	planet_t *a = make_planet(level, seed, pool), *b = make_planet(level, seed, NULL);
	int bad = 0;
	*filled = 0;
	*compacted = 0;
	*events = 0;
	if (!a || !b) {
		bad = steps + 1;
		goto out;
	}
	b->serial_collisions = 1;
	a->check_event_sums = 1;
	char err[256] = "";
	for (int s = 0; s < steps; s++) {
		if (planet_step(a, err, sizeof err) < 0 || planet_step(b, err, sizeof err) < 0) {
			tap_diag("step: %s", err);
			bad++;
			break;
		}
		if (planet_hash(a) != planet_hash(b)) {
			tap_diag("level %d seed %llu -j%d step %d: parallel collision pass differs",
			         level, (unsigned long long)seed, threads, s + 1);
			bad++;
		}
		*filled += (long)(a->stats.crust_created * a->grid->n + 0.5);
		int sums_bad = check_plate_sums(a);
		if (sums_bad) {
			tap_diag("level %d seed %llu -j%d step %d: %d plates' sums differ from a whole pass",
			         level, (unsigned long long)seed, threads, s + 1, sums_bad);
			bad++;
		}
	}
	if (a->compactions != b->compactions) {
		tap_diag("level %d seed %llu -j%d: %ld pools compacted, serial form %ld",
		         level, (unsigned long long)seed, threads, a->compactions, b->compactions);
		bad++;
	}
	*compacted = a->compactions;
	if (a->event_sums_wrong) {
		tap_diag("level %d seed %llu -j%d: %ld plates' sums after events differ from a whole "
		         "pass (%ld events checked)", level, (unsigned long long)seed, threads,
		         a->event_sums_wrong, a->event_sums_checked);
		bad++;
	}
	*events += a->event_sums_checked;
out:
	planet_free(a);
	planet_free(b);
	pool_free(pool);
	return bad;
}

int main(void)
{
	tap_init();
	static const int threads[] = {1, 2, 3, 4};
	static const struct { int level; uint64_t seed; int steps; } cases[] = {
		{5, 3, 24}, {5, 11, 24}, {6, 5, 8},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
		for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
			int reached;
			int bad = check_stress(cases[k].level, cases[k].seed, threads[t], cases[k].steps, &reached);
			tap_ok(bad == 0 && reached > 0,
			       "stress spread, level %d seed %llu, -j%d: serial bits at each of %d steps "
			       "(%d spread cells seen)",
			       cases[k].level, (unsigned long long)cases[k].seed, threads[t], cases[k].steps,
			       reached);
		}
	static const struct { int level; uint64_t seed; int steps; } coll[] = {
		{5, 3, 40}, {5, 11, 40}, {6, 5, 17}, {4, 7, 400},
	};
	for (size_t k = 0; k < sizeof coll / sizeof coll[0]; k++)
		for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
			long filled, compacted, events;
			int bad = check_collisions(coll[k].level, coll[k].seed, threads[t], coll[k].steps,
			                           &filled, &compacted, &events);
			/* pools are compacted now and then: twice in the level-5 runs,
			 * not in the short level-6 one; partial sums after events come
			 * after a step's first event, and only the long level-4 run
			 * has welds after it (the merged plate's index shifts when
			 * the plate it took lay below it) */
			tap_ok(bad == 0 && filled > 0 && (compacted > 0 || coll[k].level > 5) && events > 0,
			       "collision pass, orogeny, pool compaction and event sums, level %d seed %llu, "
			       "-j%d: the serial forms' state at each of %d steps (about %ld cells of fresh "
			       "floor, %ld pools compacted, %ld partial sums after events)",
			       coll[k].level, (unsigned long long)coll[k].seed, threads[t], coll[k].steps,
			       filled, compacted, events);
		}
	return tap_done();
}
