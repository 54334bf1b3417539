/* events.c: the events timeline in the dashboard (see events.h). */
#include "tui/events.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

bool events_due(const plan_event *e, int64_t step, double time_myr)
{
	if (e->when == EVENT_AT_STEP)
		return step >= e->step;
	return time_myr >= e->myr - 1e-9 * fmax(1, e->myr); /* sums of dt round */
}

void events_describe(const plan_event *e, char *buf, size_t n)
{
	char when[32];
	if (e->when == EVENT_AT_STEP)
		snprintf(when, sizeof when, "step %d", e->step);
	else
		snprintf(when, sizeof when, "%g Myr", e->myr);
	switch (e->kind) {
	case EVENT_RIFT:
		if (e->plate == EVENT_PLATE_LARGEST)
			snprintf(buf, n, "%s: rift largest plate", when);
		else if (e->plate == EVENT_PLATE_AT)
			snprintf(buf, n, "%s: rift plate at %.0f%c %.0f%c", when, fabs(e->lat),
			         e->lat >= 0 ? 'N' : 'S', fabs(e->lon), e->lon >= 0 ? 'E' : 'W');
		else
			snprintf(buf, n, "%s: rift plate %d", when, e->plate);
		break;
	case EVENT_SET: {
		const param_def *d = &param_table[e->param];
		/* the key without its section: the status line and the time bar
		 * have little room */
		const char *key = strrchr(d->path, '.') ? strrchr(d->path, '.') + 1 : d->path;
		char over[32] = "";
		if (e->over_myr > 0)
			snprintf(over, sizeof over, " over %g Myr", e->over_myr);
		if (d->nullable && e->value < 0)
			snprintf(buf, n, "%s: %s off%s", when, key, over);
		else
			snprintf(buf, n, "%s: %s = %g%s", when, key, e->value, over);
		break;
	}
	case EVENT_MOTION:
		snprintf(buf, n, "%s: plate %d turns (%.3g cm/yr)", when, e->plate, e->speed_cm_yr);
		break;
	default:
		snprintf(buf, n, "%s: pause (%s)", when, e->text);
		break;
	}
}

int events_passed(const params *p, int64_t step0, double time0, int64_t step1, double time1,
                  char *buf, size_t n)
{
	int count = 0;
	if (step1 <= step0)
		return 0;
	for (int i = 0; i < p->event_count; i++) {
		const plan_event *e = &p->events[i];
		if (e->kind == EVENT_PAUSE || events_due(e, step0, time0) || !events_due(e, step1, time1))
			continue;
		events_describe(e, buf, n);
		count++;
	}
	return count;
}
