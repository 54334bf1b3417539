/* state.c: state files on disk: header, payload, checksum; atomic writes.
 *
 *   offset 0   8 bytes  magic "TECTSTAT"
 *          8   4 bytes  format version (little-endian)
 *         12   8 bytes  payload length
 *         20   ...      payload (planet_serialize)
 *        end   8 bytes  checksum of the payload
 * The payload is native-endian: state files move between runs, not machines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/planet_state.h"
#include "io/outfile.h"
#include "state.h"

#define STATE_MAGIC "TECTSTAT"
#define STATE_VERSION 11u
#define STATE_MAX_BYTES ((uint64_t)4 << 30)
#define STATE_OVERHEAD (8u + 4u + 8u + 8u)   /* magic, version, length, checksum */

static uint64_t checksum(const uint8_t *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;        /* FNV-1a, folded per byte */
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

bool state_is_file(const char *path)
{
	char head[8];
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	bool yes = fread(head, 1, sizeof head, f) == sizeof head && !memcmp(head, STATE_MAGIC, sizeof head);
	fclose(f);
	return yes;
}

int state_save(const planet_t *pl, const char *path, char *err, size_t errlen)
{
	uint8_t *payload = NULL;
	size_t len = 0;
	if (planet_serialize(pl, &payload, &len) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	char tmp[OUTFILE_TMP_MAX];
	if (outfile_begin(path, tmp, err, errlen) < 0) {
		free(payload);
		return -1;
	}
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		char b[OUTFILE_SHOWN];
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b), strerror(errno));
		outfile_commit(tmp, path, 0, err, errlen);
		free(payload);
		return -1;
	}
	uint32_t version = STATE_VERSION;
	uint64_t len64 = len, sum = checksum(payload, len);
	int ok = fwrite(STATE_MAGIC, 1, 8, f) == 8 && fwrite(&version, 4, 1, f) == 1 &&
	         fwrite(&len64, 8, 1, f) == 1 && fwrite(payload, 1, len, f) == len &&
	         fwrite(&sum, 8, 1, f) == 1;
	ok = ok && fflush(f) == 0 && fsync(fileno(f)) == 0;
	int saved = errno;
	ok = fclose(f) == 0 && ok;
	free(payload);
	if (!ok) {
		char b[OUTFILE_SHOWN];
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(path, b),
		         strerror(saved ? saved : errno));
		outfile_commit(tmp, path, 0, err, errlen);
		return -1;
	}
	return outfile_commit(tmp, path, 1, err, errlen);
}

planet_t *state_load(const char *path, struct pool *pool, int *bad_input, char *err, size_t errlen)
{
	*bad_input = 0;
	char shown[OUTFILE_SHOWN];
	const char *name = outfile_shown(path, shown);
	FILE *f = fopen(path, "rb");
	if (!f) {
		*bad_input = errno == ENOENT;
		snprintf(err, errlen, "cannot read '%s': %s", name, strerror(errno));
		return NULL;
	}
	struct stat st;
	char magic[8];
	uint32_t version = 0;
	uint64_t len = 0, sum = 0;
	uint8_t *payload = NULL;
	planet_t *pl = NULL;
	*bad_input = 1;
	size_t got = fstat(fileno(f), &st) == 0 ? fread(magic, 1, 8, f) : 0;
	if (got == 0 || memcmp(magic, STATE_MAGIC, got)) {
		snprintf(err, errlen, "%s: not a tectonica state file", name);
		goto out;
	}
	/* the length first: a cut file must say so, not report a bad version */
	if (got < 8 || (uint64_t)st.st_size < STATE_OVERHEAD) {
		snprintf(err, errlen, "%s: state file is truncated (%lld bytes)", name,
		         (long long)st.st_size);
		goto out;
	}
	if (fread(&version, 4, 1, f) != 1 || version != STATE_VERSION) {
		snprintf(err, errlen, "%s: state format version %u, this program reads %u", name,
		         version, STATE_VERSION);
		goto out;
	}
	/* the length must match the file exactly: no allocation from a lie */
	if (fread(&len, 8, 1, f) != 1 || len > STATE_MAX_BYTES ||
	    (uint64_t)st.st_size != STATE_OVERHEAD + len) {
		snprintf(err, errlen, "%s: state file is truncated or has a bad length", name);
		goto out;
	}
	payload = malloc(len ? len : 1);
	if (!payload) {
		*bad_input = 0;
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (fread(payload, 1, len, f) != len || fread(&sum, 8, 1, f) != 1) {
		snprintf(err, errlen, "%s: state file is truncated", name);
		goto out;
	}
	if (sum != checksum(payload, len)) {
		snprintf(err, errlen, "%s: checksum mismatch (file damaged)", name);
		goto out;
	}
	char why[256] = "";
	pl = planet_deserialize(payload, len, pool, why, sizeof why);
	if (!pl)
		snprintf(err, errlen, "%s: %s", name, why);
out:
	free(payload);
	fclose(f);
	return pl;
}
