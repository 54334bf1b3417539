/* pngwrite.h: stream a PNG to a file (libpng and zlib), band by band.
 *
 * One writer for every map: 8-bit RGB, 8-bit grey and 16-bit grey (heights),
 * all with text chunks: tEXt for 7-bit text, iTXt (UTF-8; bytes that are not
 * UTF-8 become U+FFFD) for anything else, deflated (zTXt, compressed iTXt)
 * above 1 KB. The caller fills bands of rows (in parallel if it
 * likes) and never holds the whole image, so a 16384x8192 map needs only a
 * band of memory. Several files may be open at once, each compressed on
 * its own thread (one thread per file at a time). */
#ifndef TECTONICA_PNGWRITE_H
#define TECTONICA_PNGWRITE_H

#include <stddef.h>

typedef enum { PNGW_RGB8, PNGW_GREY8, PNGW_GREY16 } pngw_format;

typedef struct pngw_text { const char *key, *value; } pngw_text;

/* Fill rows [y0, y1) of the image into buf (row stride = width * bytes per
 * pixel; 16-bit samples in native byte order). Returns 0, or -1 to abort. */
typedef int (*pngw_fill)(void *ctx, int y0, int y1, void *buf);

/* Bytes per pixel of a format. */
int pngw_pixel_bytes(pngw_format f);

/* An open PNG file: pngw_open writes its header and text, pngw_rows
 * compresses rows into it in order, pngw_close finishes or abandons it. */
typedef struct pngw pngw;

/* NULL, with a message in err naming `shown` (NULL: path), on failure. */
pngw *pngw_open(const char *path, const char *shown, int width, int height, pngw_format fmt,
                const pngw_text *text, int ntext, char *err, size_t errlen);
/* Append n rows (contiguous, stride = width * bytes per pixel, 16-bit
 * samples native). 0, or -1: the file is spoiled, pngw_error says why. */
int pngw_rows(pngw *w, const void *rows, int n);
const char *pngw_error(const pngw *w);
/* ok: write the end (every row must have been given); 0, or -1 with err.
 * !ok: give the file up (returns -1, err untouched). Frees w either way. */
int pngw_close(pngw *w, int ok, char *err, size_t errlen);

/* Write a width x height PNG to path, asking fill for bands of `band` rows.
 * Returns 0, or -1 with a message in err naming `shown` (the file the user
 * asked for, when path is its temporary name; NULL: path) and the reason. */
int pngw_write(const char *path, const char *shown, int width, int height, pngw_format fmt,
               const pngw_text *text, int ntext, int band, pngw_fill fill, void *ctx,
               char *err, size_t errlen);

#endif
