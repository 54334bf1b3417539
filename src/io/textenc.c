/* textenc.c: valid UTF-8 and escaping for the text of our files. */
#include "io/textenc.h"

#include <string.h>

static const char replacement[] = "\xEF\xBF\xBD";    /* U+FFFD */

int textenc_is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			return 0;
	return 1;
}

static int cont(unsigned char c) { return (c & 0xC0) == 0x80; }

int textenc_utf8_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c = s[0];
	if (c < 0x80)
		return c ? 1 : 0;
	if (c >= 0xC2 && c <= 0xDF)
		return cont(s[1]) ? 2 : 0;
	if (c >= 0xE0 && c <= 0xEF) {
		if (!cont(s[1]) || !cont(s[2]))
			return 0;
		if (c == 0xE0 && s[1] < 0xA0)    /* overlong */
			return 0;
		if (c == 0xED && s[1] >= 0xA0)   /* UTF-16 surrogates */
			return 0;
		return 3;
	}
	if (c >= 0xF0 && c <= 0xF4) {
		if (!cont(s[1]) || !cont(s[2]) || !cont(s[3]))
			return 0;
		if (c == 0xF0 && s[1] < 0x90)    /* overlong */
			return 0;
		if (c == 0xF4 && s[1] >= 0x90)   /* beyond U+10FFFF */
			return 0;
		return 4;
	}
	return 0;
}

void textenc_utf8(const char *s, char *out, size_t outlen)
{
	size_t at = 0;
	if (outlen == 0)
		return;
	while (*s) {
		int n = textenc_utf8_len(s);
		const char *piece = n ? s : replacement;
		size_t len = n ? (size_t)n : 3;
		if (at + len >= outlen)
			break;
		memcpy(out + at, piece, len);
		at += len;
		s += n ? n : 1;
	}
	out[at] = '\0';
}

void textenc_json(FILE *f, const char *s)
{
	fputc('"', f);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		int n = textenc_utf8_len(s);
		if (n == 0) {
			fputs(replacement, f);
			s++;
			continue;
		}
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fwrite(s, 1, (size_t)n, f);
		s += n;
	}
	fputc('"', f);
}

void textenc_xml(FILE *f, const char *s)
{
	while (*s) {
		unsigned char c = (unsigned char)*s;
		int n = textenc_utf8_len(s);
		if (n == 0) {
			fputs(replacement, f);
			s++;
			continue;
		}
		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			if (c >= 0x20 || c == '\t' || c == '\n')
				fwrite(s, 1, (size_t)n, f);
		}
		s += n;
	}
}
