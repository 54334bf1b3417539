/* preset.h: scenario presets found by name (`tectonica pangaea`).
 *
 * A scenario argument is a file when it looks like one (it has a '/', ends
 * in .yaml or .yml, or a file of that name exists); otherwise it names a
 * preset, NAME.yaml in the first preset folder that has one:
 *   1. conf/ of the source tree, when the program runs from its build tree;
 *   2. the configured data folder ($(pkgdatadir)) below the staging root,
 *      when the program runs from a staged install (make install DESTDIR=R:
 *      the program is R$(bindir)/tectonica, the presets R$(pkgdatadir));
 *   3. the configured data folder itself.
 * The folders follow from where the running program is, never from the
 * current directory. */
#ifndef TECTONICA_PRESET_H
#define TECTONICA_PRESET_H

#include <stddef.h>

#define PRESET_DIRS_MAX 3
#define PRESET_PATH_MAX 4096

/* The configured data folder, e.g. "/usr/local/share/tectonica". */
const char *preset_datadir(void);
/* The preset folders for a program at exe (a path; NULL: the running
 * program), in search order. Returns how many were filled (at most max). */
int preset_dirs(const char *exe, char dirs[][PRESET_PATH_MAX], int max);
/* Where a scenario argument leads. Returns 1 when arg names a preset that
 * was found (its path in out), 0 when arg is a file path (copied to out),
 * -1 when arg is a name no folder holds, or out is too small. */
int preset_resolve(const char *arg, char *out, size_t sz);
/* The presets' names (NAME of NAME.yaml), each once, sorted, into names
 * (at most max); returns how many. */
#define PRESET_NAME_MAX 64
int preset_list(char names[][PRESET_NAME_MAX], int max);
/* The names of the presets in the folders ("default, pangaea, ..."), each
 * once, sorted; "none" when there are none. */
void preset_names(char *buf, size_t sz);

#endif
