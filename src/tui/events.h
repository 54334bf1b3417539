/* events.h: the scenario's events timeline (params.events) as the
 * dashboard shows it: marks on the History panel's time bar, a line in the
 * status line when the time on screen passes one. */
#ifndef TECTONICA_TUI_EVENTS_H
#define TECTONICA_TUI_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/params.h"

/* Whether e is due at a step boundary at this step and time: the rule of
 * core/timeline.c, so the marks sit where the events fire. */
bool events_due(const plan_event *e, int64_t step, double time_myr);
/* "200 Myr: rift largest plate" in buf. */
void events_describe(const plan_event *e, char *buf, size_t n);
/* The events of p that came due after (step0, time0) and by (step1, time1)
 * (going forward), pause events left out (the stepper says those itself):
 * the last of them described in buf; returns how many. */
int events_passed(const params *p, int64_t step0, double time0, int64_t step1, double time1,
                  char *buf, size_t n);

#endif
