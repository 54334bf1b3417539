/* pool.h: a fixed pool of worker threads for the data-parallel loops of a step.
 *
 * Work is cut into chunks whose bounds depend only on n and the chunk size,
 * never on the number of threads, and per-chunk partial results are combined
 * by the caller in chunk order. That is what makes a step bit-identical for
 * -j1, -j2 and -j8. A NULL pool runs everything on the calling thread. */
#ifndef TECTONICA_POOL_H
#define TECTONICA_POOL_H

typedef struct pool pool_t;

/* fn handles [begin, end) as chunk number `chunk`. */
typedef void (*pool_fn)(void *ctx, int begin, int end, int chunk);

/* threads >= 1 (the caller counts as one of them). NULL if threads can't start. */
pool_t *pool_new(int threads);
void pool_free(pool_t *p);
int pool_threads(const pool_t *p);

/* Number of chunks pool_for will use for n items of `grain` each. */
static inline int pool_chunks(int n, int grain) { return n <= 0 ? 0 : (n + grain - 1) / grain; }

/* Run fn over [0, n) in chunks of `grain` items; returns when all are done. */
void pool_for(pool_t *p, int n, int grain, pool_fn fn, void *ctx);

#endif
