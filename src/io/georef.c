/* georef.c: PAM .aux.xml and ENVI .hdr sidecars (see georef.h). Both are
 * formatted in memory and written whole through outfile, like every file. */
#include "io/georef.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/outfile.h"
#include "io/textenc.h"

void georef_wkt(char *buf, size_t len, double radius_m)
{
	snprintf(buf, len,
	         "GEOGCS[\"Tectonica planet (sphere R=%.0f m)\","
	         "DATUM[\"Tectonica_planet_sphere\",SPHEROID[\"Tectonica sphere\",%.3f,0]],"
	         "PRIMEM[\"Reference meridian\",0],"
	         "UNIT[\"degree\",0.0174532925199433]]",
	         radius_m, radius_m);
}

static void geotransform(FILE *f, const georef *g, const char *sep)
{
	fprintf(f, "%.17g%s%.17g%s0%s%.17g%s0%s%.17g", g->west, sep, g->dx, sep, sep, g->north, sep,
	        sep, -g->dy);
}

/* Close the memory stream that holds a sidecar's text. */
static int close_mem(FILE *m, char *err, size_t errlen)
{
	if (fclose(m) != 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

int georef_write_aux(const char *data_path, const georef *g, char *err, size_t errlen)
{
	char path[4200], wkt[512], *text = NULL;
	size_t len = 0;
	if (snprintf(path, sizeof path, "%s.aux.xml", data_path) >= (int)sizeof path) {
		snprintf(err, errlen, "cannot write a sidecar of '%s': %s", data_path, strerror(ENAMETOOLONG));
		return -1;
	}
	FILE *m = open_memstream(&text, &len);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	georef_wkt(wkt, sizeof wkt, g->radius_m);
	fputs("<PAMDataset>\n  <SRS dataAxisToSRSAxisMapping=\"1,2\">", m);
	textenc_xml(m, g->srs ? g->srs : wkt);
	fputs("</SRS>\n  <GeoTransform>", m);
	geotransform(m, g, ", ");
	fputs("</GeoTransform>\n", m);
	if (g->nmeta > 0) {
		fputs("  <Metadata>\n", m);
		for (int i = 0; i < g->nmeta; i++) {
			fputs("    <MDI key=\"", m);
			textenc_xml(m, g->meta[i].key);
			fputs("\">", m);
			textenc_xml(m, g->meta[i].value ? g->meta[i].value : "");
			fputs("</MDI>\n", m);
		}
		fputs("  </Metadata>\n", m);
	}
	for (int b = 0; b < g->nbands; b++) {
		const georef_band *gb = &g->bands[b];
		fprintf(m, "  <PAMRasterBand band=\"%d\">\n", b + 1);
		if (gb->name) {
			fputs("    <Description>", m);
			textenc_xml(m, gb->name);
			fputs("</Description>\n", m);
		}
		if (gb->unit) {
			fputs("    <UnitType>", m);
			textenc_xml(m, gb->unit);
			fputs("</UnitType>\n", m);
		}
		if (gb->scale != 0)
			fprintf(m, "    <Offset>%.17g</Offset>\n    <Scale>%.17g</Scale>\n", gb->offset,
			        gb->scale);
		fputs("  </PAMRasterBand>\n", m);
	}
	fputs("</PAMDataset>\n", m);
	if (close_mem(m, err, errlen) != 0) {
		free(text);
		return -1;
	}
	int rc = outfile_write_all(path, text, len, err, errlen);
	free(text);
	return rc;
}

/* ENVI values inside braces may not hold braces or commas of their own. */
static void envi_word(FILE *f, const char *s)
{
	char buf[256];
	textenc_utf8(s, buf, sizeof buf);
	for (char *p = buf; *p; p++)
		fputc(*p == '{' || *p == '}' || *p == ',' || *p == '\n' ? ' ' : *p, f);
}

int georef_write_envi(const char *hdr_path, const georef *g, const georef_envi *e,
                      char *err, size_t errlen)
{
	char wkt[512], *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	georef_wkt(wkt, sizeof wkt, g->radius_m);
	fputs("ENVI\ndescription = {", m);
	envi_word(m, e->description ? e->description : "tectonica");
	fprintf(m, "}\nsamples = %d\nlines = %d\nbands = %d\nheader offset = 0\n", g->width,
	        g->height, g->nbands);
	fprintf(m, "file type = %s\ndata type = %d\ninterleave = bsq\nbyte order = 0\n",
	        e->nclasses > 0 ? "ENVI Classification" : "ENVI Standard", e->data_type);
	fprintf(m, "map info = {Geographic Lat/Lon, 1, 1, %.17g, %.17g, %.17g, %.17g, units=Degrees}\n",
	        g->west, g->north, g->dx, g->dy);
	fprintf(m, "coordinate system string = {%s}\n", wkt);
	fputs("band names = {", m);
	for (int b = 0; b < g->nbands; b++) {
		fputs(b ? ", " : "", m);
		envi_word(m, g->bands[b].name ? g->bands[b].name : "band");
	}
	fputs("}\n", m);
	if (e->nclasses > 0) {
		fprintf(m, "classes = %d\nclass names = {", e->nclasses);
		for (int c = 0; c < e->nclasses; c++) {
			fputs(c ? ", " : "", m);
			envi_word(m, e->class_names[c]);
		}
		fputs("}\nclass lookup = {", m);
		for (int c = 0; c < e->nclasses; c++)
			fprintf(m, "%s%d, %d, %d", c ? ", " : "", e->class_rgb[c][0], e->class_rgb[c][1],
			        e->class_rgb[c][2]);
		fputs("}\n", m);
	}
	if (close_mem(m, err, errlen) != 0) {
		free(text);
		return -1;
	}
	int rc = outfile_write_all(hdr_path, text, len, err, errlen);
	free(text);
	return rc;
}
