/* test_scenario_corpus.c: replay tests/corpus/scenario/ through the fuzz
 * target's checks, so inputs the fuzzer once broke stay fixed, in every
 * `make check` and without clang. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tap.h"
#include "fuzz_scenario.c"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void)
{
	tap_init();
	const char *src = getenv("SRCDIR") ? getenv("SRCDIR") : ".";
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/tests/corpus/scenario", src);
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort), files = 0;
	ok(n > 0, "corpus directory %s is readable", dir);
	for (int i = 0; i < n; i++) {
		char path[8192];
		if (ents[i]->d_name[0] == '.') {
			free(ents[i]);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", dir, ents[i]->d_name);
		FILE *f = fopen(path, "rb");
		size_t cap = 2u << 20, len = 0;
		unsigned char *buf = malloc(cap);
		if (f && buf)
			len = fread(buf, 1, cap, f);
		if (f)
			fclose(f);
		double t0 = now();
		const char *bad = buf ? scenario_fuzz_one(buf, len) : "out of memory";
		double dt = now() - t0;
		ok(!bad, "%s: %s (%.3f s)", ents[i]->d_name, bad ? bad : "kept every promise",
		   dt);
		files++;
		free(buf);
		free(ents[i]);
	}
	if (n > 0)
		free(ents);
	ok(files >= 12, "corpus has at least a dozen inputs (%d)", files);
	return tap_done();
}
