/* err.c: error messages in the one format every command uses. */
#include <stdarg.h>
#include <stdio.h>

#include "err.h"

void err_print(const char *fmt, ...)
{
	va_list ap;
	fputs("tectonica: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
