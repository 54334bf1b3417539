/* cmd_run.c: `tectonica run`: the simulation without a terminal UI, with
 * map exports, time-lapse frames, JSON Lines statistics and state files. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "base/err.h"
#include "cli_common.h"
#include "core/planet.h"
#include "io/export.h"
#include "io/scenario.h"
#include "io/state.h"
#include "io/stats.h"
#include "base/pool.h"

#define DEFAULT_EXPORTS "biome,elevation,elevation16,plates"

typedef struct run_opts {
	const char *scenario;
	long steps;
	int seed_set;
	uint64_t seed;
	int threads;
	const char *outdir;
	const char *exports;
	int width, height;
	long every;
	const char *stats_path;
	const char *save_path, *load_path;
	int quiet;
} run_opts;

static const char run_usage[] =
	"usage: tectonica run [SCENARIO] [-n STEPS] [-s SEED] [-j THREADS] [-o DIR]\n"
	"                     [-e LIST] [--size WxH] [--every K] [--stats FILE|-]\n"
	"                     [--save FILE] [--load FILE] [--quiet]\n";

static int parse_run(int argc, char **argv, run_opts *o)
{
	static const struct option longopts[] = {
		{"steps", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"threads", required_argument, NULL, 'j'},
		{"output", required_argument, NULL, 'o'},
		{"export", required_argument, NULL, 'e'},
		{"size", required_argument, NULL, 'S'},
		{"every", required_argument, NULL, 'E'},
		{"stats", required_argument, NULL, 'T'},
		{"save", required_argument, NULL, 'W'},
		{"load", required_argument, NULL, 'L'},
		{"quiet", no_argument, NULL, 'q'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	*o = (run_opts){.steps = 0, .threads = cli_default_threads(), .width = 2048,
	                .height = 1024, .every = 0};
	optind = 1;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":n:s:j:o:e:q", longopts, NULL)) != -1) {
		switch (ch) {
		case 'n':
			if (cli_parse_long(optarg, 0, 100000000L, &o->steps) < 0)
				return cli_bad("-n: expected a step count from 0 to 100000000, got '%s'", optarg);
			break;
		case 's':
			if (cli_parse_u64(optarg, &o->seed) < 0)
				return cli_bad("-s: expected an unsigned 64-bit seed, got '%s'", optarg);
			o->seed_set = 1;
			break;
		case 'j': {
			long j;
			if (cli_parse_long(optarg, 1, 256, &j) < 0)
				return cli_bad("-j: expected a thread count from 1 to 256, got '%s'", optarg);
			o->threads = (int)j;
			break;
		}
		case 'o': o->outdir = optarg; break;
		case 'e': o->exports = optarg; break;
		case 'S':
			if (cli_parse_size(optarg, &o->width, &o->height) < 0)
				return cli_bad("--size: expected WxH with W = 2H and W from 16 to 16384, got '%s'", optarg);
			break;
		case 'E':
			if (cli_parse_long(optarg, 1, 100000000L, &o->every) < 0)
				return cli_bad("--every: expected a positive step count, got '%s'", optarg);
			break;
		case 'T': o->stats_path = optarg; break;
		case 'W': o->save_path = optarg; break;
		case 'L': o->load_path = optarg; break;
		case 'q': o->quiet = 1; break;
		case 'h': fputs(run_usage, stdout); return 1;
		case ':': return cli_bad("option '%s' needs a value", argv[optind - 1]);
		default: return cli_bad("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		o->scenario = argv[optind++];
	if (optind < argc)
		return cli_bad("unexpected argument '%s'", argv[optind]);
	if (o->load_path && (o->scenario || o->seed_set))
		return cli_bad("--load resumes a saved state; it takes no scenario or seed");
	return 0;
}

/* Whether the folder that would hold `path` takes new files. */
static int dir_writable(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (!slash)
		return access(".", W_OK) == 0;
	size_t len = (size_t)(slash - path);
	if (len >= sizeof dir) {
		errno = ENAMETOOLONG;
		return 0;
	}
	memcpy(dir, path, len);
	dir[len] = '\0';
	return access(len ? dir : "/", W_OK) == 0;
}

/* Export `mask` of snapshot s, as frames when frame >= 0. */
static int do_export(const run_opts *o, const snapshot_t *s, unsigned mask, long frame, pool_t *pool)
{
	char err[512] = "";
	export_opts eo = {.width = o->width, .height = o->height,
	                  .scenario = o->scenario ? o->scenario : o->load_path ? o->load_path
	                              : "built-in default",
	                  .frame = frame};
	if (export_write(s, mask, o->outdir ? o->outdir : ".", &eo, pool, err, sizeof err) < 0) {
		err_print("export: %s", err);
		return -1;
	}
	return 0;
}

int cmd_run(int argc, char **argv)
{
	run_opts o;
	int rc = parse_run(argc, argv, &o);
	if (rc)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;

	unsigned mask = 0;
	char err[1024] = "";
	int want_maps = o.outdir || o.exports || o.every;
	if (want_maps && export_parse_list(o.exports ? o.exports : DEFAULT_EXPORTS, &mask, err, sizeof err) < 0) {
		err_print("-e: %s", err);
		return EXIT_USAGE;
	}

	/* refuse unwritable destinations before a long run, not after it */
	if (want_maps && export_prepare_dir(o.outdir ? o.outdir : ".", err, sizeof err) < 0) {
		err_print("-o: %s", err);
		return EXIT_RUNTIME;
	}
	if (o.save_path && !dir_writable(o.save_path)) {
		err_print("--save: cannot write '%s': %s", o.save_path, strerror(errno));
		return EXIT_RUNTIME;
	}

	FILE *stats = NULL;
	if (o.stats_path) {
		stats = strcmp(o.stats_path, "-") ? fopen(o.stats_path, "w") : stdout;
		if (!stats) {
			err_print("--stats: cannot open '%s': %s", o.stats_path, strerror(errno));
			return EXIT_RUNTIME;
		}
	}
	pool_t *pool = pool_new(o.threads);
	if (!pool) {
		err_print("cannot start %d threads", o.threads);
		return EXIT_RUNTIME;
	}

	planet_t *pl = NULL;
	if (o.load_path) {
		int bad = 0;
		pl = state_load(o.load_path, pool, &bad, err, sizeof err);
		if (!pl) {
			err_print("%s", err);
			rc = bad ? EXIT_USAGE : EXIT_RUNTIME;
			goto out;
		}
	} else {
		params prm;
		rc = cli_load_scenario(o.scenario, &prm);
		if (rc)
			goto out;
		if (o.seed_set)
			prm.seed = o.seed;
		pl = planet_new(&prm, pool, err, sizeof err);
		if (!pl) {
			err_print("%s", err);
			rc = EXIT_RUNTIME;
			goto out;
		}
	}

	snapshot_t *snap = snapshot_new(planet_grid(pl));
	if (!snap) {
		err_print("out of memory");
		rc = EXIT_RUNTIME;
		goto out;
	}
	int64_t first = planet_step_count(pl);
	for (long i = 0;; i++) {
		int64_t step = planet_step_count(pl);
		int report = o.every ? (step - first) % o.every == 0 : 1;
		if ((stats && report) || (o.every && report)) {
			planet_snapshot(pl, snap);
			if (stats && stats_write_json(stats, snap) < 0) {
				err_print("--stats: write failed");
				rc = EXIT_RUNTIME;
				goto done;
			}
			if (o.every) {
				if (do_export(&o, snap, mask, (long)step, pool) < 0) {
					rc = EXIT_RUNTIME;
					goto done;
				}
			}
		}
		if (i >= o.steps)
			break;
		if (planet_step(pl, err, sizeof err) < 0) {
			err_print("step %" PRId64 ": %s", step + 1, err);
			rc = EXIT_RUNTIME;
			goto done;
		}
	}
	planet_snapshot(pl, snap);
	if (want_maps && !o.every && do_export(&o, snap, mask, -1, pool) < 0) {
		rc = EXIT_RUNTIME;
		goto done;
	}
	if (o.save_path && state_save(pl, o.save_path, err, sizeof err) < 0) {
		err_print("--save: %s", err);
		rc = EXIT_RUNTIME;
		goto done;
	}
	if (!o.quiet) {
		FILE *msg = stats == stdout ? stderr : stdout;
		fprintf(msg, "step %" PRId64 "  t %.1f Myr  %d cells  %d plates  land %.1f%%  "
		        "elevation %.0f..%.0f m  hash %016" PRIx64 "\n",
		        snap->step, snap->time_myr, snap->n, snap->plate_count,
		        100 * snap->stats.land_fraction, snap->stats.elevation_min_m,
		        snap->stats.elevation_max_m, snap->state_hash);
		if (want_maps)
			fprintf(msg, "maps written to %s%s\n", o.outdir ? o.outdir : ".",
			        o.every ? " (time-lapse frames)" : "");
		if (o.save_path)
			fprintf(msg, "state saved to %s\n", o.save_path);
	}
	rc = EXIT_OK;
done:
	snapshot_free(snap);
out:
	planet_free(pl);
	pool_free(pool);
	if (stats && stats != stdout && fclose(stats) != 0 && rc == EXIT_OK) {
		err_print("--stats: write failed");
		rc = EXIT_RUNTIME;
	}
	if (stats == stdout && fflush(stdout) != 0 && rc == EXIT_OK)
		rc = EXIT_RUNTIME;
	return rc;
}
