/* Compressed answers: JSON answers in zstd (libzstd) to clients that list
 * it, else in gzip (libdeflate); the page's files in gzip; never the live
 * streams (an event must leave at once, not wait in a compressor's
 * window). */
#ifndef MORPH_HTTP_COMPRESS_H
#define MORPH_HTTP_COMPRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* Files smaller than this go as they are: gzip's frame would eat the gain. */
#define COMPRESS_MIN_BYTES 512
/* JSON answers smaller than this go as they are: they fit one TCP segment
 * of a common link either way, so compressing them saves no packet, only
 * CPU (a lean answer to a move is 400 to 1,100 bytes). */
#define COMPRESS_JSON_MIN_BYTES 1400
/* JSON is compressed as it goes at libdeflate's cheapest level, or zstd's
 * level 1 (a Morphos state of 14.6 KB: 59 us and 2,354 bytes in gzip, 37 us
 * and 1,843 bytes in zstd); the page's files once, at libdeflate's best. */
#define COMPRESS_JSON_LEVEL 1
#define COMPRESS_ZSTD_LEVEL 1
#define COMPRESS_FILE_LEVEL 12

/* Whether an Accept-Encoding header value (may be NULL) accepts gzip:
 * "gzip" or "x-gzip" or "*" listed without q=0. */
bool compress_accepts_gzip(const char *accept_encoding);
/* Whether it lists zstd without q=0 (named: "*" is not taken for it, gzip
 * being the coding every client that sends "*" knows). */
bool compress_accepts_zstd(const char *accept_encoding);
/* Whether a file of this Content-Type gains by compression (text, JSON,
 * JavaScript, SVG, WebAssembly, manifests; not images or fonts, already
 * compressed). */
bool compress_type_worth_it(const char *content_type);

/* data in gzip form (libdeflate's level 1 to 12), in a new buffer of
 * *out_len bytes; NULL when compression fails or it would not be smaller. */
char *compress_gzip(const char *data, size_t len, int level, size_t *out_len);
/* data as a zstd frame at COMPRESS_ZSTD_LEVEL, likewise (NULL when it fails
 * or would not be smaller). */
char *compress_zstd(const char *data, size_t len, size_t *out_len);

/* The gzip form of the file at path (open as fd, described by st), kept in
 * memory until the file changes (its size or time): a copy the caller frees,
 * NULL when it cannot be read or is not worth it. */
char *compress_file(const char *path, int fd, const struct stat *st, size_t *out_len);

/* Forgets every file kept (at the server's stop). */
void compress_forget(void);

#endif
