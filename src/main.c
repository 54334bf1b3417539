/* main.c: dispatch to the subcommands; no subcommand opens the dashboard. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "config.h"

static const char usage[] =
	"usage: tectonica [SCENARIO.yaml] [-j THREADS] [-s SEED] [--paused] [--no-mouse]\n"
	"                 [--fps N] [--max-kbps N] [--speed STEPS_PER_S]   the dashboard\n"
	"       tectonica run [SCENARIO] [-n STEPS] [-s SEED] [-j THREADS] [-o DIR]\n"
	"                     [-e LIST] [--size WxH] [--every K] [--stats FILE|-]\n"
	"                     [--save FILE] [--load FILE] [--quiet]\n"
	"       tectonica check SCENARIO...            validate scenarios\n"
	"       tectonica bench [--level L] [--steps N] [-j T]\n"
	"       tectonica --help | --version\n"
	"\n"
	"Without a scenario the built-in default (conf/default.yaml) is used.\n"
	"Export kinds for -e: biome elevation elevation16 plates stress temperature\n"
	"precipitation age cubemap raw, or all. See tectonica(1).\n";

int main(int argc, char **argv)
{
	if (argc >= 2) {
		const char *a = argv[1];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage, stdout);
			return EXIT_OK;
		}
		if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			printf("tectonica %s\n", PACKAGE_VERSION);
			return EXIT_OK;
		}
		if (!strcmp(a, "run"))
			return cmd_run(argc - 1, argv + 1);
		if (!strcmp(a, "check"))
			return cmd_check(argc - 1, argv + 1);
		if (!strcmp(a, "bench"))
			return cmd_bench(argc - 1, argv + 1);
		if (!strcmp(a, "help")) {
			fputs(usage, stdout);
			return EXIT_OK;
		}
	}
	return cmd_dashboard(argc, argv);
}
