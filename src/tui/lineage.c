/* lineage.c: plate lineage and tracks from successive snapshots (see lineage.h). */
#include "tui/lineage.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/grid.h"
#include "core/params.h"

void lineage_init(lineage *l)
{
	memset(l, 0, sizeof *l);
	l->track_id = -1;
	l->prev_step = -1;
}

void lineage_done(lineage *l)
{
	free(l->prev_id);
	lineage_init(l);
}

static int id_of(const snapshot_t *s, int c)
{
	int p = s->plate[c];
	return p >= 0 && p < s->plate_count ? s->plates[p].id : -1;
}

/* The id met most often among the cells where key[c] == want, of vals. */
static int majority(const int32_t *key, int want, const int32_t *vals, int n)
{
	enum { K = 16 };
	int ids[K], cnt[K], k = 0;
	for (int c = 0; c < n; c++) {
		if (key[c] != want || vals[c] < 0)
			continue;
		int j = 0;
		while (j < k && ids[j] != vals[c])
			j++;
		if (j == k) {
			if (k == K)
				continue;
			ids[k] = vals[c];
			cnt[k++] = 0;
		}
		cnt[j]++;
	}
	int best = -1;
	for (int j = 0; j < k; j++)
		if (best < 0 || cnt[j] > cnt[best])
			best = j;
	return best < 0 ? -1 : ids[best];
}

static void add_event(lineage *l, lineage_event e)
{
	if (l->nev == LINEAGE_EVENTS) {
		memmove(l->ev, l->ev + 1, sizeof l->ev[0] * (LINEAGE_EVENTS - 1));
		l->nev--;
	}
	l->ev[l->nev++] = e;
}

/* The centre of plate id: the mean of its cells' positions. */
static bool centre(const snapshot_t *s, int id, float *lat, float *lon)
{
	vec3 sum = v3(0, 0, 0);
	int n = 0;
	for (int c = 0; c < s->n; c++)
		if (id_of(s, c) == id) {
			sum = v3_add(sum, s->grid->centre[c]);
			n++;
		}
	if (!n || v3_len(sum) < 1e-9)
		return false;
	vec3 p = v3_norm(sum);
	*lat = (float)(v3_lat(p) * 180 / M_PI);
	*lon = (float)(v3_lon(p) * 180 / M_PI);
	return true;
}

/* Where the rock at the track's last point has ridden to by s's step:
 * turned about the plate's Euler pole at its present rate (or the plate's
 * centre again once that rock has left the plate). The centre of
 * a plate's cells is no track: an ocean plate that grows at its ridge
 * and sinks at its trench keeps its centre while its rock moves on. */
static bool ride(const lineage *l, const snapshot_t *s, int id, float *lat, float *lon)
{
	const plate_info *p = NULL;
	for (int i = 0; i < s->plate_count && !p; i++)
		if (s->plates[i].id == id)
			p = &s->plates[i];
	if (!p)
		return false;
	double d2r = M_PI / 180;
	vec3 v = v3_from_latlon(l->track[l->ntrack - 1].lat * d2r, l->track[l->ntrack - 1].lon * d2r);
	vec3 k = v3_from_latlon(p->pole_lat * d2r, p->pole_lon * d2r);
	double a = p->omega_deg_myr * d2r * s->prm.dt_myr * (double)(s->step - l->track[l->ntrack - 1].step);
	/* Rodrigues: v turned by a about k */
	vec3 r = v3_add(v3_add(v3_scale(v, cos(a)), v3_scale(v3_cross(k, v), sin(a))),
	                v3_scale(k, v3_dot(k, v) * (1 - cos(a))));
	/* that rock went down a trench: start again from the plate's centre */
	if (id_of(s, grid_locate(s->grid, r)) != id)
		return centre(s, id, lat, lon);
	*lat = (float)(v3_lat(r) / d2r);
	*lon = (float)(v3_lon(r) / d2r);
	return true;
}

static void track(lineage *l, const snapshot_t *s, int follow_id)
{
	if (follow_id != l->track_id) {
		l->track_id = follow_id;
		l->ntrack = 0;
	}
	if (follow_id < 0)
		return;
	while (l->ntrack && l->track[l->ntrack - 1].step >= s->step)
		l->ntrack--;          /* back in time: the path after goes */
	float lat, lon;
	if (l->ntrack == 0 ? !centre(s, follow_id, &lat, &lon) : !ride(l, s, follow_id, &lat, &lon))
		return;
	if (l->ntrack == LINEAGE_TRACK) {
		/* keep the whole run in view: every other point goes */
		for (int i = 0; i < LINEAGE_TRACK / 2; i++)
			l->track[i] = l->track[2 * i];
		l->ntrack = LINEAGE_TRACK / 2;
	}
	l->track[l->ntrack].step = s->step;
	l->track[l->ntrack].lat = lat;
	l->track[l->ntrack].lon = lon;
	l->ntrack++;
}

/* Compare the previous snapshot's plates with s's: one pass over the
 * cells for the sets of ids, then one per event (rare). */
static bool diff(lineage *l, const snapshot_t *s, char *msg, size_t len)
{
	int maxid = 0;
	for (int c = 0; c < s->n; c++)
		maxid = l->prev_id[c] > maxid ? l->prev_id[c] : maxid;
	for (int i = 0; i < s->plate_count; i++)
		maxid = s->plates[i].id > maxid ? s->plates[i].id : maxid;
	int32_t *now = malloc(sizeof *now * (size_t)s->n);
	uint8_t *before = calloc((size_t)maxid + 1, 1), *after = calloc((size_t)maxid + 1, 1);
	bool news = false;
	if (!now || !before || !after)
		goto out;
	/* a plate is there when it shows on the map: one listed with no cells
	 * (a microplate cut from hidden crust, a plate squeezed out this step;
	 * the next step removes it) has no parent to name, and taken from the
	 * list it read "split from plate -1" */
	for (int c = 0; c < s->n; c++) {
		now[c] = id_of(s, c);
		if (l->prev_id[c] >= 0)
			before[l->prev_id[c]] = 1;
		if (now[c] >= 0)
			after[now[c]] = 1;
	}
	size_t used = 0;
	for (int id = 0; id <= maxid; id++) {
		if (after[id] == before[id])
			continue;
		bool born = after[id];
		/* a new plate's cells mostly belonged to its parent; a lost
		 * plate's cells mostly went to one plate */
		int other = born ? majority(now, id, l->prev_id, s->n) : majority(l->prev_id, id, now, s->n);
		add_event(l, (lineage_event){s->step, id, other, !born});
		if (used < len)
			used += (size_t)snprintf(msg + used, len - used, born ? "%splate %d split from plate %d"
			                         : "%splate %d went into plate %d", used ? "; " : "", id, other);
		news = true;
	}
out:
	free(now);
	free(before);
	free(after);
	return news;
}

/* Whether p has the step-0 keys (those read when the planet is built) of
 * the planet seen last; keeps p's. */
static bool same_build(lineage *l, const params *p)
{
	bool same = true;
	int n = 0;
	for (size_t i = 0; i < param_table_len && n < LINEAGE_BUILD_KEYS; i++) {
		const param_def *d = &param_table[i];
		if (d->live || d->type == PK_STRING)
			continue;
		double v = params_get(p, d);
		if (n >= l->nbuild || l->build[n] != v)
			same = false;
		l->build[n++] = v;
	}
	l->nbuild = n;
	return same;
}

bool lineage_see(lineage *l, const snapshot_t *s, int follow_id, char *msg, size_t len)
{
	msg[0] = 0;
	/* a new planet (another seed, or a step-0 key edited): a new lineage */
	bool same = same_build(l, &s->prm);
	if (s->prm.seed != l->prev_seed || !same) {
		l->nev = 0;
		l->prev_step = -1;
		l->ntrack = 0;
	}
	/* forward in time, or a rift made on the spot */
	bool news = l->prev_id && l->prev_n == s->n && l->prev_step >= 0 && s->step >= l->prev_step
	            && diff(l, s, msg, len);
	if (s->step < l->prev_step)
		while (l->nev && l->ev[l->nev - 1].step > s->step)
			l->nev--;         /* back in time: what came after is undone */
	if (l->prev_n != s->n) {
		free(l->prev_id);
		l->prev_id = malloc(sizeof *l->prev_id * (size_t)s->n);
		l->prev_n = l->prev_id ? s->n : 0;
	}
	for (int c = 0; c < l->prev_n; c++)
		l->prev_id[c] = id_of(s, c);
	l->prev_step = s->step;
	l->prev_seed = s->prm.seed;
	track(l, s, follow_id);
	if (news && msg[0])
		snprintf(msg + strlen(msg), len - strlen(msg), " (step %lld)", (long long)s->step);
	return news;
}

const lineage_event *lineage_origin(const lineage *l, int id)
{
	for (int i = l->nev - 1; i >= 0; i--)
		if (!l->ev[i].gone && l->ev[i].id == id)
			return &l->ev[i];
	return NULL;
}
