/* cli_common.h: argument parsing and scenario loading shared by the
 * subcommands. */
#ifndef TECTONICA_CLI_COMMON_H
#define TECTONICA_CLI_COMMON_H

#include <stdint.h>
#include "core/params.h"

/* Threads to use when -j is not given: the online cores, at most 8. */
int cli_default_threads(void);
/* Strict decimal parsing: the whole string, within [lo, hi]. 0 or -1. */
int cli_parse_long(const char *s, long lo, long hi, long *out);
int cli_parse_u64(const char *s, uint64_t *out);
/* "2048x1024": width 16..16384, height = width / 2. 0, or -1 with *why
 * saying what is wrong. Never overflows, whatever the digits. */
int cli_parse_size(const char *s, int *w, int *h, const char **why);
/* Option values every subcommand shares, with one error message each
 * (printed through cli_bad). 0 or -1. */
int cli_opt_threads(const char *arg, int *out);
int cli_opt_seed(const char *arg, uint64_t *out);
/* Print a usage error (and a hint to --help); returns -1. */
int cli_bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A scenario argument as a path: the file as given, or the preset of that
 * name (io/preset.h) with its path in buf. Returns 0 with *path set, or
 * EXIT_USAGE after printing "ARG:1:1: ..." with the presets there are. */
int cli_scenario_path(const char *arg, char *buf, size_t sz, const char **path);
/* Load a scenario file or preset, or the built-in default when path is NULL;
 * prints every error line. Returns 0 or EXIT_USAGE. */
int cli_load_scenario(const char *path, params *out);
/* The same with a seed that replaces the scenario's (ranges are drawn for
 * it) when seed is not NULL. A seed picked for "seed: random" is reported on
 * stderr, so the planet can be made again. */
int cli_load_scenario_seed(const char *path, const uint64_t *seed, params *out);
/* The same for a file of planets: out holds max params, *count gets how many. */
int cli_load_planets(const char *path, const uint64_t *seed, params *out, int max, int *count);

#endif
