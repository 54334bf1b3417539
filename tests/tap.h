/* tap.h: a tiny TAP producer for unit tests (automake's tap-driver reads it).
 * Line-buffered so a crash still leaves every finished line in the log. */
#ifndef TECTONICA_TAP_H
#define TECTONICA_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

static int tap_count, tap_failed;

static inline void tap_init(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;
	tap_count++;
	printf("%s %d - ", cond ? "ok" : "not ok", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond)
		tap_failed++;
	return cond;
}

static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* Print the plan last ("1..N" may trail the results in TAP). */
static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#define ok(cond, ...) tap_ok(!!(cond), __VA_ARGS__)
#define is_int(got, want, name) \
	tap_ok((long long)(got) == (long long)(want), "%s (got %lld, want %lld)", name, \
	       (long long)(got), (long long)(want))
#define is_near(got, want, tol, name) \
	tap_ok(fabs((double)(got) - (double)(want)) <= (tol), "%s (got %.9g, want %.9g +- %g)", \
	       name, (double)(got), (double)(want), (double)(tol))

#endif
