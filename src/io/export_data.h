/* export_data.h: the raw binary layers (raw, data-*) with their ENVI
 * header, GDAL sidecar, raw.json and class legends (see export.h). */
#ifndef TECTONICA_EXPORT_DATA_H
#define TECTONICA_EXPORT_DATA_H

#include "io/export_render.h"

/* Write j's kind (a STORE_F32/U16/U8 kind) into dir, with its sidecars.
 * 0, or -1 with err. */
int export_data_write(export_job *j, const export_meta *m, const char *dir, long frame,
                      char *err, size_t errlen);

#endif
