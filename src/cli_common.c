/* cli_common.c: helpers for the subcommands' argument handling. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "cli_common.h"
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

int cli_parse_size(const char *s, int *w, int *h)
{
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	long a = strtol(s, &end, 10);
	if (errno || (*end != 'x' && *end != 'X') || !isdigit((unsigned char)end[1]))
		return -1;
	long b = strtol(end + 1, &end, 10);
	if (errno || *end || a < 16 || a > 16384 || b * 2 != a)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}

int cli_bad(const char *fmt, ...)
{
	va_list ap;
	fputs("tectonica: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'tectonica --help'.\n", stderr);
	return -1;
}

int cli_load_scenario(const char *path, params *out)
{
	char *errors = NULL;
	int n = path ? scenario_load_file(path, out, &errors) : scenario_load_default(out, &errors);
	if (n) {
		if (errors)
			fputs(errors, stderr);
		free(errors);
		return EXIT_USAGE;
	}
	free(errors);
	return 0;
}
