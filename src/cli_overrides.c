/* cli_overrides.c: see cli_overrides.h. */
#include "cli_overrides.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"

int cli_override_value(const param_def *def, const char *value, cli_override *ov,
                       const char **why)
{
	double v = NAN;
	if (def->type == PK_ENUM) {
		for (int i = 0; def->names && def->names[i]; i++)
			if (!strcmp(def->names[i], value))
				v = i;
		*why = "one of the key's value names";
	} else if (def->type == PK_BOOL) {
		v = !strcmp(value, "true") ? 1 : !strcmp(value, "false") ? 0 : NAN;
		*why = "true or false";
	} else if (def->type == PK_INT || def->type == PK_DOUBLE) {
		char *end;
		v = strtod(value, &end);
		if (end == value || *end || !isfinite(v))
			v = NAN;
		*why = "a number";
	} else {
		*why = "a numeric key (not a name, seed or list)";
	}
	if (isnan(v))
		return -1;
	params probe;
	params_default(&probe);
	if (params_set(&probe, def, v) != 0) {
		*why = "a value within the key's bounds (doc/scenario.md)";
		return -1;
	}
	ov->def = def;
	ov->value = v;
	snprintf(ov->text, sizeof ov->text, "%s", value);
	return 0;
}

int cli_override_parse(const char *arg, const char *opt, cli_override *ov)
{
	const char *eq = strchr(arg, '=');
	char key[128];
	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof key) {
		err_print("%s: expected KEY=VALUE, got '%s'", opt, arg);
		return -1;
	}
	memcpy(key, arg, (size_t)(eq - arg));
	key[eq - arg] = '\0';
	const param_def *def = params_find(key);
	const char *why = "";
	if (!def) {
		err_print("%s: no scenario key '%s' (see doc/scenario.md)", opt, key);
		return -1;
	}
	if (!strcmp(key, "seed")) {
		err_print("%s: give the seed with -s or --seeds", opt);
		return -1;
	}
	if (cli_override_value(def, eq + 1, ov, &why) != 0) {
		err_print("%s: %s: expected %s, got '%s'", opt, key, why, eq + 1);
		return -1;
	}
	return 0;
}

int cli_override_apply(params *p, const cli_override *ov, int n)
{
	for (int i = 0; i < n; i++)
		if (params_set(p, ov[i].def, ov[i].value) != 0) {
			err_print("--set: %s: %s is out of bounds", ov[i].def->path, ov[i].text);
			return -1;
		}
	param_issue issues[8];
	int found = params_check(p, issues, 8);
	for (int i = 0; i < found && i < 8; i++)
		err_print("%s: %s", issues[i].path, issues[i].msg);
	return found ? -1 : 0;
}
