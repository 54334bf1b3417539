/* main.c: dispatch to the subcommands; no subcommand opens the dashboard. */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/err.h"
#include "cli.h"
#include "io/preset.h"
#include "config.h"

static const char usage[] =
	"usage: tectonica [SCENARIO] [-j THREADS] [-s SEED] [--paused] [--no-mouse]\n"
	"                 [--fps N] [--max-kbps N] [--speed STEPS_PER_S]   the dashboard\n"
	"                 [--import FILE [--import-scale M] [--import-offset M]]\n"
	"       tectonica run [SCENARIO] [-n STEPS] [-s SEED] [-j THREADS] [-o DIR]\n"
	"                     [-e LIST] [--size WxH] [--every K] [--stats FILE|-]\n"
	"                     [--save FILE] [--load FILE] [--quiet]\n"
	"       tectonica check SCENARIO...            validate scenarios\n"
	"       tectonica check --print [-s SEED] SCENARIO   its effective YAML\n"
	"       tectonica bench [--level L] [--steps N] [-j T]\n"
	"       tectonica --help | --version\n"
	"\n"
	"SCENARIO is a YAML file or the name of a preset (pangaea, waterworld, ...).\n"
	"Without a scenario the built-in default (conf/default.yaml) is used.\n"
	"Export kinds for -e: biome elevation elevation16 plates stress temperature\n"
	"precipitation age cubemap raw, or all. See tectonica(1).\n";

static const char *const commands[] = {"run", "check", "bench", "help"};

/* Edit distance (insert, delete, substitute, swap neighbours), capped. */
static int distance(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b);
	if (la > 16 || lb > 16)
		return 99;
	int d[17][17];
	for (int i = 0; i <= la; i++)
		d[i][0] = i;
	for (int j = 0; j <= lb; j++)
		d[0][j] = j;
	for (int i = 1; i <= la; i++)
		for (int j = 1; j <= lb; j++) {
			int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

/* A first word that is no file and no scenario name but close to a command
 * is a mistyped command, not a scenario: say so instead of loading it. */
static int unknown_command(const char *a)
{
	struct stat st;
	char path[PRESET_PATH_MAX];
	if (a[0] == '-' || strchr(a, '/') || strchr(a, '.') || stat(a, &st) == 0 ||
	    preset_resolve(a, path, sizeof path) == 1)
		return 0;
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		if (distance(a, commands[i]) <= 2) {
			err_print("unknown command '%s' (did you mean '%s'?)", a, commands[i]);
			fputs("Try 'tectonica --help'.\n", stderr);
			return 1;
		}
	return 0;
}

/* Output that never reached its file is a failure, even for --help: a
 * script reading a full disk must not take an exit status of 0. */
static int finish_stdout(int rc)
{
	int bad = ferror(stdout);
	errno = 0;
	if (fflush(stdout) != 0)
		bad = 1;
	if (bad) {
		err_print("cannot write to standard output: %s", errno ? strerror(errno) : "write error");
		return rc == EXIT_OK ? EXIT_RUNTIME : rc;
	}
	return rc;
}

static int dispatch(int argc, char **argv)
{
	if (argc >= 2) {
		const char *a = argv[1];
		if (!strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "help")) {
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
		if (unknown_command(a))
			return EXIT_USAGE;
	}
	return cmd_dashboard(argc, argv);
}

int main(int argc, char **argv)
{
#ifdef M_MMAP_THRESHOLD
	/* Per-cell arrays (64 KiB and up) get mappings of their own, so a crust
	 * pool that grows or shrinks moves with mremap and freed arrays go back
	 * to the system. glibc would raise this threshold to the size of the
	 * first big array freed (the grid build's temporaries), after which
	 * regrown pools leave holes in the heap: peak RSS at level 7 was 0.6 MB
	 * higher after 20 steps and 2.4 MB after 200. */
	mallopt(M_MMAP_THRESHOLD, 64 * 1024);
#endif
	return finish_stdout(dispatch(argc, argv));
}
