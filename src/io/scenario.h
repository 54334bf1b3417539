/* scenario.h: YAML scenario files -> params, with positioned errors.
 *
 * Every error is one line "FILE:LINE:COL: message" naming the key path and
 * what was expected; all errors of a file are collected, not just the first.
 * The loader walks libyaml's document tree (aliases are never expanded) and
 * bounds every size, so no input can crash it, hang it or make it allocate
 * without bound. */
#ifndef TECTONICA_SCENARIO_H
#define TECTONICA_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/params.h"

/* Load a file on top of the defaults. Returns 0, or the number of errors with
 * *errors set to a malloc'd text of that many lines (caller frees; NULL only if
 * memory ran out; errors itself may be NULL when the text is not wanted). On
 * errors *out holds the defaults plus the keys that were valid: don't run it.
 * Limits: 1 MiB of text, nesting depth 32, 20 000 nodes, 256 anchors, and at
 * most 50 error lines (the last says "too many errors"). A file that cannot
 * be read is one error at 1:1. */
int scenario_load_file(const char *path, params *out, char **errors);
/* Same for text in memory; name is used in error lines. */
int scenario_load_string(const char *name, const char *text, size_t len,
                         params *out, char **errors);
/* Ranges: any numeric key may be {min: A, max: B} or [A, B]; its value is
 * drawn from the planet's seed and the key's path alone (not the order of
 * keys), so one file describes a family of planets, each reproducible from
 * its seed. "seed: random" picks a seed at load time. */
typedef struct scenario_opts {
	bool has_seed;       /* in: this seed replaces the file's (ranges draw for it) */
	uint64_t seed;
	bool seed_random;    /* out: the file said "seed: random" and a seed was picked */
	int ranges;          /* out: how many values were drawn from ranges */
	uint32_t random_planets; /* out: bit i: planet i picked its seed (seed: random) */
} scenario_opts;
/* The loaders above with options (opts may be NULL: the file's seed). */
int scenario_load_file_opts(const char *path, scenario_opts *opts, params *out, char **errors);
int scenario_load_string_opts(const char *name, const char *text, size_t len,
                              scenario_opts *opts, params *out, char **errors);

/* Several planets per file: "planets:" is a list of planet scenarios, each
 * on top of the file's "defaults:" (merged key by key; a list such as
 * terrain.layers or events given by a planet replaces the default one).
 * Planets share nothing: each is exactly the planet of a file holding its
 * defaults and keys. out holds max params; *count gets how many the file
 * describes (1 for a file without planets:). The single-planet loaders above
 * read the first planet of such a file. Errors name the planet's own line. */
#define SCENARIO_MAX_PLANETS 16
int scenario_load_planets_file(const char *path, scenario_opts *opts, params *out, int max,
                               int *count, char **errors);
int scenario_load_planets_string(const char *name, const char *text, size_t len,
                                 scenario_opts *opts, params *out, int max, int *count,
                                 char **errors);

/* The built-in default scenario: the text of conf/default.yaml, compiled in. */
const char *scenario_default_text(void);
int scenario_load_default(params *out, char **errors);

#endif
