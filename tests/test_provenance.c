/* test_provenance.c: what exports say about their planet is readable and
 * enough to make it again. A non-ASCII scenario path reaches the PNG as a
 * UTF-8 iTXt chunk (and invalid bytes as U+FFFD), the PNG stays valid
 * (libpng reads it back; pngcheck when installed), raw.json stays valid JSON,
 * sidecars valid UTF-8; the effective scenario embedded in the PNG makes the
 * same planet, bit for bit; the JSON writer escapes what it must. */
#include "tap.h"
#include "planet_fixture.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/pool.h"
#include "core/planet.h"
#include "core/snapshot.h"
#include "io/export.h"
#include "io/scenario.h"
#include "io/sha256.h"
#include "io/textenc.h"
#include "json_check.h"

#define STEPS 3

static char dir[256];

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf)
		buf[n] = '\0';
	return buf;
}

static int utf8_valid(const char *s)
{
	while (*s) {
		int n = textenc_utf8_len(s);
		if (!n)
			return 0;
		s += n;
	}
	return 1;
}

/* A text chunk of a PNG: its value (malloc'd) and chunk kind (libpng's
 * compression field: -1 tEXt, 0 zTXt, 1/2 iTXt). NULL if absent or the
 * PNG does not read. */
static char *png_text_of(const char *path, const char *key, int *kind)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	char *volatile out = NULL;
	if (!png || !info || setjmp(png_jmpbuf(png))) {
		png_destroy_read_struct(&png, &info, NULL);
		fclose(f);
		free(out);
		return NULL;
	}
	png_init_io(png, f);
	png_read_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);    /* whole file: CRCs checked */
	png_textp t;
	int n = png_get_text(png, info, &t, NULL);
	for (int i = 0; i < n && !out; i++)
		if (!strcmp(t[i].key, key)) {
			out = strdup(t[i].text ? t[i].text : "");
			*kind = t[i].compression;
		}
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);
	return out;
}

static int have(const char *tool)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

static void export_as(const snapshot_t *s, const char *sub, const char *scenario, pool_t *pool)
{
	char out[512], err[512];
	snprintf(out, sizeof out, "%s/%s", dir, sub);
	unsigned mask;
	export_parse_list("biome,elevation16,raw,data-age", &mask, err, sizeof err);
	export_opts o = {.width = 128, .height = 64, .scenario = scenario, .frame = -1};
	int rc = export_write(s, mask, out, &o, pool, err, sizeof err);
	ok(rc == 0, "export with scenario path %s%s%s", sub, rc ? ": " : "", rc ? err : "");
}

static void test_paths(const snapshot_t *s, pool_t *pool)
{
	const char *utf = "conf/t\xC3\xABrra-\xE6\x97\xA5\xE6\x9C\xAC.yaml";    /* tërra-日本 */
	const char *bad = "conf/bad\xFF\xFE-\xC3.yaml";
	const char *want_bad = "conf/bad\xEF\xBF\xBD\xEF\xBF\xBD-\xEF\xBF\xBD.yaml";
	export_as(s, "utf8", utf, pool);
	export_as(s, "bad", bad, pool);
	char path[512];
	int kind = -9;
	snprintf(path, sizeof path, "%s/utf8/biome.png", dir);
	char *v = png_text_of(path, "Scenario", &kind);
	ok(v && !strcmp(v, utf) && (kind == PNG_ITXT_COMPRESSION_NONE || kind == PNG_ITXT_COMPRESSION_zTXt),
	   "a UTF-8 path is an iTXt chunk holding it (kind %d): %s", kind, v ? v : "(none)");
	free(v);
	char *ascii = png_text_of(path, "Step", &kind);
	ok(ascii && kind == PNG_TEXT_COMPRESSION_NONE, "ASCII values stay tEXt (Step: kind %d)", kind);
	free(ascii);
	snprintf(path, sizeof path, "%s/bad/elevation16.png", dir);
	v = png_text_of(path, "Scenario", &kind);
	ok(v && !strcmp(v, want_bad), "bytes that are not UTF-8 become U+FFFD: %s", v ? v : "(none)");
	free(v);
	if (have("pngcheck")) {
		char cmd[1200];
		snprintf(cmd, sizeof cmd,
		         "pngcheck -q '%s/utf8/biome.png' '%s/utf8/elevation16.png' '%s/bad/biome.png' "
		         "'%s/bad/elevation16.png' >/dev/null 2>&1", dir, dir, dir, dir);
		ok(system(cmd) == 0, "pngcheck finds no error in the PNGs of either path");
	} else {
		printf("ok %d # SKIP pngcheck is not installed\n", ++tap_count);
	}
	static const char *const sidecars[] = {
		"raw.json", "raw.f32.aux.xml", "raw.hdr", "biome.png.aux.xml", "data-age.f32.aux.xml",
	};
	for (int which = 0; which < 2; which++)
		for (size_t i = 0; i < sizeof sidecars / sizeof *sidecars; i++) {
			snprintf(path, sizeof path, "%s/%s/%s", dir, which ? "bad" : "utf8", sidecars[i]);
			char *text = slurp(path);
			int good = text && utf8_valid(text);
			if (good && !strcmp(sidecars[i], "raw.json"))
				good = json_valid(text) && strstr(text, which ? want_bad : utf) != NULL;
			ok(good, "%s of the %s path is valid%s", sidecars[i], which ? "invalid" : "UTF-8",
			   strcmp(sidecars[i], "raw.json") ? " UTF-8" : " JSON naming the path");
			free(text);
		}
}

static void test_reproduce(const snapshot_t *s, pool_t *pool)
{
	char path[512], err[512];
	int kind;
	snprintf(path, sizeof path, "%s/utf8/biome.png", dir);
	char *yaml = png_text_of(path, "Scenario-YAML", &kind);
	if (!ok(yaml && strstr(yaml, "seed: 11") && strstr(yaml, "level: 3"),
	        "the PNG carries the effective scenario (seed, grid level)"))
		return;
	params p;
	char *errors = NULL;
	int bad = scenario_load_string("embedded", yaml, strlen(yaml), &p, &errors);
	ok(bad == 0, "it loads as a scenario%s%s", errors ? ": " : "", errors ? errors : "");
	free(errors);
	free(yaml);
	if (bad)
		return;
	planet_t *pl = planet_new(&p, pool, err, sizeof err);
	for (int i = 0; pl && i < STEPS; i++)
		planet_step(pl, err, sizeof err);
	ok(pl && planet_hash(pl) == s->state_hash,
	   "and makes the same planet: state hash after %d steps %016llx", STEPS,
	   (unsigned long long)s->state_hash);
	planet_free(pl);
}

static int json_of(const char *s, char *out, size_t len)
{
	FILE *f = fmemopen(out, len, "w");
	if (!f)
		return -1;
	textenc_json(f, s);
	fclose(f);
	return 0;
}

static void test_json_escapes(void)
{
	static const struct { const char *in, *want; } cases[] = {
		{"a\"b\\c", "\"a\\\"b\\\\c\""},
		{"tab\tnl\ncr\r", "\"tab\\tnl\\ncr\\u000d\""},
		{"\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\""},
		{"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x8C\x8D", "\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x8C\x8D\""},
		{"\xC0\xAF", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},            /* overlong '/' */
		{"\xED\xA0\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},  /* a surrogate */
		{"\xF4\x90\x80\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
		{"end\xE2\x82", "\"end\xEF\xBF\xBD\xEF\xBF\xBD\""},      /* cut short */
	};
	int all = 1;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char out[256] = "";
		json_of(cases[i].in, out, sizeof out);
		if (strcmp(out, cases[i].want) || !json_valid(out)) {
			all = 0;
			tap_diag("case %zu: got %s", i, out);
		}
	}
	ok(all, "JSON strings: quotes, backslashes and control characters escaped, "
	        "UTF-8 kept, every invalid byte U+FFFD, always valid JSON");
}

/* FIPS 180-4's examples, the empty message, padding that needs a second
 * block (56 bytes), input fed in uneven pieces, and a file. */
static void test_sha256(void)
{
	static const struct { const char *msg, *hex; } v[] = {
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		 "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	};
	char hex[65];
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		sha256 c;
		sha256_init(&c);
		size_t n = strlen(v[i].msg);
		sha256_update(&c, v[i].msg, n / 3);    /* in pieces across blocks */
		sha256_update(&c, v[i].msg + n / 3, n - n / 3);
		sha256_hex(&c, hex);
		ok(!strcmp(hex, v[i].hex), "sha256 of a %zu-byte message: %s", n, hex);
	}
	/* a million 'a', the standard's long example, as a file */
	char path[300];
	snprintf(path, sizeof path, "%s-a.bin", dir);
	FILE *f = fopen(path, "wb");
	for (int i = 0; f && i < 1000000; i++)
		fputc('a', f);
	uint64_t bytes = 0;
	char err[256] = "";
	int rc = f && fclose(f) == 0 ? sha256_file(path, hex, &bytes, err, sizeof err) : -1;
	ok(rc == 0 && bytes == 1000000 &&
	   !strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
	   "sha256_file of a million 'a': %s bytes %llu %s", hex, (unsigned long long)bytes, err);
	remove(path);
	ok(sha256_file(path, hex, &bytes, err, sizeof err) == -1 && strstr(err, "cannot read"),
	   "sha256_file of a missing file: %s", err);
}

int main(void)
{
	tap_init();
	snprintf(dir, sizeof dir, "/tmp/tectonica-provenance-%ld", (long)getpid());
	pool_t *pool = pool_new(2);
	planet_t *pl;
	snapshot_t *s;
	if (fixture_planet(3, 11, STEPS, pool, &pl, &s) < 0)
		return tap_done();

	test_paths(s, pool);
	test_reproduce(s, pool);
	test_json_escapes();
	test_sha256();

	fixture_free(dir, pl, s, pool);
	return tap_done();
}
