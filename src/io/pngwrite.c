/* pngwrite.c: the one PNG writer of the program. libpng writes the
 * signature, IHDR and the text chunks; the image data is filtered and
 * deflated here and written as IDAT chunks (png_write_chunk), which skips
 * libpng's per-row copies and byte swapping.
 *
 * Compression was chosen by measurement (bench/RESULTS.md, "Export"): the
 * PAETH filter on every row and zlib's run-length strategy (Z_RLE: matches
 * only at distance 1, so no hash chains to search). On 4096x2048 maps
 * filtering and compression take half the time of level 3 with SUB, the
 * previous choice (elevation16 0.47 -> 0.23 s, biome 0.31 -> 0.18 s of one
 * core), and the files are 2 % and 7 % smaller: after filtering, a map's
 * redundancy is runs of equal bytes; longer matches are rare (the
 * heightmap's detail noise, the biome texture) and costly to find. A
 * per-row filter search (libpng's default) would cost time and gave bigger
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
#ifndef PNGW_STRATEGY
#define PNGW_STRATEGY Z_RLE
#endif

/* Bytes of image data per IDAT chunk. */
#define PNGW_IDAT 65536

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

/* PNGW_ERR: room for a message naming the file and the reason. */
#define PNGW_ERR 512

/* One PNG being written. libpng's errors land in err: the file named in
 * messages is the destination, not the temporary name, and a failed
 * write reports its errno, so a full disk reads "cannot write 'map.png':
 * No space left on device", not libpng's bare "Write Error". */
struct pngw {
	png_structp png;
	png_infop info;
	FILE *f;
	char shown[OUTFILE_SHOWN];
	size_t stride;
	int bpp;               /* bytes per pixel, for the filter */
	int swap16;            /* 16-bit samples arrive little-endian */
	int height, written;
	int failed;
	int write_errno;
	z_stream z;            /* the image data, deflated into IDAT chunks */
	int z_open;
	uint8_t *prev, *raw;   /* previous and current row, PNG byte order */
	uint8_t *filtered;     /* filter type byte + filtered row */
	uint8_t *zout;         /* deflated bytes waiting for an IDAT chunk */
	char err[PNGW_ERR];
};

static void on_error(png_structp png, png_const_charp msg)
{
	pngw *w = png_get_error_ptr(png);
	if (w) {
		if (w->write_errno)
			snprintf(w->err, sizeof w->err, "cannot write '%s': %s", w->shown,
			         strerror(w->write_errno));
		else
			snprintf(w->err, sizeof w->err, "cannot write '%s': libpng: %s", w->shown, msg);
	}
	png_longjmp(png, 1);
}

static void on_write(png_structp png, png_bytep data, size_t len)
{
	pngw *w = png_get_io_ptr(png);
	if (fwrite(data, 1, len, w->f) != len) {
		w->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

static void on_flush(png_structp png)
{
	pngw *w = png_get_io_ptr(png);
	if (fflush(w->f) != 0) {
		w->write_errno = errno ? errno : EIO;
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

/* Everything but the file: libpng's structures, zlib's and the rows. */
static void release(pngw *w)
{
	if (w->png)
		png_destroy_write_struct(&w->png, &w->info);
	if (w->z_open)
		deflateEnd(&w->z);
	w->z_open = 0;
	free(w->prev);
	free(w->raw);
	free(w->filtered);
	free(w->zout);
	w->prev = w->raw = w->filtered = w->zout = NULL;
}

/* IHDR and the text chunks (png_write_info); libpng errors longjmp out. */
static void write_header(pngw *w, int width, int height, pngw_format fmt,
                         const pngw_text *text, int ntext, png_textp tx, char **utf8)
{
	png_structp png = w->png;
	png_set_write_fn(png, w, on_write, on_flush);
	png_set_IHDR(png, w->info, (png_uint_32)width, (png_uint_32)height,
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
		png_set_text(png, w->info, tx, ntext);
	png_write_info(png, w->info);
}

pngw *pngw_open(const char *path, const char *shown, int width, int height, pngw_format fmt,
                const pngw_text *text, int ntext, char *err, size_t errlen)
{
	if (width < 1 || height < 1) {
		snprintf(err, errlen, "bad PNG size %dx%d", width, height);
		return NULL;
	}
	pngw *w = calloc(1, sizeof *w);
	png_textp tx = calloc((size_t)(ntext > 0 ? ntext : 1), sizeof *tx);
	char **utf8 = calloc((size_t)(ntext > 0 ? ntext : 1), sizeof *utf8); /* iTXt copies */
	if (w) {
		char b[OUTFILE_SHOWN];
		snprintf(w->shown, sizeof w->shown, "%s", outfile_shown(shown ? shown : path, b));
		w->bpp = pngw_pixel_bytes(fmt);
		w->stride = (size_t)width * (size_t)w->bpp;
		/* PNG stores 16-bit samples big-endian; ours are native */
		w->swap16 = fmt == PNGW_GREY16 && little_endian();
		w->height = height;
		w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, on_error, on_warning);
		w->info = w->png ? png_create_info_struct(w->png) : NULL;
		w->prev = calloc(w->stride, 1);    /* the row above the first is zeros */
		w->raw = malloc(w->stride);
		w->filtered = malloc(w->stride + 1);
		w->zout = malloc(PNGW_IDAT);
		if (w->prev && w->raw && w->filtered && w->zout &&
		    deflateInit2(&w->z, PNGW_ZLIB_LEVEL, Z_DEFLATED, 15, 8, PNGW_STRATEGY) == Z_OK) {
			w->z_open = 1;
			w->z.next_out = w->zout;
			w->z.avail_out = PNGW_IDAT;
		}
	}
	if (!w || !tx || !utf8 || !w->png || !w->info || !w->z_open) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	w->f = fopen(path, "wb");
	if (!w->f) {
		snprintf(err, errlen, "cannot write '%s': %s", w->shown, strerror(errno));
		goto fail;
	}
	if (setjmp(png_jmpbuf(w->png))) {
		snprintf(err, errlen, "%s", w->err);
		goto fail;
	}
	write_header(w, width, height, fmt, text, ntext, tx, utf8);
	for (int i = 0; i < ntext; i++)
		free(utf8[i]);
	free(utf8);
	free(tx);
	return w;
fail:
	for (int i = 0; utf8 && i < ntext; i++)
		free(utf8[i]);
	free(utf8);
	free(tx);
	if (w) {
		release(w);
		if (w->f)
			fclose(w->f);
		free(w);
	}
	return NULL;
}

/* Paeth's predictor of one byte (PNG spec, filter type 4): whichever of
 * left a, up b and upper-left c is nearest to a + b - c, ties in that order.
 * Branch-free: on map data the choice is as good as random. */
static inline int paeth_pred(int a, int b, int c)
{
	int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
	int pred = pb <= pc ? b : c;
	return pa <= pb && pa <= pc ? a : pred;
}

#ifdef __SSE2__
#include <emmintrin.h>
/* Eight bytes at once, in 16-bit lanes (the same arithmetic). */
static inline __m128i paeth8(__m128i a, __m128i b, __m128i c)
{
	__m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c);
	__m128i pa = _mm_max_epi16(bc, _mm_sub_epi16(_mm_setzero_si128(), bc));
	__m128i pb = _mm_max_epi16(ac, _mm_sub_epi16(_mm_setzero_si128(), ac));
	__m128i abc = _mm_add_epi16(ac, bc);
	__m128i pc = _mm_max_epi16(abc, _mm_sub_epi16(_mm_setzero_si128(), abc));
	/* pb <= pc ? b : c */
	__m128i use_c = _mm_cmpgt_epi16(pb, pc);
	__m128i pred = _mm_or_si128(_mm_andnot_si128(use_c, b), _mm_and_si128(use_c, c));
	/* pa <= pb && pa <= pc ? a : pred */
	__m128i not_a = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
	return _mm_or_si128(_mm_andnot_si128(not_a, a), _mm_and_si128(not_a, pred));
}
#endif

/* The PAETH filter of row against prev (the row above, zeros for the
 * first), bpp bytes per pixel, into out. */
static void paeth(const uint8_t *restrict row, const uint8_t *restrict prev, uint8_t *restrict out,
                  size_t n, int bpp)
{
	size_t i = 0, k = (size_t)bpp;
	for (; i < k && i < n; i++)
		out[i] = (uint8_t)(row[i] - prev[i]);    /* left and upper-left are 0 */
#ifdef __SSE2__
	const __m128i z = _mm_setzero_si128();
	for (; i + 8 <= n; i += 8) {
		__m128i x = _mm_unpacklo_epi8(_mm_loadl_epi64((const void *)(row + i)), z);
		__m128i a = _mm_unpacklo_epi8(_mm_loadl_epi64((const void *)(row + i - k)), z);
		__m128i b = _mm_unpacklo_epi8(_mm_loadl_epi64((const void *)(prev + i)), z);
		__m128i c = _mm_unpacklo_epi8(_mm_loadl_epi64((const void *)(prev + i - k)), z);
		__m128i d = _mm_sub_epi16(x, paeth8(a, b, c));
		d = _mm_and_si128(d, _mm_set1_epi16(0xff));
		_mm_storel_epi64((void *)(out + i), _mm_packus_epi16(d, d));
	}
#endif
	for (; i < n; i++)
		out[i] = (uint8_t)(row[i] - paeth_pred(row[i - k], prev[i], prev[i - k]));
}

/* Deflate what is given (finish: and end the stream), writing every full
 * buffer as an IDAT chunk. libpng errors longjmp out. */
static void deflate_into_idat(pngw *w, const uint8_t *data, size_t len, int finish)
{
	w->z.next_in = (Bytef *)(uintptr_t)data;
	w->z.avail_in = (uInt)len;
	for (;;) {
		int rc = deflate(&w->z, finish ? Z_FINISH : Z_NO_FLUSH);
		if (rc == Z_STREAM_ERROR)
			png_error(w->png, "zlib error");
		if (w->z.avail_out == 0 || (finish && rc == Z_STREAM_END)) {
			png_write_chunk(w->png, (png_const_bytep)"IDAT", w->zout,
			                PNGW_IDAT - w->z.avail_out);
			w->z.next_out = w->zout;
			w->z.avail_out = PNGW_IDAT;
		}
		if (finish ? rc == Z_STREAM_END : w->z.avail_in == 0 && w->z.avail_out > 0)
			return;
	}
}

int pngw_rows(pngw *w, const void *rows, int n)
{
	if (w->failed)
		return -1;
	if (n < 1 || n > w->height - w->written) {
		snprintf(w->err, sizeof w->err, "cannot write '%s': %d rows too many", w->shown, n);
		w->failed = 1;
		return -1;
	}
	if (setjmp(png_jmpbuf(w->png))) {
		w->failed = 1;
		return -1;
	}
	for (int r = 0; r < n; r++) {
		const uint8_t *row = (const uint8_t *)rows + w->stride * (size_t)r;
		if (w->swap16) {
			for (size_t i = 0; i + 1 < w->stride; i += 2) {
				w->raw[i] = row[i + 1];
				w->raw[i + 1] = row[i];
			}
			row = w->raw;
		}
		w->filtered[0] = 4;    /* PAETH */
		paeth(row, w->prev, w->filtered + 1, w->stride, w->bpp);
		deflate_into_idat(w, w->filtered, w->stride + 1, 0);
		/* the next row's "up" is this one, in PNG byte order */
		if (row == w->raw) {
			uint8_t *t = w->prev;
			w->prev = w->raw;
			w->raw = t;
		} else {
			memcpy(w->prev, row, w->stride);
		}
		w->written++;
	}
	return 0;
}

const char *pngw_error(const pngw *w)
{
	return w->err;
}

int pngw_close(pngw *w, int ok, char *err, size_t errlen)
{
	if (!w)
		return -1;
	if (ok && !w->failed && w->written != w->height) {
		snprintf(w->err, sizeof w->err, "cannot write '%s': %d of %d rows given", w->shown,
		         w->written, w->height);
		w->failed = 1;
	}
	if (ok && !w->failed) {
		if (setjmp(png_jmpbuf(w->png))) {
			w->failed = 1;
		} else {
			deflate_into_idat(w, NULL, 0, 1);
			png_write_chunk(w->png, (png_const_bytep)"IEND", NULL, 0);
			png_write_flush(w->png);
		}
	}
	release(w);
	int rc = 0;
	if (ok && w->failed) {
		snprintf(err, errlen, "%s", w->err);
		rc = -1;
	}
	int bad = ferror(w->f) || fflush(w->f) != 0;
	int saved = errno;
	if ((fclose(w->f) != 0 || bad) && ok && rc == 0) {
		snprintf(err, errlen, "cannot write '%s': %s", w->shown,
		         strerror(bad && saved ? saved : errno));
		rc = -1;
	}
	free(w);
	return ok ? rc : -1;
}

int pngw_write(const char *path, const char *shown, int width, int height, pngw_format fmt,
               const pngw_text *text, int ntext, int band, pngw_fill fill, void *ctx,
               char *err, size_t errlen)
{
	if (width < 1 || height < 1 || band < 1) {
		snprintf(err, errlen, "bad PNG size %dx%d", width, height);
		return -1;
	}
	const int nb = band < height ? band : height;
	size_t stride = (size_t)width * (size_t)pngw_pixel_bytes(fmt);
	uint8_t *buf = malloc(stride * (size_t)nb);
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	pngw *w = pngw_open(path, shown, width, height, fmt, text, ntext, err, errlen);
	if (!w) {
		free(buf);
		return -1;
	}
	for (int y = 0; y < height; y += nb) {
		int n = height - y < nb ? height - y : nb;
		if (fill(ctx, y, y + n, buf) != 0) {
			char b[OUTFILE_SHOWN];
			snprintf(err, errlen, "cannot write '%s': rendering failed",
			         outfile_shown(shown ? shown : path, b));
			pngw_close(w, 0, NULL, 0);
			free(buf);
			return -1;
		}
		if (pngw_rows(w, buf, n) != 0)
			break;
	}
	free(buf);
	return pngw_close(w, 1, err, errlen);
}
