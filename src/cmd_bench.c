/* cmd_bench.c: `tectonica bench`: time the step of a planet and print one
 * JSON object (cells, threads, steps, median and mean ms per step, of the
 * climate a reported step adds and per phase with that climate, generation
 * time, peak resident memory). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "cli_common.h"
#include "base/clock.h"
#include "base/err.h"
#include "base/pool.h"
#include "core/planet.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double mean(const double *v, int n)
{
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += v[i];
	return sum / n;
}

/* sorts v: take the mean first */
static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int cmd_bench(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"level", required_argument, NULL, 'l'},
		{"steps", required_argument, NULL, 'n'},
		{"warmup", required_argument, NULL, 'w'},
		{"threads", required_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	long level = -1, steps = 20, warmup = 2, threads = cli_default_threads();
	const char *scenario = NULL;
	optind = 1;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":l:n:w:j:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'l':
			if (cli_parse_long(optarg, 0, 9, &level) < 0)
				return cli_bad("--level: expected 0 to 9, got '%s'", optarg), EXIT_USAGE;
			break;
		case 'n':
			if (cli_parse_long(optarg, 1, 100000, &steps) < 0)
				return cli_bad("--steps: expected 1 to 100000, got '%s'", optarg), EXIT_USAGE;
			break;
		case 'w':
			if (cli_parse_long(optarg, 0, 100000, &warmup) < 0)
				return cli_bad("--warmup: expected 0 to 100000, got '%s'", optarg), EXIT_USAGE;
			break;
		case 'j': {
			int t;
			if (cli_opt_threads(optarg, &t) < 0)
				return EXIT_USAGE;
			threads = t;
			break;
		}
		case 'h':
			puts("usage: tectonica bench [SCENARIO] [--level L] [--steps N] [--warmup N] [-j THREADS]");
			return EXIT_OK;
		case ':':
			return cli_bad("option '%s' needs a value", argv[optind - 1]), EXIT_USAGE;
		default:
			return cli_bad("unknown option '%s'", argv[optind - 1]), EXIT_USAGE;
		}
	}
	if (optind < argc)
		scenario = argv[optind++];
	if (optind < argc)
		return cli_bad("unexpected argument '%s'", argv[optind]), EXIT_USAGE;

	params prm;
	int rc = cli_load_scenario(scenario, &prm);
	if (rc)
		return rc;
	if (level >= 0) {
		prm.grid = GRID_GOLDBERG;
		prm.level = (int)level;
	}
	pool_t *pool = pool_new((int)threads);
	if (!pool) {
		err_print("cannot start %ld threads", threads);
		return EXIT_RUNTIME;
	}
	char err[512] = "";
	double t0 = clock_ms();
	planet_t *pl = planet_new(&prm, pool, err, sizeof err);
	double gen_ms = clock_ms() - t0;
	if (!pl) {
		err_print("%s", err);
		pool_free(pool);
		return EXIT_RUNTIME;
	}
	double *total = calloc((size_t)steps, sizeof *total);
	double *climate = calloc((size_t)steps, sizeof *climate);
	double *phase = calloc((size_t)steps * PHASE_COUNT, sizeof *phase);
	if (!total || !climate || !phase) {
		err_print("out of memory");
		rc = EXIT_RUNTIME;
		goto out;
	}
	/* untimed steps first: two for first-touch page faults and pool
	 * growth; a few hundred to time a grown planet (step 0 has a dozen
	 * plates, a few hundred Myr later there are about fifty) */
	for (long i = 0; i < warmup; i++)
		if (planet_step(pl, err, sizeof err) < 0)
			goto fail;
	for (long i = 0; i < steps; i++) {
		double t = clock_ms();
		if (planet_step(pl, err, sizeof err) < 0)
			goto fail;
		total[i] = clock_ms() - t;
		/* what a step costs when it is looked at (dashboard, --stats,
		 * exports): temperature, rain and biomes are made on demand */
		t = clock_ms();
		planet_update_climate(pl);
		climate[i] = clock_ms() - t;
		for (int p = 0; p < PHASE_COUNT; p++)
			phase[p * steps + i] = planet_phase_ms(pl, p);
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	/* medians for the typical step; means as well, because periodic work
	 * (the force balance every 4 steps, the subducted-floor sweep every 8)
	 * is part of the cost but invisible in a median */
	double mean_total = mean(total, (int)steps), mean_climate = mean(climate, (int)steps);
	double phase_mean[PHASE_COUNT];
	for (int p = 0; p < PHASE_COUNT; p++)
		phase_mean[p] = mean(phase + p * steps, (int)steps);
	printf("{\"cells\":%d,\"threads\":%ld,\"steps\":%ld,\"warmup\":%ld,\"plates\":%d,\"generate_ms\":%.2f,"
	       "\"ms_per_step\":%.3f,\"mean_ms_per_step\":%.3f,"
	       "\"climate_ms\":%.3f,\"mean_climate_ms\":%.3f,\"phase_ms\":{",
	       planet_grid(pl)->n, threads, steps, warmup, planet_plate_count(pl), gen_ms, median(total, (int)steps),
	       mean_total, median(climate, (int)steps), mean_climate);
	for (int p = 0; p < PHASE_COUNT; p++)
		printf("%s\"%s\":%.3f", p ? "," : "", planet_phase_name(p),
		       median(phase + p * steps, (int)steps));
	printf("},\"phase_mean_ms\":{");
	for (int p = 0; p < PHASE_COUNT; p++)
		printf("%s\"%s\":%.3f", p ? "," : "", planet_phase_name(p), phase_mean[p]);
	printf("},\"peak_rss_mb\":%.1f}\n", ru.ru_maxrss / 1024.0);
	rc = EXIT_OK;
	goto out;
fail:
	err_print("%s", err);
	rc = EXIT_RUNTIME;
out:
	free(total);
	free(climate);
	free(phase);
	planet_free(pl);
	pool_free(pool);
	return rc;
}
