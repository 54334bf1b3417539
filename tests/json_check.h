/* json_check.h: a strict JSON validator for tests (RFC 8259: objects,
 * arrays, strings with their escapes and valid UTF-8, numbers, true, false,
 * null; no NaN, no trailing commas, nothing after the value). */
#ifndef TECTONICA_JSON_CHECK_H
#define TECTONICA_JSON_CHECK_H

#include <string.h>

static int jc_value(const char **p, int depth);

static void jc_ws(const char **p)
{
	while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')
		(*p)++;
}

static int jc_utf8(const unsigned char *s)
{
	unsigned char c = s[0];
	int n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
	if (c >= 0xF5)
		n = 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) ||
	    (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))
		return 0;
	return n;
}

static int jc_string(const char **p)
{
	if (**p != '"')
		return 0;
	(*p)++;
	for (;;) {
		unsigned char c = (unsigned char)**p;
		if (c == '"') {
			(*p)++;
			return 1;
		}
		if (c < 0x20)
			return 0;
		if (c == '\\') {
			(*p)++;
			c = (unsigned char)**p;
			if (c == 'u') {
				for (int i = 1; i <= 4; i++) {
					char h = (*p)[i];
					if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F')))
						return 0;
				}
				*p += 5;
			} else if (c && strchr("\"\\/bfnrt", c)) {
				(*p)++;
			} else {
				return 0;
			}
		} else if (c < 0x80) {
			(*p)++;
		} else {
			int n = jc_utf8((const unsigned char *)*p);
			if (!n)
				return 0;
			*p += n;
		}
	}
}

static int jc_number(const char **p)
{
	const char *s = *p;
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return 0;
	if (*s == '.') {
		s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	*p = s;
	return 1;
}

static int jc_value(const char **p, int depth)
{
	if (depth > 64)
		return 0;
	jc_ws(p);
	char c = **p;
	if (c == '{' || c == '[') {
		char close = c == '{' ? '}' : ']';
		(*p)++;
		jc_ws(p);
		if (**p == close) {
			(*p)++;
			return 1;
		}
		for (;;) {
			if (c == '{') {
				jc_ws(p);
				if (!jc_string(p))
					return 0;
				jc_ws(p);
				if (**p != ':')
					return 0;
				(*p)++;
			}
			if (!jc_value(p, depth + 1))
				return 0;
			jc_ws(p);
			if (**p == ',') {
				(*p)++;
				continue;
			}
			if (**p != close)
				return 0;
			(*p)++;
			return 1;
		}
	}
	if (c == '"')
		return jc_string(p);
	if (!strncmp(*p, "true", 4) || !strncmp(*p, "null", 4)) {
		*p += 4;
		return 1;
	}
	if (!strncmp(*p, "false", 5)) {
		*p += 5;
		return 1;
	}
	return jc_number(p);
}

/* 1 when text is exactly one JSON value (surrounding white space allowed). */
static int json_valid(const char *text)
{
	const char *p = text;
	if (!jc_value(&p, 0))
		return 0;
	jc_ws(&p);
	return *p == '\0';
}

#endif
