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
#include "state.h"

#define STATE_MAGIC "TECTSTAT"
#define STATE_VERSION 4u
#define STATE_MAX_BYTES ((uint64_t)4 << 30)

static uint64_t checksum(const uint8_t *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;        /* FNV-1a, folded per byte */
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

int state_save(const planet_t *pl, const char *path, char *err, size_t errlen)
{
	uint8_t *payload = NULL;
	size_t len = 0;
	if (planet_serialize(pl, &payload, &len) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 16);
	if (!tmp) {
		free(payload);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(tmp, plen + 16, "%s.tmp%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	int rc = -1;
	if (!f) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	uint32_t version = STATE_VERSION;
	uint64_t len64 = len, sum = checksum(payload, len);
	int ok = fwrite(STATE_MAGIC, 1, 8, f) == 8 && fwrite(&version, 4, 1, f) == 1 &&
	         fwrite(&len64, 8, 1, f) == 1 && fwrite(payload, 1, len, f) == len &&
	         fwrite(&sum, 8, 1, f) == 1;
	ok &= fflush(f) == 0 && fsync(fileno(f)) == 0;
	ok &= fclose(f) == 0;
	if (!ok || rename(tmp, path) != 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	free(tmp);
	free(payload);
	return rc;
}

planet_t *state_load(const char *path, struct pool *pool, int *bad_input, char *err, size_t errlen)
{
	*bad_input = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		*bad_input = errno == ENOENT;
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	char magic[8];
	uint32_t version = 0;
	uint64_t len = 0, sum = 0;
	uint8_t *payload = NULL;
	planet_t *pl = NULL;
	*bad_input = 1;
	if (fstat(fileno(f), &st) != 0 || fread(magic, 1, 8, f) != 8 || memcmp(magic, STATE_MAGIC, 8)) {
		snprintf(err, errlen, "%s: not a tectonica state file", path);
		goto out;
	}
	if (fread(&version, 4, 1, f) != 1 || version != STATE_VERSION) {
		snprintf(err, errlen, "%s: state format version %u, this program reads %u", path,
		         version, STATE_VERSION);
		goto out;
	}
	/* the length must match the file exactly: no allocation from a lie */
	if (fread(&len, 8, 1, f) != 1 || len > STATE_MAX_BYTES ||
	    (uint64_t)st.st_size != 8 + 4 + 8 + len + 8) {
		snprintf(err, errlen, "%s: state file is truncated or has a bad length", path);
		goto out;
	}
	payload = malloc(len ? len : 1);
	if (!payload) {
		*bad_input = 0;
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (fread(payload, 1, len, f) != len || fread(&sum, 8, 1, f) != 1) {
		snprintf(err, errlen, "%s: state file is truncated", path);
		goto out;
	}
	if (sum != checksum(payload, len)) {
		snprintf(err, errlen, "%s: checksum mismatch (file damaged)", path);
		goto out;
	}
	char why[256] = "";
	pl = planet_deserialize(payload, len, pool, why, sizeof why);
	if (!pl)
		snprintf(err, errlen, "%s: %s", path, why);
out:
	free(payload);
	fclose(f);
	return pl;
}
