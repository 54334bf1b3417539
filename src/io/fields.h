/* fields.h: the simulation's fields as numbers at any point of the sphere,
 * for the numeric exports (data-* layers) and their tests.
 *
 * Continuous fields are interpolated over the Delaunay triangle around the
 * point, exactly as the colour maps are (colormap.c), so a number and its
 * colour always agree:
 *   elevation      m from this step's sea level (colormap_elevation_cur)
 *   temperature    deg C, annual mean at the surface
 *   precipitation  mm/yr
 *   age            Myr since the crust formed, over the corners of the
 *                  nearest cell's crust type (ocean floor does not blur into
 *                  continents)
 *   stress, shear  dimensionless, about 0..1 (stress + compression,
 *                  - extension; shear >= 0 is the transform part)
 *   vel_east/north cm/yr, over the corners of the nearest cell's plate (a
 *                  plate moves rigidly; velocity jumps at its boundary)
 * Categorical fields come from the nearest cell:
 *   plate_id       the plate's stable id (as in --stats), FIELDS_NO_PLATE
 *                  if none
 *   biome          the biome index (biome.h order) */
#ifndef TECTONICA_FIELDS_H
#define TECTONICA_FIELDS_H

#include "core/snapshot.h"
#include "io/colormap.h"

typedef enum {
	FIELD_ELEVATION, FIELD_TEMPERATURE, FIELD_PRECIPITATION, FIELD_AGE, FIELD_STRESS,
	FIELD_SHEAR, FIELD_VEL_EAST, FIELD_VEL_NORTH, FIELD_PLATE_ID, FIELD_BIOME, FIELD_COUNT
} field_kind;

#define FIELDS_NO_PLATE 4294967295u

/* Value of field f at unit vector p; cur as for colormap_point_cur. */
double fields_sample(const snapshot_t *s, field_kind f, vec3 p, colormap_cursor *cur);

#endif
