/* cmd_dashboard.c: `tectonica [SCENARIO.yaml] [options]`: parse the command
 * line, load the scenario (errors go to stderr before the terminal is
 * touched) and run the dashboard. Options shared with `run` (-j, -s) go
 * through the same checks (cli_common.c), so both accept the same values. */
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "cli.h"
#include "cli_common.h"
#include "io/heightmap.h"
#include "io/scenario.h"
#include "io/sha256.h"
#include "io/state.h"
#include "tui/dashboard.h"

static const char usage[] =
	"usage: tectonica [SCENARIO] [--no-mouse] [-j THREADS] [-s SEED]\n"
	"                 [--paused] [--fps N] [--max-kbps N] [--speed STEPS_PER_S]\n"
	"                 [-o DIR] [--history-mb N]\n"
	"                 [--import FILE [--import-scale M] [--import-offset M]]\n"
	"       tectonica FILE.state | --load FILE.state [options]\n";

/* Options of `run` or `bench` given to the dashboard: point to the command. */
static const char *command_for(const char *opt)
{
	static const char *const run_only[] = {
		"-n", "--steps", "-e", "--export", "--size", "--every", "--stats", "--save",
		"-q", "--quiet", "--output", NULL};
	static const char *const bench_only[] = {"--level", NULL};
	size_t len = strcspn(opt, "=");
	for (int i = 0; run_only[i]; i++)
		if (strlen(run_only[i]) == len && !strncmp(opt, run_only[i], len))
			return "run";
	for (int i = 0; bench_only[i]; i++)
		if (strlen(bench_only[i]) == len && !strncmp(opt, bench_only[i], len))
			return "bench";
	return NULL;
}

static int bad_option(const char *opt, const char *what)
{
	const char *cmd = command_for(opt);
	if (cmd)
		err_print("option '%s' belongs to `tectonica %s` (try 'tectonica %s %s ...')",
		          opt, cmd, cmd, opt);
	else
		err_print("%s '%s'", what, opt);
	fputs(usage, stderr);
	return EXIT_USAGE;
}

/* --import and its mapping, as `run` takes them */
typedef struct import_opts {
	const char *path;
	heightmap_opts map;
	bool scale_set;
} import_opts;

static int parse(int argc, char **argv, dash_opts *o, const char **path, uint64_t *seed,
                 bool *seed_set, import_opts *im)
{
	enum { O_NOMOUSE = 256, O_PAUSED, O_FPS, O_KBPS, O_SPEED, O_LOAD, O_HISTORY, O_IMPORT,
	       O_IMPORT_SCALE, O_IMPORT_OFFSET };
	static const struct option longopts[] = {
		{"no-mouse", no_argument, NULL, O_NOMOUSE},
		{"paused", no_argument, NULL, O_PAUSED},
		{"threads", required_argument, NULL, 'j'},
		{"seed", required_argument, NULL, 's'},
		{"fps", required_argument, NULL, O_FPS},
		{"max-kbps", required_argument, NULL, O_KBPS},
		{"speed", required_argument, NULL, O_SPEED},
		{"load", required_argument, NULL, O_LOAD},
		{"history-mb", required_argument, NULL, O_HISTORY},
		{"import", required_argument, NULL, O_IMPORT},
		{"import-scale", required_argument, NULL, O_IMPORT_SCALE},
		{"import-offset", required_argument, NULL, O_IMPORT_OFFSET},
		{NULL, 0, NULL, 0},
	};
	optind = 1;
	opterr = 0;
	int ch;
	long v;
	while ((ch = getopt_long(argc, argv, ":j:s:o:", longopts, NULL)) != -1) {
		switch (ch) {
		case O_NOMOUSE: o->mouse = false; break;
		case O_PAUSED: o->paused = true; break;
		case 'j':
			if (cli_opt_threads(optarg, &o->threads) < 0)
				return EXIT_USAGE;
			break;
		case 's':
			if (cli_opt_seed(optarg, seed) < 0)
				return EXIT_USAGE;
			*seed_set = true;
			break;
		case O_FPS:
			if (cli_parse_long(optarg, 1, 60, &v) < 0)
				return cli_bad("--fps: expected 1..60, got '%s'", optarg), EXIT_USAGE;
			o->fps = (int)v;
			break;
		case O_KBPS:
			if (cli_parse_long(optarg, 0, 1000000, &v) < 0)
				return cli_bad("--max-kbps: expected 0 (no limit) to 1000000, got '%s'", optarg),
				       EXIT_USAGE;
			o->max_kbps = (int)v;
			break;
		case O_SPEED: {
			char *end;
			o->speed = strtod(optarg, &end);
			if (*end || end == optarg || !(o->speed >= 0 && o->speed <= 1000))
				return cli_bad("--speed: expected 0..1000 steps/s (0 = no cap), got '%s'", optarg),
				       EXIT_USAGE;
			break;
		}
		case 'o': o->export_dir = optarg; break;
		case O_LOAD: o->load_path = optarg; break;
		case O_HISTORY:
			if (cli_parse_long(optarg, 0, 1 << 20, &v) < 0)
				return cli_bad("--history-mb: expected 0 (no history) to 1048576, got '%s'", optarg),
				       EXIT_USAGE;
			o->history_mb = (int)v;
			break;
		case O_IMPORT: im->path = optarg; break;
		case O_IMPORT_SCALE:
		case O_IMPORT_OFFSET: {
			char *end;
			double d = strtod(optarg, &end);
			if (*end || end == optarg || !isfinite(d) || (ch == O_IMPORT_SCALE && d == 0))
				return cli_bad("--import-%s: expected a finite %snumber of metres, got '%s'",
				               ch == O_IMPORT_SCALE ? "scale" : "offset",
				               ch == O_IMPORT_SCALE ? "non-zero " : "", optarg), EXIT_USAGE;
			if (ch == O_IMPORT_SCALE) {
				im->map.scale = d;
				im->scale_set = true;
			} else {
				im->map.offset = d;
			}
			im->map.has_mapping = 1;
			break;
		}
		case ':': return bad_option(argv[optind - 1], "option needs a value:");
		default: return bad_option(argv[optind - 1], "unknown option");
		}
	}
	if (optind < argc)
		*path = argv[optind++];
	if (optind < argc) {
		err_print("more than one scenario given ('%s')", argv[optind]);
		return EXIT_USAGE;
	}
	if (o->load_path && *path) {
		err_print("give a scenario or --load a state, not both ('%s', '%s')", *path, o->load_path);
		return EXIT_USAGE;
	}
	if (im->map.has_mapping && !im->path)
		return cli_bad("--import-scale and --import-offset map the values of an --import file; "
		               "give --import FILE"), EXIT_USAGE;
	if (im->map.has_mapping && !im->scale_set)
		im->map.scale = 1;
	return 0;
}

/* Read the --import terrain (before the terminal is touched: errors go to
 * stderr and exit 2 as with `run --import`) and name it for exports. */
static int read_terrain(const import_opts *im, heightfield *terrain, export_import *note)
{
	char err[1024] = "";
	int bad = heightmap_read(im->path, &im->map, terrain, err, sizeof err);
	if (bad) {
		err_print("--import: %s", err);
		return bad == -1 ? EXIT_USAGE : EXIT_RUNTIME;
	}
	if (sha256_file(im->path, note->sha256, &note->bytes, err, sizeof err) < 0) {
		free((void *)terrain->m);
		terrain->m = NULL;
		err_print("--import: %s", err);
		return EXIT_RUNTIME;
	}
	note->file = im->path;
	note->has_mapping = im->map.has_mapping;
	note->scale = im->map.scale;
	note->offset = im->map.offset;
	return 0;
}

/* Check the state file before the terminal is touched (errors go to stderr
 * as for `run --load`) and take its parameters; the stepping thread loads it
 * again for real, with its worker pool. */
static int check_state(const char *path, params *prm)
{
	char err[512] = "";
	int bad = 0;
	planet_t *pl = state_load(path, NULL, &bad, err, sizeof err);
	if (!pl) {
		err_print("%s", err);
		return bad ? EXIT_USAGE : EXIT_RUNTIME;
	}
	*prm = *planet_params(pl);
	planet_free(pl);
	return 0;
}

int cmd_dashboard(int argc, char **argv)
{
	dash_opts o = {.mouse = true, .fps = 10, .max_kbps = 10, .speed = 10, .export_dir = ".",
	               .history_mb = 128,
	               .threads = cli_default_threads()};
	const char *path = NULL;
	uint64_t seed = 0;
	bool seed_set = false;
	import_opts im = {0};
	int rc = parse(argc, argv, &o, &path, &seed, &seed_set, &im);
	if (rc)
		return rc;
	/* a state file opens like --load: `tectonica FILE.state` */
	if (!o.load_path && path && state_is_file(path)) {
		o.load_path = path;
		path = NULL;
	}
	if (o.load_path && im.path) {
		err_print("--load resumes a saved state; it takes no --import");
		return EXIT_USAGE;
	}
	if (o.load_path) {
		if (seed_set) {
			err_print("-s cannot change the seed of a saved state ('%s')", o.load_path);
			return EXIT_USAGE;
		}
		rc = check_state(o.load_path, &o.prm);
		if (rc)
			return rc;
		o.scenario = o.load_path;
		return dashboard_run(&o);
	}
	static params planets[SCENARIO_MAX_PLANETS];
	int count = 1;
	rc = cli_load_planets(path, seed_set ? &seed : NULL, planets, SCENARIO_MAX_PLANETS, &count);
	if (rc)
		return rc;
	o.prm = planets[0];
	o.planets = planets;
	o.planet_count = count;
	o.scenario = path ? path : "built-in default";
	heightfield terrain = {0};
	if (im.path) {
		rc = read_terrain(&im, &terrain, &o.import);
		if (rc)
			return rc;
		o.terrain = &terrain;
	}
	rc = dashboard_run(&o);
	free((void *)terrain.m);
	return rc;
}
