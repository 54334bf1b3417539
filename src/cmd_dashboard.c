/* cmd_dashboard.c: `tectonica [SCENARIO.yaml] [options]`: parse the command
 * line, load the scenario (errors go to stderr before the terminal is
 * touched) and run the dashboard. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "base/err.h"
#include "io/scenario.h"
#include "tui/dashboard.h"

static const char usage[] =
	"usage: tectonica [SCENARIO.yaml] [--no-mouse] [-j THREADS] [-s SEED]\n"
	"                 [--paused] [--fps N] [--max-kbps N] [--speed STEPS_PER_S]\n"
	"                 [-o DIR]\n";

static int parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int cmd_dashboard(int argc, char **argv)
{
	dash_opts o = {.mouse = true, .fps = 10, .max_kbps = 40, .speed = 10, .export_dir = "."};
	const char *path = NULL, *seed_s = NULL;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	o.threads = cpus > 0 ? (int)cpus : 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		long v;
		bool has_arg = i + 1 < argc;
		if (!strcmp(a, "--no-mouse")) {
			o.mouse = false;
		} else if (!strcmp(a, "--paused")) {
			o.paused = true;
		} else if (!strcmp(a, "-j") && has_arg) {
			if (parse_long(argv[++i], 1, 256, &v)) {
				err_print("-j: expected 1..256, got '%s'", argv[i]);
				return EXIT_USAGE;
			}
			o.threads = (int)v;
		} else if (!strcmp(a, "-s") && has_arg) {
			seed_s = argv[++i];
		} else if (!strcmp(a, "--fps") && has_arg) {
			if (parse_long(argv[++i], 1, 60, &v)) {
				err_print("--fps: expected 1..60, got '%s'", argv[i]);
				return EXIT_USAGE;
			}
			o.fps = (int)v;
		} else if (!strcmp(a, "--max-kbps") && has_arg) {
			if (parse_long(argv[++i], 0, 1000000, &v)) {
				err_print("--max-kbps: expected 0 (no limit) or more, got '%s'", argv[i]);
				return EXIT_USAGE;
			}
			o.max_kbps = (int)v;
		} else if (!strcmp(a, "--speed") && has_arg) {
			char *end;
			o.speed = strtod(argv[++i], &end);
			if (*end || end == argv[i] || o.speed < 0 || o.speed > 1000) {
				err_print("--speed: expected 0..1000 steps/s (0 = no cap), got '%s'", argv[i]);
				return EXIT_USAGE;
			}
		} else if (!strcmp(a, "-o") && has_arg) {
			o.export_dir = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			err_print("unknown or incomplete option '%s'", a);
			fputs(usage, stderr);
			return EXIT_USAGE;
		} else if (!path) {
			path = a;
		} else {
			err_print("more than one scenario given ('%s')", a);
			return EXIT_USAGE;
		}
	}

	char *errors = NULL;
	int nerr = path ? scenario_load_file(path, &o.prm, &errors)
	                : scenario_load_default(&o.prm, &errors);
	if (nerr) {
		fputs(errors ? errors : "invalid scenario\n", stderr);
		if (errors && errors[0] && errors[strlen(errors) - 1] != '\n')
			fputc('\n', stderr);
		free(errors);
		return EXIT_USAGE;
	}
	free(errors);
	if (seed_s) {
		char *end;
		errno = 0;
		unsigned long long s = strtoull(seed_s, &end, 10);
		if (errno || *end || end == seed_s) {
			err_print("-s: expected a number, got '%s'", seed_s);
			return EXIT_USAGE;
		}
		o.prm.seed = s;
	}
	o.scenario = path ? path : "built-in default";
	return dashboard_run(&o);
}
