/* err.h: how the program reports an error to the user. */
#ifndef TECTONICA_ERR_H
#define TECTONICA_ERR_H

/* Print "tectonica: message" and a newline to stderr. */
void err_print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
