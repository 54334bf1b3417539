/* cli_common.c: helpers for the subcommands' argument handling. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "cli_common.h"
#include "base/err.h"
#include "io/preset.h"
#include "io/scenario.h"

int cli_default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

int cli_parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	if (!s || !*s || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* One side of WxH: digits only, range-checked before any arithmetic. */
static int parse_side(const char *s, char **end, long long *out)
{
	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	long long v = strtoll(s, end, 10);
	if (errno)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_size(const char *s, int *w, int *h, const char **why)
{
	char *end;
	long long a, b;
	*why = "expected WxH, e.g. 2048x1024";
	if (!s || parse_side(s, &end, &a) < 0 || (*end != 'x' && *end != 'X') ||
	    parse_side(end + 1, &end, &b) < 0 || *end)
		return -1;
	if (a < 16 || a > 16384) {
		*why = "the width must be from 16 to 16384";
		return -1;
	}
	if (b < 8 || b > 8192 || b * 2 != a) {
		*why = "the height must be half the width";
		return -1;
	}
	*w = (int)a;
	*h = (int)b;
	return 0;
}

int cli_opt_threads(const char *arg, int *out)
{
	long j;
	if (cli_parse_long(arg, 1, 256, &j) < 0)
		return cli_bad("-j: expected a thread count from 1 to 256, got '%s'", arg);
	*out = (int)j;
	return 0;
}

int cli_opt_seed(const char *arg, uint64_t *out)
{
	if (cli_parse_u64(arg, out) < 0)
		return cli_bad("-s: expected a seed from 0 to 18446744073709551615, got '%s'", arg);
	return 0;
}

int cli_bad(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vprint(fmt, ap);
	va_end(ap);
	fputs("Try 'tectonica --help'.\n", stderr);
	return -1;
}

int cli_scenario_path(const char *arg, char *buf, size_t sz, const char **path)
{
	if (preset_resolve(arg, buf, sz) >= 0) {
		*path = buf;
		return 0;
	}
	char names[512];
	preset_names(names, sizeof names);
	fprintf(stderr, "%s:1:1: no such file, and no preset of that name (presets: %s)\n", arg,
	        names);
	return EXIT_USAGE;
}

int cli_load_planets(const char *path, const uint64_t *seed, params *out, int max, int *count)
{
	char *errors = NULL, buf[PRESET_PATH_MAX];
	scenario_opts so = {.has_seed = seed != NULL, .seed = seed ? *seed : 0};
	*count = 1;
	if (path && cli_scenario_path(path, buf, sizeof buf, &path))
		return EXIT_USAGE;
	const char *def = scenario_default_text();
	/* the built-in default takes -s like any file */
	int n = path ? scenario_load_planets_file(path, &so, out, max, count, &errors)
	             : scenario_load_planets_string("<built-in conf/default.yaml>", def, strlen(def),
	                                            &so, out, max, count, &errors);
	if (n) {
		if (errors)
			fputs(errors, stderr);
		free(errors);
		return EXIT_USAGE;
	}
	free(errors);
	for (int i = 0; i < *count && i < 32; i++)
		if (so.random_planets >> i & 1)
			err_print("%s: seed: random picked %llu (-s %llu makes this planet again)", path,
			          (unsigned long long)out[i].seed, (unsigned long long)out[i].seed);
	return 0;
}

int cli_load_scenario_seed(const char *path, const uint64_t *seed, params *out)
{
	int count;
	return cli_load_planets(path, seed, out, 1, &count);
}

int cli_load_scenario(const char *path, params *out)
{
	return cli_load_scenario_seed(path, NULL, out);
}
