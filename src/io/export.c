/* export.c: placeholder until the export module lands. */
#include <stdio.h>
#include "export.h"
const char *export_kind_name(export_kind k) { return "biome"; }
int export_parse_list(const char *list, unsigned *mask, char *err, size_t errlen) { *mask = 1; return 0; }
int export_write(const snapshot_t *s, unsigned mask, const char *dir, const export_opts *o, struct pool *pool, char *err, size_t errlen)
{ snprintf(err, errlen, "export not built yet"); return -1; }
