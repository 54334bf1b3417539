/* test_state_fuzz.c: damaged state payloads are refused or yield a sound
 * planet, never a crash, a hang or a runaway allocation. A deterministic
 * mutation run that `make check` (and CI under ASan/UBSan) replays every
 * time; `make fuzz-state` runs the same checks under libFuzzer. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "core/planet_internal.h"
#include "core/planet_state.h"
#include "state_fuzz_check.h"

/* Replay every input the fuzzer ever saved in tests/corpus/state/. */
static void replay_corpus(void)
{
	const char *src = getenv("SRCDIR");
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/tests/corpus/state", src ? src : ".");
	DIR *d = opendir(dir);
	if (!ok(d != NULL, "corpus folder %s", dir))
		return;
	int files = 0, sound = 1;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[8192];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		FILE *f = fopen(path, "rb");
		if (!f)
			continue;
		uint8_t *buf = malloc(1 << 20);
		size_t n = fread(buf, 1, 1 << 20, f);
		fclose(f);
		sound &= state_fuzz_check(buf, n) >= 0;
		free(buf);
		files++;
	}
	closedir(d);
	ok(files > 0 && sound, "%d saved fuzzer inputs replay without harm", files);
}

int main(void)
{
	tap_init();
	params p;
	params_default(&p);
	p.level = 2;
	char err[256] = "";
	planet_t *pl = planet_new(&p, NULL, err, sizeof err);
	if (!ok(pl != NULL, "level-2 planet (%s)", err))
		return tap_done();
	for (int i = 0; i < 12; i++)
		planet_step(pl, err, sizeof err);
	uint8_t *good = NULL;
	size_t len = 0;
	int ser = planet_serialize(pl, &good, &len);
	ok(ser == 0, "serialize (%zu bytes)", len);
	ok(state_fuzz_check(good, len) == 1, "the intact state loads and steps");

	rng_t r;
	rng_seed(&r, 2026);
	uint8_t *buf = malloc(len + 64);
	int crashes_impossible = 1, loaded = 0, refused = 0;
	size_t params_end = sizeof(params);
	for (int i = 0; i < 4000; i++) {
		memcpy(buf, good, len);
		size_t n = len;
		int edits = 1 + (int)rng_below(&r, 4);
		for (int e = 0; e < edits; e++) {
			/* most edits hit the plates and world records; one in eight
			 * hits the parameters, which must be refused when out of range */
			size_t lo = rng_below(&r, 8) == 0 ? 0 : params_end;
			if (lo + 1 >= n)
				lo = 0;
			if (n < 2)
				break;
			size_t at = lo + rng_below(&r, (uint32_t)(n - lo));
			switch (rng_below(&r, 6)) {
			case 0: buf[at] ^= (uint8_t)(1u << rng_below(&r, 8)); break;
			case 1: buf[at] = (uint8_t)rng_below(&r, 256); break;
			case 2: buf[at] = 0xff; break;
			case 3:
				if (at + 4 <= n) {
					int32_t v = (int32_t)rng_next(&r);
					memcpy(buf + at, &v, 4);
				}
				break;
			case 4: n = at; break;                          /* truncate */
			default:                                        /* append junk */
				if (n + 8 <= len + 64) {
					memset(buf + n, 0x5a, 8);
					n += 8;
				}
				break;
			}
		}
		int rc = state_fuzz_check(buf, n);
		crashes_impossible &= rc >= 0;
		loaded += rc == 1;
		refused += rc == 0;
	}
	ok(crashes_impossible, "4000 damaged payloads: every loaded planet was sound");
	ok(refused > 1000, "most damage is refused (%d refused, %d loaded)", refused, loaded);
	free(buf);
	free(good);
	planet_free(pl);
	replay_corpus();
	return tap_done();
}
