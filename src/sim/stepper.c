/* stepper.c: the stepping thread (see stepper.h for the contract).
 *
 * Threads and locks, in one place:
 *  - one mutex `mu` guards the command queue, the status block, the reference
 *    counts of snapshots ("shots") and the `latest`/`ui` pointers;
 *  - the planet is touched only by the stepping thread, never under `mu`, so a
 *    long step never delays the UI;
 *  - a shot is a snapshot plus the world (planet) whose grid it points into.
 *    A world lives while it is current or any of its shots exists; shots are
 *    recycled for the current world and freed for old ones. Freeing happens on
 *    the stepping thread, so the UI's release is only a decrement. */
#include "stepper.h"

#include <stdarg.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/planet.h"
#include "io/export.h"
#include "io/state.h"
#include "base/pool.h"
#include "sim/runlog.h"

#define QCAP 64
#define MAXSHOTS 8
/* Publishing more often than this only costs copies nobody can see. */
#define PUBLISH_INTERVAL 0.033
/* How much the stepping thread and its pool yield to the UI thread. */
#define STEPPER_NICE 10

typedef struct world {
	planet_t *pl;
	int refs;               /* 1 while current + 1 per shot */
} world;

typedef struct shot {
	snapshot_t *snap;
	world *w;
	int refs;               /* latest + ui + being written */
} shot;

struct stepper {
	pthread_t th;
	bool started;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	step_cmd q[QCAP];
	int qhead, qlen;
	bool quit;

	shot *shots[MAXSHOTS];
	shot *latest, *ui;
	shot *held;             /* kept for the UI to compare with, or NULL */
	world *cur;             /* stepping thread only */
	stepper_status status;

	params prm;
	int threads;
	pool_t *pool;
	int wake_fd;
	char scenario[256];
	char *load_path;             /* state to resume at start, or NULL */
	const heightfield *terrain;  /* every planet built over it (--import), or NULL */
	export_import import;        /* what `e` exports say of it */
	runlog_t *tl;              /* history, or NULL */
	snapshot_t *tl_snap;         /* the figures of each step (stepping thread) */
	const grid_t *tl_grid;
	stepper_observer observer;   /* guarded by mu */
	void *observer_ctx;
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Tell the UI something changed; a full pipe already says so. */
static void wake(stepper_t *st)
{
	if (st->wake_fd >= 0) {
		char b = 1;
		ssize_t r = write(st->wake_fd, &b, 1);
		(void)r;
	}
}

/* Set the status message (caller holds mu). */
static void set_msg_locked(stepper_t *st, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void set_msg_locked(stepper_t *st, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(st->status.msg, sizeof st->status.msg, fmt, ap);
	va_end(ap);
	st->status.msg_is_error = error;
	st->status.msg_serial++;
}

#define SET_MSG(st, err, ...) do { \
	pthread_mutex_lock(&(st)->mu); \
	set_msg_locked((st), (err), __VA_ARGS__); \
	pthread_mutex_unlock(&(st)->mu); \
	wake(st); \
} while (0)

static void world_unref(world *w)
{
	if (--w->refs == 0) {
		planet_free(w->pl);
		free(w);
	}
}

/* Free unused shots of old worlds (stepping thread, holds mu). */
static void collect_locked(stepper_t *st)
{
	for (int i = 0; i < MAXSHOTS; i++) {
		shot *s = st->shots[i];
		if (s && s->refs == 0 && s->w != st->cur) {
			snapshot_free(s->snap);
			world_unref(s->w);
			free(s);
			st->shots[i] = NULL;
		}
	}
}

/* A shot of the current world nobody holds, marked as being written. */
static shot *writable_shot(stepper_t *st)
{
	shot *got = NULL;
	int empty = -1;
	pthread_mutex_lock(&st->mu);
	collect_locked(st);
	for (int i = 0; i < MAXSHOTS && !got; i++) {
		shot *s = st->shots[i];
		if (!s)
			empty = empty < 0 ? i : empty;
		else if (s->refs == 0 && s->w == st->cur)
			got = s;
	}
	if (got)
		got->refs = 1;
	pthread_mutex_unlock(&st->mu);
	if (got || empty < 0)
		return got;
	shot *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->snap = snapshot_new(planet_grid(st->cur->pl));
	if (!s->snap) {
		free(s);
		return NULL;
	}
	s->w = st->cur;
	s->refs = 1;
	pthread_mutex_lock(&st->mu);
	st->cur->refs++;
	st->shots[empty] = s;
	pthread_mutex_unlock(&st->mu);
	return s;
}

/* Snapshot the planet and make it the newest. Returns the shot (still
 * referenced as `latest`) or NULL. */
static shot *publish(stepper_t *st)
{
	shot *s = writable_shot(st);
	if (!s) {
		SET_MSG(st, true, "out of memory for a snapshot");
		return NULL;
	}
	if (planet_snapshot(st->cur->pl, s->snap) != 0) {
		pthread_mutex_lock(&st->mu);
		s->refs = 0;
		set_msg_locked(st, true, "snapshot failed");
		pthread_mutex_unlock(&st->mu);
		wake(st);
		return NULL;
	}
	pthread_mutex_lock(&st->mu);
	if (st->latest)
		st->latest->refs--;
	st->latest = s;          /* the writer's reference becomes latest's */
	st->status.ready = true;
	pthread_mutex_unlock(&st->mu);
	wake(st);
	return s;
}

static void set_busy(stepper_t *st, bool busy, bool generating)
{
	pthread_mutex_lock(&st->mu);
	st->status.busy = busy;
	st->status.generating = generating;
	pthread_mutex_unlock(&st->mu);
}

/* Make pl the current planet (stepping thread). -1 when out of memory (pl
 * is then freed). */
static int install_world(stepper_t *st, planet_t *pl)
{
	world *w = calloc(1, sizeof *w);
	if (!w) {
		planet_free(pl);
		SET_MSG(st, true, "out of memory");
		return -1;
	}
	w->pl = pl;
	w->refs = 1;
	pthread_mutex_lock(&st->mu);
	world *old = st->cur;
	st->cur = w;
	if (old)
		world_unref(old);
	pthread_mutex_unlock(&st->mu);
	/* the figures' snapshot was sized for the old grid */
	snapshot_free(st->tl_snap);
	st->tl_snap = NULL;
	st->tl_grid = NULL;
	return 0;
}

/* Add the current planet to the history; keyframe forces its state bytes
 * in (after a change outside a step, replays must start from here). */
static void record(stepper_t *st, bool keyframe)
{
	if (!st->tl)
		return;
	const grid_t *g = planet_grid(st->cur->pl);
	if (g != st->tl_grid) {
		snapshot_free(st->tl_snap);
		st->tl_snap = snapshot_new(g);
		st->tl_grid = st->tl_snap ? g : NULL;
	}
	if (!st->tl_snap || planet_snapshot(st->cur->pl, st->tl_snap) != 0
	    || runlog_record(st->tl, st->cur->pl, st->tl_snap, keyframe) != 0)
		SET_MSG(st, true, "history: out of memory (this step is not kept)");
}

/* Build a planet from p (or resume the state file load, when not NULL) and
 * make it current. */
static int build_world(stepper_t *st, const params *p, const char *load)
{
	char err[512] = "";
	int bad = 0;
	set_busy(st, true, true);
	wake(st);
	planet_t *pl = load ? state_load(load, st->pool, &bad, err, sizeof err)
	             : st->terrain ? planet_new_imported(p, st->terrain, st->pool, err, sizeof err)
	                           : planet_new(p, st->pool, err, sizeof err);
	set_busy(st, false, false);
	if (!pl) {
		SET_MSG(st, true, "cannot %s the planet: %s", load ? "load" : "build",
		        err[0] ? err : "unknown error");
		return -1;
	}
	if (install_world(st, pl) != 0)
		return -1;
	if (st->tl) {
		runlog_clear(st->tl);
		record(st, true);
	}
	return 0;
}

/* Show the planet to the observer, if any (stepping thread). */
static void observe(stepper_t *st, const step_cmd *c, int rc)
{
	pthread_mutex_lock(&st->mu);
	stepper_observer fn = st->observer;
	void *ctx = st->observer_ctx;
	pthread_mutex_unlock(&st->mu);
	if (fn)
		fn(ctx, st->cur->pl, c, rc);
}

static void do_step(stepper_t *st, const step_cmd *c)
{
	char err[256] = "";
	double t0 = now_s();
	set_busy(st, true, false);
	int rc = planet_step(st->cur->pl, err, sizeof err);
	double ms = (now_s() - t0) * 1e3;
	pthread_mutex_lock(&st->mu);
	st->status.busy = false;
	st->status.last_step_ms = ms;
	char pause_msg[PARAMS_EVENT_TEXT];
	if (rc == 0) {
		st->status.steps_done++;
		/* a pause event of the scenario's timeline stops play, saying why */
		if (planet_take_pause(st->cur->pl, pause_msg, sizeof pause_msg)) {
			st->status.playing = false;
			st->status.run_to = -1;
			set_msg_locked(st, false, "paused by the timeline: %s", pause_msg);
		}
		pthread_mutex_unlock(&st->mu);
		record(st, false);
		pthread_mutex_lock(&st->mu);
	} else {
		st->status.playing = false;
		st->status.run_to = -1;
		set_msg_locked(st, true, "step failed: %s", err[0] ? err : "unknown error");
	}
	pthread_mutex_unlock(&st->mu);
	if (rc != 0)
		wake(st);
	observe(st, c, rc == 0 ? 0 : -1);
}

/* text with its first "{step}" replaced by step, 6 digits: the file is
 * named by the thread that knows which step it writes (the UI's picture
 * may be a few steps behind while playing). */
static void name_for_step(const char *text, long long step, char *out, size_t len)
{
	const char *at = strstr(text, "{step}");
	if (!at)
		snprintf(out, len, "%s", text);
	else
		snprintf(out, len, "%.*s%06lld%s", (int)(at - text), text, step, at + 6);
}

static void do_export(stepper_t *st, const char *text)
{
	shot *s = publish(st);
	if (!s)
		return;
	char dir[sizeof ((step_cmd *)0)->text + 16];
	name_for_step(text, (long long)s->snap->step, dir, sizeof dir);
	unsigned mask = 0;
	char err[512] = "";
	if (export_parse_list("all", &mask, err, sizeof err) != 0) {
		SET_MSG(st, true, "export: %s", err);
		return;
	}
	/* hold the shot while exporting: the UI may take and drop it meanwhile */
	pthread_mutex_lock(&st->mu);
	s->refs++;
	pthread_mutex_unlock(&st->mu);
	export_opts o = {.width = 1024, .height = 512, .scenario = st->scenario,
	                 .import = st->terrain ? &st->import : NULL, .frame = -1};
	set_busy(st, true, false);
	int rc = export_write(s->snap, mask, dir, &o, st->pool, err, sizeof err);
	/* and the state of that step beside the maps (the planet has not moved
	 * on: this runs on the stepping thread), so `run --load` remakes them,
	 * manual rifts and edits included */
	char state[sizeof dir + 32];
	snprintf(state, sizeof state, "%s/planet.state", dir);
	if (rc == 0 && state_save(st->cur->pl, state, err, sizeof err) != 0)
		rc = -1;
	set_busy(st, false, false);
	pthread_mutex_lock(&st->mu);
	s->refs--;
	if (rc == 0)
		set_msg_locked(st, false, "exported maps of step %lld to %s/",
		               (long long)s->snap->step, dir);
	else
		set_msg_locked(st, true, "export failed: %s", err);
	pthread_mutex_unlock(&st->mu);
	wake(st);
}

/* The planet changed outside a step: the history's future no longer
 * follows from it, and replays must start from this state. */
static void changed_past(stepper_t *st)
{
	if (!st->tl)
		return;
	runlog_truncate(st->tl, planet_step_count(st->cur->pl));
	record(st, true);
}

/* Go back (or forward) to a step of the history: rebuilt from its nearest
 * keyframe, bit for bit the planet that step had. Pauses. */
static bool seek(stepper_t *st, const step_cmd *c, int64_t target)
{
	pthread_mutex_lock(&st->mu);
	st->status.playing = false;
	pthread_mutex_unlock(&st->mu);
	if (!st->tl) {
		SET_MSG(st, true, "no history kept (--history-mb 0)");
		return false;
	}
	char err[256] = "";
	int replayed = 0;
	set_busy(st, true, false);
	planet_t *pl = runlog_replay(st->tl, target, st->pool, &replayed, err, sizeof err);
	set_busy(st, false, false);
	if (!pl) {
		SET_MSG(st, true, "%s", err);
		observe(st, c, -1);
		return false;
	}
	if (install_world(st, pl) != 0)
		return false;
	SET_MSG(st, false, "step %lld (replayed %d step%s from a keyframe)", (long long)target,
	        replayed, replayed == 1 ? "" : "s");
	observe(st, c, 0);
	return true;
}

/* Go to a step past the history's end (or with none kept): play up to it
 * as fast as the machine goes, then pause (thread_main stops there). */
static void run_to(stepper_t *st, int64_t target)
{
	pthread_mutex_lock(&st->mu);
	st->status.run_to = target;
	st->status.playing = true;
	set_msg_locked(st, false, "running to step %lld", (long long)target);
	pthread_mutex_unlock(&st->mu);
	wake(st);
}

/* SEEK: a step in the history is replayed, one after it is played to. */
static bool go_to(stepper_t *st, const step_cmd *c, int64_t target)
{
	int64_t now = planet_step_count(st->cur->pl), last = now;
	if (st->tl) {
		tl_info in;
		runlog_info(st->tl, &in);
		last = in.last > last ? in.last : last;
	}
	if (target > last || (target > now && !st->tl)) {
		run_to(st, target);
		observe(st, c, 0);
		return false;
	}
	return seek(st, c, target);
}

/* Carry out one command. Returns true when the planet changed. */
static bool handle(stepper_t *st, const step_cmd *c)
{
	/* what changes play or the planet's time ends a run to a step */
	if (c->kind != STEP_CMD_SPEED && c->kind != STEP_CMD_SAVE && c->kind != STEP_CMD_EXPORT
	    && c->kind != STEP_CMD_SET_PARAM && c->kind != STEP_CMD_SET_LAYER
	    && c->kind != STEP_CMD_RIFT) {
		pthread_mutex_lock(&st->mu);
		st->status.run_to = -1;
		pthread_mutex_unlock(&st->mu);
	}
	switch (c->kind) {
	case STEP_CMD_PLAY:
	case STEP_CMD_PAUSE:
	case STEP_CMD_TOGGLE:
		pthread_mutex_lock(&st->mu);
		st->status.playing = c->kind == STEP_CMD_PLAY ? true
		                   : c->kind == STEP_CMD_PAUSE ? false : !st->status.playing;
		pthread_mutex_unlock(&st->mu);
		wake(st);
		return false;
	case STEP_CMD_STEP:
		pthread_mutex_lock(&st->mu);
		st->status.playing = false;
		pthread_mutex_unlock(&st->mu);
		do_step(st, c);
		return true;
	case STEP_CMD_SPEED:
		pthread_mutex_lock(&st->mu);
		st->status.target_sps = c->value > 0 ? c->value : 0;
		pthread_mutex_unlock(&st->mu);
		wake(st);
		return false;
	case STEP_CMD_SET_PARAM: {
		if (!c->def)
			return false;
		if (!c->def->live) {
			SET_MSG(st, true, "%s cannot change while running", c->def->path);
			observe(st, c, -1);
			return false;
		}
		if (planet_set_param(st->cur->pl, c->def, c->value) != 0) {
			SET_MSG(st, true, "%s: %g rejected (range %g..%g)", c->def->path,
			        c->value, c->def->min, c->def->max);
			observe(st, c, -1);
			return false;
		}
		planet_refresh(st->cur->pl);
		changed_past(st);
		SET_MSG(st, false, "%s = %g %s", c->def->path, c->value, c->def->unit ? c->def->unit : "");
		observe(st, c, 0);
		return true;
	}
	case STEP_CMD_SET_LAYER: {
		const char *key = c->def ? c->def->path : "?";
		if (st->terrain) {
			/* planet_new_imported gives the crust no noise detail */
			SET_MSG(st, true, "terrain.layers: the imported map is the relief; noise layers do not act on it");
			observe(st, c, -1);
			return false;
		}
		set_busy(st, true, false);
		int rc = planet_set_layer(st->cur->pl, c->index, c->def, c->value);
		set_busy(st, false, false);
		if (rc != 0) {
			SET_MSG(st, true, "terrain.layers[%d].%s: %g rejected", c->index, key, c->value);
			observe(st, c, -1);
			return false;
		}
		changed_past(st);
		SET_MSG(st, false, "terrain.layers[%d].%s = %g: the relief follows", c->index, key,
		        c->value);
		observe(st, c, 0);
		return true;
	}
	case STEP_CMD_RIFT: {
		/* a refused rift may still have drawn from the planet's generator */
		int rc = planet_rift(st->cur->pl, (int)c->value);
		changed_past(st);
		if (rc != 0)
			SET_MSG(st, true, "rift: no plate can split now");
		else
			SET_MSG(st, false, "rifted a plate");
		observe(st, c, rc);
		return true;
	}
	case STEP_CMD_REGEN: {
		params p = *planet_params(st->cur->pl);
		p.seed = (uint64_t)c->value;
		if (build_world(st, &p, NULL) != 0) {
			observe(st, c, -1);
			return false;
		}
		SET_MSG(st, false, "new planet, seed %llu", (unsigned long long)p.seed);
		observe(st, c, 0);
		return true;
	}
	case STEP_CMD_BUILD: {
		if (!c->prm || build_world(st, c->prm, NULL) != 0) {
			observe(st, c, -1);
			return false;
		}
		if (c->text[0])
			snprintf(st->scenario, sizeof st->scenario, "%s", c->text);
		SET_MSG(st, false, "built %s, seed %llu", c->prm->name[0] ? c->prm->name : "the planet",
		        (unsigned long long)c->prm->seed);
		observe(st, c, 0);
		return true;
	}
	case STEP_CMD_LOAD: {
		/* the new world's parameters replace the old for r (REGEN) */
		int rc = build_world(st, planet_params(st->cur->pl), c->text);
		pthread_mutex_lock(&st->mu);
		st->status.open_serial++;
		st->status.open_ok = rc == 0;
		if (rc == 0) {
			snprintf(st->scenario, sizeof st->scenario, "%s", c->text);
			set_msg_locked(st, false, "opened %s at step %lld", c->text,
			               (long long)planet_step_count(st->cur->pl));
		}
		pthread_mutex_unlock(&st->mu);
		wake(st);
		observe(st, c, rc);
		return rc == 0;
	}
	case STEP_CMD_SAVE: {
		char err[512] = "", path[sizeof c->text + 16];
		long long step = (long long)planet_step_count(st->cur->pl);
		name_for_step(c->text, step, path, sizeof path);
		set_busy(st, true, false);
		int rc = state_save(st->cur->pl, path, err, sizeof err);
		set_busy(st, false, false);
		if (rc == 0)
			SET_MSG(st, false, "saved step %lld to %s", step, path);
		else
			SET_MSG(st, true, "save failed: %s", err);
		observe(st, c, rc == 0 ? 0 : -1);
		return false;
	}
	case STEP_CMD_EXPORT:
		do_export(st, c->text);
		return false;
	case STEP_CMD_SEEK:
		return go_to(st, c, c->value < 0 ? 0 : (int64_t)c->value);
	case STEP_CMD_BACK:
		/* from the planet's own step: several presses queue up correctly */
		return seek(st, c, planet_step_count(st->cur->pl) - (int64_t)c->value);
	}
	return false;
}

static void *thread_main(void *arg)
{
	stepper_t *st = arg;
	/* Lower this thread's priority (Linux: nice is per thread, and threads
	 * created from here inherit it). On a 2-core box the step keeps every
	 * core busy; the UI thread, tmux and sshd must still get the CPU within
	 * a millisecond or two when a key arrives. Failure only costs latency. */
	if (setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), STEPPER_NICE) != 0)
		(void)0;
	/* the pool's workers inherit this thread's (blocked) signal mask */
	if (st->threads > 1)
		st->pool = pool_new(st->threads);
	if (build_world(st, &st->prm, st->load_path) != 0) {
		pthread_mutex_lock(&st->mu);
		st->status.fatal = true;
		pthread_mutex_unlock(&st->mu);
		wake(st);
		return NULL;
	}
	publish(st);

	bool dirty = false;          /* stepped since the last publish */
	double last_pub = now_s(), next_due = 0;
	double win_start = now_s();
	int64_t win_steps = 0;
	for (;;) {
		step_cmd c;
		bool have = false;
		pthread_mutex_lock(&st->mu);
		for (;;) {
			if (st->quit || st->qlen > 0)
				break;
			bool playing = st->status.playing;
			double now = now_s();
			if (playing && (st->status.target_sps <= 0 || st->status.run_to >= 0 || now >= next_due))
				break;
			if (dirty) {
				/* about to wait: show the last step first */
				pthread_mutex_unlock(&st->mu);
				publish(st);
				dirty = false;
				last_pub = now_s();
				pthread_mutex_lock(&st->mu);
				continue;
			}
			if (!playing) {
				st->status.measured_sps = 0;
				win_start = now;
				win_steps = 0;
				pthread_cond_wait(&st->cv, &st->mu);
			} else {
				struct timespec ts;
				clock_gettime(CLOCK_MONOTONIC, &ts);
				double d = next_due - now;
				ts.tv_sec += (time_t)d;
				ts.tv_nsec += (long)((d - (time_t)d) * 1e9);
				if (ts.tv_nsec >= 1000000000L) {
					ts.tv_sec++;
					ts.tv_nsec -= 1000000000L;
				}
				pthread_cond_timedwait(&st->cv, &st->mu, &ts);
			}
		}
		if (st->quit) {
			pthread_mutex_unlock(&st->mu);
			break;
		}
		if (st->qlen > 0) {
			c = st->q[st->qhead];
			st->qhead = (st->qhead + 1) % QCAP;
			st->qlen--;
			have = true;
		}
		double sps = st->status.run_to >= 0 ? 0 : st->status.target_sps;
		pthread_mutex_unlock(&st->mu);

		if (have) {
			if (handle(st, &c)) {
				publish(st);
				dirty = false;
				last_pub = now_s();
			}
			pthread_mutex_lock(&st->mu);
			st->status.pending--;
			pthread_mutex_unlock(&st->mu);
			continue;
		}
		double t0 = now_s();
		/* keep a steady rate; after falling behind, restart from now rather
		 * than bursting to catch up */
		if (sps <= 0)
			next_due = 0;
		else if (next_due <= 0 || t0 - next_due > 1.0 / sps)
			next_due = t0 + 1.0 / sps;
		else
			next_due += 1.0 / sps;
		do_step(st, NULL);
		dirty = true;
		win_steps++;
		pthread_mutex_lock(&st->mu);
		if (st->status.run_to >= 0 && planet_step_count(st->cur->pl) >= st->status.run_to) {
			st->status.playing = false;
			st->status.run_to = -1;
			set_msg_locked(st, false, "at step %lld", (long long)planet_step_count(st->cur->pl));
		}
		pthread_mutex_unlock(&st->mu);
		double t = now_s();
		if (t - win_start >= 1.0) {
			pthread_mutex_lock(&st->mu);
			st->status.measured_sps = win_steps / (t - win_start);
			pthread_mutex_unlock(&st->mu);
			win_start = t;
			win_steps = 0;
		}
		if (t - last_pub >= PUBLISH_INTERVAL) {
			publish(st);
			dirty = false;
			last_pub = t;
		}
	}
	return NULL;
}

stepper_t *stepper_new(const params *p, int threads, bool playing, int wake_fd,
                       const char *scenario, char *err, size_t errlen)
{
	return stepper_new_loaded(p, NULL, 0, threads, playing, wake_fd, scenario, err, errlen);
}

static stepper_t *start(const params *p, const char *load_path, const heightfield *terrain,
                        const export_import *import, size_t history_bytes, int threads,
                        bool playing, int wake_fd, const char *scenario, char *err,
                        size_t errlen);

stepper_t *stepper_new_loaded(const params *p, const char *load_path, size_t history_bytes,
                              int threads, bool playing, int wake_fd, const char *scenario,
                              char *err, size_t errlen)
{
	return start(p, load_path, NULL, NULL, history_bytes, threads, playing, wake_fd, scenario,
	             err, errlen);
}

stepper_t *stepper_new_imported(const params *p, const heightfield *terrain,
                                const export_import *import, size_t history_bytes,
                                int threads, bool playing, int wake_fd, const char *scenario,
                                char *err, size_t errlen)
{
	return start(p, NULL, terrain, import, history_bytes, threads, playing, wake_fd, scenario,
	             err, errlen);
}

static stepper_t *start(const params *p, const char *load_path, const heightfield *terrain,
                        const export_import *import, size_t history_bytes, int threads,
                        bool playing, int wake_fd, const char *scenario, char *err,
                        size_t errlen)
{
	stepper_t *st = calloc(1, sizeof *st);
	if (!st || (load_path && !(st->load_path = strdup(load_path)))
	    || (history_bytes && !(st->tl = runlog_new(history_bytes)))) {
		if (st)
			free(st->load_path);
		free(st);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	st->prm = *p;
	st->terrain = terrain;
	if (terrain && import)
		st->import = *import;
	st->threads = threads < 1 ? 1 : threads;
	st->wake_fd = wake_fd;
	st->status.playing = playing;
	st->status.target_sps = 10;
	st->status.run_to = -1;
	snprintf(st->scenario, sizeof st->scenario, "%s", scenario ? scenario : "built-in default");
	pthread_mutex_init(&st->mu, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&st->cv, &ca);
	pthread_condattr_destroy(&ca);

	/* Block asynchronous signals in the new thread (and the pool it starts);
	 * faults stay unblocked so the crash handler still runs. */
	sigset_t all, old;
	sigfillset(&all);
	sigdelset(&all, SIGSEGV);
	sigdelset(&all, SIGBUS);
	sigdelset(&all, SIGFPE);
	sigdelset(&all, SIGILL);
	sigdelset(&all, SIGABRT);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int rc = pthread_create(&st->th, NULL, thread_main, st);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start the stepping thread: %s", strerror(rc));
		pthread_cond_destroy(&st->cv);
		pthread_mutex_destroy(&st->mu);
		free(st->load_path);
		runlog_free(st->tl);
		free(st);
		return NULL;
	}
	st->started = true;
	return st;
}

void stepper_free(stepper_t *st)
{
	if (!st)
		return;
	pthread_mutex_lock(&st->mu);
	st->quit = true;
	pthread_cond_signal(&st->cv);
	pthread_mutex_unlock(&st->mu);
	if (st->started)
		pthread_join(st->th, NULL);
	for (int i = 0; i < MAXSHOTS; i++) {
		shot *s = st->shots[i];
		if (s) {
			snapshot_free(s->snap);
			world_unref(s->w);
			free(s);
		}
	}
	if (st->cur)
		world_unref(st->cur);
	if (st->pool)
		pool_free(st->pool);
	pthread_cond_destroy(&st->cv);
	pthread_mutex_destroy(&st->mu);
	free(st->load_path);
	snapshot_free(st->tl_snap);
	runlog_free(st->tl);
	free(st);
}

bool stepper_history_info(stepper_t *st, tl_info *out)
{
	if (!st->tl)
		return false;
	runlog_info(st->tl, out);
	return true;
}

int stepper_history(stepper_t *st, tl_stat *out, int n)
{
	return st->tl ? runlog_sample(st->tl, out, n) : 0;
}

int64_t stepper_history_step_at(stepper_t *st, double myr)
{
	return st->tl ? runlog_step_at_time(st->tl, myr) : -1;
}

int stepper_send(stepper_t *st, const step_cmd *c)
{
	int rc = -1;
	pthread_mutex_lock(&st->mu);
	if (st->qlen < QCAP && !st->status.fatal) {
		st->q[(st->qhead + st->qlen) % QCAP] = *c;
		st->qlen++;
		st->status.pending++;
		pthread_cond_signal(&st->cv);
		rc = 0;
	}
	pthread_mutex_unlock(&st->mu);
	return rc;
}

int stepper_send_simple(stepper_t *st, step_cmd_kind kind, double value)
{
	step_cmd c = {.kind = kind, .value = value};
	return stepper_send(st, &c);
}

bool stepper_acquire(stepper_t *st, const snapshot_t **cur)
{
	bool changed = false;
	pthread_mutex_lock(&st->mu);
	if (st->latest && st->latest != st->ui) {
		if (st->ui)
			st->ui->refs--;
		st->ui = st->latest;
		st->ui->refs++;
		changed = true;
	}
	*cur = st->ui ? st->ui->snap : NULL;
	pthread_mutex_unlock(&st->mu);
	return changed;
}

void stepper_release(stepper_t *st, const snapshot_t **cur)
{
	pthread_mutex_lock(&st->mu);
	if (st->ui)
		st->ui->refs--;
	st->ui = NULL;
	pthread_mutex_unlock(&st->mu);
	*cur = NULL;
}

const snapshot_t *stepper_hold(stepper_t *st)
{
	pthread_mutex_lock(&st->mu);
	if (st->held)
		st->held->refs--;
	st->held = st->ui;
	if (st->held)
		st->held->refs++;
	const snapshot_t *s = st->held ? st->held->snap : NULL;
	pthread_mutex_unlock(&st->mu);
	return s;
}

void stepper_unhold(stepper_t *st)
{
	pthread_mutex_lock(&st->mu);
	if (st->held)
		st->held->refs--;
	st->held = NULL;
	pthread_mutex_unlock(&st->mu);
}

void stepper_get_status(stepper_t *st, stepper_status *out)
{
	pthread_mutex_lock(&st->mu);
	*out = st->status;
	out->playing = out->playing && !out->fatal;
	pthread_mutex_unlock(&st->mu);
}

void stepper_observe(stepper_t *st, stepper_observer fn, void *ctx)
{
	pthread_mutex_lock(&st->mu);
	st->observer = fn;
	st->observer_ctx = ctx;
	pthread_mutex_unlock(&st->mu);
}
