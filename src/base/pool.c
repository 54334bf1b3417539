/* pool.c: worker threads that take chunk numbers from a shared counter.
 *
 * A job is published by bumping a generation counter; chunks are claimed
 * with an atomic counter, and which thread runs a chunk does not matter
 * because a chunk's result depends only on its bounds. Between jobs a
 * worker spins on the generation for a short while before it sleeps on a
 * condition variable, and the caller spins on the count of busy workers
 * before it sleeps: a step runs some thirty jobs a few hundred
 * microseconds apart, and waking a sleeping thread on a virtual machine
 * took about 20 us a job, most of a small job's time (bench/RESULTS.md).
 * The mutex guards only the sleeping. Workers block the signals the UI
 * thread handles. */
#include "pool.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* How long a thread spins before it sleeps: a few jobs' gaps within a
 * step, short enough that an idle pool (a paused dashboard) sleeps at
 * once as far as anyone can tell. */
#define SPIN_NS 100000L

struct pool {
	int threads;
	pthread_t *tid;
	pthread_mutex_t lock;
	pthread_cond_t start, done;
	atomic_ulong generation;    /* bumped (release) once a job is set up */
	atomic_int quit;
	/* the current job: written before the generation is bumped */
	pool_fn fn;
	void *ctx;
	int n, grain, chunks;
	atomic_int next_chunk;
	atomic_int busy;            /* workers still inside the job */
	long spin_ns;               /* 0 with more threads than processors */
	int sleepers;               /* workers waiting on start (under lock) */
	int caller_sleeps;          /* the caller waits on done (under lock) */
};

static long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* A spin's deadline, set at its first turn. */
typedef struct spin { long until; int turns; } spin;

/* One more turn of a spin: false once p->spin_ns have passed (or p does
 * not spin). The clock is read every 64 turns: it costs a call. */
static bool spin_on(const pool_t *p, spin *s)
{
	if (p->spin_ns <= 0)
		return false;
	if ((s->turns++ & 63) == 0) {
		long t = now_ns();
		if (!s->until)
			s->until = t + p->spin_ns;
		else if (t > s->until)
			return false;
	}
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
	return true;
}

/* Claim and run chunks until none are left. */
static void run_chunks(pool_t *p)
{
	for (;;) {
		int c = atomic_fetch_add(&p->next_chunk, 1);
		if (c >= p->chunks)
			return;
		int b = c * p->grain;
		int e = b + p->grain < p->n ? b + p->grain : p->n;
		p->fn(p->ctx, b, e, c);
	}
}

/* The next generation after `seen`, spinning for a while, then asleep. */
static unsigned long next_job(pool_t *p, unsigned long seen)
{
	spin s = {0, 0};
	do {
		unsigned long g = atomic_load(&p->generation);
		if (g != seen || atomic_load(&p->quit))
			return g;
	} while (spin_on(p, &s));
	pthread_mutex_lock(&p->lock);
	unsigned long g;
	while ((g = atomic_load(&p->generation)) == seen && !atomic_load(&p->quit)) {
		p->sleepers++;
		pthread_cond_wait(&p->start, &p->lock);
		p->sleepers--;
	}
	pthread_mutex_unlock(&p->lock);
	return g;
}

static void *worker_main(void *arg)
{
	pool_t *p = arg;
	unsigned long seen = 0;
	for (;;) {
		seen = next_job(p, seen);
		if (atomic_load(&p->quit))
			break;
		run_chunks(p);
		if (atomic_fetch_sub(&p->busy, 1) == 1) {
			/* the last worker out wakes a caller that went to sleep */
			pthread_mutex_lock(&p->lock);
			if (p->caller_sleeps)
				pthread_cond_signal(&p->done);
			pthread_mutex_unlock(&p->lock);
		}
	}
	return NULL;
}

pool_t *pool_new(int threads)
{
	if (threads < 1)
		threads = 1;
	pool_t *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->threads = threads;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->start, NULL);
	pthread_cond_init(&p->done, NULL);
	atomic_init(&p->generation, 0);
	atomic_init(&p->quit, 0);
	atomic_init(&p->next_chunk, 0);
	atomic_init(&p->busy, 0);
	/* spinning threads beyond the processors would take the time of the
	 * ones with work (-j 3 on two cores, as the tests run) */
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	p->spin_ns = cpus >= threads ? SPIN_NS : 0;
	if (threads > 1) {
		p->tid = calloc((size_t)threads - 1, sizeof *p->tid);
		if (!p->tid) {
			pool_free(p);
			return NULL;
		}
		sigset_t block, old;
		sigfillset(&block);
		pthread_sigmask(SIG_BLOCK, &block, &old);
		for (int i = 0; i < threads - 1; i++) {
			if (pthread_create(&p->tid[i], NULL, worker_main, p) != 0) {
				p->threads = i + 1;
				pthread_sigmask(SIG_SETMASK, &old, NULL);
				pool_free(p);
				return NULL;
			}
		}
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	return p;
}

void pool_free(pool_t *p)
{
	if (!p)
		return;
	if (p->tid) {
		pthread_mutex_lock(&p->lock);
		atomic_store(&p->quit, 1);
		pthread_cond_broadcast(&p->start);
		pthread_mutex_unlock(&p->lock);
		for (int i = 0; i < p->threads - 1; i++)
			pthread_join(p->tid[i], NULL);
		free(p->tid);
	}
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->start);
	pthread_cond_destroy(&p->done);
	free(p);
}

int pool_threads(const pool_t *p)
{
	return p ? p->threads : 1;
}

void pool_for(pool_t *p, int n, int grain, pool_fn fn, void *ctx)
{
	if (n <= 0)
		return;
	if (grain < 1)
		grain = 1;
	int chunks = pool_chunks(n, grain);
	if (!p || p->threads == 1 || chunks == 1) {
		for (int c = 0; c < chunks; c++) {
			int b = c * grain;
			fn(ctx, b, b + grain < n ? b + grain : n, c);
		}
		return;
	}
	p->fn = fn;
	p->ctx = ctx;
	p->n = n;
	p->grain = grain;
	p->chunks = chunks;
	atomic_store(&p->next_chunk, 0);
	atomic_store(&p->busy, p->threads - 1);
	atomic_fetch_add(&p->generation, 1);   /* publishes the job above */
	/* a worker that saw no new generation under the lock is asleep by
	 * the time this lock is taken, and counted */
	pthread_mutex_lock(&p->lock);
	if (p->sleepers)
		pthread_cond_broadcast(&p->start);
	pthread_mutex_unlock(&p->lock);

	run_chunks(p);

	spin s = {0, 0};
	while (atomic_load(&p->busy) > 0 && spin_on(p, &s))
		;
	if (atomic_load(&p->busy) > 0) {
		pthread_mutex_lock(&p->lock);
		p->caller_sleeps = 1;
		while (atomic_load(&p->busy) > 0)
			pthread_cond_wait(&p->done, &p->lock);
		p->caller_sleeps = 0;
		pthread_mutex_unlock(&p->lock);
	}
}
