/* scenario.c: load YAML scenario files into params, with positioned errors.
 *
 * Two passes over the text, both with libyaml:
 *   1. an event scan that only counts, so nesting depth, node count and
 *      anchors are bounded before anything is built (libyaml's composer looks
 *      anchors up linearly, so their number must be small);
 *   2. yaml_parser_load, whose nodes carry marks for error positions.
 * The walk over the document follows the key tables of core/params.c and
 * descends only where the schema has structure, so an alias is visited as one
 * node where it is used and never expanded ("billion laughs" stays small), and
 * cyclic anchors cannot loop. Every problem becomes one line
 * "FILE:LINE:COL: key.path: what was expected, got what"; all are collected. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

#include "core/rng.h"
#include "scenario.h"

/* Limits. A complete scenario has a few hundred nodes and depth 5. */
#define SCENARIO_MAX_BYTES (1L << 20)
#define SCENARIO_MAX_DEPTH 32
#define SCENARIO_MAX_NODES 20000
#define SCENARIO_MAX_ANCHORS 256
#define SCENARIO_MAX_ERRORS 50
/* More than every numeric key of a full scenario (param, layer and biome keys). */
#define SCENARIO_MAX_RANGES 256

/* Generated from conf/default.yaml by Makefile.am. */
extern const char scenario_default_yaml[];

typedef struct loader {
	const char *name;          /* file name for error lines */
	const unsigned char *text; /* for reader errors, which only give an offset */
	size_t len;
	yaml_document_t *doc;
	params *p;
	char *buf;                 /* error lines */
	size_t blen, bcap;
	bool oom;
	int nerr;
	/* per param_table entry: where its value was given, and whether it was bad */
	const yaml_node_t **where;
	bool *bad;
	/* scalars with an explicit standard tag (!!str, !!int, ...), by their
	 * offset in the text, in document order (found by prescan) */
	struct tagged { size_t at; int kind; } *tags;
	int ntags, tcap;
	/* ranges, drawn once the whole file is read and the seed is known */
	struct pending {
		const param_def *d;
		void *base;            /* the params, noise_layer or biome_param */
		char path[96];         /* what the draw hashes, e.g. "terrain.layers[1].strength" */
		double lo, hi;
		const yaml_node_t *node;
	} *ranges;
	int nranges;
	bool seed_random;          /* seed: random */
	scenario_opts *opts;       /* may be NULL */
	/* per event: the node of the plate id it names, checked against
	 * plates.count once the whole file is read */
	const yaml_node_t *event_plate[PARAMS_MAX_EVENTS];
	/* each entry of plates.list, for errors after the draw */
	const yaml_node_t *plate_node[PARAMS_MAX_PLATES];
	/* a file of planets: where they go, how many at most, how many found */
	params *planets;
	int max_planets, nplanets;
} loader;

enum { TAG_NONE, TAG_STR, TAG_INT, TAG_FLOAT, TAG_BOOL, TAG_NULL, TAG_MAP, TAG_SEQ };
static const char *const tag_names[] = {"", "!!str", "!!int", "!!float", "!!bool", "!!null",
                                        "!!map", "!!seq"};

/* ---- error text ---------------------------------------------------------- */

static void add_line(loader *L, const char *line)
{
	size_t n = strlen(line);
	if (L->oom)
		return;
	if (L->blen + n + 1 > L->bcap) {
		size_t cap = L->bcap ? L->bcap * 2 : 1024;
		while (cap < L->blen + n + 1)
			cap *= 2;
		char *nb = realloc(L->buf, cap);
		if (!nb) {
			L->oom = true;
			return;
		}
		L->buf = nb;
		L->bcap = cap;
	}
	memcpy(L->buf + L->blen, line, n + 1);
	L->blen += n;
}

/* One error at a 0-based libyaml position. */
static void __attribute__((format(printf, 4, 5)))
err_at(loader *L, size_t line, size_t col, const char *fmt, ...)
{
	char msg[768], out[1024];
	va_list ap;
	if (L->nerr > SCENARIO_MAX_ERRORS)
		return;
	if (L->nerr == SCENARIO_MAX_ERRORS) {
		snprintf(out, sizeof out, "%s:%zu:%zu: too many errors; giving up\n", L->name,
		         line + 1, col + 1);
		add_line(L, out);
		L->nerr++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* sized for the file name, however long: the message must survive */
	int need = snprintf(out, sizeof out, "%s:%zu:%zu: %s\n", L->name, line + 1, col + 1, msg);
	char *big = need >= (int)sizeof out ? malloc((size_t)need + 1) : NULL;
	if (big)
		snprintf(big, (size_t)need + 1, "%s:%zu:%zu: %s\n", L->name, line + 1, col + 1, msg);
	const char *line_text = big ? big : out;
	/* shared defaults are walked once per planet: say each problem once */
	bool again = false;
	for (const char *at = L->buf; at && L->blen && (at = strstr(at, line_text)); at++)
		if (at == L->buf || at[-1] == '\n') {
			again = true;
			break;
		}
	if (!again) {
		add_line(L, line_text);
		L->nerr++;
	}
	free(big);
}

#define err_node(L, n, ...) err_at(L, (n)->start_mark.line, (n)->start_mark.column, __VA_ARGS__)

/* Copy user text for a message: at most max bytes, printable, quotes and
 * control characters (C0 and C1, which terminals obey) escaped, cut on a
 * UTF-8 character boundary. */
static void sanitize(char *dst, size_t dstsz, const unsigned char *s, size_t n, size_t max)
{
	size_t o = 0, i;
	for (i = 0; i < n && i < max && o + 8 < dstsz; i++) {
		unsigned c = s[i];
		if (c == 0xc2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] < 0xa0) {
			o += snprintf(dst + o, dstsz - o, "\\u%04x", s[i + 1]);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			o += snprintf(dst + o, dstsz - o, "\\x%02x", c);
		} else if (c == '"' || c == '\\') {
			dst[o++] = '\\';
			dst[o++] = (char)c;
		} else {
			dst[o++] = (char)c;
		}
	}
	if (i < n) {
		while (o > 0 && ((unsigned char)dst[o - 1] & 0xc0) == 0x80)
			o--; /* drop a partial character... */
		if (o > 0 && ((unsigned char)dst[o - 1] & 0xc0) == 0xc0)
			o--; /* ...and its lead byte */
		memcpy(dst + o, "...", 4);
	} else {
		dst[o] = 0;
	}
}

/* "\"eleven\"", "a mapping", "nothing": what the user wrote, for messages. */
static const char *describe(const yaml_node_t *n, char *buf, size_t sz)
{
	if (!n)
		return "nothing";
	if (n->type == YAML_MAPPING_NODE)
		return "a mapping";
	if (n->type == YAML_SEQUENCE_NODE) {
		long k = n->data.sequence.items.top - n->data.sequence.items.start;
		snprintf(buf, sz, "a list of %ld item%s", k, k == 1 ? "" : "s");
		return buf;
	}
	if (n->type != YAML_SCALAR_NODE)
		return "nothing";
	if (n->data.scalar.length == 0 && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
		return "nothing";
	char tmp[200];
	sanitize(tmp, sizeof tmp, n->data.scalar.value, n->data.scalar.length, 40);
	/* "5" in quotes is text in YAML; say so, or the message looks wrong */
	bool quoted = n->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
	              n->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
	bool numeric = n->data.scalar.length && strspn((const char *)n->data.scalar.value,
	                                               "0123456789+-.eE") == n->data.scalar.length;
	snprintf(buf, sz, "\"%s\"%s", tmp, quoted && numeric ? " (quoted, so text)" : "");
	return buf;
}

/* A bound for messages: integers without exponent, others short. */
static void fmt_num(char *buf, size_t sz, double v)
{
	if (v == floor(v) && fabs(v) < 1e17)
		snprintf(buf, sz, "%.0f", v);
	else
		snprintf(buf, sz, "%g", v);
}

/* What a key accepts, e.g. "an integer from 0 to 9". */
static void expectation(const param_def *d, char *buf, size_t sz)
{
	char lo[32], hi[32], unit[40] = "";
	fmt_num(lo, sizeof lo, d->min);
	fmt_num(hi, sizeof hi, d->max);
	if (d->unit && *d->unit)
		snprintf(unit, sizeof unit, " (%s)", d->unit);
	switch (d->type) {
	case PK_INT:
		snprintf(buf, sz, "an integer from %s to %s%s", lo, hi, unit);
		break;
	case PK_UINT64:
		snprintf(buf, sz, "an integer from 0 to 18446744073709551615");
		break;
	case PK_DOUBLE:
		snprintf(buf, sz, "a number from %s to %s%s%s", lo, hi, unit,
		         d->nullable ? ", or null/off" : "");
		break;
	case PK_BOOL:
		snprintf(buf, sz, "true or false");
		break;
	case PK_ENUM: {
		size_t o = snprintf(buf, sz, "one of ");
		for (int i = 0; d->names[i] && o < sz; i++)
			o += snprintf(buf + o, sz - o, "%s%s", i ? ", " : "", d->names[i]);
		break;
	}
	case PK_STRING:
		snprintf(buf, sz, "a text of at most %zu bytes without control characters",
		         d->size - 1);
		break;
	case PK_VEC3:
		snprintf(buf, sz, "a list of 3 numbers [x, y, z] from %s to %s", lo, hi);
		break;
	}
}

/* ---- did you mean -------------------------------------------------------- */

/* Edit distance of short ASCII-ish words (longer inputs are not close). */
static int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int row[65];
	if (la > 64 || lb > 64)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int sub = diag + ((a[i - 1] | 32) != (b[j - 1] | 32));
			int best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
			row[j] = sub < best ? sub : best;
			diag = up;
		}
	}
	return row[lb];
}

typedef struct suggest {
	const char *best;
	int dist;
	const char *key;
} suggest;

static void suggest_try(suggest *s, const char *cand)
{
	int d = edit_distance(s->key, cand);
	if (d < s->dist) {
		s->dist = d;
		s->best = cand;
	}
}

/* The suggestion if close enough: a third of the word may be wrong. */
static const char *suggest_pick(const suggest *s)
{
	int len = (int)strlen(s->key);
	return s->best && s->dist <= 1 + len / 3 && s->dist < len ? s->best : NULL;
}

/* "planet.seed" -> "seed": a key that exists, but in another section. */
static const char *elsewhere(const char *key, const char *here)
{
	for (size_t i = 0; i < param_table_len; i++) {
		const char *p = param_table[i].path, *dot = strrchr(p, '.');
		const char *leaf = dot ? dot + 1 : p;
		if (!strcmp(leaf, key) && strcmp(p, here))
			return p;
	}
	return NULL;
}

/* ---- scalars ------------------------------------------------------------- */

static bool is_plain(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static bool scalar_is(const yaml_node_t *n, const char *const *words)
{
	for (int i = 0; words[i]; i++)
		if (n->data.scalar.length == strlen(words[i]) &&
		    !memcmp(n->data.scalar.value, words[i], n->data.scalar.length))
			return true;
	return false;
}

static bool is_null(const yaml_node_t *n)
{
	static const char *const w[] = {"", "~", "null", "Null", "NULL", NULL};
	return is_plain(n) && scalar_is(n, w);
}

/* Integers: decimal or 0x hex, optional sign, nothing else. *over is set
 * when the magnitude does not fit 64 bits. */
static bool parse_int(const yaml_node_t *n, bool *neg, unsigned long long *mag, bool *over)
{
	const unsigned char *s = n->data.scalar.value;
	size_t len = n->data.scalar.length, i = 0;
	unsigned base = 10;
	unsigned long long v = 0;
	if (!is_plain(n))
		return false;
	*neg = *over = false;
	if (i < len && (s[i] == '-' || s[i] == '+'))
		*neg = s[i++] == '-';
	if (i + 2 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		base = 16;
		i += 2;
	}
	if (i == len)
		return false;
	for (; i < len; i++) {
		unsigned dgt;
		if (s[i] >= '0' && s[i] <= '9')
			dgt = s[i] - '0';
		else if (base == 16 && (s[i] | 32) >= 'a' && (s[i] | 32) <= 'f')
			dgt = (s[i] | 32) - 'a' + 10;
		else
			return false;
		if (v > (~0ULL - dgt) / base)
			*over = true;
		else
			v = v * base + dgt;
	}
	*mag = v;
	return true;
}

/* Decimal numbers [+-](d+[.d*]|.d+)([eE][+-]d+). Converted without a decimal
 * point ("12.5e3" -> "125e2") so the result does not depend on LC_NUMERIC,
 * which the dashboard sets from the environment. */
static bool parse_double(const yaml_node_t *n, double *out)
{
	const unsigned char *s = n->data.scalar.value;
	size_t len = n->data.scalar.length, i = 0;
	char digits[80];
	size_t nd = 0;
	long exp = 0;
	bool any = false, neg = false;
	if (!is_plain(n) || len > 64)
		return false;
	if (i < len && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, any = true)
		digits[nd++] = (char)s[i];
	if (i < len && s[i] == '.') {
		for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, any = true) {
			digits[nd++] = (char)s[i];
			exp--;
		}
	}
	if (!any)
		return false;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		bool eneg = false, edig = false;
		long e = 0;
		i++;
		if (i < len && (s[i] == '-' || s[i] == '+'))
			eneg = s[i++] == '-';
		for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, edig = true)
			if (e < 100000)
				e = e * 10 + (s[i] - '0');
		if (!edig)
			return false;
		exp += eneg ? -e : e;
	}
	if (i != len)
		return false;
	snprintf(digits + nd, sizeof digits - nd, "e%ld", exp);
	double v = strtod(digits, NULL);
	if (!isfinite(v))
		return false;
	*out = neg ? -v : v;
	return true;
}

/* Parse a number for key d; false if it is not a number in range. */
static bool number_for(const param_def *d, const yaml_node_t *n, double *v)
{
	if (d->type == PK_INT) {
		bool neg, over;
		unsigned long long m;
		if (!parse_int(n, &neg, &m, &over) || over || m > (1ULL << 53))
			return false;
		*v = neg ? -(double)m : (double)m;
	} else if (!parse_double(n, v)) {
		return false;
	}
	return *v >= d->min && *v <= d->max;
}

static bool control_free(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] == 0x7f ||
		    (s[i] == 0xc2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] < 0xa0))
			return false;
	return true;
}

/* Did-you-mean for an enum value. */
static const char *close_name(const param_def *d, const yaml_node_t *n)
{
	char key[65];
	if (n->type != YAML_SCALAR_NODE || n->data.scalar.length > 64)
		return NULL;
	memcpy(key, n->data.scalar.value, n->data.scalar.length);
	key[n->data.scalar.length] = 0;
	suggest s = {.dist = 99, .key = key};
	for (int i = 0; d->names[i]; i++)
		suggest_try(&s, d->names[i]);
	return suggest_pick(&s);
}

/* The explicit tag of a scalar node, TAG_NONE when it has none. */
static int tag_of(const loader *L, const yaml_node_t *n)
{
	for (int i = 0; i < L->ntags; i++)
		if (L->tags[i].at == n->start_mark.index)
			return L->tags[i].kind;
	return TAG_NONE;
}

/* Whether the tag of scalar n suits key d. A number or boolean tag makes a
 * quoted value count as written plain (!!int "5" is 5); !!str makes it text,
 * never a number; !!int must hold an integer. */
static bool tag_allows(const loader *L, const param_def *d, const yaml_node_t *n)
{
	int tag = tag_of(L, n);
	bool numeric = d->type == PK_INT || d->type == PK_UINT64 || d->type == PK_DOUBLE;
	bool fits = false;
	switch (tag) {
	case TAG_NONE: return true;
	case TAG_STR: fits = d->type == PK_STRING || d->type == PK_ENUM; break;
	case TAG_INT: fits = numeric; break;
	case TAG_FLOAT: fits = d->type == PK_INT || d->type == PK_DOUBLE; break;
	case TAG_BOOL: fits = d->type == PK_BOOL; break;
	case TAG_NULL: fits = d->type == PK_DOUBLE && d->nullable; break;
	}
	if (!fits)
		return false;
	if (tag != TAG_STR)    /* the document is ours: the tag decides, not the quotes */
		((yaml_node_t *)n)->data.scalar.style = YAML_PLAIN_SCALAR_STYLE;
	bool neg, over;
	unsigned long long mag;
	if (tag == TAG_INT && !parse_int(n, &neg, &mag, &over))
		return false;
	return true;
}

static bool apply_range(loader *L, const param_def *d, void *base, const yaml_node_t *n,
                        const char *path);

/* A list given again (a planet's over its defaults) drops the ranges of the
 * list it replaces. */
static void drop_pending_in(loader *L, const void *start, size_t size)
{
	const char *lo = start, *hi = lo + size;
	for (int i = 0; i < L->nranges; i++)
		if ((const char *)L->ranges[i].base >= lo && (const char *)L->ranges[i].base < hi) {
			L->ranges[i] = L->ranges[--L->nranges];
			i--;
		}
}

/* A value given again (a planet's over its defaults) replaces a range given
 * before for the same field. */
static void drop_pending(loader *L, const param_def *d, const void *base)
{
	for (int i = 0; i < L->nranges; i++)
		if (L->ranges[i].base == base && L->ranges[i].d->offset == d->offset) {
			L->ranges[i] = L->ranges[--L->nranges];
			i--;
		}
}

/* Store the value of node n for key d into base; report what is wrong.
 * Returns true when stored. A range for a numeric key is stored later, when
 * drawn (draw_ranges). */
static bool apply(loader *L, const param_def *d, void *base, const yaml_node_t *n,
                  const char *path)
{
	char want[200], got[256];
	char *f = (char *)base + d->offset;
	double v;

	if (d->type == PK_VEC3) {
		vec3 c;
		double *comp[3] = {&c.x, &c.y, &c.z};
		if (n->type == YAML_SEQUENCE_NODE &&
		    n->data.sequence.items.top - n->data.sequence.items.start == 3) {
			int ok = 0;
			for (int i = 0; i < 3; i++) {
				yaml_node_t *e = yaml_document_get_node(L->doc,
				                                       n->data.sequence.items.start[i]);
				if (e && e->type == YAML_SCALAR_NODE && number_for(d, e, comp[i])) {
					ok++;
				} else {
					char lo[32], hi[32];
					fmt_num(lo, sizeof lo, d->min);
					fmt_num(hi, sizeof hi, d->max);
					err_node(L, e ? e : n, "%s[%d]: expected a number from %s to %s, got %s",
					         path, i, lo, hi, describe(e, got, sizeof got));
				}
			}
			if (ok == 3)
				*(vec3 *)f = c;
			return ok == 3;
		}
		expectation(d, want, sizeof want);
		err_node(L, n, "%s: expected %s, got %s", path, want, describe(n, got, sizeof got));
		return false;
	}

	drop_pending(L, d, base);
	if ((d->type == PK_INT || d->type == PK_DOUBLE) &&
	    (n->type == YAML_MAPPING_NODE || n->type == YAML_SEQUENCE_NODE))
		return apply_range(L, d, base, n, path);
	if (d->type == PK_UINT64 && is_plain(n) && scalar_is(n, (const char *const[]){"random", NULL})) {
		L->seed_random = true;
		return true;
	}
	if (n->type == YAML_SCALAR_NODE && !tag_allows(L, d, n)) {
		expectation(d, want, sizeof want);
		err_node(L, n, "%s: expected %s, got %s tagged %s", path, want,
		         describe(n, got, sizeof got), tag_names[tag_of(L, n)]);
		return false;
	}
	if (n->type == YAML_SCALAR_NODE) {
		switch (d->type) {
		case PK_DOUBLE:
			if (d->nullable) {
				static const char *const off[] = {"off", "Off", "OFF", NULL};
				if (is_null(n) || (is_plain(n) && scalar_is(n, off))) {
					*(double *)f = -1;
					return true;
				}
			}
			/* fall through */
		case PK_INT:
			if (number_for(d, n, &v))
				return param_set_at(base, d, v) == 0;
			break;
		case PK_UINT64: {
			bool neg, over;
			unsigned long long m;
			if (parse_int(n, &neg, &m, &over) && !over && (!neg || !m)) {
				*(uint64_t *)f = m;
				return true;
			}
			break;
		}
		case PK_BOOL: {
			static const char *const yes[] = {"true", "True", "TRUE", "yes", "Yes",
			                                  "YES", "on", "On", "ON", NULL};
			static const char *const no[] = {"false", "False", "FALSE", "no", "No",
			                                 "NO", "off", "Off", "OFF", NULL};
			if (is_plain(n) && scalar_is(n, yes)) {
				*(bool *)f = true;
				return true;
			}
			if (is_plain(n) && scalar_is(n, no)) {
				*(bool *)f = false;
				return true;
			}
			break;
		}
		case PK_ENUM:
			for (int i = 0; d->names[i]; i++)
				if (scalar_is(n, (const char *const[]){d->names[i], NULL})) {
					*(int *)f = i;
					return true;
				}
			break;
		case PK_STRING:
			if (!is_null(n) && n->data.scalar.length < d->size &&
			    control_free(n->data.scalar.value, n->data.scalar.length)) {
				memcpy(f, n->data.scalar.value, n->data.scalar.length);
				f[n->data.scalar.length] = 0;
				return true;
			}
			break;
		case PK_VEC3:
			break;
		}
	}
	expectation(d, want, sizeof want);
	const char *hint = d->type == PK_ENUM ? close_name(d, n) : NULL;
	if (hint)
		err_node(L, n, "%s: expected %s, got %s; did you mean %s?", path, want,
		         describe(n, got, sizeof got), hint);
	else
		err_node(L, n, "%s: expected %s, got %s", path, want, describe(n, got, sizeof got));
	return false;
}

/* ---- mappings ------------------------------------------------------------ */

/* Keys of one mapping already handled, to report duplicates. */
#define SEEN_MAX 64
typedef struct seen {
	char key[SEEN_MAX][48];
	const yaml_node_t *node[SEEN_MAX];
	int n;
} seen;

/* The key of a pair as a C string (NULL, with an error, if it cannot be one). */
static const char *pair_key(loader *L, const yaml_node_pair_t *pr, const char *prefix,
                            char *buf, size_t sz, const yaml_node_t **kn)
{
	char got[256];
	*kn = yaml_document_get_node(L->doc, pr->key);
	if (!*kn)
		return NULL;
	if ((*kn)->type != YAML_SCALAR_NODE) {
		err_node(L, *kn, "%s%sexpected a key name, got %s", prefix, *prefix ? ": " : "",
		         describe(*kn, got, sizeof got));
		return NULL;
	}
	if ((*kn)->data.scalar.length >= sz || memchr((*kn)->data.scalar.value, 0,
	                                              (*kn)->data.scalar.length))
		return ""; /* too long or with NUL: no key is like that, report as unknown */
	memcpy(buf, (*kn)->data.scalar.value, (*kn)->data.scalar.length);
	buf[(*kn)->data.scalar.length] = 0;
	return buf;
}

/* False (and an error) if key was seen before in this mapping. */
static bool first_time(loader *L, seen *s, const char *key, const yaml_node_t *kn,
                       const char *path)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->key[i], key)) {
			err_node(L, kn, "%s: duplicate key (first given at %zu:%zu)", path,
			         s->node[i]->start_mark.line + 1, s->node[i]->start_mark.column + 1);
			return false;
		}
	if (s->n < SEEN_MAX) {
		snprintf(s->key[s->n], sizeof s->key[s->n], "%s", key);
		s->node[s->n++] = kn;
	}
	return true;
}

static void unknown_key(loader *L, const yaml_node_t *kn, const char *prefix, suggest *s)
{
	char key[200], path[300];
	sanitize(key, sizeof key, kn->data.scalar.value, kn->data.scalar.length, 64);
	snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", *key ? key : "\"\"");
	const char *near = suggest_pick(s), *other = NULL;
	if (kn->data.scalar.length <= 64 && !memchr(kn->data.scalar.value, 0, kn->data.scalar.length))
		other = elsewhere(key, path);
	const param_def *full = !*prefix ? params_find(key) : NULL;
	if (full && strchr(key, '.')) {
		const char *dot = strchr(key, '.');
		err_node(L, kn, "%s: unknown key; nest it instead: %.*s: { %s: ... }", path,
		         (int)(dot - key), key, dot + 1);
	} else if (!strcmp(key, "<<"))
		err_node(L, kn, "%s: merge keys (<<) are not supported; use an alias per value", path);
	else if (near)
		err_node(L, kn, "%s: unknown key; did you mean %s%s%s?", path, prefix,
		         *prefix ? "." : "", near);
	else if (other)
		err_node(L, kn, "%s: unknown key; did you mean %s?", path, other);
	else
		err_node(L, kn, "%s: unknown key", path);
}

static bool expect_mapping(loader *L, const yaml_node_t *n, const char *path)
{
	char got[256];
	if (n->type == YAML_MAPPING_NODE)
		return true;
	if (is_null(n))
		return false; /* "planet:" with nothing under it: keep the defaults */
	err_node(L, n, "%s: expected a mapping of keys, got %s", path, describe(n, got, sizeof got));
	return false;
}

#define PAIRS(n) for (yaml_node_pair_t *pr = (n)->data.mapping.pairs.start; \
                      pr < (n)->data.mapping.pairs.top; pr++)

/* One end of a range: a plain value of key d. */
static bool range_end(loader *L, const param_def *d, const yaml_node_t *e, const char *path,
                      const char *which, double *v)
{
	char want[200], got[256];
	if (e->type == YAML_SCALAR_NODE && tag_allows(L, d, e) && number_for(d, e, v))
		return true;
	expectation(d, want, sizeof want);
	err_node(L, e, "%s: range %s: expected %s, got %s", path, which, want,
	         describe(e, got, sizeof got));
	return false;
}

/* {min: A, max: B} or [A, B] for a numeric key: both ends values the key
 * accepts, A <= B. Kept for draw_ranges. */
static bool apply_range(loader *L, const param_def *d, void *base, const yaml_node_t *n,
                        const char *path)
{
	const yaml_node_t *lo = NULL, *hi = NULL;
	char got[256], kbuf[80];
	bool ok = true;
	if (n->type == YAML_SEQUENCE_NODE) {
		long k = n->data.sequence.items.top - n->data.sequence.items.start;
		if (k != 2) {
			err_node(L, n, "%s: expected a number, or a range [min, max] of 2 numbers, got %s",
			         path, describe(n, got, sizeof got));
			return false;
		}
		lo = yaml_document_get_node(L->doc, n->data.sequence.items.start[0]);
		hi = yaml_document_get_node(L->doc, n->data.sequence.items.start[1]);
	} else {
		seen sn = {.n = 0};
		PAIRS(n) {
			const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
			const char *key = pair_key(L, pr, path, kbuf, sizeof kbuf, &kn);
			char sub[200];
			if (!key || !vn) {
				ok = false;
				continue;
			}
			snprintf(sub, sizeof sub, "%.150s.%.40s", path, key);
			if (strcmp(key, "min") && strcmp(key, "max")) {
				suggest s = {.dist = 99, .key = key};
				suggest_try(&s, "min");
				suggest_try(&s, "max");
				const char *near = suggest_pick(&s);
				char shown[200];
				sanitize(shown, sizeof shown, kn->data.scalar.value, kn->data.scalar.length, 40);
				err_node(L, kn, "%s.%s: unknown key; a range has min and max%s%s%s", path, shown,
				         near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
				ok = false;
			} else if (first_time(L, &sn, key, kn, sub)) {
				*(key[1] == 'i' ? &lo : &hi) = vn;
			} else {
				ok = false;
			}
		}
		if (ok && (!lo || !hi)) {
			err_node(L, n, "%s: a range needs both min and max, got %s only", path,
			         lo ? "min" : hi ? "max" : "neither");
			return false;
		}
	}
	double a = 0, b = 0;
	if (lo && !range_end(L, d, lo, path, "min", &a))
		ok = false;
	if (hi && !range_end(L, d, hi, path, "max", &b))
		ok = false;
	if (!ok || !lo || !hi)
		return false;
	if (a > b) {
		char sa[32], sb[32];
		fmt_num(sa, sizeof sa, a);
		fmt_num(sb, sizeof sb, b);
		err_node(L, hi, "%s: range max %s is less than min %s", path, sb, sa);
		return false;
	}
	if (L->nranges == SCENARIO_MAX_RANGES) {
		err_node(L, n, "%s: more than %d ranges", path, SCENARIO_MAX_RANGES);
		return false;
	}
	if (!L->ranges && !(L->ranges = malloc(SCENARIO_MAX_RANGES * sizeof *L->ranges))) {
		err_node(L, n, "out of memory");
		return false;
	}
	struct pending *r = &L->ranges[L->nranges++];
	*r = (struct pending){.d = d, .base = base, .lo = a, .hi = b, .node = n};
	snprintf(r->path, sizeof r->path, "%s", path);
	return true;
}

/* A number in [0, 1) from the seed and the key's path alone: a range draws
 * the same whatever else the file holds and in whatever order. */
static double range_unit(uint64_t seed, const char *path)
{
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a of the path */
	for (const unsigned char *c = (const unsigned char *)path; *c; c++)
		h = (h ^ *c) * 0x100000001b3ull;
	h = hash64(hash64(seed) ^ h);
	return (double)(h >> 11) * 0x1p-53;
}

/* The seed the planet gets: the caller's, the file's, or a new one for
 * "seed: random". */
static void settle_seed(loader *L)
{
	if (L->opts && L->opts->has_seed) {
		L->p->seed = L->opts->seed;
		return;
	}
	if (!L->seed_random)
		return;
	uint64_t s = 0;
	if (getrandom(&s, sizeof s, GRND_NONBLOCK) != (ssize_t)sizeof s) {
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		s = hash64((uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec) ^ (uint64_t)getpid();
	}
	/* short enough to read out and type back with -s */
	L->p->seed = s % 1000000000ull;
	if (L->opts)
		L->opts->seed_random = true;
}

/* Every range gets its value for the planet's seed. */
static void draw_ranges(loader *L)
{
	for (int i = 0; i < L->nranges; i++) {
		const struct pending *r = &L->ranges[i];
		double u = range_unit(L->p->seed, r->path), v;
		if (r->d->type == PK_INT)
			v = fmin(r->hi, r->lo + floor(u * (r->hi - r->lo + 1)));
		else
			v = fmin(r->hi, r->lo + u * (r->hi - r->lo));
		param_set_at(r->base, r->d, v);
	}
	if (L->opts)
		L->opts->ranges = L->nranges;
}

/* Walk the keys of one noise layer. */
static void walk_layer(loader *L, const yaml_node_t *map, int idx, noise_layer *ly)
{
	char prefix[64], kbuf[80], path[160];
	seen sn = {.n = 0};
	snprintf(prefix, sizeof prefix, "terrain.layers[%d]", idx);
	if (!expect_mapping(L, map, prefix))
		return;
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, prefix, kbuf, sizeof kbuf, &kn);
		const param_def *d = NULL;
		if (!key || !vn)
			continue;
		for (size_t i = 0; i < layer_table_len; i++)
			if (!strcmp(layer_table[i].path, key))
				d = &layer_table[i];
		snprintf(path, sizeof path, "%.60s.%.79s", prefix, key);
		if (!d) {
			suggest s = {.dist = 99, .key = key};
			for (size_t i = 0; i < layer_table_len; i++)
				suggest_try(&s, layer_table[i].path);
			unknown_key(L, kn, prefix, &s);
			continue;
		}
		if (first_time(L, &sn, d->path, kn, path))
			apply(L, d, ly, vn, path);
	}
}

static void walk_layers(loader *L, const yaml_node_t *seq)
{
	char got[256];
	if (is_null(seq)) {
		drop_pending_in(L, L->p->layers, sizeof L->p->layers);
		L->p->layer_count = 0;
		return;
	}
	if (seq->type != YAML_SEQUENCE_NODE) {
		err_node(L, seq, "terrain.layers: expected a list of layer mappings, got %s",
		         describe(seq, got, sizeof got));
		return;
	}
	long n = seq->data.sequence.items.top - seq->data.sequence.items.start;
	if (n > MAX_NOISE_LAYERS) {
		yaml_node_t *extra = yaml_document_get_node(L->doc,
		                                            seq->data.sequence.items.start[MAX_NOISE_LAYERS]);
		err_node(L, extra ? extra : seq, "terrain.layers: expected at most %d layers, got %ld",
		         MAX_NOISE_LAYERS, n);
		n = MAX_NOISE_LAYERS;
	}
	/* A list replaces the default layers; unused slots stay zero. */
	drop_pending_in(L, L->p->layers, sizeof L->p->layers);
	memset(L->p->layers, 0, sizeof L->p->layers);
	L->p->layer_count = (int)n;
	for (int i = 0; i < n; i++) {
		params_layer_default(&L->p->layers[i]);
		yaml_node_t *e = yaml_document_get_node(L->doc, seq->data.sequence.items.start[i]);
		if (e)
			walk_layer(L, e, i, &L->p->layers[i]);
	}
}

/* Keys of a biome override; the colour is handled apart. */
static const param_def biome_keys[] = {
	{.path = "temp_c", .type = PK_DOUBLE, .offset = offsetof(biome_param, temp_c),
	 .min = -100, .max = 100, .unit = "°C", .help = "preferred annual mean temperature"},
	{.path = "precip_mm", .type = PK_DOUBLE, .offset = offsetof(biome_param, precip_mm),
	 .min = 0, .max = 20000, .unit = "mm/yr", .help = "preferred annual precipitation"},
};

static int hexval(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 32;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void apply_colour(loader *L, const yaml_node_t *n, biome_param *b, const char *path)
{
	char got[256];
	if (n->type == YAML_SCALAR_NODE && n->data.scalar.length == 7 &&
	    n->data.scalar.value[0] == '#') {
		int v[6], ok = 1;
		for (int i = 0; i < 6; i++)
			ok &= (v[i] = hexval(n->data.scalar.value[i + 1])) >= 0;
		if (ok) {
			b->r = (uint8_t)(v[0] * 16 + v[1]);
			b->g = (uint8_t)(v[2] * 16 + v[3]);
			b->b = (uint8_t)(v[4] * 16 + v[5]);
			return;
		}
	}
	/* an unquoted #rrggbb is a YAML comment, so the value is empty */
	err_node(L, n, "%s: expected a colour \"#rrggbb\" (quoted, since # starts a comment), got %s",
	         path, describe(n, got, sizeof got));
}

static void walk_biome(loader *L, const yaml_node_t *map, const char *prefix, biome_param *b)
{
	char kbuf[80], path[160];
	seen sn = {.n = 0};
	if (!expect_mapping(L, map, prefix))
		return;
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, prefix, kbuf, sizeof kbuf, &kn);
		if (!key || !vn)
			continue;
		snprintf(path, sizeof path, "%.78s.%.79s", prefix, key);
		const param_def *d = NULL;
		for (size_t i = 0; i < sizeof biome_keys / sizeof biome_keys[0]; i++)
			if (!strcmp(biome_keys[i].path, key))
				d = &biome_keys[i];
		if (!d && strcmp(key, "color") && strcmp(key, "colour")) {
			suggest s = {.dist = 99, .key = key};
			suggest_try(&s, "temp_c");
			suggest_try(&s, "precip_mm");
			suggest_try(&s, "color");
			unknown_key(L, kn, prefix, &s);
			continue;
		}
		if (!first_time(L, &sn, d ? d->path : "color", kn, path))
			continue;
		if (d)
			apply(L, d, b, vn, path);
		else
			apply_colour(L, vn, b, path);
	}
}

static void walk_biomes(loader *L, const yaml_node_t *map)
{
	char kbuf[80], prefix[160];
	seen sn = {.n = 0};
	if (!expect_mapping(L, map, "biomes"))
		return;
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, "biomes", kbuf, sizeof kbuf, &kn);
		int id = -1;
		if (!key || !vn)
			continue;
		for (int i = 0; i < BIOME_COUNT; i++)
			if (biome_table[i].name && !strcmp(biome_table[i].name, key))
				id = i;
		if (id < 0) {
			suggest s = {.dist = 99, .key = key};
			for (int i = 0; i < BIOME_COUNT; i++)
				if (biome_table[i].name)
					suggest_try(&s, biome_table[i].name);
			unknown_key(L, kn, "biomes", &s);
			continue;
		}
		snprintf(prefix, sizeof prefix, "biomes.%.70s", key);
		if (first_time(L, &sn, biome_table[id].name, kn, prefix))
			walk_biome(L, vn, prefix, &L->p->biomes[id]);
	}
}

/* ---- explicit plates: plates.list ---------------------------------------- */

#define POFF(f) offsetof(plate_spec, f)
static const char *const plate_types[] = {"oceanic", "continental", NULL};
static const param_def plate_keys[] = {
	{.path = "lat", .type = PK_DOUBLE, .offset = POFF(lat), .min = -90, .max = 90, .unit = "°"},
	{.path = "lon", .type = PK_DOUBLE, .offset = POFF(lon), .min = -180, .max = 180, .unit = "°"},
	{.path = "type", .type = PK_ENUM, .offset = POFF(type), .min = 0, .max = 1,
	 .names = plate_types, .unit = ""},
	{.path = "pole_lat", .type = PK_DOUBLE, .offset = POFF(pole_lat), .min = -90, .max = 90,
	 .unit = "°"},
	{.path = "pole_lon", .type = PK_DOUBLE, .offset = POFF(pole_lon), .min = -180, .max = 180,
	 .unit = "°"},
	{.path = "speed_cm_yr", .type = PK_DOUBLE, .offset = POFF(speed_cm_yr), .min = 0, .max = 30,
	 .unit = "cm/yr"},
};
enum { PK_LAT, PK_LON, PK_TYPE, PK_POLE_LAT, PK_POLE_LON, PK_SPEED, PK_NKEYS };

static void walk_plate(loader *L, const yaml_node_t *map, int idx, plate_spec *sp)
{
	char prefix[32], kbuf[80], path[160];
	const yaml_node_t *got[PK_NKEYS] = {0};
	seen sn = {.n = 0};
	snprintf(prefix, sizeof prefix, "plates.list[%d]", idx);
	if (map->type != YAML_MAPPING_NODE) {
		char g[256];
		err_node(L, map, "%s: expected a mapping {lat, lon, type, ...}, got %s", prefix,
		         describe(map, g, sizeof g));
		return;
	}
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, prefix, kbuf, sizeof kbuf, &kn);
		int k = -1;
		if (!key || !vn)
			continue;
		for (int i = 0; i < PK_NKEYS; i++)
			if (!strcmp(plate_keys[i].path, key))
				k = i;
		snprintf(path, sizeof path, "%.60s.%.79s", prefix, key);
		if (k < 0) {
			suggest s = {.dist = 99, .key = key};
			for (int i = 0; i < PK_NKEYS; i++)
				suggest_try(&s, plate_keys[i].path);
			unknown_key(L, kn, prefix, &s);
			continue;
		}
		if (first_time(L, &sn, key, kn, path)) {
			got[k] = vn;
			apply(L, &plate_keys[k], sp, vn, path);
		}
	}
	if (!got[PK_LAT] || !got[PK_LON])
		err_node(L, map, "%s: needs its seed point, lat and lon", prefix);
	int motion = !!got[PK_POLE_LAT] + !!got[PK_POLE_LON] + !!got[PK_SPEED];
	if (motion && motion < 3)
		err_node(L, map, "%s: give pole_lat, pole_lon and speed_cm_yr together (or none, "
		         "for a drawn motion)", prefix);
	sp->has_motion = motion == 3;
}

static void walk_plate_list(loader *L, const yaml_node_t *seq)
{
	char got[256];
	memset(L->p->plate_list, 0, sizeof L->p->plate_list);
	drop_pending_in(L, L->p->plate_list, sizeof L->p->plate_list);
	L->p->plate_list_count = 0;
	if (is_null(seq))
		return;
	if (seq->type != YAML_SEQUENCE_NODE) {
		err_node(L, seq, "plates.list: expected a list of plates, got %s",
		         describe(seq, got, sizeof got));
		return;
	}
	long n = seq->data.sequence.items.top - seq->data.sequence.items.start;
	if (n > PARAMS_MAX_PLATES) {
		yaml_node_t *extra = yaml_document_get_node(L->doc,
		                                            seq->data.sequence.items.start[PARAMS_MAX_PLATES]);
		err_node(L, extra ? extra : seq, "plates.list: expected at most %d plates, got %ld",
		         PARAMS_MAX_PLATES, n);
		n = PARAMS_MAX_PLATES;
	}
	L->p->plate_list_count = (int)n;
	for (int i = 0; i < n; i++) {
		yaml_node_t *e = yaml_document_get_node(L->doc, seq->data.sequence.items.start[i]);
		L->plate_node[i] = e;
		if (e)
			walk_plate(L, e, i, &L->p->plate_list[i]);
	}
}

/* Explicit plates decide the plate count and which plates carry continents:
 * a plates.count or plates.continental_fraction beside them that says
 * otherwise could not be honoured, so it is an error. Seed points must be
 * apart, or one plate would get no cell. Runs after the draw. */
static void check_plate_list(loader *L)
{
	params *p = L->p;
	int n = p->plate_list_count;
	if (n == 0)
		return;
	const param_def *cnt = params_find("plates.count"), *cf = params_find("plates.continental_fraction");
	const yaml_node_t *cn = L->where[cnt - param_table], *fn = L->where[cf - param_table];
	if (cn && p->plate_count != n)
		err_node(L, cn, "plates.count: %d, but plates.list has %d plates (leave count out)",
		         p->plate_count, n);
	p->plate_count = n;
	if (fn)
		err_node(L, fn, "plates.continental_fraction: plates.list gives each plate its type; "
		         "leave this out");
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++) {
			const plate_spec *a = &p->plate_list[i], *b = &p->plate_list[j];
			double la = a->lat * M_PI / 180, lb = b->lat * M_PI / 180;
			double c = sin(la) * sin(lb) + cos(la) * cos(lb) * cos((a->lon - b->lon) * M_PI / 180);
			if (c > cos(2 * M_PI / 180) && L->plate_node[i]) {
				err_node(L, L->plate_node[i], "plates.list[%d]: its seed point is within 2° of "
				         "plates.list[%d]'s", i, j);
				break;
			}
		}
}

/* ---- events -------------------------------------------------------------- */

#define EOFF(f) offsetof(plan_event, f)
static const param_def event_time_keys[] = {
	{.path = "myr", .type = PK_DOUBLE, .offset = EOFF(myr), .min = 0, .max = 1e9, .unit = "Myr"},
	{.path = "step", .type = PK_INT, .offset = EOFF(step), .min = 0, .max = 100000000, .unit = ""},
};
static const param_def event_over =
	{.path = "over_myr", .type = PK_DOUBLE, .offset = EOFF(over_myr), .min = 0, .max = 1e9,
	 .unit = "Myr"};
static const param_def event_plate =
	{.path = "plate", .type = PK_INT, .offset = EOFF(plate), .min = 0, .max = 99999999,
	 .unit = ""};
static const param_def event_place_keys[] = {
	{.path = "lat", .type = PK_DOUBLE, .offset = EOFF(lat), .min = -90, .max = 90, .unit = "°"},
	{.path = "lon", .type = PK_DOUBLE, .offset = EOFF(lon), .min = -180, .max = 180, .unit = "°"},
};
static const param_def event_motion_keys[] = {
	{.path = "plate", .type = PK_INT, .offset = EOFF(plate), .min = 0, .max = 99999999, .unit = ""},
	{.path = "pole_lat", .type = PK_DOUBLE, .offset = EOFF(pole_lat), .min = -90, .max = 90,
	 .unit = "°"},
	{.path = "pole_lon", .type = PK_DOUBLE, .offset = EOFF(pole_lon), .min = -180, .max = 180,
	 .unit = "°"},
	{.path = "speed_cm_yr", .type = PK_DOUBLE, .offset = EOFF(speed_cm_yr), .min = 0, .max = 30,
	 .unit = "cm/yr"},
};
static const param_def event_text =
	{.path = "pause", .type = PK_STRING, .offset = EOFF(text), .size = PARAMS_EVENT_TEXT,
	 .unit = ""};
static const char *const event_actions[] = {"rift", "set", "motion", "pause", NULL};

/* A mapping of exactly the keys of table (all required) into e. */
static void walk_fixed(loader *L, const yaml_node_t *map, const char *prefix,
                       const param_def *table, size_t n, plan_event *e)
{
	char kbuf[80], path[200];
	const yaml_node_t *got[8] = {0};
	seen sn = {.n = 0};
	if (!expect_mapping(L, map, prefix)) {
		if (is_null(map))
			err_node(L, map, "%s: expected a mapping of keys, got nothing", prefix);
		return;
	}
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, prefix, kbuf, sizeof kbuf, &kn);
		size_t k = n;
		if (!key || !vn)
			continue;
		for (size_t i = 0; i < n; i++)
			if (!strcmp(table[i].path, key))
				k = i;
		snprintf(path, sizeof path, "%.120s.%.60s", prefix, key);
		if (k == n) {
			suggest s = {.dist = 99, .key = key};
			for (size_t i = 0; i < n; i++)
				suggest_try(&s, table[i].path);
			unknown_key(L, kn, prefix, &s);
			continue;
		}
		if (!first_time(L, &sn, key, kn, path))
			continue;
		got[k] = vn;
		apply(L, &table[k], e, vn, path);
		if (table[k].offset == EOFF(plate))
			L->event_plate[e - L->p->events] = vn;
	}
	for (size_t i = 0; i < n; i++)
		if (!got[i])
			err_node(L, map, "%s: %s is missing (give %s)", prefix, table[i].path,
			         n == 2 ? "both" : "all of them");
}

static void walk_rift(loader *L, const yaml_node_t *vn, const char *path, plan_event *e)
{
	char got[256];
	if (vn->type == YAML_MAPPING_NODE) {
		e->plate = EVENT_PLATE_AT;
		walk_fixed(L, vn, path, event_place_keys, 2, e);
	} else if (is_plain(vn) && scalar_is(vn, (const char *const[]){"largest", NULL})) {
		e->plate = EVENT_PLATE_LARGEST;
	} else if (vn->type == YAML_SCALAR_NODE && !is_null(vn) &&
	           strspn((const char *)vn->data.scalar.value, "0123456789") == vn->data.scalar.length) {
		if (apply(L, &event_plate, e, vn, path))
			L->event_plate[e - L->p->events] = vn;
	} else {
		err_node(L, vn, "%s: expected a plate id, largest, or a place {lat: ..., lon: ...}, got %s",
		         path, describe(vn, got, sizeof got));
	}
}

static void walk_set(loader *L, const yaml_node_t *vn, const char *path, plan_event *e)
{
	char got[256], kbuf[80], sub[240];
	if (vn->type != YAML_MAPPING_NODE ||
	    vn->data.mapping.pairs.top - vn->data.mapping.pairs.start != 1) {
		err_node(L, vn, "%s: expected one live key and its value, e.g. "
		         "{climate.equator_temp_c: 20}, got %s", path, describe(vn, got, sizeof got));
		return;
	}
	yaml_node_pair_t *pr = vn->data.mapping.pairs.start;
	const yaml_node_t *kn, *val = yaml_document_get_node(L->doc, pr->value);
	const char *key = pair_key(L, pr, path, kbuf, sizeof kbuf, &kn);
	if (!key || !val)
		return;
	const param_def *d = params_find(key);
	if (!d || !d->live || d->type != PK_DOUBLE) {
		suggest s = {.dist = 99, .key = key};
		for (size_t i = 0; i < param_table_len; i++)
			if (param_table[i].live)
				suggest_try(&s, param_table[i].path);
		char shown[200];
		sanitize(shown, sizeof shown, kn->data.scalar.value, kn->data.scalar.length, 64);
		const char *near = suggest_pick(&s);
		err_node(L, kn, "%s.%s: %s%s%s%s", path, shown,
		         d ? "cannot change while the planet runs (not a live key)" : "unknown key",
		         near && !d ? "; did you mean " : "", near && !d ? near : "",
		         near && !d ? "?" : "");
		return;
	}
	param_def vd = *d;
	vd.offset = EOFF(value);
	snprintf(sub, sizeof sub, "%.120s.%.100s", path, key);
	e->param = (int)(d - param_table);
	apply(L, &vd, e, val, sub);
}

static void walk_event(loader *L, const yaml_node_t *map, int idx, plan_event *e)
{
	char prefix[32], kbuf[80], path[160];
	const yaml_node_t *time = NULL, *action = NULL, *over = NULL;
	seen sn = {.n = 0};
	snprintf(prefix, sizeof prefix, "events[%d]", idx);
	if (map->type != YAML_MAPPING_NODE) {
		char got[256];
		err_node(L, map, "%s: expected a mapping with a time (myr or step) and an action "
		         "(rift, set, motion or pause), got %s", prefix, describe(map, got, sizeof got));
		return;
	}
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, prefix, kbuf, sizeof kbuf, &kn);
		if (!key || !vn)
			continue;
		snprintf(path, sizeof path, "%.60s.%.79s", prefix, key);
		if (!first_time(L, &sn, key, kn, path))
			continue;
		int t = !strcmp(key, "myr") ? 0 : !strcmp(key, "step") ? 1 : -1, a = -1;
		for (int i = 0; event_actions[i]; i++)
			if (!strcmp(key, event_actions[i]))
				a = i;
		if (t >= 0) {
			if (time) {
				err_node(L, kn, "%s: one time per event (%s given at %zu:%zu)", path,
				         e->when == EVENT_AT_STEP ? "step" : "myr", time->start_mark.line + 1,
				         time->start_mark.column + 1);
				continue;
			}
			time = kn;
			e->when = t ? EVENT_AT_STEP : EVENT_AT_MYR;
			apply(L, &event_time_keys[t], e, vn, path);
		} else if (a >= 0) {
			if (action) {
				err_node(L, kn, "%s: one action per event (%s given at %zu:%zu)", path,
				         event_actions[e->kind], action->start_mark.line + 1,
				         action->start_mark.column + 1);
				continue;
			}
			action = kn;
			e->kind = a;
			if (a == EVENT_RIFT)
				walk_rift(L, vn, path, e);
			else if (a == EVENT_SET)
				walk_set(L, vn, path, e);
			else if (a == EVENT_MOTION)
				walk_fixed(L, vn, path, event_motion_keys, 4, e);
			else
				apply(L, &event_text, e, vn, path);
		} else if (!strcmp(key, "over_myr")) {
			over = kn;
			apply(L, &event_over, e, vn, path);
		} else {
			suggest s = {.dist = 99, .key = key};
			static const char *const all[] = {"myr", "step", "rift", "set", "motion", "pause",
			                                  "over_myr"};
			for (size_t i = 0; i < sizeof all / sizeof *all; i++)
				suggest_try(&s, all[i]);
			unknown_key(L, kn, prefix, &s);
		}
	}
	if (!time)
		err_node(L, map, "%s: needs a time: myr (Myr from the start) or step", prefix);
	if (!action)
		err_node(L, map, "%s: needs an action: rift, set, motion or pause", prefix);
	else if (over && e->kind != EVENT_SET)
		err_node(L, over, "%s.over_myr: only a set event ramps", prefix);
}

static void walk_events(loader *L, const yaml_node_t *seq)
{
	char got[256];
	if (is_null(seq)) {
		drop_pending_in(L, L->p->events, sizeof L->p->events);
		memset(L->p->events, 0, sizeof L->p->events);
		L->p->event_count = 0;
		return;
	}
	if (seq->type != YAML_SEQUENCE_NODE) {
		err_node(L, seq, "events: expected a list of events, got %s",
		         describe(seq, got, sizeof got));
		return;
	}
	long n = seq->data.sequence.items.top - seq->data.sequence.items.start;
	if (n > PARAMS_MAX_EVENTS) {
		yaml_node_t *extra = yaml_document_get_node(L->doc,
		                                            seq->data.sequence.items.start[PARAMS_MAX_EVENTS]);
		err_node(L, extra ? extra : seq, "events: expected at most %d events, got %ld",
		         PARAMS_MAX_EVENTS, n);
		n = PARAMS_MAX_EVENTS;
	}
	/* a list replaces the one before (a planet's, its defaults') */
	drop_pending_in(L, L->p->events, sizeof L->p->events);
	memset(L->p->events, 0, sizeof L->p->events);
	memset(L->event_plate, 0, sizeof L->event_plate);
	L->p->event_count = (int)n;
	for (int i = 0; i < n; i++) {
		yaml_node_t *e = yaml_document_get_node(L->doc, seq->data.sequence.items.start[i]);
		if (e)
			walk_event(L, e, i, &L->p->events[i]);
	}
}

/* A plate an event names must be one of the plates at the start: the ids of
 * plates born later depend on the run. */
static void check_event_plates(loader *L)
{
	for (int i = 0; i < L->p->event_count; i++) {
		const plan_event *e = &L->p->events[i];
		if (L->event_plate[i] && e->plate >= L->p->plate_count)
			err_node(L, L->event_plate[i], "events[%d]: there is no plate %d at the start "
			         "(plates.count is %d: ids 0 to %d)", i, e->plate, L->p->plate_count,
			         L->p->plate_count - 1);
	}
}

/* True if some key of param_table lives under "section.". */
static bool is_section(const char *section)
{
	size_t n = strlen(section);
	for (size_t i = 0; i < param_table_len; i++)
		if (!strncmp(param_table[i].path, section, n) && param_table[i].path[n] == '.')
			return true;
	return false;
}

/* Walk a mapping whose keys are param_table paths under prefix ("" = top). */
static void walk_section(loader *L, const yaml_node_t *map, const char *prefix)
{
	char kbuf[80], path[160];
	seen sn = {.n = 0};
	if (*prefix && !expect_mapping(L, map, prefix))
		return;
	PAIRS(map) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, prefix, kbuf, sizeof kbuf, &kn);
		if (!key || !vn)
			continue;
		snprintf(path, sizeof path, "%.60s%s%.79s", prefix, *prefix ? "." : "", key);
		const param_def *d = *key && !strchr(key, '.') ? params_find(path) : NULL;
		if (d) {
			if (first_time(L, &sn, d->path, kn, path)) {
				size_t i = (size_t)(d - param_table);
				L->where[i] = vn;
				L->bad[i] = !apply(L, d, L->p, vn, path);
			}
		} else if (!*prefix && *key && !strchr(key, '.') && is_section(key)) {
			if (first_time(L, &sn, key, kn, path))
				walk_section(L, vn, path);
		} else if (!*prefix && !strcmp(key, "biomes")) {
			if (first_time(L, &sn, "biomes", kn, path))
				walk_biomes(L, vn);
		} else if (!*prefix && !strcmp(key, "events")) {
			if (first_time(L, &sn, "events", kn, path))
				walk_events(L, vn);
		} else if (!strcmp(prefix, "terrain") && !strcmp(key, "layers")) {
			if (first_time(L, &sn, "layers", kn, path))
				walk_layers(L, vn);
		} else if (!strcmp(prefix, "plates") && !strcmp(key, "list")) {
			if (first_time(L, &sn, "list", kn, path))
				walk_plate_list(L, vn);
		} else {
			/* candidates: the keys one could have meant at this level */
			suggest s = {.dist = 99, .key = key};
			size_t pl = strlen(prefix);
			char top[16][32];
			int nt = 0;
			for (size_t i = 0; i < param_table_len; i++) {
				const char *p = param_table[i].path, *dot = strchr(p, '.');
				size_t n = dot ? (size_t)(dot - p) : strlen(p);
				if (!*prefix) {
					/* top level: the distinct first path components */
					if (nt == 16 || n >= sizeof top[0] ||
					    (nt && !strncmp(top[nt - 1], p, n) && !top[nt - 1][n]))
						continue;
					memcpy(top[nt], p, n);
					top[nt][n] = 0;
					suggest_try(&s, top[nt++]);
				} else if (*prefix && !strncmp(p, prefix, pl) && p[pl] == '.') {
					suggest_try(&s, p + pl + 1);
				}
			}
			if (!*prefix) {
				suggest_try(&s, "biomes");
				suggest_try(&s, "events");
			}
			else if (!strcmp(prefix, "terrain"))
				suggest_try(&s, "layers");
			else if (!strcmp(prefix, "plates"))
				suggest_try(&s, "list");
			unknown_key(L, kn, prefix, &s);
		}
	}
}

/* A size key of another grid kind would be ignored: refuse it at its line. */
static void size_key_check(loader *L)
{
	const char *own = params_grid_size_key(L->p->grid);
	for (size_t i = 0; i < param_table_len; i++) {
		const char *path = param_table[i].path;
		if (!L->where[i] || L->bad[i] || !params_is_grid_size_key(path) || !strcmp(path, own))
			continue;
		const param_def *kind = params_find("grid.kind");
		err_node(L, L->where[i], "%s: not used by a %s grid, whose size is %s", path,
		         kind ? kind->names[L->p->grid] : "this", own);
	}
}

/* Cross-key checks, placed at the key that breaks them (or the other one). */
static void cross_check(loader *L)
{
	size_key_check(L);
	param_issue is[16];
	int n = params_check(L->p, is, 16);
	for (int i = 0; i < n && i < 16; i++) {
		const param_def *a = params_find(is[i].path);
		const param_def *b = is[i].other ? params_find(is[i].other) : NULL;
		size_t ia = a ? (size_t)(a - param_table) : 0, ib = b ? (size_t)(b - param_table) : 0;
		if ((a && L->bad[ia]) || (b && L->bad[ib]))
			continue; /* already reported; its value is the default */
		const yaml_node_t *at = a && L->where[ia] ? L->where[ia] : b ? L->where[ib] : NULL;
		bool drawn = (a && L->where[ia] && L->where[ia]->type != YAML_SCALAR_NODE) ||
		             (b && L->where[ib] && L->where[ib]->type != YAML_SCALAR_NODE);
		char why[64] = "";
		if (drawn)
			snprintf(why, sizeof why, " (drawn from a range for seed %llu)",
			         (unsigned long long)L->p->seed);
		if (at)
			err_node(L, at, "%s: %s%s", is[i].path, is[i].msg, why);
		else
			err_at(L, 0, 0, "%s: %s", is[i].path, is[i].msg);
	}
}

/* ---- libyaml errors and limits -------------------------------------------- */

static void offset_to_mark(loader *L, size_t off, size_t *line, size_t *col)
{
	*line = *col = 0;
	for (size_t i = 0; i < off && i < L->len; i++) {
		if (L->text[i] == '\n')
			*line += 1, *col = 0;
		else if ((L->text[i] & 0xc0) != 0x80)
			*col += 1;
	}
}

static void parser_error(loader *L, const yaml_parser_t *ps)
{
	const char *problem = ps->problem ? ps->problem : "unknown YAML error";
	switch (ps->error) {
	case YAML_MEMORY_ERROR:
		err_at(L, 0, 0, "out of memory while parsing");
		break;
	case YAML_READER_ERROR: {
		size_t line, col;
		offset_to_mark(L, ps->problem_offset, &line, &col);
		if (ps->problem_value >= 0 && strstr(problem, "UTF-"))
			err_at(L, line, col, "text is not valid UTF-8: %s 0x%02x", problem,
			       (unsigned)ps->problem_value & 0xff);
		else if (ps->problem_value >= 0)
			err_at(L, line, col, "invalid text: %s (byte 0x%02x)", problem,
			       (unsigned)ps->problem_value & 0xff);
		else
			err_at(L, line, col, "invalid text: %s", problem);
		break;
	}
	default:
		if (ps->context)
			err_at(L, ps->problem_mark.line, ps->problem_mark.column,
			       "YAML syntax: %s (%s at %zu:%zu)", problem, ps->context,
			       ps->context_mark.line + 1, ps->context_mark.column + 1);
		else
			err_at(L, ps->problem_mark.line, ps->problem_mark.column, "YAML syntax: %s",
			       problem);
	}
}

/* The standard tag a libyaml tag names ("!" alone makes a scalar text), or
 * TAG_NONE for any other. */
static int tag_kind(const char *tag)
{
	static const char pre[] = "tag:yaml.org,2002:";
	if (!strcmp(tag, "!"))
		return TAG_STR;
	if (strncmp(tag, pre, sizeof pre - 1))
		return TAG_NONE;
	for (int k = TAG_STR; k <= TAG_SEQ; k++)
		if (!strcmp(tag + sizeof pre - 1, tag_names[k] + 2))
			return k;
	return TAG_NONE;
}

/* Tags are honoured, not ignored: a standard tag must suit its node (and
 * is remembered for scalars, see apply); any other tag is refused. */
static bool check_tag(loader *L, const yaml_event_t *ev)
{
	const char *tag = NULL;
	int want = 0;
	if (ev->type == YAML_SCALAR_EVENT)
		tag = (const char *)ev->data.scalar.tag;
	else if (ev->type == YAML_MAPPING_START_EVENT)
		tag = (const char *)ev->data.mapping_start.tag, want = TAG_MAP;
	else if (ev->type == YAML_SEQUENCE_START_EVENT)
		tag = (const char *)ev->data.sequence_start.tag, want = TAG_SEQ;
	if (!tag)
		return true;
	int kind = tag_kind(tag);
	char shown[80];
	static const char pre[] = "tag:yaml.org,2002:";
	if (!strncmp(tag, pre, sizeof pre - 1)) {
		shown[0] = shown[1] = '!';
		sanitize(shown + 2, sizeof shown - 2, (const unsigned char *)tag + sizeof pre - 1,
		         strlen(tag + sizeof pre - 1), 40);
	} else {
		sanitize(shown, sizeof shown, (const unsigned char *)tag, strlen(tag), 40);
	}
	if (kind == TAG_NONE) {
		err_at(L, ev->start_mark.line, ev->start_mark.column,
		       "unsupported YAML tag \"%s\" (known: !!str, !!int, !!float, !!bool, !!null, "
		       "!!map, !!seq)", shown);
		return false;
	}
	if (want ? kind != want && strcmp(tag, "!") : kind == TAG_MAP || kind == TAG_SEQ) {
		err_at(L, ev->start_mark.line, ev->start_mark.column, "a %s cannot be tagged %s",
		       want == TAG_MAP ? "mapping" : want == TAG_SEQ ? "list" : "single value",
		       tag_names[kind]);
		return false;
	}
	if (want)
		return true;
	if (L->ntags == L->tcap) {
		int cap = L->tcap ? 2 * L->tcap : 16;
		struct tagged *t = realloc(L->tags, (size_t)cap * sizeof *t);
		if (!t) {
			err_at(L, 0, 0, "out of memory");
			return false;
		}
		L->tags = t;
		L->tcap = cap;
	}
	L->tags[L->ntags++] = (struct tagged){ev->start_mark.index, kind};
	return true;
}

/* Pass 1: count events; stop at the first syntax error or exceeded limit. */
static bool prescan(loader *L)
{
	yaml_parser_t ps;
	yaml_event_t ev;
	long depth = 0, nodes = 0, anchors = 0;
	bool ok = true, done = false;
	if (!yaml_parser_initialize(&ps)) {
		err_at(L, 0, 0, "out of memory");
		return false;
	}
	yaml_parser_set_input_string(&ps, L->text, L->len);
	while (ok && !done) {
		if (!yaml_parser_parse(&ps, &ev)) {
			parser_error(L, &ps);
			ok = false;
			break;
		}
		const char *anchor = NULL;
		if (ok && !check_tag(L, &ev))
			ok = false;
		switch (ev.type) {
		case YAML_STREAM_END_EVENT: done = true; break;
		case YAML_SEQUENCE_START_EVENT:
			anchor = (const char *)ev.data.sequence_start.anchor;
			depth++, nodes++;
			break;
		case YAML_MAPPING_START_EVENT:
			anchor = (const char *)ev.data.mapping_start.anchor;
			depth++, nodes++;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT: depth--; break;
		case YAML_SCALAR_EVENT:
			anchor = (const char *)ev.data.scalar.anchor;
			nodes++;
			break;
		case YAML_ALIAS_EVENT: nodes++; break;
		default: break;
		}
		anchors += anchor != NULL;
		if (depth > SCENARIO_MAX_DEPTH) {
			err_at(L, ev.start_mark.line, ev.start_mark.column,
			       "nested deeper than %d levels", SCENARIO_MAX_DEPTH);
			ok = false;
		} else if (nodes > SCENARIO_MAX_NODES) {
			err_at(L, ev.start_mark.line, ev.start_mark.column,
			       "more than %d YAML nodes; a scenario needs a few hundred",
			       SCENARIO_MAX_NODES);
			ok = false;
		} else if (anchors > SCENARIO_MAX_ANCHORS) {
			err_at(L, ev.start_mark.line, ev.start_mark.column,
			       "more than %d anchors", SCENARIO_MAX_ANCHORS);
			ok = false;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&ps);
	return ok;
}

/* One planet: the defaults, the planet's own keys over them, then the draw
 * and the checks that need the whole planet. */
static void load_planet(loader *L, params *p, const yaml_node_t *defaults,
                        const yaml_node_t *planet, int idx)
{
	L->p = p;
	params_default(p);
	memset(L->where, 0, param_table_len * sizeof *L->where);
	memset(L->bad, 0, param_table_len * sizeof *L->bad);
	memset(L->event_plate, 0, sizeof L->event_plate);
	memset(L->plate_node, 0, sizeof L->plate_node);
	L->nranges = 0;
	L->seed_random = false;
	bool was_random = L->opts && L->opts->seed_random;
	if (L->opts)
		L->opts->seed_random = false;
	if (defaults)
		walk_section(L, defaults, "");
	if (planet)
		walk_section(L, planet, "");
	settle_seed(L);
	draw_ranges(L);
	check_plate_list(L);
	cross_check(L);
	check_event_plates(L);
	if (L->opts) {
		if (L->opts->seed_random && idx < 32)
			L->opts->random_planets |= 1u << idx;
		L->opts->seed_random |= was_random;
	}
}

/* The top level: one planet, or "planets:" (with "defaults:" under each). */
static void load_root(loader *L, const yaml_node_t *root)
{
	const yaml_node_t *planets = NULL, *defaults = NULL;
	char kbuf[80], got[256];
	PAIRS(root) {
		const yaml_node_t *kn = yaml_document_get_node(L->doc, pr->key);
		if (kn && kn->type == YAML_SCALAR_NODE && kn->data.scalar.length == 7 &&
		    !memcmp(kn->data.scalar.value, "planets", 7))
			planets = yaml_document_get_node(L->doc, pr->value);
	}
	if (!planets) {
		load_planet(L, L->planets, NULL, root, 0);
		L->nplanets = 1;
		return;
	}
	seen sn = {.n = 0};
	PAIRS(root) {
		const yaml_node_t *kn, *vn = yaml_document_get_node(L->doc, pr->value);
		const char *key = pair_key(L, pr, "", kbuf, sizeof kbuf, &kn);
		if (!key || !vn || !first_time(L, &sn, key, kn, key))
			continue;
		if (!strcmp(key, "defaults")) {
			if (vn->type == YAML_MAPPING_NODE)
				defaults = vn;
			else if (!is_null(vn))
				err_node(L, vn, "defaults: expected a mapping of keys, got %s",
				         describe(vn, got, sizeof got));
		} else if (strcmp(key, "planets")) {
			char shown[200];
			sanitize(shown, sizeof shown, kn->data.scalar.value, kn->data.scalar.length, 64);
			err_node(L, kn, "%s: a file of planets has only planets: and defaults: at the top; "
			         "put keys for every planet under defaults:", shown);
		}
	}
	long n = planets->type == YAML_SEQUENCE_NODE
	         ? planets->data.sequence.items.top - planets->data.sequence.items.start : 0;
	if (planets->type != YAML_SEQUENCE_NODE || n == 0) {
		err_node(L, planets, "planets: expected a list of planets (mappings of keys), got %s",
		         describe(planets, got, sizeof got));
		return;
	}
	if (L->max_planets == 1) {
		n = 1; /* a caller of one planet gets the first */
	} else if (n > L->max_planets) {
		yaml_node_t *extra = yaml_document_get_node(L->doc,
		                                            planets->data.sequence.items.start[L->max_planets]);
		err_node(L, extra ? extra : planets, "planets: expected at most %d planets, got %ld",
		         L->max_planets, n);
		n = L->max_planets;
	}
	for (int i = 0; i < n; i++)
		params_default(&L->planets[i]);
	for (int i = 0; i < n; i++) {
		yaml_node_t *e = yaml_document_get_node(L->doc, planets->data.sequence.items.start[i]);
		if (!e || (e->type != YAML_MAPPING_NODE && !is_null(e))) {
			err_node(L, e ? e : planets, "planets[%d]: expected a mapping of keys, got %s", i,
			         describe(e, got, sizeof got));
			continue;
		}
		load_planet(L, &L->planets[i], defaults, is_null(e) ? NULL : e, i);
	}
	L->nplanets = (int)n;
}

/* Pass 2 and the walk. */
static void load(loader *L)
{
	yaml_parser_t ps;
	yaml_document_t doc, extra;
	char got[256];

	if (!prescan(L))
		return;
	if (!yaml_parser_initialize(&ps)) {
		err_at(L, 0, 0, "out of memory");
		return;
	}
	yaml_parser_set_input_string(&ps, L->text, L->len);
	if (!yaml_parser_load(&ps, &doc)) {
		parser_error(L, &ps);
		yaml_parser_delete(&ps);
		return;
	}
	L->doc = &doc;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (root && root->type == YAML_MAPPING_NODE) {
		load_root(L, root);
	} else if (root && !is_null(root)) {
		err_node(L, root, "expected a mapping of keys at the top level, got %s",
		         describe(root, got, sizeof got));
	}
	L->doc = NULL;
	yaml_document_delete(&doc);

	/* A second document would be silently ignored: say so. */
	if (root) {
		if (!yaml_parser_load(&ps, &extra)) {
			parser_error(L, &ps);
		} else {
			yaml_node_t *r2 = yaml_document_get_root_node(&extra);
			if (r2)
				err_node(L, r2, "only one YAML document is allowed in a scenario");
			yaml_document_delete(&extra);
		}
	}
	yaml_parser_delete(&ps);
}

/* ---- public -------------------------------------------------------------- */

static int finish(loader *L, char **errors)
{
	free(L->tags);
	free(L->ranges);
	free(L->where);
	free(L->bad);
	if (errors)
		*errors = L->nerr ? L->buf : NULL;
	if (!errors || !L->nerr)
		free(L->buf);
	return L->nerr;
}

int scenario_load_planets_string(const char *name, const char *text, size_t len,
                                 scenario_opts *opts, params *out, int max, int *count,
                                 char **errors)
{
	loader L = {.name = name ? name : "<string>", .text = (const unsigned char *)text,
	            .len = text ? len : 0, .p = out, .opts = opts, .planets = out,
	            .max_planets = max < 1 ? 1 : max, .nplanets = 1};
	params_default(out);
	if (errors)
		*errors = NULL;
	if (opts)
		opts->seed_random = false, opts->ranges = 0, opts->random_planets = 0;
	L.where = calloc(param_table_len, sizeof *L.where);
	L.bad = calloc(param_table_len, sizeof *L.bad);
	if (!L.where || !L.bad)
		err_at(&L, 0, 0, "out of memory");
	else if (L.len > (size_t)SCENARIO_MAX_BYTES)
		err_at(&L, 0, 0, "larger than %ld bytes; a scenario is a few kilobytes",
		       SCENARIO_MAX_BYTES);
	else if (L.len)
		load(&L);
	for (int i = 0; i < L.nplanets; i++)
		if (opts && opts->has_seed)
			out[i].seed = opts->seed; /* also for a file with no keys */
	if (count)
		*count = L.nplanets;
	return finish(&L, errors);
}

int scenario_load_string_opts(const char *name, const char *text, size_t len,
                              scenario_opts *opts, params *out, char **errors)
{
	return scenario_load_planets_string(name, text, len, opts, out, 1, NULL, errors);
}

int scenario_load_string(const char *name, const char *text, size_t len, params *out,
                         char **errors)
{
	return scenario_load_string_opts(name, text, len, NULL, out, errors);
}

int scenario_load_file(const char *path, params *out, char **errors)
{
	return scenario_load_file_opts(path, NULL, out, errors);
}

int scenario_load_file_opts(const char *path, scenario_opts *opts, params *out, char **errors)
{
	return scenario_load_planets_file(path, opts, out, 1, NULL, errors);
}

int scenario_load_planets_file(const char *path, scenario_opts *opts, params *out, int max,
                               int *count, char **errors)
{
	loader L = {.name = path};
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "rb");
	int e = errno;

	if (errors)
		*errors = NULL;
	if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		f = NULL;
		e = EISDIR;
	}
	if (f) {
		/* read at most one byte past the limit: never more, whatever the file */
		text = malloc(SCENARIO_MAX_BYTES + 1);
		if (text) {
			len = fread(text, 1, SCENARIO_MAX_BYTES + 1, f);
			if (ferror(f)) {
				e = errno ? errno : EIO;
				free(text);
				text = NULL;
			}
		} else {
			e = ENOMEM;
		}
		fclose(f);
	}
	if (count)
		*count = 1;
	if (!text) {
		params_default(out);
		err_at(&L, 0, 0, "cannot read the scenario: %s", strerror(e));
		return finish(&L, errors);
	}
	int n = scenario_load_planets_string(path, text, len, opts, out, max, count, errors);
	free(text);
	return n;
}

const char *scenario_default_text(void)
{
	return scenario_default_yaml;
}

int scenario_load_default(params *out, char **errors)
{
	const char *t = scenario_default_text();
	return scenario_load_string("<built-in conf/default.yaml>", t, strlen(t), out, errors);
}
