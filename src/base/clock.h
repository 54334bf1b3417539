/* clock.h: a monotonic wall clock, for phase timings and `tectonica bench`. */
#ifndef TECTONICA_CLOCK_H
#define TECTONICA_CLOCK_H

/* Monotonic clock in milliseconds. */
double clock_ms(void);

#endif
