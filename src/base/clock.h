/* clock.h: a monotonic wall clock, for phase timings and `tectonica bench`. */
#ifndef TECTONICA_CLOCK_H
#define TECTONICA_CLOCK_H

/* Monotonic clock in milliseconds. */
double clock_ms(void);
/* Monotonic clock in seconds (the dashboard's timers). */
double clock_s(void);

#endif
