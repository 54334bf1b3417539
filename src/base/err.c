/* err.c: error messages in the one format every command uses. */
#include <stdarg.h>
#include <stdio.h>

#include "err.h"

void err_vprint(const char *fmt, va_list ap)
{
	fputs("tectonica: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void err_print(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vprint(fmt, ap);
	va_end(ap);
}
