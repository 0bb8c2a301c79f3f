/* Compressed answers (compress.h): zstd by libzstd and gzip by libdeflate, the page's files
 * kept compressed at the highest level once, JSON compressed as it goes at
 * the level that costs least, by a compressor each thread keeps (making one
 * clears a few hundred KB: it cost more than compressing a state). Measured
 * on a 7.8 KB Morpyam state, CPU time a call: zlib level 6 made for the
 * call 325 us, zlib level 1 reused 87 us, libdeflate level 1 reused 36 us,
 * for 2,762, 3,018 and 2,863 bytes (docs/bench.md). */
#include "compress.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <libdeflate.h>
#include <zstd.h>

#include "../../core/xalloc.h"

#define FILES_MAX 64                 /* files kept compressed */
#define FILE_MAX_BYTES (8u << 20)    /* larger files go as they are */

/* Whether header lists one of names (NULL-ended) without q=0. */
static bool accepts_one_of(const char *header, const char *const *names)
{
    if (!header)
        return false;
    /* a list of codings, each maybe with ;q=VALUE */
    const char *p = header;
    while (*p) {
        p += strspn(p, " \t,");
        size_t len = strcspn(p, ",");
        size_t name = strcspn(p, ";, \t");
        bool named = false;
        for (int i = 0; names[i] && !named; i++)
            named = name == strlen(names[i]) && strncasecmp(p, names[i], name) == 0;
        if (named) {
            const char *q = p + name;
            const char *end = p + len;
            bool zero = false;
            for (const char *k = q; k + 1 < end; k++)
                if ((k[0] == 'q' || k[0] == 'Q') && k[1] == '=') {
                    zero = strtod(k + 2, NULL) <= 0.0;
                    break;
                }
            if (!zero)
                return true;
        }
        p += len;
    }
    return false;
}

bool compress_accepts_gzip(const char *header)
{
    static const char *const names[] = {"gzip", "x-gzip", "*", NULL};
    return accepts_one_of(header, names);
}

bool compress_accepts_zstd(const char *header)
{
    static const char *const names[] = {"zstd", NULL};
    return accepts_one_of(header, names);
}

bool compress_type_worth_it(const char *type)
{
    static const char *const worth[] = {"text/", "application/json", "application/javascript",
                                        "application/wasm", "application/manifest+json", "image/svg+xml"};
    for (size_t i = 0; i < sizeof worth / sizeof worth[0]; i++)
        if (strncmp(type, worth[i], strlen(worth[i])) == 0)
            return true;
    return false;
}

/* Each thread's compressor at COMPRESS_JSON_LEVEL, freed when the thread
 * ends. */
static pthread_key_t thread_compressor;
static pthread_once_t thread_compressor_once = PTHREAD_ONCE_INIT;

static void free_compressor(void *c)
{
    libdeflate_free_compressor(c);
}

static void make_key(void)
{
    pthread_key_create(&thread_compressor, free_compressor);
}

static struct libdeflate_compressor *compressor_for(int level, bool *kept)
{
    *kept = false;
    if (level != COMPRESS_JSON_LEVEL)
        return libdeflate_alloc_compressor(level);
    pthread_once(&thread_compressor_once, make_key);
    struct libdeflate_compressor *c = pthread_getspecific(thread_compressor);
    if (!c) {
        c = libdeflate_alloc_compressor(level);
        if (c && pthread_setspecific(thread_compressor, c) != 0) {
            libdeflate_free_compressor(c);
            c = NULL;
        }
    }
    *kept = c != NULL;
    return c;
}

char *compress_gzip(const char *data, size_t len, int level, size_t *out_len)
{
    bool kept;
    struct libdeflate_compressor *c = compressor_for(level, &kept);
    if (!c)
        return NULL;
    size_t cap = libdeflate_gzip_compress_bound(c, len);
    char *out = xmalloc(cap);
    size_t n = libdeflate_gzip_compress(c, data, len, out, cap);
    if (!kept)
        libdeflate_free_compressor(c);
    if (n == 0 || n >= len) {
        free(out);
        return NULL;
    }
    *out_len = n;
    return out;
}

/* Each thread's zstd context, freed when the thread ends (made once: it
 * holds the tables a call would otherwise clear again). */
static pthread_key_t thread_zstd;
static pthread_once_t thread_zstd_once = PTHREAD_ONCE_INIT;

static void free_zstd(void *c)
{
    ZSTD_freeCCtx(c);
}

static void make_zstd_key(void)
{
    pthread_key_create(&thread_zstd, free_zstd);
}

char *compress_zstd(const char *data, size_t len, size_t *out_len)
{
    pthread_once(&thread_zstd_once, make_zstd_key);
    ZSTD_CCtx *c = pthread_getspecific(thread_zstd);
    if (!c) {
        c = ZSTD_createCCtx();
        if (!c)
            return NULL;
        if (pthread_setspecific(thread_zstd, c) != 0) {
            ZSTD_freeCCtx(c);
            return NULL;
        }
    }
    size_t cap = ZSTD_compressBound(len);
    char *out = xmalloc(cap);
    size_t n = ZSTD_compressCCtx(c, out, cap, data, len, COMPRESS_ZSTD_LEVEL);
    if (ZSTD_isError(n) || n >= len) {
        free(out);
        return NULL;
    }
    *out_len = n;
    return out;
}

/* ---- the page's files ---- */

typedef struct Kept {
    char *path;
    off_t size;
    struct timespec mtime;
    char *gz; /* NULL: not worth compressing */
    size_t gz_len;
    unsigned long used;
} Kept;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Kept kept[FILES_MAX];
static unsigned long clock_uses;

static bool same_file(const Kept *k, const char *path, const struct stat *st)
{
    return k->path && strcmp(k->path, path) == 0 && k->size == st->st_size &&
           k->mtime.tv_sec == st->st_mtim.tv_sec && k->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

/* The whole file, NULL when it cannot be read. */
static char *read_all(int fd, size_t size)
{
    char *data = xmalloc(size ? size : 1);
    size_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, data + got, size - got, (off_t)got);
        if (n <= 0) {
            free(data);
            return NULL;
        }
        got += (size_t)n;
    }
    return data;
}

char *compress_file(const char *path, int fd, const struct stat *st, size_t *out_len)
{
    if (st->st_size < COMPRESS_MIN_BYTES || (size_t)st->st_size > FILE_MAX_BYTES)
        return NULL;
    char *copy = NULL;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < FILES_MAX; i++)
        if (same_file(&kept[i], path, st)) {
            kept[i].used = ++clock_uses;
            if (kept[i].gz) {
                copy = xmalloc(kept[i].gz_len);
                memcpy(copy, kept[i].gz, kept[i].gz_len);
                *out_len = kept[i].gz_len;
            }
            pthread_mutex_unlock(&lock);
            return copy;
        }
    pthread_mutex_unlock(&lock);
    /* Compressed outside the lock (a first request of a large file takes a
     * few milliseconds); two requests at once may both do it. */
    char *data = read_all(fd, (size_t)st->st_size);
    if (!data)
        return NULL;
    size_t gz_len = 0;
    char *gz = compress_gzip(data, (size_t)st->st_size, COMPRESS_FILE_LEVEL, &gz_len);
    free(data);
    pthread_mutex_lock(&lock);
    int slot = 0;
    for (int i = 0; i < FILES_MAX; i++) {
        if (kept[i].path && strcmp(kept[i].path, path) == 0) {
            slot = i; /* an older version of the file */
            break;
        }
        if (kept[i].used < kept[slot].used)
            slot = i;
    }
    Kept *k = &kept[slot];
    free(k->path);
    free(k->gz);
    *k = (Kept){xstrdup(path), st->st_size, st->st_mtim, gz, gz_len, ++clock_uses};
    if (gz) {
        copy = xmalloc(gz_len);
        memcpy(copy, gz, gz_len);
        *out_len = gz_len;
    }
    pthread_mutex_unlock(&lock);
    return copy;
}

void compress_forget(void)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < FILES_MAX; i++) {
        free(kept[i].path);
        free(kept[i].gz);
        kept[i] = (Kept){0};
    }
    pthread_mutex_unlock(&lock);
}
