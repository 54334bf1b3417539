/* outfile.c: checked destinations, temporary files and their cleanup (see
 * outfile.h). The table of temporary names is written under a mutex by the
 * writing threads and read, without locking, by signal handlers: a slot is
 * marked used only after its name is complete. */
#include "io/outfile.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SLOTS 16
static char slot_name[SLOTS][OUTFILE_TMP_MAX];
static volatile sig_atomic_t slot_used[SLOTS];
static pthread_mutex_t slot_mu = PTHREAD_MUTEX_INITIALIZER;

const char *outfile_shown(const char *path, char buf[OUTFILE_SHOWN])
{
	size_t len = strlen(path);
	if (len < OUTFILE_SHOWN)
		return path;
	size_t keep = (OUTFILE_SHOWN - 4) / 2;
	memcpy(buf, path, keep);
	memcpy(buf + keep, "...", 3);
	memcpy(buf + keep + 3, path + len - keep, keep);
	buf[2 * keep + 3] = '\0';
	return buf;
}

static int fail(char *err, size_t errlen, const char *path, const char *why)
{
	char b[OUTFILE_SHOWN];
	snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b), why);
	return -1;
}

/* The folder part of path ("." when there is none), in dir. */
static int folder_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	if (n + 2 > len)
		return -1;
	if (!slash)
		strcpy(dir, ".");
	else if (n == 0)
		strcpy(dir, "/");
	else {
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	return 0;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

int outfile_check(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct stat st;
	const char *base = base_of(path);
	if (!*base)
		return fail(err, errlen, path, "no file name (a folder was given)");
	if (strlen(path) + 24 >= PATH_MAX)
		return fail(err, errlen, path, strerror(ENAMETOOLONG));
	if (lstat(path, &st) == 0) {
		if (S_ISLNK(st.st_mode))
			return fail(err, errlen, path, "it is a symbolic link (not replaced; give the path it points to)");
		if (S_ISDIR(st.st_mode))
			return fail(err, errlen, path, "it is a folder");
		if (!S_ISREG(st.st_mode))
			return fail(err, errlen, path, "it is a device, FIFO or socket, not a regular file (not replaced)");
	} else if (errno != ENOENT) {
		return fail(err, errlen, path, strerror(errno));
	}
	if (folder_of(path, dir, sizeof dir) < 0)
		return fail(err, errlen, path, strerror(ENAMETOOLONG));
	if (stat(dir, &st) != 0)
		return fail(err, errlen, path, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return fail(err, errlen, path, strerror(ENOTDIR));
	if (access(dir, W_OK | X_OK) != 0)
		return fail(err, errlen, path, strerror(errno));
	/* the temporary name is longer than the final one: it must fit too */
	long name_max = pathconf(dir, _PC_NAME_MAX);
	if (name_max <= 0)
		name_max = NAME_MAX;
	if ((long)strlen(base) + 14 > name_max)    /* ".tmp" and a pid */
		return fail(err, errlen, path, strerror(ENAMETOOLONG));
	return 0;
}

int outfile_same(const char *out, const char *in)
{
	struct stat a, b;
	return stat(out, &a) == 0 && stat(in, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* "NAME.tmpDIGITS" with NAME one we write: its pid, or 0. */
static long temp_owner(const char *entry, const char *base)
{
	const char *t = strstr(entry, ".tmp");
	for (const char *next; t && (next = strstr(t + 1, ".tmp")); t = next)
		;
	if (!t || !isdigit((unsigned char)t[4]))
		return 0;
	char *end;
	long pid = strtol(t + 4, &end, 10);
	if (*end || pid <= 0)
		return 0;
	size_t n = (size_t)(t - entry);
	if (base && strlen(base) == n && !strncmp(entry, base, n))
		return pid;
	static const char *const ours[] = {".png", ".f32", ".json", ".state"};
	for (size_t i = 0; i < sizeof ours / sizeof *ours; i++) {
		size_t k = strlen(ours[i]);
		if (n > k && !strncmp(entry + n - k, ours[i], k))
			return pid;
	}
	return 0;
}

/* Remove NAME.tmpPID files of processes that are gone. A folder is swept
 * once per process (a time-lapse writes thousands of files into one). */
static void sweep(const char *dir, const char *base)
{
	static char swept[4][PATH_MAX];
	static int next;
	pthread_mutex_lock(&slot_mu);
	int seen = 0;
	for (int i = 0; i < 4; i++)
		seen |= !strcmp(swept[i], dir);
	if (!seen && strlen(dir) < PATH_MAX) {
		strcpy(swept[next], dir);
		next = (next + 1) % 4;
	}
	pthread_mutex_unlock(&slot_mu);
	if (seen)
		return;
	DIR *d = opendir(dir);
	if (!d)
		return;
	long self = (long)getpid();
	for (struct dirent *e; (e = readdir(d));) {
		long pid = temp_owner(e->d_name, base);
		if (pid && pid != self && pid <= INT_MAX && kill((pid_t)pid, 0) != 0 && errno == ESRCH)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
}

void outfile_sweep(const char *path)
{
	char dir[PATH_MAX];
	if (folder_of(path, dir, sizeof dir) == 0)
		sweep(dir, base_of(path));
}

int outfile_begin(const char *path, char *tmp, char *err, size_t errlen)
{
	if (outfile_check(path, err, errlen) < 0)
		return -1;
	outfile_sweep(path);
	snprintf(tmp, OUTFILE_TMP_MAX, "%s.tmp%ld", path, (long)getpid());
	pthread_mutex_lock(&slot_mu);
	for (int i = 0; i < SLOTS; i++)
		if (!slot_used[i]) {
			strcpy(slot_name[i], tmp);
			atomic_signal_fence(memory_order_release);
			slot_used[i] = 1;
			break;
		}
	pthread_mutex_unlock(&slot_mu);
	return 0;
}

static void forget(const char *tmp)
{
	pthread_mutex_lock(&slot_mu);
	for (int i = 0; i < SLOTS; i++)
		if (slot_used[i] && !strcmp(slot_name[i], tmp)) {
			slot_used[i] = 0;
			break;
		}
	pthread_mutex_unlock(&slot_mu);
}

int outfile_commit(const char *tmp, const char *path, int ok, char *err, size_t errlen)
{
	int rc = -1;
	if (ok) {
		char why[512];
		struct stat st;
		if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
			outfile_check(path, err, errlen);    /* says which kind of file */
		else if (rename(tmp, path) == 0)
			rc = 0;
		else {
			snprintf(why, sizeof why, "%s", strerror(errno));
			fail(err, errlen, path, why);
		}
	}
	if (rc != 0)
		unlink(tmp);
	forget(tmp);
	return rc;
}

int outfile_write_all(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
	char tmp[OUTFILE_TMP_MAX], why[512];
	if (outfile_begin(path, tmp, err, errlen) != 0)
		return -1;
	FILE *f = fopen(tmp, "wb");
	int ok = f && fwrite(data, 1, len, f) == len;
	ok = f && fflush(f) == 0 && ok;
	int saved = errno;
	if (f && fclose(f) != 0 && ok) {
		ok = 0;
		saved = errno;
	}
	if (!ok) {
		snprintf(why, sizeof why, "%s", strerror(saved ? saved : EIO));
		fail(err, errlen, path, why);
		outfile_commit(tmp, path, 0, err, errlen);
		return -1;
	}
	return outfile_commit(tmp, path, 1, err, errlen);
}

void outfile_remove_temps(void)
{
	for (int i = 0; i < SLOTS; i++)
		if (slot_used[i])
			unlink(slot_name[i]);
}

static void on_signal(int sig)
{
	outfile_remove_temps();
	signal(sig, SIG_DFL);
	raise(sig);
}

static volatile sig_atomic_t stop_sig;

static void on_stop(int sig)
{
	if (stop_sig)
		on_signal(sig);
	else
		stop_sig = sig;
}

void outfile_signals_defer_stop(void)
{
	static const int sigs[] = {SIGINT, SIGTERM};
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	sa.sa_flags = SA_RESTART;
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

int outfile_stop_signal(void)
{
	return stop_sig;
}

void outfile_signals_install(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2,
	                           SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ};
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}
