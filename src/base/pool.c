/* pool.c: worker threads that take chunk numbers from a shared counter.
 *
 * A job is announced by bumping a generation counter; chunks are claimed
 * with an atomic counter; which thread runs a chunk does not matter because
 * a chunk's result depends only on its bounds. A step runs some thirty
 * short jobs with short serial work between them, so both sides spin a
 * little before they sleep: a worker watches the generation for the next
 * job, the caller watches the count of workers still busy. Waking a
 * sleeping thread on another (virtual) CPU costs tens of microseconds per
 * job each way. After the spin they block on one mutex and two condition
 * variables: `start` for a new job (or quit), `done` for the last worker
 * leaving a job. Workers block the signals the UI thread handles. */
#include "pool.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

/* Spin iterations before blocking: a few tens of microseconds. */
#define POOL_SPIN 4000

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

struct pool {
	int threads;
	pthread_t *tid;
	pthread_mutex_t lock;
	pthread_cond_t start, done;
	atomic_ulong generation;     /* bumped (release) when a job is set up */
	atomic_int quit;
	/* the current job */
	pool_fn fn;
	void *ctx;
	int n, grain, chunks;
	atomic_int next_chunk;
	atomic_int busy;        /* workers still inside the job */
};

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

/* Wait for a job after `seen`: spin, then sleep. 0: a job; -1: quit. */
static int wait_job(pool_t *p, unsigned long seen)
{
	for (int i = 0; i < POOL_SPIN; i++) {
		if (atomic_load_explicit(&p->generation, memory_order_acquire) != seen)
			return 0;
		if (atomic_load_explicit(&p->quit, memory_order_relaxed))
			return -1;
		cpu_relax();
	}
	pthread_mutex_lock(&p->lock);
	while (!atomic_load(&p->quit) && atomic_load(&p->generation) == seen)
		pthread_cond_wait(&p->start, &p->lock);
	pthread_mutex_unlock(&p->lock);
	return atomic_load(&p->quit) ? -1 : 0;
}

static void *worker_main(void *arg)
{
	pool_t *p = arg;
	unsigned long seen = 0;
	while (wait_job(p, seen) == 0) {
		seen = atomic_load_explicit(&p->generation, memory_order_acquire);
		run_chunks(p);
		if (atomic_fetch_sub_explicit(&p->busy, 1, memory_order_acq_rel) == 1) {
			/* the last one out: the caller may be asleep */
			pthread_mutex_lock(&p->lock);
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
	atomic_init(&p->next_chunk, 0);
	atomic_init(&p->generation, 0);
	atomic_init(&p->quit, 0);
	atomic_init(&p->busy, 0);
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
	/* every worker left the last job before it ended: the fields are ours */
	p->fn = fn;
	p->ctx = ctx;
	p->n = n;
	p->grain = grain;
	p->chunks = chunks;
	atomic_store_explicit(&p->next_chunk, 0, memory_order_relaxed);
	atomic_store_explicit(&p->busy, p->threads - 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&p->generation, 1, memory_order_release);
	/* workers past their spin sleep on `start`; they test the generation
	 * under the lock, so taking it here cannot slip between test and wait */
	pthread_mutex_lock(&p->lock);
	pthread_cond_broadcast(&p->start);
	pthread_mutex_unlock(&p->lock);

	run_chunks(p);

	for (int i = 0; i < POOL_SPIN; i++) {
		if (atomic_load_explicit(&p->busy, memory_order_acquire) == 0)
			return;
		cpu_relax();
	}
	pthread_mutex_lock(&p->lock);
	while (atomic_load_explicit(&p->busy, memory_order_acquire) > 0)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}
