/* err.h: how the program reports an error to the user. */
#ifndef TECTONICA_ERR_H
#define TECTONICA_ERR_H

#include <stdarg.h>

/* Print "tectonica: message" and a newline to stderr. */
void err_print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same with a va_list, for functions that take a format themselves. */
void err_vprint(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
