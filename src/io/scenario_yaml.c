/* scenario_yaml.c: write params as a complete scenario file.
 *
 * The layout follows the key tables of core/params.c: top-level keys, then
 * one mapping per section in table order, the noise layers inside terrain and
 * the biome overrides last. Numbers get the fewest digits that read back to
 * the same double, formatted in the C locale (the dashboard sets LC_NUMERIC
 * from the environment, and a decimal comma is no YAML number). */
#include <locale.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_yaml.h"

/* Shortest %g form that strtod reads back as v; caller holds the C locale. */
static void fmt_double(char *buf, size_t sz, double v)
{
	if (v == (double)(long long)v && v > -1e15 && v < 1e15) {
		snprintf(buf, sz, "%lld", (long long)v); /* 800, not 8e+02 */
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sz, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

/* A text value in double quotes; the loader refuses control characters, so
 * only quotes and backslashes need escapes. */
static void put_text(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* The value of one table key on base (a params or a noise_layer). */
static void put_value(FILE *f, const void *base, const param_def *d)
{
	const char *field = (const char *)base + d->offset;
	char num[40];
	switch (d->type) {
	case PK_STRING:
		put_text(f, field);
		break;
	case PK_UINT64:
		fprintf(f, "%llu", (unsigned long long)*(const uint64_t *)field);
		break;
	case PK_INT:
		fprintf(f, "%d", *(const int *)field);
		break;
	case PK_BOOL:
		fputs(*(const bool *)field ? "true" : "false", f);
		break;
	case PK_ENUM:
		fputs(d->names[*(const int *)field], f);
		break;
	case PK_DOUBLE:
		if (d->nullable && *(const double *)field < 0) {
			fputs("off", f);
			break;
		}
		fmt_double(num, sizeof num, *(const double *)field);
		fputs(num, f);
		break;
	case PK_VEC3: {
		const vec3 *c = (const vec3 *)field;
		double xyz[3] = {c->x, c->y, c->z};
		fputc('[', f);
		for (int i = 0; i < 3; i++) {
			fmt_double(num, sizeof num, xyz[i]);
			fprintf(f, "%s%s", i ? ", " : "", num);
		}
		fputc(']', f);
		break;
	}
	}
}

static void put_layers(FILE *f, const params *p)
{
	if (p->layer_count == 0) {
		fputs("  layers: []\n", f);
		return;
	}
	fputs("  layers:\n", f);
	for (int l = 0; l < p->layer_count; l++)
		for (size_t i = 0; i < layer_table_len; i++) {
			fprintf(f, "    %s %s: ", i ? " " : "-", layer_table[i].path);
			put_value(f, &p->layers[l], &layer_table[i]);
			fputc('\n', f);
		}
}

static void put_plate_list(FILE *f, const params *p)
{
	char a[40], b[40], c[40];
	if (p->plate_list_count == 0)
		return;
	fputs("  list:\n", f);
	for (int i = 0; i < p->plate_list_count; i++) {
		const plate_spec *sp = &p->plate_list[i];
		fmt_double(a, sizeof a, sp->lat);
		fmt_double(b, sizeof b, sp->lon);
		fprintf(f, "    - { lat: %s, lon: %s, type: %s", a, b,
		        sp->type == 1 ? "continental" : "oceanic");
		if (sp->has_motion) {
			fmt_double(a, sizeof a, sp->pole_lat);
			fmt_double(b, sizeof b, sp->pole_lon);
			fmt_double(c, sizeof c, sp->speed_cm_yr);
			fprintf(f, ", pole_lat: %s, pole_lon: %s, speed_cm_yr: %s", a, b, c);
		}
		fputs(" }\n", f);
	}
}

static void put_biomes(FILE *f, const params *p)
{
	char t[40], pr[40];
	fputs("\nbiomes:\n", f);
	for (int i = 0; i < BIOME_COUNT; i++) {
		const biome_param *b = &p->biomes[i];
		if (!biome_table[i].name)
			continue;
		fmt_double(t, sizeof t, b->temp_c);
		fmt_double(pr, sizeof pr, b->precip_mm);
		fprintf(f, "  %s: { temp_c: %s, precip_mm: %s, color: \"#%02x%02x%02x\" }\n",
		        biome_table[i].name, t, pr, b->r, b->g, b->b);
	}
}

static void put_events(FILE *f, const params *p)
{
	char a[40], b[40], c[40];
	if (p->event_count == 0) {
		fputs("\nevents: []\n", f);
		return;
	}
	fputs("\nevents:\n", f);
	for (int i = 0; i < p->event_count; i++) {
		const plan_event *e = &p->events[i];
		if (e->when == EVENT_AT_STEP) {
			fprintf(f, "  - { step: %d, ", e->step);
		} else {
			fmt_double(a, sizeof a, e->myr);
			fprintf(f, "  - { myr: %s, ", a);
		}
		switch (e->kind) {
		case EVENT_RIFT:
			if (e->plate == EVENT_PLATE_LARGEST) {
				fputs("rift: largest", f);
			} else if (e->plate == EVENT_PLATE_AT) {
				fmt_double(a, sizeof a, e->lat);
				fmt_double(b, sizeof b, e->lon);
				fprintf(f, "rift: { lat: %s, lon: %s }", a, b);
			} else {
				fprintf(f, "rift: %d", e->plate);
			}
			break;
		case EVENT_SET: {
			const param_def *d = &param_table[e->param];
			if (d->nullable && e->value < 0)
				snprintf(a, sizeof a, "off");
			else
				fmt_double(a, sizeof a, e->value);
			fprintf(f, "set: { %s: %s }", d->path, a);
			if (e->over_myr > 0) {
				fmt_double(b, sizeof b, e->over_myr);
				fprintf(f, ", over_myr: %s", b);
			}
			break;
		}
		case EVENT_MOTION:
			fmt_double(a, sizeof a, e->pole_lat);
			fmt_double(b, sizeof b, e->pole_lon);
			fmt_double(c, sizeof c, e->speed_cm_yr);
			fprintf(f, "motion: { plate: %d, pole_lat: %s, pole_lon: %s, speed_cm_yr: %s }",
			        e->plate, a, b, c);
			break;
		default:
			fputs("pause: ", f);
			put_text(f, e->text);
		}
		fputs(" }\n", f);
	}
}

static void put_header(FILE *f, const char *header)
{
	while (header && *header) {
		size_t n = strcspn(header, "\n");
		fprintf(f, "# %.*s\n", (int)n, header);
		header += n + (header[n] == '\n');
	}
}

static void put_all(FILE *f, const params *p, const char *header)
{
	char section[32] = "";
	put_header(f, header);
	for (size_t i = 0; i < param_table_len; i++) {
		const param_def *d = &param_table[i];
		const char *dot = strchr(d->path, '.');
		size_t n = dot ? (size_t)(dot - d->path) : 0;
		/* explicit plates set these two (the loader refuses them beside a list) */
		if (p->plate_list_count && (d->offset == offsetof(params, plate_count) ||
		                            d->offset == offsetof(params, continental_fraction)))
			continue;
		/* only the chosen grid kind's size: the others would be refused */
		if (params_is_grid_size_key(d->path) && strcmp(d->path, params_grid_size_key(p->grid)))
			continue;
		if (n && (strlen(section) != n || strncmp(section, d->path, n))) {
			if (!strcmp(section, "terrain"))
				put_layers(f, p);
			if (!strcmp(section, "plates"))
				put_plate_list(f, p);
			snprintf(section, sizeof section, "%.*s", (int)n, d->path);
			fprintf(f, "\n%s:\n", section);
		}
		fprintf(f, "%s%s: ", n ? "  " : "", n ? dot + 1 : d->path);
		put_value(f, p, d);
		fputc('\n', f);
	}
	if (!strcmp(section, "terrain"))
		put_layers(f, p);
	if (!strcmp(section, "plates"))
		put_plate_list(f, p);
	put_biomes(f, p);
	put_events(f, p);
}

int scenario_yaml_write(FILE *f, const params *p, const char *header)
{
	locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	locale_t old = c ? uselocale(c) : (locale_t)0;
	put_all(f, p, header);
	if (c) {
		uselocale(old);
		freelocale(c);
	}
	return ferror(f) ? -1 : 0;
}

char *scenario_yaml(const params *p, const char *header)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	int bad = scenario_yaml_write(f, p, header);
	if (fclose(f) != 0 || bad) {
		free(text);
		return NULL;
	}
	return text;
}

int scenario_yaml_write_planets(FILE *f, const params *ps, int n, const char *header)
{
	if (n == 1)
		return scenario_yaml_write(f, ps, header);
	put_header(f, header);
	fputs("planets:\n", f);
	for (int i = 0; i < n; i++) {
		char *text = scenario_yaml(&ps[i], NULL);
		if (!text)
			return -1;
		/* one planet as an entry of the list: every line indented */
		bool first = true;
		for (char *line = text; *line;) {
			size_t len = strcspn(line, "\n");
			if (len)
				fprintf(f, "%s%.*s\n", first ? "  - " : "    ", (int)len, line);
			else if (!first)
				fputc('\n', f);
			first = first && !len;
			line += len + (line[len] == '\n');
		}
		free(text);
		if (i + 1 < n)
			fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}
