/* Compressed answers (compress.h): zlib's gzip, the page's files kept
 * compressed at the highest level once, JSON compressed as it goes at a
 * level that costs little (a state of a 19x19 game, 33 KB, takes about
 * 0.1 ms at level 1). */
#include "compress.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <zlib.h>

#include "../../core/xalloc.h"

#define FILES_MAX 64                 /* files kept compressed */
#define FILE_MAX_BYTES (8u << 20)    /* larger files go as they are */

bool compress_accepts_gzip(const char *header)
{
    if (!header)
        return false;
    /* a list of codings, each maybe with ;q=VALUE */
    const char *p = header;
    while (*p) {
        p += strspn(p, " \t,");
        size_t len = strcspn(p, ",");
        size_t name = strcspn(p, ";, \t");
        bool gzip = (name == 4 && strncasecmp(p, "gzip", 4) == 0) || (name == 6 && strncasecmp(p, "x-gzip", 6) == 0) ||
                    (name == 1 && *p == '*');
        if (gzip) {
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

bool compress_type_worth_it(const char *type)
{
    static const char *const worth[] = {"text/", "application/json", "application/javascript",
                                        "application/wasm", "application/manifest+json", "image/svg+xml"};
    for (size_t i = 0; i < sizeof worth / sizeof worth[0]; i++)
        if (strncmp(type, worth[i], strlen(worth[i])) == 0)
            return true;
    return false;
}

char *compress_gzip(const char *data, size_t len, int level, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    /* 15 bits of window, +16: a gzip header and trailer */
    if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&z, (uLong)len);
    char *out = xmalloc(cap);
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)out;
    z.avail_out = (uInt)cap;
    int rc = deflate(&z, Z_FINISH);
    size_t n = z.total_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END || n >= len) {
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
    char *gz = compress_gzip(data, (size_t)st->st_size, 9, &gz_len);
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
