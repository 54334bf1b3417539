/* provenance.c: the scenario hash (see provenance.h). */
#include "io/provenance.h"

#include <stdlib.h>

#include "io/scenario_yaml.h"

uint64_t provenance_scenario_hash(const params *p)
{
	params q = *p;
	q.seed = 0;
	char *text = scenario_yaml(&q, NULL);
	if (!text)
		return 0;
	uint64_t h = 0xcbf29ce484222325ull;
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		h ^= *c;
		h *= 0x100000001b3ull;
	}
	free(text);
	return h;
}
