/* test_stepper.c: the stepping thread behind the dashboard: commands do
 * what they say, snapshots arrive without waiting for steps, and stepping
 * through the thread gives the very same planet as stepping directly.
 * Run under ThreadSanitizer by .ci/run. Waits are bounded polls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"
#include "core/planet.h"
#include "sim/stepper.h"

static void nap(void)
{
	struct timespec ts = {0, 5 * 1000 * 1000};
	nanosleep(&ts, NULL);
}

/* Poll the status until pred holds or ~60 s pass. */
typedef int (*pred_fn)(const stepper_status *s, long arg);
static int wait_for(stepper_t *st, pred_fn pred, long arg, stepper_status *out)
{
	for (int i = 0; i < 12000; i++) {
		stepper_get_status(st, out);
		if (pred(out, arg))
			return 1;
		nap();
	}
	return 0;
}
static int is_ready(const stepper_status *s, long a) { return s->ready && !s->busy; }
/* (a thread that plays flat out is idle only between two steps: waiting
 * for that gap as well would catch it by chance) */
static int steps_at_least(const stepper_status *s, long a)
{
	return s->steps_done >= a && (!s->busy || s->playing);
}
static int msg_after(const stepper_status *s, long a) { return s->msg_serial != (unsigned)a && !s->busy; }

/* Acquire until the snapshot reaches step (or time out). */
static const snapshot_t *snapshot_at(stepper_t *st, const snapshot_t **cur, int64_t step)
{
	for (int i = 0; i < 12000; i++) {
		stepper_acquire(st, cur);
		if (*cur && (*cur)->step == step)
			return *cur;
		nap();
	}
	return NULL;
}

int main(void)
{
	tap_init();
	params p;
	params_default(&p);
	p.level = 3;
	p.plate_max = 24;
	char err[256] = "";
	stepper_t *st = stepper_new(&p, 2, false, -1, "test", err, sizeof err);
	if (!ok(st != NULL, "stepper starts (%s)", err))
		return tap_done();
	stepper_status s;
	ok(wait_for(st, is_ready, 0, &s), "the planet is built and published");
	const snapshot_t *snap = NULL;
	ok(snapshot_at(st, &snap, 0) != NULL, "step-0 snapshot");

	stepper_send_simple(st, STEP_CMD_STEP, 0);
	ok(wait_for(st, steps_at_least, 1, &s), "single step runs");
	ok(snapshot_at(st, &snap, 1) != NULL, "and publishes step 1");
	stepper_get_status(st, &s);
	ok(!s.playing && s.steps_done == 1, "exactly one step, still paused");

	stepper_send_simple(st, STEP_CMD_SPEED, 0);
	stepper_send_simple(st, STEP_CMD_PLAY, 0);
	ok(wait_for(st, steps_at_least, 12, &s), "playing advances time");
	stepper_send_simple(st, STEP_CMD_PAUSE, 0);
	nap();
	wait_for(st, is_ready, 0, &s);
	int64_t paused_at = s.steps_done;
	for (int i = 0; i < 20; i++)
		nap();
	stepper_get_status(st, &s);
	ok(!s.playing && s.steps_done == paused_at, "paused: no more steps (%lld)", (long long)paused_at);

	/* the thread's planet equals a planet stepped directly */
	ok(snapshot_at(st, &snap, paused_at) != NULL, "snapshot of the paused step");
	planet_t *ref = planet_new(&p, NULL, err, sizeof err);
	for (int64_t i = 0; ref && i < paused_at; i++)
		planet_step(ref, err, sizeof err);
	ok(ref && snap && planet_hash(ref) == snap->state_hash,
	   "stepping through the thread is bit-identical to stepping directly");
	planet_free(ref);

	/* a live parameter change reaches the next snapshot */
	const param_def *tilt = params_find("planet.axial_tilt_deg");
	if (ok(tilt != NULL, "tilt is a parameter")) {
		step_cmd c = {.kind = STEP_CMD_SET_PARAM, .def = tilt, .value = 40};
		stepper_send(st, &c);
		int seen = 0;
		for (int i = 0; i < 12000 && !seen; i++) {
			stepper_acquire(st, &snap);
			seen = snap && snap->prm.axial_tilt_deg == 40;
			nap();
		}
		ok(seen, "tilt 40 shows in the snapshot");
	}

	/* rifting on demand adds a plate */
	int before = snap ? snap->plate_count : 0;
	unsigned serial = s.msg_serial;
	stepper_get_status(st, &s);
	serial = s.msg_serial;
	stepper_send_simple(st, STEP_CMD_RIFT, -1);
	wait_for(st, msg_after, serial, &s);
	int grown = 0;
	for (int i = 0; i < 12000 && !grown; i++) {
		stepper_acquire(st, &snap);
		grown = snap && snap->plate_count == before + 1;
		nap();
	}
	ok(grown, "rift: %d -> %d plates", before, snap ? snap->plate_count : -1);

	/* save goes through the state file code */
	char path[64];
	snprintf(path, sizeof path, "/tmp/tectonica-test-%ld.state", (long)getpid());
	step_cmd save = {.kind = STEP_CMD_SAVE};
	snprintf(save.text, sizeof save.text, "%s", path);
	stepper_get_status(st, &s);
	serial = s.msg_serial;
	stepper_send(st, &save);
	wait_for(st, msg_after, serial, &s);
	ok(!s.msg_is_error && access(path, R_OK) == 0, "save writes a state file (%s)", s.msg);
	unlink(path);

	/* regenerate with another seed: back to step 0 */
	stepper_send_simple(st, STEP_CMD_REGEN, 777);
	int regen = 0;
	for (int i = 0; i < 12000 && !regen; i++) {
		stepper_acquire(st, &snap);
		regen = snap && snap->step == 0 && snap->prm.seed == 777;
		nap();
	}
	ok(regen, "regenerate: a new planet at step 0 with seed 777");

	/* commands pile up faster than a busy thread takes them: no crash */
	int sent = 0;
	for (int i = 0; i < 500; i++)
		sent += stepper_send_simple(st, STEP_CMD_TOGGLE, 0) == 0;
	ok(sent > 0, "a burst of %d commands is taken or refused cleanly", sent);
	stepper_release(st, &snap);
	stepper_free(st);
	ok(1, "stepper stops and frees");

	/* a pause event of the timeline stops play after its step, saying why */
	p.event_count = 1;
	p.events[0] = (plan_event){.kind = EVENT_PAUSE, .when = EVENT_AT_STEP, .step = 3};
	snprintf(p.events[0].text, sizeof p.events[0].text, "the rift opens");
	st = stepper_new(&p, 2, true, -1, "test", err, sizeof err);
	int stopped = 0;
	for (int i = 0; st && i < 12000 && !stopped; i++) {
		stepper_get_status(st, &s);
		stopped = s.ready && !s.playing && !s.busy && s.steps_done > 0;
		if (!stopped)
			nap();
	}
	ok(stopped && s.steps_done == 4 && strstr(s.msg, "paused by the timeline: the rift opens"),
	   "a pause event stops play after step 4 with its message (%lld steps, \"%s\")",
	   (long long)s.steps_done, s.msg);
	stepper_free(st);

	/* SEEK past the history's end plays there, then pauses on that step;
	 * before it, the step is replayed bit-identically */
	p.event_count = 0;
	st = stepper_new_loaded(&p, NULL, 16u << 20, 2, false, -1, "test", err, sizeof err);
	ok(st && wait_for(st, is_ready, 0, &s), "a stepper with a history");
	stepper_send_simple(st, STEP_CMD_SEEK, 9);
	int arrived = 0;
	for (int i = 0; st && i < 12000 && !arrived; i++) {
		stepper_get_status(st, &s);
		arrived = !s.playing && !s.busy && s.run_to < 0 && s.steps_done > 0;
		if (!arrived)
			nap();
	}
	const snapshot_t *sn = NULL;
	ok(arrived && s.steps_done == 9 && snapshot_at(st, &sn, 9), "seek 9 from step 0 plays 9 steps and pauses (%lld)",
	   (long long)s.steps_done);
	uint64_t h9 = sn ? sn->state_hash : 0;
	stepper_send_simple(st, STEP_CMD_SEEK, 3);
	ok(snapshot_at(st, &sn, 3) != NULL, "seek 3: back in the history");
	stepper_send_simple(st, STEP_CMD_SEEK, 9);
	ok(snapshot_at(st, &sn, 9) && sn->state_hash == h9, "seek 9 again: the same planet, replayed");
	stepper_get_status(st, &s);
	ok(s.steps_done == 9 && !s.playing, "no step played for it (%lld)", (long long)s.steps_done);

	/* a held snapshot (comparing two times) outlives acquires, seeks and
	 * steps, until it is let go */
	const snapshot_t *held = stepper_hold(st);
	ok(held == sn && held && held->step == 9, "hold keeps the snapshot on screen (step 9)");
	stepper_send_simple(st, STEP_CMD_SEEK, 2);
	ok(snapshot_at(st, &sn, 2) != NULL, "the view moves on to step 2");
	for (int i = 0; i < 12; i++)
		stepper_send_simple(st, STEP_CMD_STEP, 0);
	ok(snapshot_at(st, &sn, 14) != NULL, "and plays on to step 14");
	ok(held->step == 9 && held->state_hash == h9, "the held snapshot is still step 9, intact");
	stepper_unhold(st);
	stepper_release(st, &sn);
	stepper_free(st);
	return tap_done();
}
