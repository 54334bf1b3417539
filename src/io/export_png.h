/* export_png.h: the PNG maps of an export (doc/design.md, "Exports").
 *
 * The equirectangular maps of one export share their pixels' points, so
 * they are written together: each pixel is located once on the grid (and
 * its detailed height computed once) for all of them, and while the pool
 * renders one band of rows, the band before is compressed into every file
 * at once, each file on its own thread. Rows and bands have fixed bounds
 * and each file gets its rows in order, so the bytes are the same for any
 * number of threads. */
#ifndef TECTONICA_EXPORT_PNG_H
#define TECTONICA_EXPORT_PNG_H

#include <stddef.h>

#include "io/export_render.h"

/* Write the n PNG kinds of kinds[] (all export_png_groupable, or a single kind of any
 * PNG store) with j's layout, each file with its text chunks and, when
 * equirectangular, its .aux.xml. 0, or -1 with err (no file of the group is
 * then left half-written). */
int export_png_write(export_job *j, const export_kind *kinds, int n, const export_meta *m,
                     const char *dir, long frame, char *err, size_t errlen);

#endif
