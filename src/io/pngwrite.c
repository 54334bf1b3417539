/* pngwrite.c: the one PNG writer of the program (libpng classic API).
 *
 * Compression was chosen by measurement (bench/RESULTS.md, "Export"): the
 * PAETH filter alone and zlib's run-length strategy (Z_RLE: matches only at
 * distance 1, so no hash chains to search). On 4096x2048 maps filtering
 * and compression take half the time of level 3 with SUB, the previous
 * choice (elevation16 0.47 -> 0.23 s, biome 0.31 -> 0.18 s of one core),
 * and the files are 2 % and 7 % smaller: after
 * filtering, a map's redundancy is runs of equal bytes; longer matches are
 * rare (the heightmap's detail noise, the biome texture) and costly to
 * find. libpng's per-row filter search would cost time and gave bigger
 * files. */
#include "io/pngwrite.h"
#include "io/outfile.h"
#include "io/textenc.h"

#include <errno.h>
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PNGW_ZLIB_LEVEL    /* -D overrides only for measuring alternatives */
/* (with Z_RLE the level hardly matters; 0 would store) */
#define PNGW_ZLIB_LEVEL 3
#endif
#ifndef PNGW_FILTERS
#define PNGW_FILTERS PNG_FILTER_PAETH
#endif
#ifndef PNGW_STRATEGY
#define PNGW_STRATEGY Z_RLE
#endif

/* Text longer than this is deflated (the effective scenario: ~2 KB). */
#define PNGW_TEXT_DEFLATE 1024

/* Only 7-bit text (newlines allowed) goes into a tEXt chunk, which is
 * Latin-1 by definition; anything else goes into an iTXt chunk, UTF-8. */
static int plain_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || ((unsigned char)*s < 0x20 && *s != '\n'))
			return 0;
	return 1;
}

/* Where libpng's errors go: the file named in messages (the destination,
 * not the temporary name) and the errno of a failed write, so a full disk
 * reads "cannot write 'map.png': No space left on device", not libpng's
 * bare "Write Error". */
typedef struct errbox {
	char *err;
	size_t len;
	const char *shown;
	FILE *f;
	int write_errno;
} errbox;

static void on_error(png_structp png, png_const_charp msg)
{
	errbox *e = png_get_error_ptr(png);
	if (e && e->err && e->len) {
		char b[OUTFILE_SHOWN];
		if (e->write_errno)
			snprintf(e->err, e->len, "cannot write '%s': %s", outfile_shown(e->shown, b),
			         strerror(e->write_errno));
		else
			snprintf(e->err, e->len, "cannot write '%s': libpng: %s",
			         outfile_shown(e->shown, b), msg);
	}
	png_longjmp(png, 1);
}

static void on_write(png_structp png, png_bytep data, size_t len)
{
	errbox *e = png_get_io_ptr(png);
	if (fwrite(data, 1, len, e->f) != len) {
		e->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

static void on_flush(png_structp png)
{
	errbox *e = png_get_io_ptr(png);
	if (fflush(e->f) != 0) {
		e->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;    /* warnings are not errors; the core never prints */
}

int pngw_pixel_bytes(pngw_format f)
{
	return f == PNGW_RGB8 ? 3 : f == PNGW_GREY16 ? 2 : 1;
}

static int little_endian(void)
{
	const uint16_t one = 1;
	return *(const uint8_t *)&one == 1;
}

int pngw_write(const char *path, const char *shown, int width, int height, pngw_format fmt,
               const pngw_text *text, int ntext, int band, pngw_fill fill, void *ctx,
               char *err, size_t errlen)
{
	if (width < 1 || height < 1 || band < 1) {
		snprintf(err, errlen, "bad PNG size %dx%d", width, height);
		return -1;
	}
	size_t stride = (size_t)width * (size_t)pngw_pixel_bytes(fmt);
	const int nb = band < height ? band : height;
	errbox box = {err, errlen, shown ? shown : path, NULL, 0};
	char b[OUTFILE_SHOWN];
	FILE *volatile f = NULL;
	uint8_t *volatile buf = NULL;
	png_bytep *volatile rows = NULL;
	png_textp volatile tx = NULL;
	char **volatile utf8 = NULL;    /* UTF-8 copies of iTXt values */
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &box, on_error, on_warning);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	if (!png || !info) {
		png_destroy_write_struct(&png, NULL);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		if (f)
			fclose(f);
		free(buf);
		free(rows);
		free(tx);
		for (int i = 0; utf8 && i < ntext; i++)
			free(utf8[i]);
		free(utf8);
		return -1;
	}
	buf = malloc(stride * (size_t)nb);
	rows = malloc(sizeof *rows * (size_t)nb);
	tx = calloc((size_t)(ntext > 0 ? ntext : 1), sizeof *tx);
	utf8 = calloc((size_t)(ntext > 0 ? ntext : 1), sizeof *utf8);
	if (!buf || !rows || !tx || !utf8)
		png_error(png, "out of memory");
	f = fopen(path, "wb");
	if (!f) {
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(box.shown, b), strerror(errno));
		png_longjmp(png, 1);
	}
	box.f = f;
	png_set_write_fn(png, &box, on_write, on_flush);
	png_set_compression_level(png, PNGW_ZLIB_LEVEL);
	png_set_compression_strategy(png, PNGW_STRATEGY);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNGW_FILTERS);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height,
	             fmt == PNGW_GREY16 ? 16 : 8,
	             fmt == PNGW_RGB8 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
	for (int i = 0; i < ntext; i++) {
		const char *v = text[i].value ? text[i].value : "";
		size_t len = strlen(v);
		int deflate = len > PNGW_TEXT_DEFLATE;
		tx[i].key = (png_charp)text[i].key;
		if (plain_ascii(v)) {
			tx[i].compression = deflate ? PNG_TEXT_COMPRESSION_zTXt : PNG_TEXT_COMPRESSION_NONE;
			tx[i].text = (png_charp)v;
			continue;
		}
		/* a replacement character is 3 bytes for each byte it replaces */
		utf8[i] = malloc(3 * len + 1);
		if (!utf8[i])
			png_error(png, "out of memory");
		textenc_utf8(v, utf8[i], 3 * len + 1);
		tx[i].compression = deflate ? PNG_ITXT_COMPRESSION_zTXt : PNG_ITXT_COMPRESSION_NONE;
		tx[i].text = utf8[i];
		tx[i].lang = (png_charp)"";
		tx[i].lang_key = (png_charp)"";
	}
	if (ntext > 0)
		png_set_text(png, info, tx, ntext);
	png_write_info(png, info);
	/* PNG stores 16-bit samples big-endian; our buffer is native */
	if (fmt == PNGW_GREY16 && little_endian())
		png_set_swap(png);
	for (int y = 0; y < height; y += nb) {
		int n = height - y < nb ? height - y : nb;
		if (fill(ctx, y, y + n, buf) != 0) {
			snprintf(err, errlen, "cannot write '%s': rendering failed", outfile_shown(box.shown, b));
			png_longjmp(png, 1);
		}
		for (int i = 0; i < n; i++)
			rows[i] = buf + stride * (size_t)i;
		png_write_rows(png, rows, (png_uint_32)n);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(buf);
	free(rows);
	free(tx);
	for (int i = 0; i < ntext; i++)
		free(utf8[i]);
	free(utf8);
	int bad = ferror(f) || fflush(f) != 0;
	int saved = errno;
	if (fclose(f) != 0 || bad) {
		snprintf(err, errlen, "cannot write '%s': %s", outfile_shown(box.shown, b),
		         strerror(bad && saved ? saved : errno));
		return -1;
	}
	return 0;
}
