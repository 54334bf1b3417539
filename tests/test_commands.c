/* test_commands.c: long random, seeded sequences of every dashboard command
 * sent to the stepping thread, as the dashboard sends them: play, pause,
 * toggle, single steps, speed changes, rifts (largest plate, any index, bad
 * indices), live parameters in range, at their bounds and out of range,
 * non-live parameters, new seeds, saves and exports.
 *
 * An observer on the stepping thread (stepper_observe) checks the planet
 * after every step and every command: ownership is a partition through live
 * crust samples, plate bookkeeping matches the cells, fields are finite and
 * within bounds, the command did what it says (or was refused when it had
 * to be), and a reference planet driven by the same commands on one thread
 * stays bit-identical to the stepper's two-thread planet. Saved files load
 * back to the same state. The test thread meanwhile takes snapshots like the
 * UI and checks each one.
 *
 * TECTONICA_TEST_SEED picks the sequence (printed on every run);
 * TECTONICA_TEST_SCALE multiplies its length (default 1, 0.4 under ASan/TSan).
 * Run under ThreadSanitizer by .ci/run. */
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"
#include "core/planet_internal.h"
#include "io/state.h"
#include "sim/stepper.h"

/* ---- the test's own random numbers (splitmix64) ----------------------- */

static uint64_t rnd_state;
static uint64_t rnd(void)
{
	uint64_t z = (rnd_state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}
static double rnd_unit(void) { return (double)(rnd() >> 11) / 9007199254740992.0; }
static int rnd_below(int n) { return (int)(rnd() % (uint64_t)n); }

static void nap_us(long us)
{
	struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
	nanosleep(&ts, NULL);
}

/* ---- invariants of a planet (core internals) -------------------------- */

/* 0, or -1 with the first broken invariant in err. */
static int planet_invariants(const planet_t *pl, char *err, size_t len)
{
	const grid_t *g = pl->grid;
	/* plates.max bounds the plates of MICROPLATE_AREA or more when they
	 * rift; a microplate that grows past it adds one now and then */
	if (pl->nplates < 1 || pl->nplates > PLATES_MAX ||
	    plate_events_major_count(pl) > pl->prm.plate_max + 2) {
		snprintf(err, len, "%d plates, %d of 1 %% or more (max %d)", pl->nplates,
		         plate_events_major_count(pl), pl->prm.plate_max);
		return -1;
	}
	int cells[PLATES_MAX] = {0};
	for (int c = 0; c < g->n; c++) {
		int o = pl->owner[c];
		if (o >= pl->nplates) {
			snprintf(err, len, "cell %d owned by plate %d of %d", c, o, pl->nplates);
			return -1;
		}
		const plate_t *p = &pl->plates[o];
		int s = pl->sample[c];
		if (s < 0 || s >= p->crust.count) {
			snprintf(err, len, "cell %d: sample %d of %d", c, s, p->crust.count);
			return -1;
		}
		if (p->crust.type[s] > CRUST_CONTINENTAL) {
			snprintf(err, len, "cell %d shows a consumed sample", c);
			return -1;
		}
		if (cellmap_get(&p->map, p->crust.cell[s]) != s) {
			snprintf(err, len, "cell %d: the plate's map disowns its sample", c);
			return -1;
		}
		if (grid_locate(g, m3_apply(&p->Rt, g->centre[c])) != p->crust.cell[s]) {
			snprintf(err, len, "cell %d: sample is not where the plate has moved it", c);
			return -1;
		}
		float e = pl->elevation[c];
		if (!isfinite(e) || e < ELEV_MIN_M || e > ELEV_MAX_M) {
			snprintf(err, len, "cell %d: elevation %g", c, (double)e);
			return -1;
		}
		if (!isfinite(pl->temperature[c]) || !isfinite(pl->precip[c]) || pl->precip[c] < 0 ||
		    pl->biome[c] >= BIOME_COUNT) {
			snprintf(err, len, "cell %d: climate %g C, %g mm, biome %d", c,
			         (double)pl->temperature[c], (double)pl->precip[c], pl->biome[c]);
			return -1;
		}
		cells[o]++;
	}
	double area = 0;
	for (int i = 0; i < pl->nplates; i++) {
		const plate_t *p = &pl->plates[i];
		if (p->cells != cells[i]) {
			snprintf(err, len, "plate %d counts %d cells, owns %d", i, p->cells, cells[i]);
			return -1;
		}
		if (!isfinite(p->omega) || !isfinite(p->area)) {
			snprintf(err, len, "plate %d: omega %g, area %g", i, p->omega, p->area);
			return -1;
		}
		area += p->area;
		for (int s = 0; s < p->crust.count; s++)
			if (!isfinite(p->crust.elev[s]) || !isfinite(p->crust.thick[s]) ||
			    !isfinite(p->crust.age[s]) || p->crust.age[s] < 0) {
				snprintf(err, len, "plate %d sample %d: elev %g thick %g age %g", i, s,
				         (double)p->crust.elev[s], (double)p->crust.thick[s],
				         (double)p->crust.age[s]);
				return -1;
			}
	}
	if (fabs(area / (4 * M_PI) - 1) > 1e-9) {
		snprintf(err, len, "plate areas sum to %.12f of the sphere", area / (4 * M_PI));
		return -1;
	}
	if (!isfinite(pl->sea_level) || pl->sea_level < ELEV_MIN_M || pl->sea_level > ELEV_MAX_M) {
		snprintf(err, len, "sea level %g", pl->sea_level);
		return -1;
	}
	return 0;
}

/* ---- the observer: runs on the stepping thread ------------------------ */

typedef struct observer {
	pthread_mutex_t mu;
	long commands, played;  /* commands and played steps seen (guarded by mu:
	                         * the test polls them) */
	/* below: stepping thread only until stepper_free has joined it */
	stepper_t *st;
	planet_t *ref;          /* the same commands, no pool */
	long checks, replayed;
	long rift_ok, rift_refused, param_ok, param_refused, regens, saves;
	long failures;
	char failure[1024];
	char recent[6][80];     /* the last changes, for the failure report */
	int nrecent;
} observer;

static void fail(observer *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(observer *o, const char *fmt, ...)
{
	if (o->failures++ == 0) {
		va_list ap;
		va_start(ap, fmt);
		int at = vsnprintf(o->failure, sizeof o->failure, fmt, ap);
		va_end(ap);
		/* what led here, oldest first */
		for (int i = 0; i < 6 && at >= 0 && (size_t)at < sizeof o->failure; i++) {
			const char *r = o->recent[(o->nrecent + i) % 6];
			if (r[0])
				at += snprintf(o->failure + at, sizeof o->failure - (size_t)at, "%s %s",
				               i == 0 ? "; after" : ",", r);
		}
	}
}

static void remember(observer *o, const char *what, const step_cmd *c, int rc)
{
	char *r = o->recent[o->nrecent++ % 6];
	if (c && c->kind == STEP_CMD_SET_PARAM)
		snprintf(r, 80, "%s=%g (%d)", c->def->path, c->value, rc);
	else
		snprintf(r, 80, "%s %g (%d)", what, c ? c->value : 0, rc);
}

/* Did a rift of `plate` have to be refused on this planet? (One asked for
 * may take the count one past plates.max.) */
static int rift_impossible(const planet_t *pl, int plate)
{
	return plate >= pl->nplates || pl->nplates >= PLATES_MAX ||
	       plate_events_major_count(pl) > pl->prm.plate_max;
}

static void on_change(void *ctx, const planet_t *pl, const step_cmd *c, int rc)
{
	observer *o = ctx;
	char err[256] = "";
	const char *what = !c ? "played step" : c->kind == STEP_CMD_STEP ? "step"
	                 : c->kind == STEP_CMD_SET_PARAM ? "parameter" : c->kind == STEP_CMD_RIFT ? "rift"
	                 : c->kind == STEP_CMD_REGEN ? "new seed" : c->kind == STEP_CMD_SAVE ? "save" : "?";
	long at = (long)planet_step_count(pl);
	pthread_mutex_lock(&o->mu);
	c ? o->commands++ : o->played++;
	pthread_mutex_unlock(&o->mu);
	planet_t *ref = o->ref;

	/* the command's own effect, and the same on the reference */
	if (!c || c->kind == STEP_CMD_STEP) {
		if (rc != 0) {
			stepper_status s;
			stepper_get_status(o->st, &s);
			fail(o, "step %ld failed (%s)", at, s.msg);
		}
		if (ref && planet_step(ref, err, sizeof err) != 0)
			fail(o, "reference step %ld failed: %s", at, err);
	} else if (c->kind == STEP_CMD_SET_PARAM) {
		params want = ref ? *planet_params(ref) : *planet_params(pl);
		int valid = c->def->live && params_set(&want, c->def, c->value) == 0;
		if ((rc == 0) != valid)
			fail(o, "%s = %g was %s", c->def->path, c->value, rc == 0 ? "taken" : "refused");
		if (rc == 0 && params_get(planet_params(pl), c->def) != params_get(&want, c->def))
			fail(o, "%s = %g did not reach the planet", c->def->path, c->value);
		if (ref && rc == 0) {
			planet_set_param(ref, c->def, c->value);
			planet_refresh(ref);
		}
		rc == 0 ? o->param_ok++ : o->param_refused++;
	} else if (c->kind == STEP_CMD_RIFT) {
		if (ref) {
			int before = ref->nplates, impossible = rift_impossible(ref, (int)c->value);
			int rr = planet_rift(ref, (int)c->value);
			if (rr != rc)
				fail(o, "rift of %g: %d on the stepper, %d on the reference", c->value, rc, rr);
			if (rc == 0 && impossible)
				fail(o, "rift of plate %g of %d taken (max %d)", c->value, before, pl->prm.plate_max);
			if (rc == 0 && pl->nplates != before + 1)
				fail(o, "rift: %d -> %d plates", before, pl->nplates);
		}
		rc == 0 ? o->rift_ok++ : o->rift_refused++;
	} else if (c->kind == STEP_CMD_REGEN) {
		if (rc != 0)
			fail(o, "new seed %g refused", c->value);
		if (planet_params(pl)->seed != (uint64_t)c->value || planet_step_count(pl) != 0)
			fail(o, "new seed %g: planet has seed %llu at step %ld", c->value,
			     (unsigned long long)planet_params(pl)->seed, at);
		if (ref) {
			params p = *planet_params(ref);
			p.seed = (uint64_t)c->value;
			planet_free(ref);
			ref = o->ref = planet_new(&p, NULL, err, sizeof err);
			if (!ref)
				fail(o, "reference planet for seed %g: %s", c->value, err);
		}
		o->regens++;
	} else if (c->kind == STEP_CMD_SAVE) {
		int bad = 0;
		planet_t *back = rc == 0 ? state_load(c->text, NULL, &bad, err, sizeof err) : NULL;
		if (!back)
			fail(o, "save at step %ld (sea level %g m, ocean fraction %g): %s", at,
			     pl->sea_level, pl->prm.ocean_fraction, rc ? "failed" : err);
		else if (planet_hash(back) != planet_hash(pl))
			fail(o, "the state saved at step %ld loads as another planet", at);
		planet_free(back);
		unlink(c->text);
		o->saves++;
	}

	remember(o, what, c, rc);
	if (planet_invariants(pl, err, sizeof err) != 0)
		fail(o, "after a %s at step %ld: %s", what, at, err);
	o->checks++;
	if (ref) {
		if (planet_hash(ref) != planet_hash(pl)) {
			fail(o, "after a %s at step %ld: -j2 planet differs from the -j1 reference", what, at);
			planet_free(ref);
			o->ref = NULL;      /* one report is enough */
		} else {
			o->replayed++;
		}
	}
}

/* ---- snapshots, as the UI sees them (test thread) ---------------------- */

static long snaps_checked, snap_failures;
static char snap_failure[256];

static void check_snapshot(const snapshot_t *s)
{
	char why[200] = "";
	const grid_t *g = s->grid;
	double sum = 0, area[SNAPSHOT_PLATES_MAX] = {0};
	/* heights are against this step's sea, which stays on the datum's scale */
	if (s->n != g->n || s->plate_count < 1 || s->plate_count > SNAPSHOT_PLATES_MAX)
		snprintf(why, sizeof why, "%d cells of %d, %d plates", s->n, g->n, s->plate_count);
	else if (!(s->stats.elevation_min_m >= ELEV_MIN_M - ELEV_MAX_M) ||
	         !(s->stats.elevation_max_m <= ELEV_MAX_M - ELEV_MIN_M) ||
	         !(s->stats.elevation_min_m <= s->stats.elevation_max_m))
		snprintf(why, sizeof why, "heights %g .. %g m", s->stats.elevation_min_m,
		         s->stats.elevation_max_m);
	for (int c = 0; c < s->n && !why[0]; c++) {
		float e = s->elevation[c];
		if (s->plate[c] >= s->plate_count || s->crust[c] > CRUST_CONTINENTAL ||
		    s->biome[c] >= BIOME_COUNT || s->boundary[c] > BOUNDARY_TRANSFORM ||
		    !isfinite(e) || e < s->stats.elevation_min_m - 0.01 || e > s->stats.elevation_max_m + 0.01 ||
		    !isfinite(s->age[c]) ||
		    !isfinite(s->vel_east[c]) || !isfinite(s->vel_north[c]))
			snprintf(why, sizeof why, "cell %d: plate %d, crust %d, biome %d, elevation %g",
			         c, s->plate[c], s->crust[c], s->biome[c], (double)e);
		else
			area[s->plate[c]] += g->area[c];
	}
	for (int i = 0; i < s->plate_count && !why[0]; i++) {
		sum += s->plates[i].area_fraction;
		if (fabs(area[i] / (4 * M_PI) - s->plates[i].area_fraction) > 1e-9)
			snprintf(why, sizeof why, "plate %d: area %.9f listed, %.9f on the map", i,
			         s->plates[i].area_fraction, area[i] / (4 * M_PI));
	}
	if (!why[0] && fabs(sum - 1) > 1e-9)
		snprintf(why, sizeof why, "plate areas sum to %.12f", sum);
	if (!why[0] && (!isfinite(s->sea_level_m) || !isfinite(s->stats.land_fraction)))
		snprintf(why, sizeof why, "sea level %g, land %g", s->sea_level_m, s->stats.land_fraction);
	if (why[0] && snap_failures++ == 0)
		snprintf(snap_failure, sizeof snap_failure, "step %lld: %s", (long long)s->step, why);
	snaps_checked++;
}

/* ---- the command generator -------------------------------------------- */

enum { LIVE_MAX = 64 };
static const param_def *live[LIVE_MAX], *fixed[LIVE_MAX];
static int nlive, nfixed;

static void collect_params(void)
{
	for (size_t i = 0; i < param_table_len; i++) {
		const param_def *d = &param_table[i];
		if (d->type == PK_STRING)
			continue;
		if (d->live && nlive < LIVE_MAX)
			live[nlive++] = d;
		else if (!d->live && nfixed < LIVE_MAX)
			fixed[nfixed++] = d;
	}
}

/* A value for d: at a bound, inside, just outside, far outside or NaN. */
static double param_value(const param_def *d)
{
	double lo = d->min, hi = d->max, span = hi - lo;
	double r = rnd_unit();
	if (r < 0.2)
		return lo;
	if (r < 0.4)
		return hi;
	if (r < 0.75)
		return lo + rnd_unit() * span;
	if (r < 0.85)
		return lo - (r < 0.8 ? 1e-6 * (span + 1) : 1 + rnd_unit() * span);
	if (r < 0.95)
		return hi + (r < 0.9 ? 1e-6 * (span + 1) : 1 + rnd_unit() * span);
	return NAN;
}

typedef struct tally {
	long sent, full, changes, exports;
	long kinds[STEP_CMD_EXPORT + 1];
} tally;

/* Pick, fill and send one command. */
static void send_random(stepper_t *st, const snapshot_t *snap, const char *dir, tally *t)
{
	step_cmd c = {0};
	int r = rnd_below(100);
	int plates = snap ? snap->plate_count : 8;
	if (r < 18 || (r >= 93 && r < 97)) {
		c.kind = STEP_CMD_STEP;
	} else if (r < 30) {
		c.kind = rnd_below(2) ? STEP_CMD_PLAY : rnd_below(2) ? STEP_CMD_PAUSE : STEP_CMD_TOGGLE;
	} else if (r < 37) {
		static const double speeds[] = {0, 0.5, 1, 5, 10, 30, 100, 1000, -1};
		c.kind = STEP_CMD_SPEED;
		c.value = speeds[rnd_below((int)(sizeof speeds / sizeof speeds[0]))];
	} else if (r < 52) {
		c.kind = STEP_CMD_RIFT;
		int k = rnd_below(4);
		c.value = k == 0 ? -1 : k == 1 ? plates + rnd_below(3) : rnd_below(plates);
	} else if (r < 86) {
		c.kind = STEP_CMD_SET_PARAM;
		c.def = rnd_below(12) || !nfixed ? live[rnd_below(nlive)] : fixed[rnd_below(nfixed)];
		c.value = param_value(c.def);
	} else if (r < 88) {
		c.kind = STEP_CMD_REGEN;
		c.value = rnd_below(4) == 0 ? 0 : (double)(rnd() % 1000000000ull);
	} else if (r < 93) {
		c.kind = STEP_CMD_SAVE;
		snprintf(c.text, sizeof c.text, "%s/save-%ld.state", dir, t->sent);
	} else {
		/* exports write every map: keep them rare */
		if (t->exports >= 4)
			return;
		c.kind = STEP_CMD_EXPORT;
		snprintf(c.text, sizeof c.text, "%s/export-%ld", dir, t->exports);
	}
	if (stepper_send(st, &c) != 0) {
		t->full++;
		return;
	}
	t->sent++;
	t->kinds[c.kind]++;
	if (c.kind == STEP_CMD_STEP || c.kind == STEP_CMD_SET_PARAM || c.kind == STEP_CMD_RIFT ||
	    c.kind == STEP_CMD_REGEN || c.kind == STEP_CMD_SAVE)
		t->changes++;
	if (c.kind == STEP_CMD_EXPORT)
		t->exports++;
}

static long observed(observer *o, long *played)
{
	pthread_mutex_lock(&o->mu);
	long n = o->commands;
	if (played)
		*played = o->played;
	pthread_mutex_unlock(&o->mu);
	return n;
}

/* Wait (bounded) until the thread has taken every command sent. */
static int drain(stepper_t *st, observer *o, const tally *t, const snapshot_t **snap)
{
	for (int i = 0; i < 120000; i++) {
		if (stepper_acquire(st, snap) && *snap)
			check_snapshot(*snap);
		/* every command handled to the end; the thread may go on
		 * playing (waiting for it to be idle as well caught a gap
		 * between two steps only by chance, and under load not at all) */
		stepper_status s;
		stepper_get_status(st, &s);
		if (observed(o, NULL) >= t->changes && s.pending == 0)
			return 1;
		nap_us(500);
	}
	return 0;
}

/* Play fast until the thread has played a few steps of its own (a busy
 * queue, or a slow sanitizer build, would otherwise leave it little chance);
 * it keeps playing afterwards, among the next commands. */
static int play_burst(stepper_t *st, observer *o, tally *t, const snapshot_t **snap)
{
	long from, now;
	observed(o, &from);
	if (stepper_send_simple(st, STEP_CMD_SPEED, rnd_below(2) ? 0 : 50) != 0 ||
	    stepper_send_simple(st, STEP_CMD_PLAY, 0) != 0)
		return 1;      /* queue full: try another time */
	t->sent += 2;
	t->kinds[STEP_CMD_SPEED]++;
	t->kinds[STEP_CMD_PLAY]++;
	for (int i = 0; i < 120000; i++) {
		if (stepper_acquire(st, snap) && *snap)
			check_snapshot(*snap);
		observed(o, &now);
		if (now >= from + 3)
			return 1;
		nap_us(500);
	}
	return 0;
}

static int pngs_in(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t l = strlen(e->d_name);
		n += l > 4 && !strcmp(e->d_name + l - 4, ".png");
	}
	closedir(d);
	return n;
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char path[1024];
	for (struct dirent *e; (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat sb;
		if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
			remove_tree(path);
		else
			unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

int main(void)
{
	tap_init();
	const char *es = getenv("TECTONICA_TEST_SEED");
	uint64_t seed = es && *es ? strtoull(es, NULL, 10) : 20261130;
	const char *ek = getenv("TECTONICA_TEST_SCALE");
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	double scale = ek && *ek ? atof(ek) : 0.4;    /* sanitizers run ~10x slower */
#else
	double scale = ek && *ek ? atof(ek) : 1;
#endif
	long commands = (long)(1500 * (scale > 0 ? scale : 1));
	rnd_state = seed;
	tap_diag("TECTONICA_TEST_SEED=%llu, %ld commands, grid kind %d", (unsigned long long)seed,
	         commands, (int)(seed % 3));
	collect_params();
	ok(nlive >= 10 && nfixed >= 5, "%d live and %d fixed parameters to edit", nlive, nfixed);

	char dir[] = "/tmp/tectonica-commands-XXXXXX";
	if (!ok(mkdtemp(dir) != NULL, "a scratch folder"))
		return tap_done();

	/* small and quick, with a low plate cap so rifts hit it */
	params p;
	params_default(&p);
	/* every grid kind, by the seed */
	p.grid = (grid_kind)(seed % 3);
	p.level = 3;
	p.resolution = 10;
	p.points = 700;
	p.plate_count = 8;
	p.plate_min = 4;
	p.plate_max = 12;
	char err[256] = "";
	observer o = {.mu = PTHREAD_MUTEX_INITIALIZER};
	o.ref = planet_new(&p, NULL, err, sizeof err);
	stepper_t *st = stepper_new(&p, 2, false, -1, "commands", err, sizeof err);
	if (!ok(st && o.ref, "stepper and reference planet start (%s)", err)) {
		planet_free(o.ref);
		stepper_free(st);
		return tap_done();
	}
	/* started paused: nothing changes the planet before the first command */
	o.st = st;
	stepper_observe(st, on_change, &o);

	tally t = {0};
	const snapshot_t *snap = NULL;
	int drained = 1;
	for (long i = 0; i < commands; i++) {
		if (stepper_acquire(st, &snap) && snap)
			check_snapshot(snap);
		send_random(st, snap, dir, &t);
		int r = rnd_below(100);
		if (r < 3)
			drained &= drain(st, &o, &t, &snap);   /* let the queue run dry */
		else if (r < 5)
			drained &= play_burst(st, &o, &t, &snap);
		else if (r < 40)
			nap_us(rnd_below(2000));
	}
	stepper_send_simple(st, STEP_CMD_PAUSE, 0);
	drained &= drain(st, &o, &t, &snap);
	stepper_status s;
	stepper_get_status(st, &s);
	long exported = 0;
	for (long i = 0; i < t.exports; i++) {
		char path[512];
		snprintf(path, sizeof path, "%s/export-%ld", dir, i);
		exported += pngs_in(path) >= 5;
	}
	stepper_release(st, &snap);
	stepper_free(st);        /* joins the thread: its results are ours now */

	tap_diag("%ld sent (%ld while the queue was full), %ld steps played, %ld rifts (%ld refused), "
	         "%ld parameters (%ld refused), %ld new seeds, %ld saves, %ld exports, %ld snapshots",
	         t.sent, t.full, o.played, o.rift_ok + o.rift_refused, o.rift_refused,
	         o.param_ok + o.param_refused, o.param_refused, o.regens, o.saves, t.exports, snaps_checked);
	ok(drained, "the thread takes every command within the time limit");
	is_int(o.commands, t.changes, "every planet command reached the observer");
	ok(o.failures == 0, "invariants and command effects hold after every step and command "
	   "(%ld checks, %ld failures%s%s)", o.checks, o.failures, o.failures ? ": " : "", o.failure);
	ok(o.ref && o.replayed == o.checks, "the stepper's -j2 planet equals a -j1 reference "
	   "after each of %ld changes", o.replayed);
	ok(snap_failures == 0 && snaps_checked > 0, "%ld snapshots consistent%s%s", snaps_checked,
	   snap_failures ? ": " : "", snap_failure);
	ok(o.played > 0 && o.rift_ok > 0 && o.rift_refused > 0 && o.param_ok > 0 &&
	   o.param_refused > 0 && o.regens > 0 && o.saves > 0 && t.kinds[STEP_CMD_SPEED] > 0 &&
	   t.kinds[STEP_CMD_TOGGLE] > 0, "the sequence covered every command and refusal");
	ok(exported == t.exports && t.exports > 0, "%ld of %ld exports wrote their maps", exported, t.exports);
	ok(!s.fatal, "the stepper never gave up (%s)", s.msg);
	planet_free(o.ref);
	remove_tree(dir);
	return tap_done();
}
