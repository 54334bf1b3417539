/* test_pool.c: the worker pool runs every chunk exactly once, with bounds
 * that do not depend on the thread count, and survives many jobs and
 * start/stop cycles. Run under ThreadSanitizer by .ci/run. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tap.h"
#include "base/pool.h"

typedef struct job {
	int *hits;          /* per item */
	double *partial;    /* per chunk */
	int *first;         /* per chunk: its first item */
} job;

static void work(void *ctx, int b, int e, int chunk)
{
	job *j = ctx;
	double s = 0;
	for (int i = b; i < e; i++) {
		j->hits[i]++;
		s += 1.0 / (1 + i);
	}
	j->partial[chunk] = s;
	j->first[chunk] = b;
}

static atomic_int calls;
static void count_calls(void *ctx, int b, int e, int chunk) { atomic_fetch_add(&calls, 1); }

/* Run n items in chunks of grain; return the ordered sum. */
static double run(pool_t *p, int n, int grain, int *all_once, int *bounds_ok)
{
	int chunks = pool_chunks(n, grain);
	job j = {calloc((size_t)n + 1, sizeof(int)), calloc((size_t)chunks + 1, sizeof(double)),
	         calloc((size_t)chunks + 1, sizeof(int))};
	pool_for(p, n, grain, work, &j);
	*all_once = 1;
	for (int i = 0; i < n; i++)
		*all_once &= j.hits[i] == 1;
	*bounds_ok = 1;
	double sum = 0;
	for (int c = 0; c < chunks; c++) {
		*bounds_ok &= j.first[c] == c * grain;
		sum += j.partial[c];
	}
	free(j.hits);
	free(j.partial);
	free(j.first);
	return sum;
}

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Between jobs the threads spin a little, then sleep: an idle pool (a
 * paused dashboard) must not keep a processor busy. Over 200 ms of
 * idleness after a job the process may use a few ms (the spin is 0.1 ms
 * a thread), not the 200-400 ms of threads that never sleep. */
static void idle_sleeps(void)
{
	pool_t *p = pool_new(2);
	if (!ok(p != NULL, "pool of 2 threads for the idle check"))
		return;
	int once, bounds;
	run(p, 100003, 777, &once, &bounds);
	double c0 = cpu_ms();
	struct timespec pause = {0, 200 * 1000 * 1000};
	nanosleep(&pause, NULL);
	double used = cpu_ms() - c0;
	ok(used < 50, "an idle pool sleeps: %.1f ms of processor time in 200 ms after a job", used);
	pool_free(p);
}

int main(void)
{
	tap_init();
	int once, bounds;
	double ref = run(NULL, 100003, 777, &once, &bounds);
	ok(once && bounds, "no pool: every item once, fixed chunk bounds");
	int threads[] = {1, 2, 3, 8};
	for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
		pool_t *p = pool_new(threads[t]);
		if (!ok(p != NULL, "pool of %d threads starts", threads[t]))
			continue;
		is_int(pool_threads(p), threads[t], "pool_threads");
		double s = run(p, 100003, 777, &once, &bounds);
		ok(once, "-j%d: every item handled exactly once", threads[t]);
		ok(bounds, "-j%d: chunk bounds independent of threads", threads[t]);
		ok(memcmp(&s, &ref, sizeof s) == 0, "-j%d: ordered reduction bit-identical", threads[t]);
		int all = 1;
		for (int k = 0; k < 300; k++) {
			run(p, 1 + k * 37, 1 + k % 50, &once, &bounds);
			all &= once && bounds;
		}
		ok(all, "-j%d: 300 jobs of varied sizes", threads[t]);
		calls = 0;
		pool_for(p, 0, 10, count_calls, NULL);
		ok(calls == 0, "-j%d: an empty job runs no chunk", threads[t]);
		pool_free(p);
	}
	int cycles = 1;
	for (int k = 0; k < 50; k++) {
		pool_t *p = pool_new(2 + k % 3);
		cycles &= p != NULL;
		pool_free(p);
	}
	ok(cycles, "50 start/stop cycles");
	idle_sleeps();
	return tap_done();
}
