/* stepper.h: the stepping thread, which owns the planet.
 *
 * The thread builds the planet, steps it while playing and publishes an
 * immutable snapshot after steps (at most ~30 per second, and always after a
 * single step, a parameter change or a pause). Views take the newest snapshot
 * with stepper_acquire without ever waiting for a step: the lock is held only
 * to swap a pointer or queue a command. Snapshots are reference counted, so
 * one that a view still holds stays valid even after a regeneration replaced
 * the planet (and its grid) it came from.
 *
 * Commands travel through a small queue; results (errors, "exported to ...")
 * come back as a status message the UI shows. The thread and the worker pool
 * it starts block every asynchronous signal, so SIGINT, SIGTERM, SIGHUP and
 * SIGWINCH reach only the UI thread. */
#ifndef TECTONICA_STEPPER_H
#define TECTONICA_STEPPER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/params.h"
#include "core/planet.h"
#include "core/snapshot.h"
#include "io/export.h"

typedef struct stepper stepper_t;

typedef enum {
	STEP_CMD_PLAY, STEP_CMD_PAUSE, STEP_CMD_TOGGLE,
	STEP_CMD_STEP,        /* exactly one step, then paused */
	STEP_CMD_SPEED,       /* value: target steps per second, 0 = as fast as possible */
	STEP_CMD_SET_PARAM,   /* def + value */
	STEP_CMD_RIFT,        /* value: plate index, < 0 = largest */
	STEP_CMD_REGEN,       /* value: new seed */
	STEP_CMD_SAVE,        /* text: file; "{step}" in it becomes the saved step */
	STEP_CMD_EXPORT,      /* text: folder; "{step}" becomes the exported step */
	STEP_CMD_SEEK,        /* value: a step to go to, then paused: in the history,
	                       * replayed; past its end, played to (no speed cap) */
	STEP_CMD_BACK,        /* value: how many steps back from the planet's (pauses) */
	STEP_CMD_BUILD,       /* prm: build this planet (another of the scenario's
	                       * planets, or another scenario's); the history
	                       * starts again; text, when not empty, names the
	                       * scenario in exports from then on */
	STEP_CMD_LOAD,        /* text: resume this state file instead of the
	                       * planet (the history starts again); a file that
	                       * fails leaves the planet as it was. Its outcome:
	                       * stepper_status.open_serial, open_ok */
	STEP_CMD_SET_LAYER,   /* def (layer_table or layer_centre_table) + value
	                       * for noise layer `index` (planet_set_layer) */
} step_cmd_kind;

typedef struct step_cmd {
	step_cmd_kind kind;
	double value;
	const param_def *def;
	const params *prm;    /* STEP_CMD_BUILD: valid until the command is done */
	int index;            /* STEP_CMD_SET_LAYER: which layer (0 = the first) */
	char text[256];
} step_cmd;

/* What the UI shows about the thread; a copy taken under the lock. */
typedef struct stepper_status {
	bool ready;            /* a planet exists and a snapshot was published */
	bool playing;
	bool busy;             /* building a planet or running a step */
	bool generating;       /* building a planet */
	double target_sps;     /* 0 = unlimited */
	double measured_sps;   /* steps per second over the last second or so */
	double last_step_ms;   /* duration of the last step */
	int64_t steps_done;    /* since start (for tests and benches) */
	unsigned msg_serial;   /* increments with every new message */
	bool msg_is_error;
	char msg[256];
	bool fatal;            /* the planet could not be built: msg says why */
	int64_t run_to;        /* playing up to this step (STEP_CMD_SEEK), or -1 */
	unsigned open_serial;  /* increments with every STEP_CMD_LOAD done... */
	bool open_ok;          /* ...and whether the last one loaded its file */
	int pending;           /* commands sent and not yet handled to the end */
} stepper_status;

/* Start the thread. scenario names the scenario in exported files. The planet is built on the thread, so a level-8 planet
 * does not freeze the UI. threads: worker pool size (>= 1). wake_fd >= 0 gets
 * one byte written after each publish and each message (a self-pipe the UI
 * polls), or -1. Returns NULL with a message in err. */
stepper_t *stepper_new(const params *p, int threads, bool playing, int wake_fd,
                       const char *scenario, char *err, size_t errlen);
/* The same, resuming the state file load_path (when not NULL; checked
 * beforehand with state_load) instead of building a planet from p; p still
 * names the planet for `r`. A file that fails to load now is a fatal status.
 * history_bytes > 0 keeps a runlog (history) within that budget (sim/runlog.h):
 * STEP_CMD_SEEK, stepper_history. */
stepper_t *stepper_new_loaded(const params *p, const char *load_path, size_t history_bytes,
                              int threads, bool playing, int wake_fd, const char *scenario,
                              char *err, size_t errlen);
/* The same, building every planet (the first, one of a new seed, a rebuild
 * after a step-0 edit or a switch of planet) over an imported terrain
 * (`tectonica --import`; the caller keeps it until stepper_free); import
 * names the file in the exports of `e`. */
stepper_t *stepper_new_imported(const params *p, const heightfield *terrain,
                                const export_import *import, size_t history_bytes,
                                int threads, bool playing, int wake_fd, const char *scenario,
                                char *err, size_t errlen);
/* Stop the thread (after the step in progress) and free everything. Snapshots
 * still held are freed too: release them before, or never use them after. */
void stepper_free(stepper_t *st);

/* Queue a command; 0, or -1 when the queue is full (the UI says "busy"). */
int stepper_send(stepper_t *st, const step_cmd *c);
/* Shorthand for commands that carry only a number. */
int stepper_send_simple(stepper_t *st, step_cmd_kind kind, double value);

/* The newest snapshot, or NULL before the first. If *cur is older it is
 * released and replaced; returns true when it changed. The UI keeps *cur until
 * its next call (or stepper_release). */
bool stepper_acquire(stepper_t *st, const snapshot_t **cur);
void stepper_release(stepper_t *st, const snapshot_t **cur);
/* Keep the snapshot the UI has now (its last acquire) beyond its next
 * acquire, to compare two times: returns it (NULL before the first). One
 * is kept at a time; holding again lets the previous one go, NULL too. */
const snapshot_t *stepper_hold(stepper_t *st);
void stepper_unhold(stepper_t *st);

void stepper_get_status(stepper_t *st, stepper_status *out);

/* The history's extent and size, and n figures evenly spaced over it
 * (returns how many; 0 without a history). Any thread. */
struct tl_info;
struct tl_stat;
bool stepper_history_info(stepper_t *st, struct tl_info *out);
int stepper_history(stepper_t *st, struct tl_stat *out, int n);
/* The history's first step at or after myr (Myr), or -1 (none kept, or it
 * ends before). Any thread. */
int64_t stepper_history_step_at(stepper_t *st, double myr);

/* A seam for tests: fn runs on the stepping thread after every played step
 * (cmd NULL) and after every step, parameter, rift, regenerate and save
 * command (rc: 0 done, -1 refused or failed), with the planet as the command
 * left it. It may read the planet, never keep or change it. Install it while
 * no command is queued; NULL removes it. */
struct planet;
typedef void (*stepper_observer)(void *ctx, const struct planet *pl, const step_cmd *cmd, int rc);
void stepper_observe(stepper_t *st, stepper_observer fn, void *ctx);


#endif
