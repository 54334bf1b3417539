/* georef.h: the sidecar files that let GIS tools place a map on its planet.
 *
 * Every equirectangular export covers longitude -180..180 and latitude
 * -90..90 of a sphere of the planet's radius, in a geographic CRS on that
 * sphere (not WGS 84: the planet is not the Earth). GDAL (and through it
 * QGIS) reads:
 *   FILE.aux.xml  GDAL's PAM sidecar: SRS as WKT, GeoTransform and, per
 *                 band, a description, UnitType and Offset/Scale (value =
 *                 stored * Scale + Offset), plus provenance metadata;
 *   STEM.hdr      an ENVI header for raw binary layers (raw.f32, data-*),
 *                 so GDAL opens the binary itself: size, data type, byte
 *                 order, band names, map info with the same CRS as WKT and,
 *                 for class maps, class names and colours.
 * Pixel (x, y) covers lon west + x dx .. west + (x + 1) dx, lat north - y dy
 * .. north - (y + 1) dy (the whole planet: west -180, north 90, dx = 360 / W,
 * dy = 180 / H): GDAL's GeoTransform is (west, dx, 0, north, 0, -dy), pixel
 * centres fall where export.h says. */
#ifndef TECTONICA_GEOREF_H
#define TECTONICA_GEOREF_H

#include <stddef.h>
#include <stdint.h>

typedef struct georef_band {
	const char *name;        /* band description, e.g. "elevation" */
	const char *unit;        /* UnitType ("m", "degC", ...) or NULL */
	double scale, offset;    /* value = stored * scale + offset; scale 0: none */
} georef_band;

typedef struct georef_item { const char *key, *value; } georef_item;

typedef struct georef {
	int width, height;
	double west, north;          /* outer corner of pixel (0, 0), degrees */
	double dx, dy;               /* pixel size, degrees (dy > 0 southward) */
	double radius_m;             /* the planet's radius */
	const char *srs;             /* a projected CRS (PROJ string), or NULL:
	                              * geographic degrees on the sphere */
	int nbands;
	const georef_band *bands;
	const georef_item *meta;     /* dataset metadata (provenance) */
	int nmeta;
} georef;

/* ENVI specifics of a raw binary file (band-sequential, little-endian). */
typedef struct georef_envi {
	int data_type;               /* ENVI code: 1 uint8, 13 uint32, 4 float32 */
	const char *description;
	int nclasses;                /* > 0: a class map with names and colours */
	const char *const *class_names;
	const uint8_t (*class_rgb)[3];
} georef_envi;

/* The CRS as WKT1 (GEOGCS on a sphere of radius_m metres). */
void georef_wkt(char *buf, size_t len, double radius_m);
/* Write data_path + ".aux.xml". 0, or -1 with err. */
int georef_write_aux(const char *data_path, const georef *g, char *err, size_t errlen);
/* Write the ENVI header hdr_path for the binary next to it. 0, or -1. */
int georef_write_envi(const char *hdr_path, const georef *g, const georef_envi *e,
                      char *err, size_t errlen);

#endif
