/* textenc.h: text written into files other programs parse (PNG text
 * chunks, JSON, XML sidecars, ENVI headers), always well-formed.
 *
 * Paths and names come from the user and may hold any bytes. Every writer
 * here emits valid UTF-8: a byte that does not start a valid UTF-8 sequence
 * becomes U+FFFD, so a file name in Latin-1 cannot make a JSON line or an
 * iTXt chunk invalid. */
#ifndef TECTONICA_TEXTENC_H
#define TECTONICA_TEXTENC_H

#include <stddef.h>
#include <stdio.h>

/* 1 when s holds only printable ASCII (a tEXt chunk can carry it as is). */
int textenc_is_ascii(const char *s);
/* Length of the valid UTF-8 sequence at s (1..4), or 0 when s[0] does not
 * start one (a stray continuation, an overlong form, a surrogate, ...). */
int textenc_utf8_len(const char *s);
/* s as valid UTF-8 in out (outlen bytes, always terminated; cut only
 * between characters). */
void textenc_utf8(const char *s, char *out, size_t outlen);
/* s as a quoted JSON string (RFC 8259 escapes, valid UTF-8). */
void textenc_json(FILE *f, const char *s);
/* s as XML character data or attribute text (& < > " ' escaped, control
 * characters XML 1.0 forbids dropped, valid UTF-8). */
void textenc_xml(FILE *f, const char *s);

#endif
