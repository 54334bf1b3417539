/* outfile.h: where output files go and how they get there.
 *
 * Every file written whole (state files, maps, raw data and sidecars) is
 * written to "PATH.tmpPID" in the same folder and renamed over PATH once
 * complete, so a reader never sees half a file. Around that:
 *  - a destination is checked before any work: it must be missing or a
 *    regular file. A symbolic link, device, FIFO, socket or folder is
 *    refused, never replaced; the folder must exist and take new files; the
 *    name, with its temporary suffix, must fit the file system;
 *  - the temporary files in flight are kept in a table that a signal handler
 *    can empty (outfile_remove_temps), so an interrupted program leaves none;
 *  - temporary files of the same names left by processes that no longer
 *    exist (kill -9, a power cut) are removed when a folder is next written.
 * Messages name paths through outfile_shown, which shortens very long ones
 * in the middle, so the reason after a path is never cut off. */
#ifndef TECTONICA_OUTFILE_H
#define TECTONICA_OUTFILE_H

#include <stddef.h>

/* Room for a temporary name: a path the system accepts plus ".tmpPID". */
#define OUTFILE_TMP_MAX 4200
/* Room for a shortened path in a message (outfile_shown). */
#define OUTFILE_SHOWN 240

/* Whether path may be written and renamed into place. 0, or -1 with
 * err = "cannot write 'PATH': reason". */
int outfile_check(const char *path, char *err, size_t errlen);
/* Whether the file at `out` (if it exists) is the file at `in`, after
 * symbolic links: same device and inode. */
int outfile_same(const char *out, const char *in);

/* Start writing path: outfile_check, remove stale temporaries of dead
 * processes in its folder, put the temporary name in tmp (OUTFILE_TMP_MAX
 * bytes) and record it for the signal handlers. 0, or -1 with err. */
int outfile_begin(const char *path, char *tmp, char *err, size_t errlen);
/* Remove stale temporaries of dead processes in the folder of path (as
 * outfile_begin does), e.g. when a run starts. */
void outfile_sweep(const char *path);
/* Finish: when ok, rename tmp over path (checked again: a special file
 * that appeared meanwhile is not replaced); otherwise, or when that fails,
 * remove tmp. Either way tmp is forgotten. 0, or -1 with err when ok was
 * set and the rename failed (err is left alone when !ok). */
int outfile_commit(const char *tmp, const char *path, int ok, char *err, size_t errlen);

/* Write len bytes of data to path whole (begin, write, commit): a small
 * file such as a sidecar. 0, or -1 with err. */
int outfile_write_all(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Remove every temporary file in flight. Async-signal-safe. */
void outfile_remove_temps(void);
/* For `run`: on SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1/2,
 * SIGALRM and the like, remove the temporary files in flight, then die of
 * the same signal. Signals ignored at start (nohup) stay ignored. */
void outfile_signals_install(void);

/* For `run --save`: SIGINT and SIGTERM are only recorded, so the run can
 * finish the step in progress, save it and exit; a second one ends the
 * program at once as above. Call after outfile_signals_install. */
void outfile_signals_defer_stop(void);
/* The stop signal recorded (SIGINT, SIGTERM), or 0. */
int outfile_stop_signal(void);

/* path for a message: as is, or its head and tail around "...". */
const char *outfile_shown(const char *path, char buf[OUTFILE_SHOWN]);

#endif
