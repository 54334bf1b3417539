/* cmd_run.c: `tectonica run`: the simulation without a terminal UI, with
 * map exports, time-lapse frames, JSON Lines statistics and state files. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/err.h"
#include "cli.h"
#include "cli_common.h"
#include "cli_overrides.h"
#include "cli_progress.h"
#include "core/planet.h"
#include "io/export.h"
#include "io/heightmap.h"
#include "io/outfile.h"
#include "io/preset.h"
#include "io/sha256.h"
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
	const char *size_arg;
	int region;
	double west, south, east, north;
	double view_lon, view_lat;
	long every;
	const char *stats_path;
	const char *save_path, *load_path;
	int quiet;
	int seeds_set;              /* --seeds A..B: a batch */
	uint64_t seed_first, seed_last;
	FILE *summary;              /* the final stats line goes here too */
	cli_override sets[CLI_OVERRIDES_MAX];    /* --set KEY=VALUE */
	int nsets;
	cli_override sweep[64];     /* --sweep KEY=V1,V2,...: one run per value */
	int nsweep;
	const char *import_path;    /* --import FILE: step 0 over this terrain */
	heightmap_opts import;      /* --import-scale, --import-offset */
	int import_scale_set;
	const heightfield *terrain; /* the decoded --import */
	export_import import_note;  /* what exports say of it (provenance) */
} run_opts;

static const char run_usage[] =
	"usage: tectonica run [SCENARIO] [-n STEPS] [-s SEED] [-j THREADS] [-o DIR]\n"
	"                     [-e LIST] [--size WxH] [--every K] [--stats FILE|-]\n"
	"                     [--save FILE] [--load FILE] [--region W,S,E,N] [--quiet]\n"
	"                     [--seeds A..B] [--view LON,LAT] [--set KEY=VALUE]...\n"
	"                     [--sweep KEY=V1,V2,...] [--import FILE]\n"
	"                     [--import-scale M] [--import-offset M]\n";

#define SEEDS_MAX 100000

/* --seeds A..B */
static int parse_seeds(const char *arg, run_opts *o)
{
	const char *dots = strstr(arg, "..");
	if (!dots || dots == arg)
		return -1;
	char first[32];
	size_t n = (size_t)(dots - arg);
	if (n >= sizeof first)
		return -1;
	memcpy(first, arg, n);
	first[n] = '\0';
	if (cli_opt_seed(first, &o->seed_first) < 0 || cli_opt_seed(dots + 2, &o->seed_last) < 0 ||
	    o->seed_last < o->seed_first || o->seed_last - o->seed_first >= SEEDS_MAX)
		return -1;
	o->seeds_set = 1;
	return 0;
}

/* --sweep KEY=V1,V2,... */
static int parse_sweep(const char *arg, run_opts *o)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", arg);
	char *eq = strchr(buf, '=');
	if (!eq || eq == buf || strlen(arg) >= sizeof buf)
		return cli_bad("--sweep: expected KEY=V1,V2,..., got '%s'", arg);
	*eq = '\0';
	o->nsweep = 0;
	for (char *v = eq + 1, *next; v; v = next) {
		next = strchr(v, ',');
		if (next)
			*next++ = '\0';
		char one[1100];
		snprintf(one, sizeof one, "%s=%s", buf, v);
		if (o->nsweep >= (int)(sizeof o->sweep / sizeof *o->sweep))
			return cli_bad("--sweep: at most %d values", (int)(sizeof o->sweep / sizeof *o->sweep));
		if (cli_override_parse(one, "--sweep", &o->sweep[o->nsweep]) < 0)
			return -1;
		o->nsweep++;
	}
	return 0;
}

/* --region WEST,SOUTH,EAST,NORTH */
static int parse_region(const char *arg, run_opts *o)
{
	double v[4];
	const char *p = arg;
	for (int i = 0; i < 4; i++) {
		char *end;
		v[i] = strtod(p, &end);
		if (end == p || !isfinite(v[i]) || *end != (i < 3 ? ',' : '\0'))
			return -1;
		p = end + 1;
	}
	if (v[0] < -180 || v[0] > 180 || v[2] < -180 || v[2] > 180 || v[0] == v[2] ||
	    v[1] < -90 || v[3] > 90 || !(v[1] < v[3]))
		return -1;
	o->region = 1;
	o->west = v[0];
	o->south = v[1];
	o->east = v[2];
	o->north = v[3];
	return 0;
}

/* WxH, any aspect (a region's maps). */
static int parse_any_size(const char *arg, int *w, int *h)
{
	long a, b;
	char *end;
	a = strtol(arg, &end, 10);
	if (end == arg || (*end != 'x' && *end != 'X'))
		return -1;
	const char *q = end + 1;
	b = strtol(q, &end, 10);
	if (end == q || *end || a < 16 || a > 16384 || b < 16 || b > 16384)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}

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
		{"region", required_argument, NULL, 'R'},
		{"seeds", required_argument, NULL, 'B'},
		{"view", required_argument, NULL, 'V'},
		{"set", required_argument, NULL, 'X'},
		{"sweep", required_argument, NULL, 'Y'},
		{"import", required_argument, NULL, 1001},
		{"import-scale", required_argument, NULL, 1002},
		{"import-offset", required_argument, NULL, 1003},
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
			if (cli_opt_seed(optarg, &o->seed) < 0)
				return -1;
			o->seed_set = 1;
			break;
		case 'j':
			if (cli_opt_threads(optarg, &o->threads) < 0)
				return -1;
			break;
		case 'o': o->outdir = optarg; break;
		case 'e': o->exports = optarg; break;
		case 'S': o->size_arg = optarg; break;
		case 'X':
			if (o->nsets >= CLI_OVERRIDES_MAX)
				return cli_bad("--set: at most %d of them", CLI_OVERRIDES_MAX);
			if (cli_override_parse(optarg, "--set", &o->sets[o->nsets]) < 0)
				return -1;
			o->nsets++;
			break;
		case 'Y':
			if (parse_sweep(optarg, o) < 0)
				return -1;
			break;
		case 'V': {
			char *end;
			o->view_lon = strtod(optarg, &end);
			const char *q = *end == ',' ? end + 1 : NULL;
			o->view_lat = q ? strtod(q, &end) : NAN;
			if (!q || end == q || *end || !(o->view_lon >= -180 && o->view_lon <= 180) ||
			    !(o->view_lat >= -90 && o->view_lat <= 90))
				return cli_bad("--view: expected LON,LAT in degrees, got '%s'", optarg);
			break;
		}
		case 'B':
			if (parse_seeds(optarg, o) < 0)
				return cli_bad("--seeds: expected A..B, seeds with A <= B and at most %d of them, "
				               "got '%s'", SEEDS_MAX, optarg);
			break;
		case 'R':
			if (parse_region(optarg, o) < 0)
				return cli_bad("--region: expected WEST,SOUTH,EAST,NORTH in degrees (longitudes "
				               "-180..180, latitudes -90..90, south < north), got '%s'", optarg);
			break;
		case 'E':
			if (cli_parse_long(optarg, 1, 100000000L, &o->every) < 0)
				return cli_bad("--every: expected a positive step count, got '%s'", optarg);
			break;
		case 'T': o->stats_path = optarg; break;
		case 'W': o->save_path = optarg; break;
		case 'L': o->load_path = optarg; break;
		case 'q': o->quiet = 1; break;
		case 1001: o->import_path = optarg; break;
		case 1002: case 1003: {
			char *end;
			double v = strtod(optarg, &end);
			if (end == optarg || *end || !isfinite(v) || (ch == 1002 && v == 0))
				return cli_bad("%s: expected %s metres, got '%s'", argv[optind - 1],
				               ch == 1002 ? "a non-zero number of" : "a number of", optarg);
			if (ch == 1002) {
				o->import.scale = v;
				o->import_scale_set = 1;
			} else {
				o->import.offset = v;
			}
			o->import.has_mapping = 1;
			break;
		}
		case 'h': fputs(run_usage, stdout); return 1;
		case ':': return cli_bad("option '%s' needs a value", argv[optind - 1]);
		default: return cli_bad("unknown option '%s'", argv[optind - 1]);
		}
	}
	/* 2:1 for the whole planet; a region may have any aspect */
	if (o->size_arg) {
		const char *why;
		if (o->region ? parse_any_size(o->size_arg, &o->width, &o->height) < 0
		              : cli_parse_size(o->size_arg, &o->width, &o->height, &why) < 0)
			return cli_bad("--size: %s, got '%s'", o->region
			               ? "expected WxH with sides from 16 to 16384" : why, o->size_arg);
	} else if (o->region) {
		/* keep the box's shape at the default width */
		double span = o->east > o->west ? o->east - o->west : o->east + 360 - o->west;
		double hh = 2048.0 * (o->north - o->south) / span;
		o->height = hh < 16 ? 16 : hh > 16384 ? 16384 : (int)lrint(hh);
	}
	if (optind < argc)
		o->scenario = argv[optind++];
	if (optind < argc)
		return cli_bad("unexpected argument '%s'", argv[optind]);
	if (o->seeds_set && (o->seed_set || o->load_path))
		return cli_bad("--seeds runs a batch of new planets; it takes no -s or --load");
	if ((o->nsets || o->nsweep) && o->load_path)
		return cli_bad("--load resumes a saved state with its own settings; it takes no --set or --sweep");
	if (o->nsweep && o->seeds_set)
		return cli_bad("--sweep and --seeds: give one of them (a batch per seed is a loop of sweeps)");
	if (o->load_path && (o->scenario || o->seed_set))
		return cli_bad("--load resumes a saved state; it takes no scenario or seed");
	if (o->load_path && o->import_path)
		return cli_bad("--load resumes a saved state; it takes no --import");
	if (o->import.has_mapping && !o->import_path)
		return cli_bad("--import-scale and --import-offset map the values of an --import file; "
		               "give one");
	if (o->import.has_mapping && !o->import_scale_set)
		o->import.scale = 1;
	return 0;
}

/* Export `mask` of snapshot s, as frames when frame >= 0. */
static int do_export(const run_opts *o, const snapshot_t *s, unsigned mask, long frame, pool_t *pool)
{
	char err[1024] = "";
	export_opts eo = {.width = o->width, .height = o->height, .region = o->region,
	                  .west = o->west, .south = o->south, .east = o->east, .north = o->north,
	                  .view_lon = o->view_lon, .view_lat = o->view_lat,
	                  .scenario = o->scenario ? o->scenario : o->load_path ? o->load_path
	                              : "built-in default",
	                  .import = o->terrain ? &o->import_note : NULL,
	                  .frame = frame};
	if (export_write(s, mask, o->outdir ? o->outdir : ".", &eo, pool, err, sizeof err) < 0) {
		err_print("export: %s", err);
		return -1;
	}
	return 0;
}

/* The planet as maps see it. For the last maps, what only a step needs
 * is freed first (planet_trim), so the maps' memory comes in its place
 * instead of on top; time-lapse frames keep it, since making it again
 * for the next step costs about as much CPU as a step (level 7: 55 ms). */
static int look_for_maps(planet_t *pl, snapshot_t *snap, int last)
{
	planet_update_climate(pl);
	if (last)
		planet_trim(pl);
	return planet_snapshot(pl, snap);
}

/* Refuse an output that would overwrite one of the inputs. */
static int clobbers_input(const char *opt, const char *out, const char *const *inputs)
{
	char b[OUTFILE_SHOWN];
	for (int i = 0; inputs[i]; i++)
		if (!strcmp(out, inputs[i]) || outfile_same(out, inputs[i])) {
			err_print("%s: '%s' is the input file '%s'; not overwritten", opt,
			          outfile_shown(out, b), inputs[i]);
			return 1;
		}
	return 0;
}

/* Every destination, checked before anything is opened or stepped: a long
 * run must not fail at its end, and a bad command line must not destroy a
 * file. Returns 0 or an exit status. */
static int check_outputs(const run_opts *o, unsigned mask, int want_maps)
{
	char err[1024] = "";
	const char *inputs[4] = {o->scenario, NULL, NULL, NULL};
	if (!o->scenario)
		inputs[0] = o->load_path;
	else
		inputs[1] = o->load_path;
	inputs[inputs[0] ? inputs[1] ? 2 : 1 : 0] = o->import_path;
	int to_stdout = o->stats_path && !strcmp(o->stats_path, "-");
	if (o->stats_path && !to_stdout) {
		struct stat st;
		if (clobbers_input("--stats", o->stats_path, inputs))
			return EXIT_USAGE;
		if (stat(o->stats_path, &st) == 0 && S_ISDIR(st.st_mode)) {
			char b[OUTFILE_SHOWN];
			err_print("--stats: cannot write '%s': it is a folder", outfile_shown(o->stats_path, b));
			return EXIT_RUNTIME;
		}
	}
	if (o->save_path) {
		/* saving over the state being resumed is fine: it is read whole
		 * first, and replaced only by a complete new file */
		const char *not_load[3] = {o->scenario, o->scenario ? o->import_path : NULL, NULL};
		if (!o->scenario)
			not_load[0] = o->import_path;
		if (clobbers_input("--save", o->save_path, not_load))
			return EXIT_USAGE;
		if (o->stats_path && !to_stdout &&
		    (!strcmp(o->save_path, o->stats_path) || outfile_same(o->save_path, o->stats_path))) {
			err_print("--save and --stats name the same file '%s'", o->save_path);
			return EXIT_USAGE;
		}
		if (outfile_check(o->save_path, err, sizeof err) < 0) {
			err_print("--save: %s", err);
			return EXIT_RUNTIME;
		}
		outfile_sweep(o->save_path);
	}
	if (want_maps) {
		const char *dir = o->outdir ? o->outdir : ".";
		if (export_prepare_dir(dir, err, sizeof err) < 0 ||
		    export_check(dir, mask, o->every ? 0 : -1, inputs, err, sizeof err) < 0) {
			err_print("-o: %s", err);
			return EXIT_RUNTIME;
		}
		char probe[PATH_MAX];
		if (snprintf(probe, sizeof probe, "%s/x", dir) < (int)sizeof probe)
			outfile_sweep(probe);
	}
	return 0;
}

/* One planet (or the loaded state) from start to its outputs. */
static int run_one(const run_opts *opts, const params *prm, unsigned mask, int want_maps)
{
	run_opts o = *opts;
	char err[1024] = "";
	int rc = check_outputs(&o, mask, want_maps);
	if (rc)
		return rc;
	outfile_signals_install();
	/* with --save, Ctrl-C and SIGTERM end the run after the step in
	 * progress and save it */
	if (o.save_path)
		outfile_signals_defer_stop();

	FILE *stats = NULL;
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
	} else if (o.terrain) {
		pl = planet_new_imported(prm, o.terrain, pool, err, sizeof err);
		if (!pl) {
			err_print("--import: %s", err);
			rc = EXIT_RUNTIME;
			goto out;
		}
	} else {
		pl = planet_new(prm, pool, err, sizeof err);
		if (!pl) {
			err_print("%s", err);
			rc = EXIT_RUNTIME;
			goto out;
		}
	}
	char shown[OUTFILE_SHOWN];
	const char *stats_name = "standard output";
	if (o.stats_path) {
		/* a FIFO or device (/dev/stderr) is written in place: nothing of it
		 * is replaced */
		if (strcmp(o.stats_path, "-")) {
			stats_name = outfile_shown(o.stats_path, shown);
			stats = fopen(o.stats_path, "w");
		} else {
			stats = stdout;
		}
		if (!stats) {
			err_print("--stats: cannot write '%s': %s", stats_name, strerror(errno));
			rc = EXIT_RUNTIME;
			goto out;
		}
	}

	/* run looks at the planet between steps on this thread: a view borrows
	 * the planet's arrays instead of copying them, and holds its own only
	 * while maps are written */
	snapshot_t *snap = snapshot_new_view(planet_grid(pl));
	if (!snap) {
		err_print("out of memory");
		rc = EXIT_RUNTIME;
		goto out;
	}
	int64_t first = planet_step_count(pl);
	cli_progress prog;
	/* a progress line would break stats lines written to the same terminal */
	cli_progress_start(&prog, stderr, !o.quiet && !(stats == stdout && isatty(STDOUT_FILENO)),
	                   first, o.steps);
	int stop = 0;
	for (long i = 0;; i++) {
		int64_t step = planet_step_count(pl);
		int report = o.every ? (step - first) % o.every == 0 : 1;
		if ((stats && report) || (o.every && report)) {
			if ((o.every ? look_for_maps(pl, snap, 0) : planet_snapshot_figures(pl, snap)) < 0) {
				cli_progress_end(&prog);
				err_print("out of memory");
				rc = EXIT_RUNTIME;
				goto done;
			}
			if (stats && stats_write_json(stats, snap) < 0) {
				cli_progress_end(&prog);
				err_print("--stats: cannot write %s%s%s: %s", stats == stdout ? "to " : "'",
				          stats_name, stats == stdout ? "" : "'", strerror(errno));
				rc = EXIT_RUNTIME;
				goto done;
			}
			/* frames are numbered step / K: consecutive, and a resumed
			 * run continues the numbering */
			if (o.every && do_export(&o, snap, mask, (long)(step / o.every), pool) < 0) {
				cli_progress_end(&prog);
				rc = EXIT_RUNTIME;
				goto done;
			}
			snapshot_shed(snap);
		}
		if (i >= o.steps || (stop = outfile_stop_signal()) != 0)
			break;
		if (planet_step(pl, err, sizeof err) < 0) {
			cli_progress_end(&prog);
			err_print("step %" PRId64 ": %s", step + 1, err);
			rc = EXIT_RUNTIME;
			goto done;
		}
		char pause_msg[PARAMS_EVENT_TEXT];
		if (planet_take_pause(pl, pause_msg, sizeof pause_msg) && !o.quiet) {
			cli_progress_end(&prog); /* the message on a line of its own */
			fprintf(stats == stdout ? stderr : stdout,
			        "step %" PRId64 ": pause event: %s (run goes on)\n", step + 1, pause_msg);
		}
		cli_progress_update(&prog, planet_step_count(pl),
		                    (double)planet_step_count(pl) * planet_params(pl)->dt_myr);
		if ((stop = outfile_stop_signal()) != 0)
			break;
	}
	cli_progress_end(&prog);
	if ((want_maps && !o.every && !stop ? look_for_maps(pl, snap, 1)
	                                    : planet_snapshot_figures(pl, snap)) < 0) {
		err_print("out of memory");
		rc = EXIT_RUNTIME;
		goto done;
	}
	if (!stop && o.summary && stats_write_json(o.summary, snap) < 0) {
		err_print("--seeds: cannot keep the summary: %s", strerror(errno));
		rc = EXIT_RUNTIME;
		goto done;
	}
	if (stop) {
		/* the last complete step, saved; no final maps: the run is cut short */
		if (state_save(pl, o.save_path, err, sizeof err) < 0) {
			err_print("interrupted by %s at step %" PRId64 "; --save: %s",
			          stop == SIGINT ? "SIGINT" : "SIGTERM", snap->step, err);
			rc = 128 + stop;
			goto done;
		}
		err_print("interrupted by %s at step %" PRId64 " (%.1f Myr); state saved to %s",
		          stop == SIGINT ? "SIGINT" : "SIGTERM", snap->step, snap->time_myr, o.save_path);
		rc = 128 + stop;
		goto done;
	}
	if (want_maps && !o.every && do_export(&o, snap, mask, -1, pool) < 0) {
		rc = EXIT_RUNTIME;
		goto done;
	}
	snapshot_shed(snap);
	if (o.save_path && state_save(pl, o.save_path, err, sizeof err) < 0) {
		err_print("--save: %s", err);
		rc = EXIT_RUNTIME;
		goto done;
	}
	if (!o.quiet) {
		FILE *msg = stats == stdout ? stderr : stdout;
		fprintf(msg, "step %" PRId64 "  t %.1f Myr  %d cells  %d plates  land %.1f%%  "
		        "elevation %.0f..%.0f m  hash %016" PRIx64 "\n",
		        snap->step, snap->time_myr, snap->n, snapshot_plates_on_map(snap),
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
		err_print("--stats: cannot write '%s': %s", stats_name, strerror(errno));
		rc = EXIT_RUNTIME;
	}
	return rc;
}

/* "3-pangaea": the folder of planet i (from 1) of a file of planets. */
static void planet_folder(const params *p, int i, char *out, size_t len)
{
	int o = snprintf(out, len, "%d-", i + 1), dash = 1;
	for (const char *c = p->name; *c && o + 2 < (int)len && o < 48; c++) {
		char ch = *c;
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
			out[o++] = ch, dash = 0;
		else if (ch >= 'A' && ch <= 'Z')
			out[o++] = (char)(ch - 'A' + 'a'), dash = 0;
		else if (!dash)
			out[o++] = '-', dash = 1;
	}
	while (o > 0 && out[o - 1] == '-')
		o--;
	out[o] = 0;
	if (!strchr(out, '-'))
		snprintf(out + o, len - (size_t)o, "-planet");
}

/* A file of planets: each runs alone and writes into its own folder under
 * -o (maps, and --stats and --save by their file name). */
static int run_planets(const run_opts *o, const params *prm, int count, unsigned mask,
                       int want_maps)
{
	int stats_file = o->stats_path && strcmp(o->stats_path, "-");
	if ((stats_file && strchr(o->stats_path, '/')) || (o->save_path && strchr(o->save_path, '/'))) {
		err_print("a file of %d planets: --stats and --save name a file in each planet's "
		          "folder, without '/'", count);
		return EXIT_USAGE;
	}
	const char *base = o->outdir ? o->outdir : ".";
	int writes = want_maps || stats_file || o->save_path;
	for (int i = 0; i < count; i++) {
		char sub[64], dir[PATH_MAX], stats[PATH_MAX], save[PATH_MAX];
		planet_folder(&prm[i], i, sub, sizeof sub);
		if (snprintf(dir, sizeof dir, "%s/%s", base, sub) >= (int)sizeof dir ||
		    (stats_file && snprintf(stats, sizeof stats, "%s/%s", dir, o->stats_path) >= (int)sizeof stats) ||
		    (o->save_path && snprintf(save, sizeof save, "%s/%s", dir, o->save_path) >= (int)sizeof save)) {
			err_print("-o: the path of '%s' is too long", sub);
			return EXIT_USAGE;
		}
		if (writes && ((mkdir(base, 0777) < 0 && errno != EEXIST) ||
		               (mkdir(dir, 0777) < 0 && errno != EEXIST))) {
			char b[OUTFILE_SHOWN];
			err_print("-o: cannot create '%s': %s", outfile_shown(dir, b), strerror(errno));
			return EXIT_RUNTIME;
		}
		run_opts one = *o;
		one.outdir = want_maps ? dir : NULL;
		one.stats_path = stats_file ? stats : o->stats_path;
		one.save_path = o->save_path ? save : NULL;
		if (!o->quiet)
			fprintf(o->stats_path && !stats_file ? stderr : stdout, "planet %d of %d: %s%s%s\n",
			        i + 1, count, prm[i].name, writes ? " -> " : "", writes ? dir : "");
		int rc = run_one(&one, &prm[i], mask, want_maps);
		if (rc)
			return rc;
	}
	return EXIT_OK;
}

/* --seeds A..B: each seed runs exactly as `run -s N -o DIR/seed-N` would
 * (its scenario loaded for that seed: ranges draw from it), with --stats and
 * --save named in each seed's folder; DIR/summary-A-B.jsonl gets the final
 * --stats line of every seed, in order (a name of its own, so shards of a
 * batch over several machines never overwrite each other's). */
static int run_seeds(const run_opts *o, unsigned mask, int want_maps)
{
	int stats_file = o->stats_path && strcmp(o->stats_path, "-");
	if ((stats_file && strchr(o->stats_path, '/')) || (o->save_path && strchr(o->save_path, '/'))) {
		err_print("--seeds: --stats and --save name a file in each seed's folder, without '/'");
		return EXIT_USAGE;
	}
	const char *base = o->outdir ? o->outdir : ".";
	char err[1024] = "", summary_path[PATH_MAX];
	/* the scenario first: a bad one must leave every output untouched */
	params *first = malloc(SCENARIO_MAX_PLANETS * sizeof *first);
	int planets = 1;
	uint64_t seed0 = o->seed_first;
	int rc = first ? cli_load_planets(o->scenario, &seed0, first, SCENARIO_MAX_PLANETS, &planets)
	               : EXIT_RUNTIME;
	if (rc == EXIT_OK && cli_override_apply(first, o->sets, o->nsets) != 0)
		rc = EXIT_USAGE;
	free(first);
	if (rc)
		return rc;
	if (snprintf(summary_path, sizeof summary_path, "%s/summary-%" PRIu64 "-%" PRIu64 ".jsonl",
	             base, o->seed_first, o->seed_last) >= (int)sizeof summary_path ||
	    export_prepare_dir(base, err, sizeof err) < 0 ||
	    outfile_check(summary_path, err, sizeof err) < 0) {
		err_print("-o: %s", err[0] ? err : "the path is too long");
		return EXIT_RUNTIME;
	}
	char *text = NULL;
	size_t len = 0;
	FILE *summary = open_memstream(&text, &len);
	params *prm = malloc(SCENARIO_MAX_PLANETS * sizeof *prm);
	if (!summary || !prm) {
		if (summary)
			fclose(summary);
		free(text);
		free(prm);
		err_print("out of memory");
		return EXIT_RUNTIME;
	}
	uint64_t count = o->seed_last - o->seed_first + 1, i = 0;
	for (uint64_t seed = o->seed_first; rc == EXIT_OK; seed++, i++) {
		rc = cli_load_planets(o->scenario, &seed, prm, SCENARIO_MAX_PLANETS, &planets);
		if (rc == EXIT_OK && cli_override_apply(prm, o->sets, o->nsets) != 0)
			rc = EXIT_USAGE;
		if (rc == EXIT_OK && planets > 1) {
			err_print("--seeds: '%s' holds %d planets; give a scenario of one", o->scenario, planets);
			rc = EXIT_USAGE;
		}
		if (rc)
			break;
		char dir[PATH_MAX], stats[PATH_MAX], save[PATH_MAX];
		if (snprintf(dir, sizeof dir, "%s/seed-%" PRIu64, base, seed) >= (int)sizeof dir ||
		    (stats_file && snprintf(stats, sizeof stats, "%s/%s", dir, o->stats_path) >= (int)sizeof stats) ||
		    (o->save_path && snprintf(save, sizeof save, "%s/%s", dir, o->save_path) >= (int)sizeof save)) {
			err_print("-o: the path of seed %" PRIu64 " is too long", seed);
			rc = EXIT_USAGE;
			break;
		}
		if (export_prepare_dir(dir, err, sizeof err) < 0) {
			err_print("-o: %s", err);
			rc = EXIT_RUNTIME;
			break;
		}
		run_opts one = *o;
		one.outdir = want_maps ? dir : NULL;
		one.stats_path = stats_file ? stats : o->stats_path;
		one.save_path = o->save_path ? save : NULL;
		one.summary = summary;
		if (!o->quiet)
			fprintf(o->stats_path && !stats_file ? stderr : stdout,
			        "seed %" PRIu64 " (%" PRIu64 " of %" PRIu64 ") -> %s\n", seed, i + 1, count, dir);
		rc = run_one(&one, prm, mask, want_maps);
		if (seed == o->seed_last)
			break;
	}
	free(prm);
	int ok = fclose(summary) == 0;
	if (rc == EXIT_OK && (!ok || outfile_write_all(summary_path, text, len, err, sizeof err) < 0)) {
		err_print("--seeds: %s", ok ? err : "out of memory");
		rc = EXIT_RUNTIME;
	}
	if (rc == EXIT_OK && !o->quiet)
		fprintf(o->stats_path && !stats_file ? stderr : stdout, "summary of %" PRIu64
		        " seeds written to %s\n", count, summary_path);
	free(text);
	return rc;
}

/* --sweep KEY=V1,V2,...: the scenario (for -s's seed) once per value, into
 * DIR/KEY-VALUE/, each exactly as `run --set KEY=VALUE -o DIR/KEY-VALUE`
 * would; DIR/summary-KEY.jsonl gets every run's final --stats line. */
static int run_sweep(const run_opts *o, const params *base_prm, unsigned mask, int want_maps)
{
	int stats_file = o->stats_path && strcmp(o->stats_path, "-");
	if ((stats_file && strchr(o->stats_path, '/')) || (o->save_path && strchr(o->save_path, '/'))) {
		err_print("--sweep: --stats and --save name a file in each run's folder, without '/'");
		return EXIT_USAGE;
	}
	const char *key = o->sweep[0].def->path, *base = o->outdir ? o->outdir : ".";
	params prm[1];
	/* every value checked before anything is written */
	for (int i = 0; i < o->nsweep; i++) {
		prm[0] = *base_prm;
		if (cli_override_apply(prm, &o->sweep[i], 1) != 0)
			return EXIT_USAGE;
	}
	char err[1024] = "", summary_path[PATH_MAX];
	if (snprintf(summary_path, sizeof summary_path, "%s/summary-%s.jsonl", base, key) >=
	        (int)sizeof summary_path ||
	    export_prepare_dir(base, err, sizeof err) < 0 ||
	    outfile_check(summary_path, err, sizeof err) < 0) {
		err_print("-o: %s", err[0] ? err : "the path is too long");
		return EXIT_RUNTIME;
	}
	char *text = NULL;
	size_t len = 0;
	FILE *summary = open_memstream(&text, &len);
	if (!summary) {
		err_print("out of memory");
		return EXIT_RUNTIME;
	}
	int rc = EXIT_OK;
	for (int i = 0; i < o->nsweep && rc == EXIT_OK; i++) {
		prm[0] = *base_prm;
		cli_override_apply(prm, &o->sweep[i], 1);
		char dir[PATH_MAX], stats[PATH_MAX], save[PATH_MAX];
		if (snprintf(dir, sizeof dir, "%s/%s-%s", base, key, o->sweep[i].text) >= (int)sizeof dir ||
		    strchr(o->sweep[i].text, '/') ||
		    (stats_file && snprintf(stats, sizeof stats, "%s/%s", dir, o->stats_path) >= (int)sizeof stats) ||
		    (o->save_path && snprintf(save, sizeof save, "%s/%s", dir, o->save_path) >= (int)sizeof save)) {
			err_print("--sweep: cannot name a folder for %s=%s", key, o->sweep[i].text);
			rc = EXIT_USAGE;
			break;
		}
		if (export_prepare_dir(dir, err, sizeof err) < 0) {
			err_print("-o: %s", err);
			rc = EXIT_RUNTIME;
			break;
		}
		run_opts one = *o;
		one.outdir = want_maps ? dir : NULL;
		one.stats_path = stats_file ? stats : o->stats_path;
		one.save_path = o->save_path ? save : NULL;
		one.summary = summary;
		if (!o->quiet)
			fprintf(o->stats_path && !stats_file ? stderr : stdout, "%s=%s (%d of %d) -> %s\n",
			        key, o->sweep[i].text, i + 1, o->nsweep, dir);
		rc = run_one(&one, prm, mask, want_maps);
	}
	int ok = fclose(summary) == 0;
	if (rc == EXIT_OK && (!ok || outfile_write_all(summary_path, text, len, err, sizeof err) < 0)) {
		err_print("--sweep: %s", ok ? err : "out of memory");
		rc = EXIT_RUNTIME;
	}
	if (rc == EXIT_OK && !o->quiet)
		fprintf(o->stats_path && !stats_file ? stderr : stdout, "summary of %d runs written to %s\n",
		        o->nsweep, summary_path);
	free(text);
	return rc;
}

/* A run, a sweep or the planets of a file (not a batch of seeds). */
static int run_loaded(run_opts *o, unsigned mask, int want_maps)
{
	int rc;
	/* the inputs first: a bad scenario must leave every output untouched */
	params *prm = malloc(SCENARIO_MAX_PLANETS * sizeof *prm);
	int count = 1;
	if (!prm) {
		err_print("out of memory");
		return EXIT_RUNTIME;
	}
	if (!o->load_path) {
		rc = cli_load_planets(o->scenario, o->seed_set ? &o->seed : NULL, prm,
		                      SCENARIO_MAX_PLANETS, &count);
		for (int i = 0; rc == EXIT_OK && i < count; i++)
			if (cli_override_apply(&prm[i], o->sets, o->nsets) != 0)
				rc = EXIT_USAGE;
		if (rc == EXIT_OK && o->nsweep && count > 1) {
			err_print("--sweep: '%s' holds %d planets; give a scenario of one", o->scenario, count);
			rc = EXIT_USAGE;
		}
		if (rc) {
			free(prm);
			return rc;
		}
	}
	rc = o->nsweep ? run_sweep(o, prm, mask, want_maps)
	   : count > 1 ? run_planets(o, prm, count, mask, want_maps)
	               : run_one(o, o->load_path ? NULL : prm, mask, want_maps);
	free(prm);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	run_opts o;
	int rc = parse_run(argc, argv, &o);
	if (rc)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;

	unsigned mask = 0;
	char err[1024] = "", scenario_buf[PRESET_PATH_MAX];
	if (o.scenario && cli_scenario_path(o.scenario, scenario_buf, sizeof scenario_buf,
	                                    &o.scenario))
		return EXIT_USAGE;
	int want_maps = o.outdir || o.exports || o.every;
	if (want_maps && export_parse_list(o.exports ? o.exports : DEFAULT_EXPORTS, &mask, err, sizeof err) < 0) {
		err_print("-e: %s", err);
		return EXIT_USAGE;
	}
	/* the terrain is read once, for every planet of the run */
	heightfield terrain = {0};
	if (o.import_path) {
		int bad = heightmap_read(o.import_path, &o.import, &terrain, err, sizeof err);
		if (bad) {
			err_print("--import: %s", err);
			return bad == -1 ? EXIT_USAGE : EXIT_RUNTIME;
		}
		o.terrain = &terrain;
		/* named by content in the exports' provenance */
		export_import *note = &o.import_note;
		if (sha256_file(o.import_path, note->sha256, &note->bytes, err, sizeof err) < 0) {
			free((void *)terrain.m);
			err_print("--import: %s", err);
			return EXIT_RUNTIME;
		}
		note->file = o.import_path;
		note->has_mapping = o.import.has_mapping;
		note->scale = o.import.scale;
		note->offset = o.import.offset;
	}
	rc = o.seeds_set ? run_seeds(&o, mask, want_maps) : run_loaded(&o, mask, want_maps);
	free((void *)terrain.m);
	return rc;
}
