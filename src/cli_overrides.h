/* cli_overrides.h: scenario keys set on the command line (`run --set
 * KEY=VALUE`, and the values of `run --sweep KEY=V1,V2,...`), applied on top
 * of the scenario after its defaults and ranges, checked like the file's
 * own keys. Only scalar keys of the scenario table (doc/scenario.md):
 * numbers, true/false, or an enum's value name (grid.kind=cubesphere). */
#ifndef TECTONICA_CLI_OVERRIDES_H
#define TECTONICA_CLI_OVERRIDES_H

#include "core/params.h"

#define CLI_OVERRIDES_MAX 16

typedef struct cli_override {
	const param_def *def;
	double value;
	char text[64];           /* the value as given, for folder names */
} cli_override;

/* Parse VALUE for key def into ov. 0, or -1 (why set). */
int cli_override_value(const param_def *def, const char *value, cli_override *ov,
                       const char **why);
/* Parse "KEY=VALUE". 0, or -1 with the reason printed (opt names the option). */
int cli_override_parse(const char *arg, const char *opt, cli_override *ov);
/* Apply n overrides to p, then check the scenario's cross-key rules. 0, or
 * -1 with every problem printed. */
int cli_override_apply(params *p, const cli_override *ov, int n);

#endif
