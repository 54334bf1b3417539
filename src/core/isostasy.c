/* isostasy.c: the height continental crust floats at for its thickness,
 * measured from the sea, and back. Crust (crust.c) settles toward it;
 * the layout (relief.c) and imported maps (terrain_import.c) give their
 * crust the thickness that holds their heights. */
#include "planet_internal.h"

#define FREEBOARD_M 200.0            /* normal continent above the sea */
#define ISOSTASY_M_KM 140.0          /* height gained per km of extra crust */
#define THIN_ISOSTASY_M_KM 40.0      /* height lost per km of thinned crust */

double crust_float_height(double thick_km)
{
	double d = thick_km - CRUST_NORMAL_KM;
	return FREEBOARD_M + d * (d > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
}

/* The inverse, within the range crust takes here, so a map's heights hold
 * under erosion and rebound instead of sinking or rising to a uniform
 * continent. */
double crust_thickness_for_height(double above_sea_m)
{
	double d = above_sea_m - FREEBOARD_M;
	double thick = CRUST_NORMAL_KM + d / (d > 0 ? ISOSTASY_M_KM : THIN_ISOSTASY_M_KM);
	return clampd(thick, 15, 75);
}
