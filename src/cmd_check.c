/* cmd_check.c: `tectonica check SCENARIO...` validates scenario files.
 *
 * Errors go to stderr, one "FILE:LINE:COL: message" line each, so editors and
 * scripts can jump to them; "FILE: ok" goes to stdout for each valid file.
 * Every file is checked even after a bad one. Exit 0 when all are valid, 2
 * when any is invalid or unreadable or no file was given. "-" reads stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "base/err.h"
#include "io/scenario.h"

static const char check_usage[] = "usage: tectonica check SCENARIO.yaml...\n";

/* Read all of stdin (bounded by the loader's own limit plus one byte). */
static int check_stdin(params *p, char **errors)
{
	size_t cap = (1u << 20) + 1, len;
	char *buf = malloc(cap);
	if (!buf) {
		*errors = NULL;
		return -1;
	}
	len = fread(buf, 1, cap, stdin);
	int n = scenario_load_string("-", buf, len, p, errors);
	free(buf);
	return n;
}

int cmd_check(int argc, char **argv)
{
	int first = 1, bad = 0;
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(check_usage, stdout);
		return EXIT_OK;
	}
	if (argc >= 2 && !strcmp(argv[1], "--"))
		first = 2;
	if (first >= argc) {
		err_print("check: no scenario file given");
		fputs(check_usage, stderr);
		return EXIT_USAGE;
	}
	for (int i = first; i < argc; i++) {
		if (first == 1 && argv[i][0] == '-' && argv[i][1]) {
			err_print("check: unknown option '%s'", argv[i]);
			fputs(check_usage, stderr);
			return EXIT_USAGE;
		}
	}
	for (int i = first; i < argc; i++) {
		params p;
		char *errors = NULL;
		int n = !strcmp(argv[i], "-") ? check_stdin(&p, &errors)
		                              : scenario_load_file(argv[i], &p, &errors);
		if (n == 0) {
			printf("%s: ok\n", argv[i]);
		} else {
			bad++;
			if (errors)
				fputs(errors, stderr);
			else
				err_print("check: %s: out of memory", argv[i]);
		}
		free(errors);
	}
	return bad ? EXIT_USAGE : EXIT_OK;
}
