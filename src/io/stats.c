/* stats.c: the --stats JSON Lines record of a snapshot. Field names are an
 * interface other programs rely on; add fields, never rename them. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stats.h"

static const char *const boundary_names[4] = {"none", "convergent", "divergent", "transform"};

/* JSON has no NaN or infinity; a non-finite value would be a bug upstream,
 * but the line must stay parseable anyway. */
static double finite_or_zero(double v)
{
	return isfinite(v) ? v : 0;
}

static void format_line(FILE *f, const snapshot_t *s)
{
	const world_stats *st = &s->stats;
	fprintf(f, "{\"step\":%" PRId64 ",\"time_myr\":%.6g,\"seed\":%" PRIu64 ",\"cells\":%d,"
	        "\"plate_count\":%d,", s->step, s->time_myr, s->prm.seed, s->n, s->plate_count);
	fprintf(f, "\"land_fraction\":%.6f,\"sea_level_m\":%.2f,\"eustatic_change_m\":%.2f,",
	        finite_or_zero(st->land_fraction), finite_or_zero(s->sea_level_m),
	        finite_or_zero(s->eustatic_change_m));
	fprintf(f, "\"elevation_min_m\":%.1f,\"elevation_max_m\":%.1f,\"elevation_mean_m\":%.2f,",
	        finite_or_zero(st->elevation_min_m), finite_or_zero(st->elevation_max_m),
	        finite_or_zero(st->elevation_mean_m));
	fprintf(f, "\"mean_temperature_c\":%.3f,", finite_or_zero(st->mean_temperature_c));
	fprintf(f, "\"continental_fraction\":%.6f,", finite_or_zero(st->continental_fraction));
	fprintf(f, "\"crust_created\":%.6f,\"crust_consumed\":%.6f,\"samples_per_cell\":%.6f,",
	        finite_or_zero(st->crust_created), finite_or_zero(st->crust_consumed),
	        finite_or_zero(st->samples_per_cell));
	fputs("\"biome_fractions\":{", f);
	for (int b = 0; b < BIOME_COUNT; b++)
		fprintf(f, "%s\"%s\":%.6f", b ? "," : "", biome_table[b].name,
		        finite_or_zero(st->biome_fraction[b]));
	fputs("},\"boundary_fractions\":{", f);
	for (int b = 1; b < 4; b++)
		fprintf(f, "%s\"%s\":%.6f", b > 1 ? "," : "", boundary_names[b],
		        finite_or_zero(st->boundary_fraction[b]));
	fprintf(f, "},\"state_hash\":\"%016" PRIx64 "\",\"plates\":[", s->state_hash);
	for (int i = 0; i < s->plate_count; i++) {
		const plate_info *p = &s->plates[i];
		fprintf(f, "%s{\"id\":%d,\"type\":\"%s\",\"area_fraction\":%.6f,"
		        "\"continental_fraction\":%.6f,\"speed_cm_yr\":%.3f,\"pole_lat\":%.3f,"
		        "\"pole_lon\":%.3f,\"mean_elevation_m\":%.1f}",
		        i ? "," : "", p->id, p->type == CRUST_CONTINENTAL ? "continental" : "oceanic",
		        finite_or_zero(p->area_fraction), finite_or_zero(p->continental_fraction),
		        finite_or_zero(p->speed_cm_yr), finite_or_zero(p->pole_lat),
		        finite_or_zero(p->pole_lon), finite_or_zero(p->mean_elevation_m));
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
