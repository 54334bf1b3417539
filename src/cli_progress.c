/* cli_progress.c: see cli_progress.h. The line is rewritten with a carriage
 * return and padded with spaces over the previous one, so it needs nothing of
 * the terminal but \r. */
#include "cli_progress.h"

#include <unistd.h>

#include "base/clock.h"

void cli_progress_start(cli_progress *p, FILE *f, int enabled, int64_t first, long total)
{
	*p = (cli_progress){NULL, first, total, clock_s(), 0, 0};
	if (enabled && f && total > 0 && isatty(fileno(f)))
		p->f = f;
	p->last = p->t0;
}

static void clock_text(char *buf, size_t len, double s)
{
	long t = s < 0 ? 0 : s > 359999 ? 359999 : (long)(s + 0.5);
	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

void cli_progress_update(cli_progress *p, int64_t step, double time_myr)
{
	if (!p->f)
		return;
	double now = clock_s();
	long done = (long)(step - p->first);
	if (now - p->last < 0.2 && done < p->total)
		return;
	p->last = now;
	double rate = now > p->t0 ? done / (now - p->t0) : 0;
	char eta[32] = "?";
	if (rate > 0)
		clock_text(eta, sizeof eta, (p->total - done) / rate);
	char line[160];
	int n = snprintf(line, sizeof line, "step %lld/%lld (%ld%%)  %.1f Myr  %.1f steps/s  ETA %s",
	                 (long long)step, (long long)(p->first + p->total),
	                 (long)(100.0 * done / p->total), time_myr, rate, eta);
	fprintf(p->f, "\r%s%*s", line, p->shown > n ? p->shown - n : 0, "");
	fflush(p->f);
	p->shown = n;
}

void cli_progress_end(cli_progress *p)
{
	if (!p->f || !p->shown)
		return;
	fprintf(p->f, "\r%*s\r", p->shown, "");
	fflush(p->f);
	p->shown = 0;
}
