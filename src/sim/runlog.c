/* runlog.c: keyframes and per-step figures of a run (see runlog.h). */
#include "sim/runlog.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/planet_state.h"

/* A keyframe every this many steps to begin with. */
#define FIRST_INTERVAL 8

typedef struct kframe {
	int64_t step;
	uint8_t *bytes;
	size_t len;
} kframe;

struct runlog {
	pthread_mutex_t mu;
	size_t budget;
	tl_stat *stats;            /* stats[i] is step first + i */
	size_t nstats, capstats;
	kframe *kf;              /* by step, ascending */
	int nkf, capkf, interval;
	size_t kf_bytes;
};

runlog_t *runlog_new(size_t budget)
{
	runlog_t *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	pthread_mutex_init(&t->mu, NULL);
	t->budget = budget < (1u << 20) ? (1u << 20) : budget;
	t->interval = FIRST_INTERVAL;
	return t;
}

static void clear_locked(runlog_t *t)
{
	for (int i = 0; i < t->nkf; i++)
		free(t->kf[i].bytes);
	t->nkf = 0;
	t->nstats = 0;
	t->kf_bytes = 0;
	t->interval = FIRST_INTERVAL;
}

void runlog_free(runlog_t *t)
{
	if (!t)
		return;
	clear_locked(t);
	free(t->kf);
	free(t->stats);
	pthread_mutex_destroy(&t->mu);
	free(t);
}

void runlog_clear(runlog_t *t)
{
	pthread_mutex_lock(&t->mu);
	clear_locked(t);
	pthread_mutex_unlock(&t->mu);
}

static void truncate_locked(runlog_t *t, int64_t step)
{
	if (t->nstats && step < t->stats[0].step) {
		clear_locked(t);
		return;
	}
	if (t->nstats && step - t->stats[0].step + 1 < (int64_t)t->nstats)
		t->nstats = (size_t)(step - t->stats[0].step + 1);
	while (t->nkf && t->kf[t->nkf - 1].step > step) {
		t->nkf--;
		t->kf_bytes -= t->kf[t->nkf].len;
		free(t->kf[t->nkf].bytes);
	}
}

void runlog_truncate(runlog_t *t, int64_t step)
{
	pthread_mutex_lock(&t->mu);
	truncate_locked(t, step);
	pthread_mutex_unlock(&t->mu);
}

static size_t used_locked(const runlog_t *t)
{
	return t->kf_bytes + t->capstats * sizeof *t->stats + (size_t)t->capkf * sizeof *t->kf;
}

/* Over budget: every other keyframe goes (the first and the newest stay),
 * and keyframes come half as often from now on. */
static void thin_locked(runlog_t *t)
{
	while (used_locked(t) > t->budget && t->nkf > 2) {
		int w = 0;
		for (int i = 0; i < t->nkf; i++) {
			if (i % 2 == 1 && i != t->nkf - 1) {
				t->kf_bytes -= t->kf[i].len;
				free(t->kf[i].bytes);
				continue;
			}
			t->kf[w++] = t->kf[i];
		}
		t->nkf = w;
		t->interval *= 2;
	}
}

static tl_stat figures(const snapshot_t *s)
{
	double speed = 0, area = 0;
	for (int i = 0; i < s->plate_count; i++) {
		speed += s->plates[i].speed_cm_yr * s->plates[i].area_fraction;
		area += s->plates[i].area_fraction;
	}
	const world_stats *w = &s->stats;
	return (tl_stat){
		.step = s->step, .time_myr = s->time_myr,
		.land_pct = (float)(w->land_fraction * 100),
		.sea_change_m = (float)s->eustatic_change_m,
		.plates = (float)snapshot_plates_on_map(s),
		.speed_cm_yr = (float)(area > 0 ? speed / area : 0),
		.highest_m = (float)(w->elevation_max_m - s->sea_level_m),
		.temp_c = (float)w->mean_temperature_c,
		.conv_pct = (float)(w->boundary_fraction[BOUNDARY_CONVERGENT] * 100),
		.div_pct = (float)(w->boundary_fraction[BOUNDARY_DIVERGENT] * 100),
		.tr_pct = (float)(w->boundary_fraction[BOUNDARY_TRANSFORM] * 100),
		.hash = s->state_hash,
	};
}

int runlog_record(runlog_t *t, const planet_t *pl, const snapshot_t *snap, bool keyframe)
{
	tl_stat st = figures(snap);
	pthread_mutex_lock(&t->mu);
	int64_t first = t->nstats ? t->stats[0].step : st.step;
	bool due = keyframe || t->nkf == 0 || st.step - t->kf[t->nkf - 1].step >= t->interval;
	pthread_mutex_unlock(&t->mu);

	/* the state bytes are made outside the lock: graphs keep drawing */
	uint8_t *bytes = NULL;
	size_t len = 0;
	if (due && planet_serialize(pl, &bytes, &len) != 0)
		return -1;

	int rc = 0;
	pthread_mutex_lock(&t->mu);
	/* a step out of sequence (not the next one, nor one being replayed
	 * again) starts a new history */
	if (t->nstats && (st.step < first || st.step > first + (int64_t)t->nstats)) {
		clear_locked(t);
		first = st.step;
	}
	size_t i = (size_t)(st.step - first);
	if (i >= t->capstats) {
		size_t cap = t->capstats ? t->capstats * 2 : 1024;
		tl_stat *ns = realloc(t->stats, cap * sizeof *ns);
		if (!ns) {
			rc = -1;
			goto out;
		}
		t->stats = ns;
		t->capstats = cap;
	}
	t->stats[i] = st;
	if (i >= t->nstats)
		t->nstats = i + 1;
	if (bytes) {
		/* a keyframe for this step replaces one it already had */
		while (t->nkf && t->kf[t->nkf - 1].step >= st.step) {
			t->nkf--;
			t->kf_bytes -= t->kf[t->nkf].len;
			free(t->kf[t->nkf].bytes);
		}
		if (t->nkf == t->capkf) {
			int cap = t->capkf ? t->capkf * 2 : 64;
			kframe *nk = realloc(t->kf, (size_t)cap * sizeof *nk);
			if (!nk) {
				rc = -1;
				goto out;
			}
			t->kf = nk;
			t->capkf = cap;
		}
		t->kf[t->nkf++] = (kframe){st.step, bytes, len};
		t->kf_bytes += len;
		bytes = NULL;
		thin_locked(t);
	}
out:
	pthread_mutex_unlock(&t->mu);
	free(bytes);
	return rc;
}

planet_t *runlog_replay(runlog_t *t, int64_t target, struct pool *pool, int *replayed,
                          char *err, size_t errlen)
{
	pthread_mutex_lock(&t->mu);
	int k = -1;
	for (int i = 0; i < t->nkf; i++)
		if (t->kf[i].step <= target)
			k = i;
	int64_t first = t->nstats ? t->stats[0].step : 0;
	if (k < 0 || !t->nstats || target > first + (int64_t)t->nstats - 1) {
		pthread_mutex_unlock(&t->mu);
		snprintf(err, errlen, "step %lld is not in the history (steps %lld-%lld)", (long long)target,
		         (long long)(t->nkf ? t->kf[0].step : first),
		         (long long)(first + (int64_t)t->nstats - 1));
		return NULL;
	}
	/* deserialize under the lock: thinning may free these bytes */
	planet_t *pl = planet_deserialize(t->kf[k].bytes, t->kf[k].len, pool, err, errlen);
	int64_t from = t->kf[k].step;
	pthread_mutex_unlock(&t->mu);
	if (!pl)
		return NULL;
	*replayed = 0;
	for (int64_t s = from; s < target; s++) {
		if (planet_step(pl, err, errlen) != 0) {
			planet_free(pl);
			return NULL;
		}
		++*replayed;
	}
	return pl;
}

void runlog_info(runlog_t *t, tl_info *o)
{
	pthread_mutex_lock(&t->mu);
	o->first = t->nstats ? t->stats[0].step : 0;
	o->last = t->nstats ? t->stats[t->nstats - 1].step : -1;
	o->keyframes = t->nkf;
	o->interval = t->interval;
	o->bytes = used_locked(t);
	o->budget = t->budget;
	o->keyframe_bytes = t->nkf ? t->kf[t->nkf - 1].len : 0;
	pthread_mutex_unlock(&t->mu);
}

int runlog_sample(runlog_t *t, tl_stat *out, int n)
{
	pthread_mutex_lock(&t->mu);
	int got = 0;
	if (t->nstats && n > 0) {
		size_t m = t->nstats;
		if ((size_t)n >= m) {
			memcpy(out, t->stats, m * sizeof *out);
			got = (int)m;
		} else {
			for (int i = 0; i < n; i++)
				out[i] = t->stats[(size_t)((double)i * (m - 1) / (n - 1 > 0 ? n - 1 : 1))];
			got = n;
		}
	}
	pthread_mutex_unlock(&t->mu);
	return got;
}

int64_t runlog_step_at_time(runlog_t *t, double myr)
{
	pthread_mutex_lock(&t->mu);
	int64_t r = -1;
	if (t->nstats && t->stats[t->nstats - 1].time_myr >= myr) {
		/* times grow with steps: the first at or after myr */
		size_t lo = 0, hi = t->nstats - 1;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (t->stats[mid].time_myr >= myr)
				hi = mid;
			else
				lo = mid + 1;
		}
		r = t->stats[lo].step;
	}
	pthread_mutex_unlock(&t->mu);
	return r;
}
