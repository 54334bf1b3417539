/* cmd_check.c: `tectonica check SCENARIO...` validates scenario files.
 *
 * Errors go to stderr, one "FILE:LINE:COL: message" line each, so editors and
 * scripts can jump to them; "FILE: ok" goes to stdout for each valid file.
 * Every file is checked even after a bad one. Exit 0 when all are valid, 2
 * when any is invalid or unreadable or no file was given. "-" reads stdin.
 * With --print the one scenario given is written back as its effective YAML
 * (every key, for the seed of -s if given) instead of "ok". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "base/err.h"
#include "cli_common.h"
#include "config.h"
#include "io/preset.h"
#include "io/scenario.h"
#include "io/scenario_yaml.h"

static const char check_usage[] =
	"usage: tectonica check SCENARIO.yaml...\n"
	"       tectonica check --print [-s SEED] SCENARIO.yaml\n";

/* Read all of stdin (bounded by the loader's own limit plus one byte). */
static int check_stdin(scenario_opts *so, params *p, int *count, char **errors)
{
	size_t cap = (1u << 20) + 1, len;
	char *buf = malloc(cap);
	if (!buf) {
		*errors = NULL;
		return -1;
	}
	len = fread(buf, 1, cap, stdin);
	int n = scenario_load_planets_string("-", buf, len, so, p, SCENARIO_MAX_PLANETS, count,
	                                     errors);
	free(buf);
	return n;
}

/* The effective scenario of one valid file (its planets) on stdout. */
static int print_effective(const char *name, const params *p, int count, const scenario_opts *so)
{
	char header[640], drawn[128] = "";
	if (so->ranges)
		snprintf(drawn, sizeof drawn, ", %d value%s drawn from ranges", so->ranges,
		         so->ranges == 1 ? "" : "s");
	if (count > 1)
		snprintf(drawn, sizeof drawn, ", %d planets", count);
	snprintf(header, sizeof header,
	         "Effective scenario of %s (tectonica %s, seed %llu%s%s): every key,\n"
	         "defaults filled in. `tectonica check` accepts it and it makes the same planet.",
	         name, PACKAGE_VERSION, (unsigned long long)p[0].seed,
	         so->seed_random ? ", picked for seed: random" : "", drawn);
	for (int i = 0; i < count && i < 32; i++)
		if (so->random_planets >> i & 1)
			err_print("%s: seed: random picked %llu", name, (unsigned long long)p[i].seed);
	if (scenario_yaml_write_planets(stdout, p, count, header) < 0)
		return EXIT_RUNTIME; /* main reports the failed write */
	return EXIT_OK;
}

int cmd_check(int argc, char **argv)
{
	int first = 1, bad = 0, print = 0, seed_set = 0, dashdash = 0;
	uint64_t seed = 0;
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(check_usage, stdout);
		return EXIT_OK;
	}
	/* options first; "--" ends them, "-" alone is stdin */
	for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
		const char *a = argv[first];
		if (!strcmp(a, "--")) {
			first++;
			dashdash = 1;
			break;
		} else if (!strcmp(a, "--print")) {
			print = 1;
		} else if (!strcmp(a, "-s") || !strcmp(a, "--seed")) {
			if (first + 1 >= argc) {
				err_print("check: option '%s' needs a value", a);
				return EXIT_USAGE;
			}
			if (cli_opt_seed(argv[++first], &seed) < 0)
				return EXIT_USAGE;
			seed_set = 1;
		} else {
			err_print("check: unknown option '%s'", a);
			fputs(check_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (first >= argc) {
		err_print("check: no scenario file given");
		fputs(check_usage, stderr);
		return EXIT_USAGE;
	}
	for (int i = first; i < argc && !dashdash; i++)
		if (argv[i][0] == '-' && argv[i][1]) {
			err_print("check: options come before the files; unknown here: '%s'", argv[i]);
			fputs(check_usage, stderr);
			return EXIT_USAGE;
		}
	if (print && argc - first > 1) {
		err_print("check --print: one scenario at a time");
		return EXIT_USAGE;
	}
	params *p = malloc(SCENARIO_MAX_PLANETS * sizeof *p);
	if (!p) {
		err_print("check: out of memory");
		return EXIT_RUNTIME;
	}
	for (int i = first; i < argc; i++) {
		char *errors = NULL, buf[PRESET_PATH_MAX];
		int count = 1;
		const char *path = argv[i];
		if (cli_scenario_path(argv[i], buf, sizeof buf, &path)) {
			bad++;
			continue;
		}
		scenario_opts so = {.has_seed = seed_set, .seed = seed};
		int n = !strcmp(path, "-") ? check_stdin(&so, p, &count, &errors)
		                           : scenario_load_planets_file(path, &so, p, SCENARIO_MAX_PLANETS,
		                                                        &count, &errors);
		if (n == 0) {
			if (print) {
				int rc = print_effective(path, p, count, &so);
				free(p);
				return rc;
			}
			if (count > 1)
				printf("%s: ok (%d planets)\n", path, count);
			else
				printf("%s: ok\n", path);
		} else {
			bad++;
			if (errors)
				fputs(errors, stderr);
			else
				err_print("check: %s: out of memory", argv[i]);
		}
		free(errors);
	}
	free(p);
	return bad ? EXIT_USAGE : EXIT_OK;
}
