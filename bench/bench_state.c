/* bench_state: is zlib worth it for state files? For a planet of the
 * default scenario at the given level after STEPS steps: the state file's
 * size and the time to save and load it as written now (raw), and what zlib
 * at levels 1 and 6 would make of the payload (size, compress and
 * uncompress time, on top of saving and loading). Best of 5 runs each.
 * usage: bench_state [LEVEL [STEPS]] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "base/clock.h"
#include "base/pool.h"
#include "core/planet.h"
#include "core/planet_state.h"
#include "io/scenario.h"
#include "io/state.h"

#define RUNS 5

int main(int argc, char **argv)
{
	int level = argc > 1 ? atoi(argv[1]) : 6, steps = argc > 2 ? atoi(argv[2]) : 100;
	params p;
	char *errors = NULL, err[512] = "";
	if (scenario_load_default(&p, &errors) != 0)
		params_default(&p);
	free(errors);
	p.level = level;
	pool_t *pool = pool_new(1);
	planet_t *pl = planet_new(&p, pool, err, sizeof err);
	if (!pl) {
		fprintf(stderr, "bench_state: %s\n", err);
		return 1;
	}
	for (int i = 0; i < steps; i++)
		planet_step(pl, err, sizeof err);
	char path[64];
	snprintf(path, sizeof path, "/tmp/bench-state-%ld.state", (long)getpid());
	double save = 1e9, load = 1e9;
	for (int r = 0; r < RUNS; r++) {
		double t0 = clock_ms();
		state_save(pl, path, err, sizeof err);
		double t1 = clock_ms();
		int bad = 0;
		planet_t *q = state_load(path, pool, &bad, err, sizeof err);
		double t2 = clock_ms();
		planet_free(q);
		save = t1 - t0 < save ? t1 - t0 : save;
		load = t2 - t1 < load ? t2 - t1 : load;
	}
	struct stat st;
	stat(path, &st);
	unlink(path);
	uint8_t *raw;
	size_t len;
	planet_serialize(pl, &raw, &len);
	printf("level %d (%d cells), %d steps: raw %.2f MB, save %.1f ms, load %.1f ms\n", level,
	       planet_grid(pl)->n, steps, st.st_size / 1e6, save, load);
	uLongf cap = compressBound(len);
	uint8_t *z = malloc(cap), *back = malloc(len);
	int zl[] = {1, 6};
	for (int i = 0; i < 2; i++) {
		double ct = 1e9, ut = 1e9;
		uLongf zlen = 0;
		for (int r = 0; r < RUNS; r++) {
			zlen = cap;
			double t0 = clock_ms();
			compress2(z, &zlen, raw, len, zl[i]);
			double t1 = clock_ms();
			uLongf blen = len;
			uncompress(back, &blen, z, zlen);
			double t2 = clock_ms();
			ct = t1 - t0 < ct ? t1 - t0 : ct;
			ut = t2 - t1 < ut ? t2 - t1 : ut;
		}
		printf("  zlib %d: %.2f MB (%.2fx smaller), +%.1f ms to save, +%.1f ms to load\n", zl[i],
		       zlen / 1e6, (double)len / zlen, ct, ut);
	}
	free(z);
	free(back);
	free(raw);
	planet_free(pl);
	pool_free(pool);
	return 0;
}
