/* pool.c: worker threads that take chunk numbers from a shared counter.
 *
 * One mutex and two condition variables: `start` wakes the workers for a new
 * job (generation counter), `done` tells the caller the last chunk finished.
 * Chunks are claimed with an atomic counter; which thread runs a chunk does not
 * matter because a chunk's result depends only on its bounds. Workers block
 * the signals the UI thread handles. */
#include "pool.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

struct pool {
	int threads;
	pthread_t *tid;
	pthread_mutex_t lock;
	pthread_cond_t start, done;
	unsigned long generation;
	int quit;
	/* the current job */
	pool_fn fn;
	void *ctx;
	int n, grain, chunks;
	atomic_int next_chunk;
	int busy;               /* workers still inside the job (under lock) */
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

static void *worker_main(void *arg)
{
	pool_t *p = arg;
	unsigned long seen = 0;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->quit && p->generation == seen)
			pthread_cond_wait(&p->start, &p->lock);
		if (p->quit)
			break;
		seen = p->generation;
		pthread_mutex_unlock(&p->lock);
		run_chunks(p);
		pthread_mutex_lock(&p->lock);
		if (--p->busy == 0)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
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
		p->quit = 1;
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
	pthread_mutex_lock(&p->lock);
	p->fn = fn;
	p->ctx = ctx;
	p->n = n;
	p->grain = grain;
	p->chunks = chunks;
	atomic_store(&p->next_chunk, 0);
	p->busy = p->threads - 1;
	p->generation++;
	pthread_cond_broadcast(&p->start);
	pthread_mutex_unlock(&p->lock);

	run_chunks(p);

	pthread_mutex_lock(&p->lock);
	while (p->busy > 0)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}
