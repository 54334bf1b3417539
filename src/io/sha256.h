/* sha256.h: SHA-256 (FIPS 180-4) of bytes and of files, to name an input
 * file in provenance by its content (what `sha256sum` prints). */
#ifndef TECTONICA_SHA256_H
#define TECTONICA_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct sha256 {
	uint32_t h[8];
	uint64_t bytes;         /* message length so far */
	uint8_t block[64];
	size_t used;            /* bytes waiting in block */
} sha256;

void sha256_init(sha256 *c);
void sha256_update(sha256 *c, const void *data, size_t len);
/* The digest as 64 lowercase hex digits and a NUL. */
void sha256_hex(sha256 *c, char hex[65]);
/* Digest and size of the file at path. 0, or -1 with err (errno's reason). */
int sha256_file(const char *path, char hex[65], uint64_t *bytes, char *err, size_t errlen);

#endif
