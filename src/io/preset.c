/* preset.c: find scenario presets by name in the source tree or the
 * installed data folder (see preset.h for the search order). */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "preset.h"

/* Set by Makefile.am from configure's directories. */
#ifndef TECTONICA_PKGDATADIR
#define TECTONICA_PKGDATADIR "/usr/local/share/tectonica"
#endif
#ifndef TECTONICA_BINDIR
#define TECTONICA_BINDIR "/usr/local/bin"
#endif
#ifndef TECTONICA_BUILDDIR
#define TECTONICA_BUILDDIR ""
#endif
#ifndef TECTONICA_SRCDIR
#define TECTONICA_SRCDIR ""
#endif

const char *preset_datadir(void)
{
	return TECTONICA_PKGDATADIR;
}

/* The folder of path, resolved (symbolic links, "..") into out. */
static int real_dir_of(const char *path, char *out)
{
	char tmp[PRESET_PATH_MAX];
	if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp)
		return -1;
	char *slash = strrchr(tmp, '/');
	if (!slash)
		return -1;
	*slash = 0;
	char *r = realpath(*tmp ? tmp : "/", NULL);
	if (!r)
		return -1;
	int n = snprintf(out, PRESET_PATH_MAX, "%s", r);
	free(r);
	return n < PRESET_PATH_MAX ? 0 : -1;
}

static int add_dir(char dirs[][PRESET_PATH_MAX], int n, int max, const char *a, const char *b)
{
	if (n >= max || snprintf(dirs[n], PRESET_PATH_MAX, "%s%s", a, b) >= PRESET_PATH_MAX)
		return n;
	for (int i = 0; i < n; i++)
		if (!strcmp(dirs[i], dirs[n]))
			return n;
	return n + 1;
}

int preset_dirs(const char *exe, char dirs[][PRESET_PATH_MAX], int max)
{
	char self[PRESET_PATH_MAX], here[PRESET_PATH_MAX], built[PRESET_PATH_MAX];
	int n = 0;
	if (!exe) {
		ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
		if (len > 0) {
			self[len] = 0;
			exe = self;
		}
	}
	if (exe && real_dir_of(exe, here) == 0) {
		/* the uninstalled program: src/tectonica of the build tree */
		char *r = *TECTONICA_BUILDDIR ? realpath(TECTONICA_BUILDDIR, NULL) : NULL;
		if (r && snprintf(built, sizeof built, "%s/src", r) < (int)sizeof built &&
		    !strcmp(here, built))
			n = add_dir(dirs, n, max, TECTONICA_SRCDIR, "/conf");
		free(r);
		/* a staged install: ROOT + bindir holds the program */
		size_t hl = strlen(here), bl = strlen(TECTONICA_BINDIR);
		if (hl > bl && !strcmp(here + hl - bl, TECTONICA_BINDIR)) {
			here[hl - bl] = 0;
			n = add_dir(dirs, n, max, here, TECTONICA_PKGDATADIR);
		}
	}
	return add_dir(dirs, n, max, TECTONICA_PKGDATADIR, "");
}

/* A regular file (or a link to one). */
static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Anything but a folder: a FIFO or device named like a preset is the user's. */
static int exists_not_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);
	return n >= t && !strcmp(s + n - t, tail);
}

int preset_resolve(const char *arg, char *out, size_t sz)
{
	char dirs[PRESET_DIRS_MAX][PRESET_PATH_MAX];
	if (snprintf(out, sz, "%s", arg) >= (int)sz)
		return -1;
	if (!*arg || strchr(arg, '/') || ends_with(arg, ".yaml") || ends_with(arg, ".yml") ||
	    !strcmp(arg, "-") || exists_not_dir(arg))
		return 0;
	int n = preset_dirs(NULL, dirs, PRESET_DIRS_MAX);
	for (int i = 0; i < n; i++) {
		char path[PRESET_PATH_MAX];
		if (snprintf(path, sizeof path, "%s/%s.yaml", dirs[i], arg) < (int)sizeof path &&
		    is_file(path) && snprintf(out, sz, "%s", path) < (int)sz)
			return 1;
	}
	return -1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

int preset_list(char names[][PRESET_NAME_MAX], int max)
{
	char dirs[PRESET_DIRS_MAX][PRESET_PATH_MAX];
	int nn = 0, n = preset_dirs(NULL, dirs, PRESET_DIRS_MAX);
	for (int i = 0; i < n; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;
		while (d && (e = readdir(d)) && nn < max) {
			size_t len = strlen(e->d_name);
			if (len <= 5 || len - 5 >= PRESET_NAME_MAX || !ends_with(e->d_name, ".yaml"))
				continue;
			int dup = 0;
			for (int k = 0; k < nn; k++)
				dup |= strlen(names[k]) == len - 5 && !strncmp(names[k], e->d_name, len - 5);
			if (!dup)
				snprintf(names[nn++], PRESET_NAME_MAX, "%.*s", (int)(len - 5), e->d_name);
		}
		if (d)
			closedir(d);
	}
	qsort(names, (size_t)nn, sizeof *names, by_name);
	return nn;
}

void preset_names(char *buf, size_t sz)
{
	char names[64][PRESET_NAME_MAX];
	int nn = preset_list(names, 64);
	size_t o = 0;
	buf[0] = 0;
	for (int k = 0; k < nn; k++)
		if (o < sz)
			o += (size_t)snprintf(buf + o, sz - o, "%s%s", k ? ", " : "", names[k]);
	if (!nn)
		snprintf(buf, sz, "none");
}
