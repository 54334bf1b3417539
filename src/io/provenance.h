/* provenance.h: what identifies a run, for --stats lines and exports.
 *
 * The scenario hash digests the effective scenario (every key after
 * defaults, drawn ranges and live edits: the YAML of scenario_yaml, which
 * `tectonica check --print` writes) with the seed set to 0, so every seed
 * of one scenario shares it and any change of a key changes it. With the
 * seed and the program version it names the run. */
#ifndef TECTONICA_PROVENANCE_H
#define TECTONICA_PROVENANCE_H

#include <stdint.h>
#include "core/params.h"

/* FNV-1a 64 of the effective scenario's YAML with seed 0; 0 when memory
 * ran out. */
uint64_t provenance_scenario_hash(const params *p);

#endif
