/* scenario.c: placeholder until the scenario module lands. */
#include <stdlib.h>
#include <string.h>
#include "scenario.h"
int scenario_load_file(const char *path, params *out, char **errors) { params_default(out); *errors = NULL; return 0; }
int scenario_load_string(const char *name, const char *text, size_t len, params *out, char **errors) { params_default(out); *errors = NULL; return 0; }
const char *scenario_default_text(void) { return ""; }
int scenario_load_default(params *out, char **errors) { params_default(out); *errors = NULL; return 0; }
