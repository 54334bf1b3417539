/* stats.c: the --stats JSON Lines record of a snapshot. Field names are an
 * interface other programs rely on; add fields, never rename them. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "io/provenance.h"
#include "stats.h"

static const char *const boundary_names[4] = {"none", "convergent", "divergent", "transform"};

/* JSON has no NaN or infinity: a value that is not a number is written as
 * null (as raw.json does), never as a made-up 0. */
static void num(FILE *f, const char *key, const char *fmt, double v)
{
	fprintf(f, "\"%s\":", key);
	if (isfinite(v))
		fprintf(f, fmt, v);
	else
		fputs("null", f);
}

static void format_line(FILE *f, const snapshot_t *s)
{
	const world_stats *st = &s->stats;
	fprintf(f, "{\"step\":%" PRId64 ",", s->step);
	num(f, "time_myr", "%.6g", s->time_myr);
	fprintf(f, ",\"seed\":%" PRIu64 ",\"cells\":%d,\"plate_count\":%d,", s->prm.seed, s->n,
	        snapshot_plates_on_map(s));
	num(f, "land_fraction", "%.6f", st->land_fraction);
	fputc(',', f);
	num(f, "sea_level_m", "%.2f", s->sea_level_m);
	fputc(',', f);
	num(f, "eustatic_change_m", "%.2f", s->eustatic_change_m);
	fputc(',', f);
	num(f, "elevation_min_m", "%.1f", st->elevation_min_m);
	fputc(',', f);
	num(f, "elevation_max_m", "%.1f", st->elevation_max_m);
	fputc(',', f);
	num(f, "elevation_mean_m", "%.2f", st->elevation_mean_m);
	fputc(',', f);
	num(f, "mean_temperature_c", "%.3f", st->mean_temperature_c);
	fputc(',', f);
	num(f, "continental_fraction", "%.6f", st->continental_fraction);
	fputc(',', f);
	num(f, "crust_created", "%.6f", st->crust_created);
	fputc(',', f);
	num(f, "crust_consumed", "%.6f", st->crust_consumed);
	fputc(',', f);
	num(f, "samples_per_cell", "%.6f", st->samples_per_cell);
	fputs(",\"biome_fractions\":{", f);
	for (int b = 0; b < BIOME_COUNT; b++) {
		fputs(b ? "," : "", f);
		num(f, biome_table[b].name, "%.6f", st->biome_fraction[b]);
	}
	fputs("},\"boundary_fractions\":{", f);
	for (int b = 1; b < 4; b++) {
		fputs(b > 1 ? "," : "", f);
		num(f, boundary_names[b], "%.6f", st->boundary_fraction[b]);
	}
	fprintf(f, "},\"state_hash\":\"%016" PRIx64 "\",", s->state_hash);
	fprintf(f, "\"scenario_hash\":\"%016" PRIx64 "\",\"version\":\"%s\",",
	        provenance_scenario_hash(&s->prm), PACKAGE_VERSION);
	fputs("\"plates\":[", f);
	for (int i = 0, listed = 0; i < s->plate_count; i++) {
		const plate_info *p = &s->plates[i];
		if (!plate_on_map(p))
			continue;
		fprintf(f, "%s{\"id\":%d,\"type\":\"%s\",", listed++ ? "," : "", p->id,
		        p->type == CRUST_CONTINENTAL ? "continental" : "oceanic");
		num(f, "area_fraction", "%.9f", p->area_fraction);   /* a cell at level 9: 3.8e-7 */
		fputc(',', f);
		num(f, "continental_fraction", "%.6f", p->continental_fraction);
		fputc(',', f);
		num(f, "speed_cm_yr", "%.3f", p->speed_cm_yr);
		fputc(',', f);
		num(f, "pole_lat", "%.3f", p->pole_lat);
		fputc(',', f);
		num(f, "pole_lon", "%.3f", p->pole_lon);
		fputc(',', f);
		num(f, "mean_elevation_m", "%.1f", p->mean_elevation_m);
		fputc('}', f);
	}
	fputs("]}\n", f);
}

/* The line is formatted in memory and written whole, then flushed: a write
 * error (full disk, file size limit) must not leave half a JSON object for
 * the next reader. If part of it reached a regular file anyway, the file is
 * cut back to the end of the previous line. */
int stats_write_json(FILE *f, const snapshot_t *s)
{
	char *line = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);
	if (!m) {
		errno = ENOMEM;
		return -1;
	}
	format_line(m, s);
	if (fclose(m) != 0 || !line) {
		free(line);
		errno = ENOMEM;
		return -1;
	}
	struct stat st;
	int regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
	off_t before = regular ? ftello(f) : -1;
	int ok = fwrite(line, 1, len, f) == len;
	ok = fflush(f) == 0 && ok;
	int saved = errno;
	free(line);
	if (ok && !ferror(f))
		return 0;
	if (before >= 0 && ftruncate(fileno(f), before) == 0)
		fseeko(f, before, SEEK_SET);
	errno = saved ? saved : EIO;
	return -1;
}
